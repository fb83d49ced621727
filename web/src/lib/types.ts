/**
 * The domain entities as the web reads them from Firestore (docs/data-model.md): server-set
 * times are Firestore `Timestamp`s, or null while a pending server write has not come back.
 * `lib/db/` builds these shapes from stored documents; screens use only these names.
 */
import type { Timestamp } from 'firebase/firestore';
import type { ActivityEntry } from '@gatherly/domain/entities/activity';
import type { Event } from '@gatherly/domain/entities/events';
import type { Invitation, Member, RoleChange } from '@gatherly/domain/entities/members';
import type { Photo, PhotoVote } from '@gatherly/domain/entities/photos';
import type { Poll, PollBallot } from '@gatherly/domain/entities/polls';
import type {
  Rsvp,
  RsvpCounts,
  RsvpsByUser,
  ScheduleItem,
} from '@gatherly/domain/entities/schedule';
import type {
  EventStats as StoredEventStats,
  EventStatsMembers,
  EventStatsPhotos,
  EventStatsTravel,
} from '@gatherly/domain/entities/stats';
import type { Carpool, CarpoolPassenger, Flight } from '@gatherly/domain/entities/travel';
import type { EmailPreferences, User } from '@gatherly/domain/entities/users';
import type { JoinRequest } from '@gatherly/domain/guest-access';
import type { GuestGroup } from '@gatherly/domain/groups';
import type { GuestAnswersDoc as StoredGuestAnswers } from '@gatherly/domain/rsvp-options';

export type { UserSummary } from '@gatherly/domain/entities/common';
export type { BannerSettings, ThemeColors } from '@gatherly/domain/entities/events';
export type { MemberRole } from '@gatherly/domain/entities/members';
export type { EmailPreferences } from '@gatherly/domain/entities/users';

/** A server-set time as the web sees it. */
export type StoredTime = Timestamp | null;

export type GatherlyEvent = Event<StoredTime>;
/** `searchTokens`: the word prefixes search queries match (domain/src/search.ts), written by
 * the functions; empty on documents written before search existed. */
export type MemberDoc = Member<StoredTime> & { searchTokens: string[] };
export type PhotoDoc = Photo<StoredTime> & { searchTokens: string[] };
export type PhotoVoteDoc = PhotoVote<StoredTime>;
export type FlightDoc = Flight<StoredTime>;
export type CarpoolDoc = Carpool<StoredTime>;
export type CarpoolPassengerDoc = CarpoolPassenger<StoredTime>;
/** A schedule item with its stored RSVP tallies (zeros until the first answer). */
export type ScheduleDoc = ScheduleItem<StoredTime> & { rsvpCounts: RsvpCounts };
/** A role change with the names as they were (null on entries written before the names were
 * stored: the screen falls back to looking them up). */
export type RoleChangeDoc = RoleChange<StoredTime> & {
  changedUserName: string | null;
  changedByName: string | null;
};

/** `events/{e}/stats/{members|photos|travel}`: kept exact by the functions that change them. */
export type MemberStats = EventStatsMembers;
export type PhotoStats = EventStatsPhotos;
export type TravelStats = EventStatsTravel;

/** The event's stored counts; a document not written yet (an event before the backfill) is
 * null, shown as "counting", never as 0. */
export type EventStats = { [K in keyof StoredEventStats]: StoredEventStats[K] | null };

/** `events/{e}/schedule/{s}/rsvps/{uid}`: one member's answer to one item. */
export type RsvpDoc = Rsvp<StoredTime>;
/** `events/{e}/rsvpsByUser/{uid}`: one member's answers, by schedule item id. */
export type RsvpsByUserDoc = RsvpsByUser<StoredTime>;
/** `events/{e}/guestAnswers/{uid}`: a member's answers to the host's questions (private). */
export type GuestAnswersDoc = StoredGuestAnswers<StoredTime>;
/** `events/{e}/groups/{id}`: a guest group (admins read them; functions write them). */
export type GroupDoc = GuestGroup<StoredTime>;
/** `events/{e}/invitations/{id}` (admins read them). */
export type InvitationDoc = Invitation<StoredTime>;
export type JoinRequestDoc = JoinRequest<StoredTime>;

/** `events/{e}/activity/{id}`: one feed entry, written by triggers. */
export type ActivityDoc = ActivityEntry<StoredTime>;

/** `users/{uid}` as its owner reads it on the profile page (preferences absent = every topic on). */
export type UserProfileDoc = Pick<User<StoredTime>, 'id' | 'email' | 'displayName' | 'photoURL'> & {
  emailPreferences: EmailPreferences;
};

/** A date poll (events/{e}/polls/{p}), its ballots and tally shards (functions write them all). */
export type PollDoc = Poll<StoredTime>;
export type PollBallotDoc = PollBallot<StoredTime>;
