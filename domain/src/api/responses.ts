/**
 * The JSON answers of the `/api` endpoints (api/endpoints.ts names which endpoint answers
 * which). Timestamps travel as ISO strings (entities/common.ts, `Time`). Request bodies have no
 * hand-written types: they are inferred from the endpoints' schemas (api/contract.ts,
 * `BodyOf`).
 */
import type { GuestGroup } from '../groups.ts';
import type { Announcement } from '../entities/activity.ts';
import type { EventWithMembership } from '../entities/events.ts';
import type { Invitation, InvitationView, Member } from '../entities/members.ts';
import type { PhotoView, WallState } from '../entities/photos.ts';
import type { Poll, PollBallot } from '../entities/polls.ts';
import type { Rsvp, ScheduleItemView } from '../entities/schedule.ts';
import type { SubscriptionTierName, TierFeatures, UsageCount } from '../entities/subscriptions.ts';
import type { Carpool, CarpoolView, Flight } from '../entities/travel.ts';
import type { User } from '../entities/users.ts';
import type { JoinLinkView } from '../guest-access.ts';
import type { GuestAnswers, GuestQuestion, Party, RsvpState } from '../rsvp-options.ts';
import type { Paged } from './paging.ts';

/** Every 4xx (and the rare 5xx) answer. */
export interface ApiErrorBody {
  error: string;
}

export interface LoginResponse {
  user: User;
}

export interface EventsResponse {
  events: EventWithMembership[];
}

export interface EventResponse {
  event: EventWithMembership;
}

/** DELETE of an event, photo, flight, carpool or schedule item. */
export interface DeletedResponse {
  deleted: boolean;
  id: string;
}

export interface SubscriptionResponse {
  tier: SubscriptionTierName;
  displayName: string;
  /** Strings like "3/10" (storage in MB: "120/500"); "3/Unlimited" when unlimited. */
  usage: { events: string; invitationsToday: string; storage: string };
  /** The same usage as numbers, so clients need not parse the strings. */
  usageCounts: { events: UsageCount; invitationsToday: UsageCount; storage: UsageCount };
  features: Pick<
    TierFeatures,
    | 'customBrandingEnabled'
    | 'customBrandingAdvancedEnabled'
    | 'priorityEmailDelivery'
    | 'exportDataEnabled'
    | 'analyticsEnabled'
    | 'advancedSchedulingEnabled'
  >;
}

export interface SubscriptionLimitsResponse {
  currentUsage: number;
  /** -1 = unlimited. */
  limit: number;
  canCreate: boolean;
}

export interface AccountDeletedResponse {
  deleted: boolean;
}

export interface MembersResponse extends Paged {
  members: Member[];
}

/** POST /api/events/{e}/members: the pending invitation and its link. */
export interface InviteResponse {
  invitation: Invitation;
  inviteUrl: string;
}

export interface RemovedMemberResponse {
  removed: boolean;
  userId: string;
}

export interface MemberResponse {
  member: Member;
}

export interface InvitationResponse {
  invitation: InvitationView;
}

/** A sign-in link asked for: the same answer whether the address has an account or not. */
export interface SignInLinkSentResponse {
  sent: boolean;
  message?: string;
}

export interface JoinLinkViewResponse {
  link: JoinLinkView;
}

export interface JoinRequestDecidedResponse {
  approved?: boolean;
  declined?: boolean;
  userId: string;
}

export interface AcceptInvitationResponse {
  event: { id: string; name: string };
}

/** GET /api/events/{e}/invitations/{id}/link and POST .../resend (admins). */
export interface InvitationLinkResponse {
  inviteUrl: string;
}

export interface RevokedInvitationResponse {
  revoked: boolean;
  invitationId: string;
}

export interface PhotosResponse extends Paged {
  photos: PhotoView[];
}

export interface PhotoResponse {
  photo: PhotoView;
}

export interface VoteResponse {
  voteCount: number;
  userVoted: boolean;
}

export interface PhotoFeaturedResponse {
  id: string;
  isFeatured: boolean;
}

export interface FlightsResponse {
  flights: Flight[];
}

export interface FlightResponse {
  flight: Flight;
}

export interface CarpoolsResponse {
  carpools: CarpoolView[];
}

/** POST /api/events/{e}/carpools: the new carpool, no passengers yet. */
export interface CarpoolViewResponse {
  carpool: CarpoolView;
}

/** Join and leave: the carpool as stored (its seats and passenger ids). */
export interface CarpoolResponse {
  carpool: Carpool;
}

export interface ScheduleResponse {
  schedule: ScheduleItemView[];
}

/**
 * GET /api/events/{e}/schedule/{s}/rsvp: the caller's own answer to an item, with their place
 * in line when waitlisted (1 = next; counted on request, as positions move whenever someone
 * ahead leaves).
 */
export interface MyRsvpResponse {
  status: RsvpState | null;
  party: Party | null;
  waitlistPosition: number | null;
}

/** An RSVP as written: its state (Going, Maybe, Not Going or waitlisted) and its party. */
export interface RsvpResponse {
  rsvp: Omit<Rsvp, 'party'> & { party: Party | null };
}

export interface CapacityResponse {
  capacity: number | null;
  /** Waiting members moved to Going by this change. */
  promoted: number;
}

export interface GuestQuestionsResponse {
  questions: GuestQuestion[];
}

/** Answers as stored after cleaning (rsvp-options.ts, `checkAnswers`). */
export interface GuestAnswersResponse {
  answers: GuestAnswers;
}

export interface MemberPlusOnesResponse {
  plusOnesAllowed: number | null;
}

export interface AnnouncementResponse {
  announcement: Announcement;
}

export interface GroupResponse {
  group: GuestGroup;
}

export interface GroupAssignmentResponse {
  groupId: string;
  /** Members whose groups changed (already in, or already out, are not counted). */
  changed: number;
}

/** A date poll as the API answers it (POST, PUT, pick: docs/api.md, "Date polls"). */
export interface PollResponse {
  poll: Poll;
}

/** The caller's ballot after answering. */
export interface PollBallotResponse {
  ballot: PollBallot;
}

/** The picked poll, and how many members its e-mail was queued for (null: the scheduler finishes it). */
export interface PollPickedResponse {
  poll: Poll;
  announced: number | null;
}

/** PUT /api/events/{e}/photos/{p}/wall. */
export interface PhotoWallStateResponse {
  id: string;
  wallState: WallState;
}
