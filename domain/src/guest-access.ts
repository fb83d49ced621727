// Ways in for guests without a Google account (docs/product.md, "Sign-in"): e-mail sign-in
// links, and the event link that lets anyone holding it join or ask to join. Free of yup, so
// the first screens a guest sees load none of it; the request schemas: guest-access-schemas.ts.
import type { IsoDateString, TimeZoneId, UserSummary } from './entities/common.ts';

/** A profile name's length, as firestore.rules allow it. */
export const MAX_DISPLAY_NAME = 100;

/** A sign-in link works once, within this long of being sent. */
export const SIGN_IN_LINK_TTL_MINUTES = 60;

/**
 * Sign-in e-mails per hour: to one address (no e-mail bombing) and from one network address (no
 * relay through Gatherly's sender). The second is high because a venue's guests share one
 * address; the e-mail's text is fixed, so it carries nothing a spammer could use
 * (docs/decisions.md, "E-mail link sign-in").
 */
export const SIGN_IN_LINK_LIMITS = { perAddress: 5, perRequester: 300, windowMinutes: 60 } as const;

/** Wrong addresses tried with one link before it is spent (no guessing whose it is). */
export const SIGN_IN_LINK_MAX_ATTEMPTS = 3;

export const SIGN_IN_MESSAGES = {
  sent: 'Check your inbox: we sent you a link to sign in.',
  invalid: 'This sign-in link is not valid. Send yourself a new one below.',
  used: 'This sign-in link has already been used. Send yourself a new one below.',
  expired: 'This sign-in link has expired. Send yourself a new one below.',
  mismatch:
    'That is not the address this link was sent to. Enter the address that received the e-mail.',
  tooMany: 'Too many sign-in links were asked for. Please wait a few minutes and try again.',
} as const;

/** Where a sign-in link leads after signing in: a path of this app, never another site. */
export function safeNextPath(value: unknown): string {
  if (typeof value !== 'string') return '/';
  // One leading slash, no scheme or authority ("//host", "/\\host"), no control characters.
  if (!/^\/(?![/\\])[^\s\\]*$/.test(value) || value.length > 512) return '/';
  return value;
}

/** The answer to a redeemed token: Firebase's one-use link to sign in with, and where to go. */
export interface EmailLinkRedeemResponse {
  signInLink: string;
  next: string;
}

// ---------------------------------------------------------------------------------------------
// The event link

/** The event link's settings as admins see them; `url` is null while the link is off. */
export interface JoinLinkState {
  url: string | null;
  askBeforeJoin: boolean;
}

/** What the event link shows before joining: enough to know what one joins, no more. */
export interface JoinLinkView {
  eventName: string;
  eventStartDate: IsoDateString | null;
  eventEndDate: IsoDateString | null;
  eventTimeZone: TimeZoneId | null;
  eventLocation: string;
  askBeforeJoin: boolean;
  /** The signed-in viewer's standing: a member, waiting for approval, declined, or none. */
  standing: JoinStanding;
  /** Only for members: the event to open. */
  eventId?: string;
}

export type JoinStanding = 'member' | 'requested' | 'declined' | 'none';

/** POST /api/join/{secret}: joined at once, or waiting for an admin. */
export type JoinResponse =
  { status: 'joined'; event: { id: string; name: string } } | { status: 'requested' };

export type JoinRequestStatus = 'pending' | 'declined';

/** events/{e}/joinRequests/{uid}: someone with the event link asks to join. */
export interface JoinRequest<T = IsoDateString> {
  id: string;
  eventId: string;
  userId: string;
  user: UserSummary;
  status: JoinRequestStatus;
  requestedAt: T;
  decidedAt: T | null;
  decidedBy: string | null;
}

export const JOIN_MESSAGES = {
  linkNotFound: 'This event link is no longer valid. Ask the organisers for a new one.',
  declined: "The organisers didn't approve your request to join this event.",
  alreadyMember: 'You are already a member of this event',
  requestNotFound: 'This request to join is no longer pending',
} as const;

/** Bounded list of pending requests an admin sees at once (oldest first). */
export const JOIN_REQUESTS_PAGE = 50;
