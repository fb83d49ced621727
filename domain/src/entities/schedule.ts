// events/{e}/schedule items, RSVPs, their tallies and each member's answers.
import type { Party, RsvpState } from '../rsvp-options.ts';
import type { ItemAudience } from '../groups.ts';
import type { IsoDateString, PersonSummary } from './common.ts';

export interface ScheduleItem<Time = IsoDateString> {
  id: string;
  eventId: string;
  title: string;
  description: string;
  startTime: IsoDateString;
  endTime: IsoDateString | null;
  location: string;
  createdBy: string;
  createdAt: Time;
  /**
   * Who sees the item (domain/src/groups.ts): 'everyone', or 'groups' = the members of the groups
   * in `groupAccess` and the admins. Absent on items from before groups (read as 'everyone';
   * the backfill writes it, since members' schedule queries filter on it).
   */
  audience?: ItemAudience;
  /** Group id -> true for a limited item ({} when open to everyone): equality-queryable per group. */
  groupAccess?: Partial<Record<string, true>>;
  /**
   * Most heads going (Pro and Enterprise: PUT /api/events/{e}/schedule/{s}/capacity); absent or null = no
   * limit. When full, Going answers join the waitlist (rsvp-options.ts, `placeGoing`).
   */
  capacity?: number | null;
  /**
   * RSVP tallies, kept by the RSVP functions (PUT /api/events/{e}/schedule/{s}/rsvp and the host's
   * PUT /api/events/{e}/schedule/{s}/rsvps/{uid}): the exact counts as of the last fold, at most
   * once per 1.2 s, so they trail a burst of answers by about a second (rsvp-counter.ts,
   * docs/performance.md, "The reception"). Absent until the first RSVP: read as zeros.
   */
  rsvpCounts?: RsvpCounts;
}

export interface RsvpCounts {
  /** Replies (members), not heads. */
  going: number;
  notGoing: number;
  maybe: number;
  /** Heads going: members plus their guests. Absent on older items: equals `going`. */
  goingHeads?: number;
  /** Members on the waitlist, and their heads. Absent: 0. */
  waitlisted?: number;
  waitlistedHeads?: number;
}

/**
 * events/{e}/rsvpsByUser/{uid}: one member's answers to every schedule item, written in the
 * transaction of each RSVP (the member's own or one the host records), with the RSVP documents
 * and the item's `rsvpCounts`. The dashboard reads the member's own; the guest list reads one
 * per member shown and filters by answer with `where('statuses.<itemId>', '==', status)`.
 * Keys of deleted items may linger: readers walk the items they show and ignore the rest.
 */
export interface RsvpsByUser<Time = IsoDateString> {
  /** The member's uid (the document id). */
  id: string;
  eventId: string;
  userId: string;
  /** The member's name and photo, so "who's going" needs no member reads. */
  user: PersonSummary;
  statuses: Partial<Record<string, RsvpState>>;
  /** Per item answered Going (or waitlisted), the party; absent = 1 head, no guests. */
  parties?: Partial<Record<string, Party>>;
  /** Per item, when the answer was given (or recorded). */
  respondedAt: Partial<Record<string, Time>>;
  /** Per item, the uid of the admin who recorded the answer; absent when the member answered. */
  recordedBy: Partial<Record<string, string>>;
}

export interface ScheduleItemView<Time = IsoDateString> extends ScheduleItem<Time> {
  rsvpCounts: RsvpCounts;
  /** The viewer's own answer ('waitlisted': Going, waiting for a spot); null = 'Not Responded'. */
  userRsvp: RsvpState | null;
}

export interface Rsvp<Time = IsoDateString> {
  eventId: string;
  scheduleId: string;
  userId: string;
  status: RsvpState;
  respondedAt: Time;
  /** The party of a Going (or waitlisted) answer; absent = 1 head. */
  party?: Party;
  /** When the member joined the waitlist (its order); null when not waiting. */
  waitlistedAt?: Time | null;
  /** uid of the admin who recorded this answer for the guest; null when the guest answered. */
  recordedBy?: string | null;
  /**
   * The member's guest groups (a copy of Member.groupIds, kept by the answer and by
   * `followMemberGroups`), so the guest list counts one group's answers with aggregations.
   */
  groupIds?: string[];
}
