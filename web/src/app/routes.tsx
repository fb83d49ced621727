import {
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { type RouteObject } from 'react-router-dom';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { PATHS, type EventArea } from '../lib/paths.ts';
import { useSession } from '../lib/session.tsx';
import { RouteBoundary, type RouteErrorKind } from './RouteBoundary.tsx';

/*
 * Every screen is a React.lazy element rather than a route `lazy` loader: a loader would fetch a
 * screen's chunk (and the Firestore SDK it pulls in) before the session gate decides, so a
 * signed-out visitor of /events/x would download it just to see the landing page.
 */
const LandingPage = lazy(() => import('../features/landing/LandingPage.tsx'));
const SignedInArea = lazy(() => import('./signed-in-area.tsx'));

const EventLayout = lazy(() => import('./EventLayout.tsx'));
const EventsListPage = lazy(() => import('../features/events/EventsListPage.tsx'));
const CreateEventPage = lazy(() => import('../features/create-event/CreateEventPage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const PhotosPage = lazy(() => import('../features/photos/PhotosPage.tsx'));
const TravelPage = lazy(() => import('../features/travel/TravelPage.tsx'));
const MembersPage = lazy(() => import('../features/members/MembersPage.tsx'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx'));
const ActivityPage = lazy(() => import('../features/activity/ActivityPage.tsx'));
const InvitationPage = lazy(() => import('../features/invitations/InvitationPage.tsx'));
const JoinPage = lazy(() => import('../features/join/JoinPage.tsx'));
const SignInLinkPage = lazy(() => import('../features/auth/SignInLinkPage.tsx'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.tsx'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.tsx'));

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Component />
    </Suspense>
  );
}

/** A route's element inside its error boundary (every route has one). */
function guarded(element: ReactNode, kind: RouteErrorKind = 'app') {
  return <RouteBoundary kind={kind}>{element}</RouteBoundary>;
}

/**
 * Signed-out visitors see the landing page on every route but the public ones (an invitation, an
 * event link, a sign-in link; docs/product.md, "Sign-in").
 */
export function SessionGate() {
  const { status } = useSession();
  if (status === 'loading') return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {status === 'signed-out' ? <LandingPage /> : <SignedInArea />}
    </Suspense>
  );
}

/** A screen under /events/:eventId, at its area's path, with the event error screen. */
function eventArea(
  area: Exclude<EventArea, ''>,
  Component: LazyExoticComponent<ComponentType>,
  params = '',
): RouteObject {
  return { path: area + params, element: guarded(page(Component), 'event') };
}

export const routes: RouteObject[] = [
  // Public pages a guest may open signed out, from an e-mail or a QR code: they talk to the API
  // only, so they load no Firestore (docs/performance.md, "The first screen").
  { path: PATHS.invite, element: guarded(page(InvitationPage)) },
  { path: PATHS.join, element: guarded(page(JoinPage)) },
  { path: PATHS.signInLink, element: guarded(page(SignInLinkPage)) },
  {
    element: guarded(<SessionGate />),
    children: [
      { path: PATHS.home, element: guarded(page(EventsListPage)) },
      { path: PATHS.createEvent, element: guarded(page(CreateEventPage)) },
      { path: PATHS.profile, element: guarded(page(ProfilePage)) },
      {
        path: PATHS.event,
        element: guarded(page(EventLayout)),
        children: [
          { index: true, element: guarded(page(DashboardPage), 'event') },
          // One route with an optional photo id: opening and leaving the viewer keeps the gallery mounted.
          eventArea('photos', PhotosPage, '/:photoId?'),
          eventArea('travel', TravelPage),
          eventArea('members', MembersPage),
          eventArea('settings', SettingsPage),
          eventArea('activity', ActivityPage),
        ],
      },
      { path: '*', element: guarded(page(NotFoundPage)) },
    ],
  },
];
