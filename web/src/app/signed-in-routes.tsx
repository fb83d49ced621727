import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { type RouteObject } from 'react-router-dom';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { PATHS, type EventArea } from '../lib/paths.ts';
import { EventRouteError } from './EventRouteError.tsx';
import { guarded, page as lazyPage } from './route-elements.tsx';

/*
 * The signed-in area's routes, loaded with it (app/signed-in-area.tsx): a signed-out first
 * screen downloads neither this table nor the preload lists of its screens' chunks
 * (docs/performance.md, "First screens"). Every screen is a React.lazy element rather than a
 * route `lazy` loader: a loader would fetch a screen's chunk (and the Firestore SDK it pulls
 * in) before the session gate decides.
 */
const EventLayout = lazy(() => import('./EventLayout.tsx'));
const EventsListPage = lazy(() => import('../features/events/EventsListPage.tsx'));
const CreateEventPage = lazy(() => import('../features/create-event/CreateEventPage.tsx'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx'));
const PhotosPage = lazy(() => import('../features/photos/PhotosPage.tsx'));
const TravelPage = lazy(() => import('../features/travel/TravelPage.tsx'));
const MembersPage = lazy(() => import('../features/members/MembersPage.tsx'));
const SettingsPage = lazy(() => import('../features/settings/SettingsPage.tsx'));
const ActivityPage = lazy(() => import('../features/activity/ActivityPage.tsx'));
const ProfilePage = lazy(() => import('../features/profile/ProfilePage.tsx'));
const EventWallPage = lazy(() => import('../features/wall/EventWallPage.tsx'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.tsx'));

/** A screen, the page skeleton showing while its chunk loads. */
const page = (Component: LazyExoticComponent<ComponentType>) =>
  lazyPage(Component, <PageSkeleton />);

/** A screen under /events/:eventId, at its area's path, with the event error screen. */
function eventArea(
  area: Exclude<EventArea, ''>,
  Component: LazyExoticComponent<ComponentType>,
  params = '',
): RouteObject {
  return { path: area + params, element: guarded(page(Component), EventRouteError) };
}

export const signedInRoutes: RouteObject[] = [
  { path: PATHS.home, element: guarded(page(EventsListPage)) },
  { path: PATHS.createEvent, element: guarded(page(CreateEventPage)) },
  { path: PATHS.profile, element: guarded(page(ProfilePage)) },
  // The wall is fullscreen: outside the event's layout (no navigation around it).
  { path: PATHS.eventWall, element: guarded(page(EventWallPage), EventRouteError) },
  {
    path: PATHS.event,
    element: guarded(page(EventLayout)),
    children: [
      { index: true, element: guarded(page(DashboardPage), EventRouteError) },
      // One route with an optional photo id: opening and leaving the viewer keeps the gallery mounted.
      eventArea('photos', PhotosPage, '/:photoId?'),
      eventArea('travel', TravelPage),
      eventArea('members', MembersPage),
      eventArea('settings', SettingsPage),
      eventArea('activity', ActivityPage),
    ],
  },
  { path: '*', element: guarded(page(NotFoundPage)) },
];
