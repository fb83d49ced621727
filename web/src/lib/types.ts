/**
 * The domain entities as the web reads them from Firestore (docs/data-model.md): server-set
 * times are Firestore `Timestamp`s, or null while a pending server write has not come back.
 * `lib/db/` builds these shapes from stored documents; screens use only these names.
 */
import type { Timestamp } from 'firebase/firestore';
import type {
  Carpool,
  Event,
  Flight,
  Invitation,
  Member,
  Photo,
  PhotoVote,
  RoleChange,
  Rsvp,
  RsvpsByUser,
  ScheduleItem,
} from '@gatherly/domain/entities';

export type {
  BannerSettings,
  MemberRole,
  ThemeColors,
  UserSummary,
} from '@gatherly/domain/entities';

/** A server-set time as the web sees it. */
export type StoredTime = Timestamp | null;

export type GatherlyEvent = Event<StoredTime>;
export type MemberDoc = Member<StoredTime>;
export type PhotoDoc = Photo<StoredTime>;
export type PhotoVoteDoc = PhotoVote<StoredTime>;
export type FlightDoc = Flight<StoredTime>;
export type CarpoolDoc = Carpool<StoredTime>;
export type ScheduleDoc = ScheduleItem<StoredTime>;
export type RsvpDoc = Rsvp<StoredTime>;
export type RoleChangeDoc = RoleChange<StoredTime>;
export type RsvpsByUserDoc = RsvpsByUser<StoredTime> & { id: string };
export type InvitationDoc = Invitation<StoredTime>;
