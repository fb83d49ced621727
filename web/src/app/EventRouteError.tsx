import { PageSkeleton } from '../components/PageSkeleton.tsx';
import {
  ACCESS_CHANGE_GRACE_MS,
  ErrorScreen,
  useElapsed,
  useLoggedError,
} from './RouteErrorScreen.tsx';

function isPermissionDenied(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === 'permission-denied'
  );
}

/**
 * What the screens under /events/:eventId show when they fail. A refused read there usually means the
 * user has just been removed (or the event deleted) and the layout is about to say so: it
 * waits for that instead of flashing an error, and shows the error screen if it does not come.
 */
export function EventRouteError({ error }: { error: unknown }) {
  useLoggedError(error);
  const elapsed = useElapsed(ACCESS_CHANGE_GRACE_MS);
  if (isPermissionDenied(error) && !elapsed) return <PageSkeleton />;
  return <ErrorScreen />;
}
