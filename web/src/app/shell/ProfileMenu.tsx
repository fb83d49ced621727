import { Button } from '@chakra-ui/react';
import { DeferredMenu, deferredView } from '../../components/DeferredMenu.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { useSession } from '../../lib/session.tsx';

const view = deferredView(() => import('./ProfileMenuView.tsx').then((m) => m.default));

/** Avatar menu: who is signed in, profile and e-mail preferences, theme switch, Sign Out. */
export function ProfileMenu() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <DeferredMenu
      view={view}
      props={{}}
      trigger={
        <Button variant="ghost" size="sm" px="1" borderRadius="full" aria-label="Profile menu">
          <UserAvatar name={user.displayName} photoURL={user.photoURL} size="sm" />
        </Button>
      }
    />
  );
}
