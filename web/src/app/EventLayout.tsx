import { Button } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { AlertIcon } from '../components/first-screen-icons.tsx';
import { ShieldIcon, TrashIcon } from '../components/icons.tsx';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { StatusScreen } from '../components/StatusScreen.tsx';
import { EventScopeContext, useEventAccess } from '../lib/event-scope.tsx';
import { PATHS, useRouteParams } from '../lib/paths.ts';
import { ACCESS_CHANGE_GRACE_MS, ErrorScreen, useElapsed } from './RouteErrorScreen.tsx';

function BackHome() {
  return (
    <Button colorPalette="brand" asChild>
      <Link to={PATHS.home}>Back to Dashboard</Link>
    </Button>
  );
}

/** docs/product.md, "Dashboard": an event the user was never invited to. */
function AccessDenied() {
  return (
    <StatusScreen
      icon={<ShieldIcon boxSize="10" color="fg.muted" />}
      title="Access Denied"
      description="You have not been invited to this event"
      actions={<BackHome />}
    />
  );
}

function AccessRemoved() {
  return (
    <StatusScreen
      icon={<AlertIcon boxSize="10" color="fg.muted" />}
      title="You no longer have access to this event"
      description="Its photos, travel plans, schedule and members are no longer shared with you."
      actions={<BackHome />}
    />
  );
}

function EventDeleted() {
  return (
    <StatusScreen
      icon={<TrashIcon boxSize="10" color="fg.muted" />}
      title="This event was deleted"
      description="Its creator deleted it, together with its photos, travel plans and schedule."
      actions={<BackHome />}
    />
  );
}

/** A member whose event cannot be read: a removal still arriving, or a failure if it lasts. */
function Unavailable() {
  const elapsed = useElapsed(ACCESS_CHANGE_GRACE_MS);
  return elapsed ? <ErrorScreen /> : <PageSkeleton cards={4} />;
}

/**
 * The /events/:eventId layout: resolves the user's access to the event once, live, and gives
 * every screen below it a non-null scope (useEventScope). It owns the states no screen repeats:
 * loading, Access Denied, removed and deleted (docs/product.md, "Dashboard").
 */
export default function EventLayout() {
  const { eventId } = useRouteParams(PATHS.event);
  const access = useEventAccess(eventId);
  // One scope object per event snapshot and role, so screens re-render only when those change.
  const ready = access.status === 'ready' ? access.scope : null;
  const event = ready?.event;
  const role = ready?.role;
  const uid = ready?.uid;
  const scope = useMemo(
    () => (event && role && uid ? { eventId, event, role, uid } : null),
    [eventId, event, role, uid],
  );
  switch (access.status) {
    case 'loading':
      return <PageSkeleton cards={4} />;
    case 'denied':
      return <AccessDenied />;
    case 'removed':
      return <AccessRemoved />;
    case 'deleted':
      return <EventDeleted />;
    case 'unavailable':
      return <Unavailable key={eventId} />;
    case 'failed':
      return <ErrorScreen />;
    case 'ready':
      return (
        <EventScopeContext.Provider value={scope}>
          <Outlet />
        </EventScopeContext.Provider>
      );
  }
}
