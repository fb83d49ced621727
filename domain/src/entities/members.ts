// Members, roles, invitations and the role history.
import type { IsoDateString, PersonSummary, TimeZoneId, UserSummary } from './common.ts';

export type MemberRole = 'creator' | 'admin' | 'attendee';

export type InvitableRole = Exclude<MemberRole, 'creator'>;

export type InvitationStatus = 'pending' | 'accepted';

export interface Member<Time = IsoDateString> {
  /** Equals userId: members are stored at events/{e}/members/{uid}. */
  id: string;
  eventId: string;
  userId: string;
  role: MemberRole;
  joinedAt: Time;
  user: UserSummary;
  /** Word prefixes of the name and e-mail (domain/src/search.ts); written by functions only. */
  searchTokens?: string[];
  /** This member's plus-one allowance, set by an admin; absent or null = the event's. */
  plusOnesAllowed?: number | null;
  /** The guest groups the member is in (domain/src/groups.ts); absent = none. Functions only. */
  groupIds?: string[];
}

export interface Invitation<Time = IsoDateString> {
  id: string;
  eventId: string;
  /** Lower-case. */
  email: string;
  role: InvitableRole;
  status: InvitationStatus;
  invitedByUserId: string;
  invitedAt: Time;
  respondedAt: Time | null;
  /** Groups the member joins on accepting (absent = none). */
  groupIds?: string[];
}

/** invitationTokens/{token}: functions only. */
export interface InvitationToken<Time = IsoDateString> {
  eventId: string;
  invitationId: string;
  email: string;
  createdAt: Time;
}

/** What GET /api/invitations/{token} reveals to anyone holding the link. */
export interface InvitationPublicView {
  email: string;
  role: InvitableRole;
  eventName: string;
  eventDescription: string;
  eventStartDate: IsoDateString | null;
  eventEndDate: IsoDateString | null;
  /** The event's zone for showing the dates (null: not confirmed yet, shown in UTC). */
  eventTimeZone?: TimeZoneId | null;
  eventLocation: string;
  status: 'pending';
}

/**
 * A used invitation: only that it was used, except to a signed-in member of the event, who
 * gets the event to open (an old link tells nobody else anything).
 */
export interface UsedInvitationView {
  status: 'accepted';
  eventId?: string;
  eventName?: string;
}

export type InvitationView = InvitationPublicView | UsedInvitationView;

export interface RoleChange<Time = IsoDateString> {
  id: string;
  eventId: string;
  changedUserId: string;
  changedByUserId: string;
  oldRole: MemberRole;
  newRole: MemberRole;
  changedAt: Time;
  /** Names at the time of the change, so the history shows without member reads (absent on older entries). */
  changedUser?: Pick<PersonSummary, 'displayName'>;
  changedBy?: Pick<PersonSummary, 'displayName'>;
}

/** invitationLog/{id}: one entry per invitation sent; outlives the event (daily cap). */
export interface InvitationLogEntry<Time = IsoDateString> {
  invitedByUserId: string;
  eventId: string;
  email: string;
  sentAt: Time;
}
