import { Avatar } from './chakra/Avatar.ts';
import { avatarDataUri } from '@gatherly/domain/avatar';

export type AvatarSize = '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

/**
 * A person's (or event's) avatar: the photo when there is one, else an initials image generated
 * locally from the name (replaces an external avatar service; works offline, leaks no
 * names). If the photo fails to load, the generated image shows instead.
 */
export function UserAvatar({
  name,
  photoURL,
  size = 'sm',
  shape = 'full',
}: {
  name: string;
  photoURL?: string | null;
  size?: AvatarSize;
  shape?: 'full' | 'rounded' | 'square';
}) {
  const generated = avatarDataUri(name, { shape: shape === 'full' ? 'circle' : 'square' });
  return (
    <Avatar.Root size={size} shape={shape} bg="transparent">
      <Avatar.Fallback asChild>
        <img src={generated} alt={name} />
      </Avatar.Fallback>
      <Avatar.Image src={photoURL || generated} alt={name} />
    </Avatar.Root>
  );
}
