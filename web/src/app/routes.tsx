import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { type RouteObject } from 'react-router-dom';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { useSession } from '../lib/session.tsx';

/*
 * Every screen is a React.lazy element rather than a route `lazy` loader: a loader would fetch a
 * screen's chunk (and the Firestore SDK it pulls in) before the session gate decides, so a
 * signed-out visitor of /events/x would download it just to see the landing page.
 */
const LandingPage = lazy(() => import('../features/landing/LandingPage.tsx'));
const SignedInArea = lazy(() => import('./signed-in-area.tsx'));
const PublicDataArea = lazy(() => import('./public-data-area.tsx'));

const EventsListPage = lazy(() => import('../features/events/EventsListPage.tsx'));
const CreateEventPage = lazy(() => import('../features/create-event/CreateEventPage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const PhotosPage = lazy(() => import('../features/photos/PhotosPage.tsx'));
const TravelPage = lazy(() => import('../features/travel/TravelPage.tsx'));
const MembersPage = lazy(() => import('../features/members/MembersPage.tsx'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx'));
const ActivityPage = lazy(() => import('../features/activity/ActivityPage.tsx'));
const InvitationPage = lazy(() => import('../features/invitations/InvitationPage.tsx'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.tsx'));

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Component />
    </Suspense>
  );
}

/** Signed-out visitors see the landing page on every route but /invite/{token} (spec §2). */
export function SessionGate() {
  const { status } = useSession();
  if (status === 'loading') return <FullPageSpinner />;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      {status === 'signed-out' ? <LandingPage /> : <SignedInArea />}
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    element: (
      <Suspense fallback={<FullPageSpinner />}>
        <PublicDataArea />
      </Suspense>
    ),
    children: [
      { path: '/invite/:token', element: page(InvitationPage) },
      { path: '/invite', element: page(InvitationPage) },
    ],
  },
  {
    element: <SessionGate />,
    children: [
      { path: '/', element: page(EventsListPage) },
      { path: '/create-event', element: page(CreateEventPage) },
      { path: '/events/:eventId', element: page(DashboardPage) },
      { path: '/events/:eventId/photos', element: page(PhotosPage) },
      { path: '/events/:eventId/travel', element: page(TravelPage) },
      { path: '/events/:eventId/members', element: page(MembersPage) },
      { path: '/events/:eventId/settings', element: page(SettingsPage) },
      { path: '/events/:eventId/activity', element: page(ActivityPage) },
      { path: '*', element: page(NotFoundPage) },
    ],
  },
];
