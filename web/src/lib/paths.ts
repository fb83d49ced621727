// The app's route patterns, typed links to them, and route params typed from the pattern: routes,
// links and screens all name a route through PATHS, so a renamed segment fails to compile.
import { useParams } from 'react-router-dom';

/** An area of an event: its path below /events/{id} ('' = the dashboard). */
export type EventArea = '' | 'photos' | 'travel' | 'members' | 'settings' | 'activity';

export const PATHS = {
  home: '/',
  createEvent: '/create-event',
  event: '/events/:eventId',
  /** The gallery, or with a photo id its viewer open on that photo (a deep link). */
  photos: '/events/:eventId/photos/:photoId?',
  invite: '/invite/:token?',
  /** An event link: join (or ask to) by holding it. */
  join: '/join/:secret',
  /** Where sign-in e-mails lead (the token is in the query). */
  signInLink: '/signin/link',
  /** The photo wall of an event, fullscreen, for a signed-in member. */
  eventWall: '/events/:eventId/wall',
  /** The photo wall a wall link opens, without an account. */
  wall: '/wall/:secret',
  /** The signed-in person's profile and e-mail preferences (e-mails link here). */
  profile: '/profile',
} as const;

/** Link to an event's dashboard or one of its areas. */
export function eventHref(eventId: string, area: EventArea = ''): string {
  const base = `/events/${encodeURIComponent(eventId)}`;
  return area ? `${base}/${area}` : base;
}

/** Query of the dashboard link that opens the RSVP step of the main schedule item. */
export const WELCOME_PARAM = 'welcome';

/** The event just joined: its dashboard with the RSVP step of the main item ready. */
export function welcomeHref(eventId: string): string {
  return `${eventHref(eventId)}?${WELCOME_PARAM}=rsvp`;
}

/** The query of a gallery link that opens the upload sheet (the photo wall's QR code). */
export const UPLOAD_PARAM = 'upload';
/** The query of an event link that, once in, leads to the upload sheet (the wall's QR code). */
export const THEN_PARAM = 'then';

/** The gallery with its upload sheet open. */
export function uploadHref(eventId: string): string {
  return `${eventHref(eventId, 'photos')}?${UPLOAD_PARAM}=1`;
}

/** Link to one photo of an event: the gallery with the viewer open on it. */
export function photoHref(eventId: string, photoId: string): string {
  return `${eventHref(eventId, 'photos')}/${encodeURIComponent(photoId)}`;
}

/** The public invitation link for a token (relative; prefix the origin to share it). */
export function inviteHref(token: string): string {
  return `/invite/${encodeURIComponent(token)}`;
}

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? Head | Segments<Rest>
  : P;
type RequiredName<S> = S extends `:${string}?` ? never : S extends `:${infer N}` ? N : never;
type OptionalName<S> = S extends `:${infer N}?` ? N : never;

/** `{ eventId: string }` for '/events/:eventId'; `{ token?: string }` for '/invite/:token?'. */
export type RouteParams<P extends string> = {
  readonly [K in RequiredName<Segments<P>>]: string;
} & { readonly [K in OptionalName<Segments<P>>]?: string };

function paramNames(pattern: string): { name: string; optional: boolean }[] {
  return pattern
    .split('/')
    .filter((s) => s.startsWith(':'))
    .map((s) => ({ name: s.replace(/^:|\?$/g, ''), optional: s.endsWith('?') }));
}

/**
 * The current route's params, typed from `pattern` (the pattern of this route or a parent
 * layout route). A required param that is absent means the screen is mounted under the wrong
 * route: that throws (the route's error boundary shows it) instead of rendering with a blank id.
 */
export function useRouteParams<P extends string>(pattern: P): RouteParams<P> {
  const params = useParams();
  const out: Record<string, string | undefined> = {};
  for (const { name, optional } of paramNames(pattern)) {
    const value = params[name];
    if (value === undefined && !optional) {
      throw new Error(`The route ${pattern} is not matched here: no :${name} parameter`);
    }
    out[name] = value;
  }
  return out as RouteParams<P>;
}
