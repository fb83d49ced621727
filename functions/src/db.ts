/**
 * Typed data access: every Firestore collection the server (and the seed) reads or writes, as
 * references typed with the domain entities (docs/data-model.md). Collection names live only
 * here. Documents are read through converters, so callers get `Event<Timestamp>` and never
 * cast `snapshot.data()`; updates are checked against the stored shape (`UpdateData`).
 */
import type { AccountDeletion } from '@gatherly/domain/account-deletion';
import type { DataExport } from '@gatherly/domain/data-export';
import type { PhotoArchive } from '@gatherly/domain/photo-archive';
import { PHOTO_STATS_BASE_ID, photoShardId } from '@gatherly/domain/photo-counter';
import type {
  CollectionGroup,
  CollectionReference,
  DocumentData,
  DocumentReference,
  Firestore,
  FirestoreDataConverter,
  PartialWithFieldValue,
  QueryDocumentSnapshot,
  Timestamp,
  WithFieldValue,
} from 'firebase-admin/firestore';
import type { ActivityEntry, Announcement } from '@gatherly/domain/entities/activity';
import type { Event } from '@gatherly/domain/entities/events';
import type { MailDocument, ReminderRun } from '@gatherly/domain/entities/mail';
import type {
  Invitation,
  InvitationLogEntry,
  InvitationToken,
  Member,
  RoleChange,
} from '@gatherly/domain/entities/members';
import type { Photo, PhotoVote } from '@gatherly/domain/entities/photos';
import type { Poll, PollBallot, PollTallyShard } from '@gatherly/domain/entities/polls';
import type {
  Rsvp,
  RsvpCounts,
  RsvpsByUser,
  ScheduleItem,
} from '@gatherly/domain/entities/schedule';
import type { RsvpTally } from '@gatherly/domain/rsvp-counter';
import type {
  EventStatsMembers,
  EventStatsPhotos,
  EventStatsPhotosBase,
  EventStatsTravel,
} from '@gatherly/domain/entities/stats';
import type {
  SubscriptionTier,
  SubscriptionTierName,
} from '@gatherly/domain/entities/subscriptions';
import type { Carpool, CarpoolPassenger, Flight } from '@gatherly/domain/entities/travel';
import type { User } from '@gatherly/domain/entities/users';
import type { GuestAnswersDoc } from '@gatherly/domain/rsvp-options';
import type { GuestGroup } from '@gatherly/domain/groups';
import type { JoinRequest } from '@gatherly/domain/guest-access';
import type { SeatingChart, SeatingPlacement, SeatingTable } from '@gatherly/domain/seating';

/**
 * The stored event. `deleting` is set by DELETE /api/events/{id} in the transaction that starts
 * the cascade; from then on rules and functions refuse every write under the event.
 */
export type EventRecord = Event<Timestamp> & { deleting?: boolean };
export type UserRecord = User<Timestamp>;
/** Seeded tier documents may hold only some fields; the domain's TIERS fills the rest. */
export type TierRecord = Partial<Omit<SubscriptionTier<Timestamp>, 'id'>> & { id: string };
export type MemberRecord = Member<Timestamp>;
export type InvitationRecord = Invitation<Timestamp>;
export type InvitationTokenRecord = InvitationToken<Timestamp> & { id: string };
export type InvitationLogRecord = InvitationLogEntry<Timestamp> & { id: string };
export type MailRecord = MailDocument<Timestamp> & { id: string };
export type PhotoRecord = Photo<Timestamp>;
export type VoteRecord = PhotoVote<Timestamp> & { id: string };
export type FlightRecord = Flight<Timestamp>;
export type CarpoolRecord = Carpool<Timestamp>;
export type PassengerRecord = CarpoolPassenger<Timestamp> & { id: string };
/**
 * A schedule item as stored: with the functions' own count fields (domain/src/rsvp-counter.ts).
 * `rsvpBase` plus the item's count shards are the exact counts (fields may be negative); absent
 * on items from before the shards, where `rsvpCounts` is exact and no shard exists.
 * `rsvpCountedAt`: when `rsvpCounts` was last folded in.
 */
export type ScheduleItemRecord = ScheduleItem<Timestamp> & {
  rsvpBase?: RsvpCounts;
  rsvpCountedAt?: Timestamp;
};
/** events/{e}/schedule/{s}/rsvpCountShards/{k}: one shard of the item's RSVP counts. */
export type RsvpCountShardRecord = RsvpTally & { id: string };
export type GroupRecord = GuestGroup<Timestamp>;
export type RsvpRecord = Rsvp<Timestamp> & { id: string };
/** events/{e}/guestAnswers/{uid}: a member's answers to the host's questions (private). */
export type GuestAnswersRecord = GuestAnswersDoc<Timestamp>;
export type RoleChangeRecord = RoleChange<Timestamp>;
/** events/{e}/stats/{members|photos|travel}: counters kept by functions (docs/performance.md). */
export type MemberStatsRecord = EventStatsMembers & { id: string };
export type PhotoStatsRecord = EventStatsPhotosBase & { id: string };
/** events/{e}/stats/photos-{k}: one shard of the photo count (domain/src/photo-counter.ts). */
export type PhotoShardRecord = EventStatsPhotos & { id: string };
export type TravelStatsRecord = EventStatsTravel & { id: string };
/** events/{e}/rsvpsByUser/{uid}: one member's answers, kept by the RSVP functions. */
export type RsvpsByUserRecord = RsvpsByUser<Timestamp>;
export type ActivityRecord = ActivityEntry<Timestamp>;
export type AnnouncementRecord = Announcement<Timestamp>;
export type ReminderRunRecord = ReminderRun<Timestamp> & { id: string };
export type PhotoArchiveRecord = PhotoArchive<Timestamp>;
/** events/{e}/polls/{p}: a date poll (services/polls.ts). */
export type PollRecord = Poll<Timestamp>;
/** events/{e}/polls/{p}/ballots/{uid}: one member's answers. */
export type PollBallotRecord = PollBallot<Timestamp>;
/** events/{e}/polls/{p}/tallies/{k}: one shard of the exact tallies. */
export type PollTallyRecord = PollTallyShard & { id: string };
/**
 * signInLinks/{sha256 of the e-mailed token}: a sign-in e-mail's one-use, short-lived ticket to
 * Firebase's own sign-in link (services/email-sign-in.ts). Functions only.
 */
export interface SignInLinkRecord {
  id: string;
  email: string;
  /** Firebase's e-mail link (its one-use code); handed out once, on redemption. */
  firebaseLink: string;
  next: string;
  /** Who asked (a hash of their network address), for the per-requester limit. */
  requester: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  /** Wrong addresses tried with this link; a few and it is spent. */
  failedAttempts: number;
}
/** signInLimits/{sha256 of an address}: when its recent sign-in e-mails were queued. */
export interface SignInLimitRecord {
  id: string;
  sentAt: Timestamp[];
}
/** joinLinks/{secret}: an event link; its id is the secret in the URL. Functions only. */
export interface JoinLinkRecord {
  id: string;
  eventId: string;
  askBeforeJoin: boolean;
  createdBy: string;
  createdAt: Timestamp;
}
/**
 * wallLinks/{sha256 of the secret}: a photo wall link (services/wall-links.ts). Only its hash is
 * stored, so a leaked database copy opens no wall. Functions only.
 */
export interface WallLinkRecord {
  id: string;
  eventId: string;
  createdBy: string;
  createdByName: string;
  createdAt: Timestamp;
}
export type JoinRequestRecord = JoinRequest<Timestamp>;
/** accountDeletions/{uid}: a deletion job (services/account-deletion.ts). */
export type AccountDeletionRecord = AccountDeletion<Timestamp>;
/** dataExports/{id}: an asked-for "Download my data" link (services/data-export.ts). */
export type DataExportRecord = DataExport<Timestamp>;

/** events/{e}/seatingCharts/{s} and its tables and placements (services/seating.ts). */
export type SeatingChartRecord = SeatingChart<Timestamp>;
export type SeatingTableRecord = SeatingTable<Timestamp>;
export type SeatingPlacementRecord = SeatingPlacement<Timestamp>;

/** What a document stores: the entity without `id`, unless the entity keeps its id as a field. */
type Stored<T extends { id: string }, KeepsId extends boolean> = KeepsId extends true
  ? T
  : Omit<T, 'id'>;

/** Stored field names of T; `Complete` makes the compiler name any field a list forgets. */
type FieldList<T> = readonly Exclude<keyof T, 'id'>[];
type Missing<T, L extends FieldList<T>> = Exclude<Exclude<keyof T, 'id'>, L[number]>;
type Complete<T, L extends FieldList<T>> = [Missing<T, L>] extends [never]
  ? unknown
  : { missingFields: Missing<T, L> };

/** What a converter stores: its field list, and whether the id is a stored field too. */
export interface StoredFields {
  fields: readonly string[];
  storesId: boolean;
}

/**
 * A converter for documents holding exactly the listed fields of T (plus `id` when `keepsId`).
 * Reading takes those fields and the document id; writing stores only those fields, so neither
 * stray stored fields reach API answers nor stray model properties reach the database. The
 * data-model contract (the rules and this module are the only writers) makes the result a T:
 * the one place where untyped document data becomes an entity.
 */
function converterFor<T extends { id: string }>() {
  return <const L extends FieldList<T>, K extends boolean>(
    fields: L & Complete<T, L>,
    keepsId: K,
  ): FirestoreDataConverter<T, Stored<T, K>> & { stored: StoredFields } => {
    const names: readonly PropertyKey[] = fields;
    const pick = (source: Record<string, unknown>): Record<string, unknown> => {
      const out: Record<string, unknown> = {};
      for (const name of names) {
        if (typeof name === 'string' && Object.hasOwn(source, name)) out[name] = source[name];
      }
      return out;
    };
    function toFirestore(model: WithFieldValue<T>): WithFieldValue<Stored<T, K>>;
    function toFirestore(model: PartialWithFieldValue<T>): PartialWithFieldValue<Stored<T, K>>;
    function toFirestore(model: PartialWithFieldValue<T>): DocumentData {
      const source: Record<string, unknown> = { ...model };
      const out = pick(source);
      if (keepsId && Object.hasOwn(source, 'id')) out.id = source.id;
      return out;
    }
    return {
      toFirestore,
      stored: { fields: names.filter((n) => typeof n === 'string'), storesId: keepsId },
      fromFirestore(snapshot: QueryDocumentSnapshot): T {
        return { ...pick(snapshot.data()), id: snapshot.id } as unknown as T;
      },
    };
  };
}

const STORES_ID = true;
const ID_IS_DOC_ID = false;

const converters = {
  user: converterFor<UserRecord>()(
    [
      'email',
      'displayName',
      'photoURL',
      'phoneNumber',
      'venmoUsername',
      'subscriptionStatus',
      'subscriptionTier',
      'subscriptionExpiresAt',
      'emailPreferences',
      'createdAt',
      'updatedAt',
    ],
    ID_IS_DOC_ID,
  ),
  tier: converterFor<TierRecord>()(
    [
      'tierName',
      'displayName',
      'maxEvents',
      'maxAttendeesPerEvent',
      'maxPhotosPerEvent',
      'maxTravelEntriesPerEvent',
      'maxStorageMb',
      'maxInvitationsPerDay',
      'maxAnnouncementsPerEventPerDay',
      'eventHistoryRetentionDays',
      'customBrandingEnabled',
      'customBrandingAdvancedEnabled',
      'priorityEmailDelivery',
      'exportDataEnabled',
      'analyticsEnabled',
      'apiAccessEnabled',
      'advancedSchedulingEnabled',
      'whiteLabelEnabled',
      'createdAt',
      'updatedAt',
    ],
    ID_IS_DOC_ID,
  ),
  event: converterFor<EventRecord>()(
    [
      'name',
      'description',
      'location',
      'startDate',
      'endDate',
      'customLogo',
      'themeColors',
      'bannerSettings',
      'bannerImageUrl',
      'adminId',
      'createdBy',
      'createdAt',
      'timeZone',
      'reminderSettings',
      'guestsSeeWhoIsGoing',
      'plusOnesAllowed',
      'questions',
      'deleting',
      'wallSettings',
    ],
    ID_IS_DOC_ID,
  ),
  member: converterFor<MemberRecord>()(
    [
      'eventId',
      'userId',
      'role',
      'joinedAt',
      'user',
      'searchTokens',
      'plusOnesAllowed',
      'groupIds',
    ],
    ID_IS_DOC_ID,
  ),
  invitation: converterFor<InvitationRecord>()(
    [
      'eventId',
      'email',
      'role',
      'status',
      'invitedByUserId',
      'invitedAt',
      'respondedAt',
      'groupIds',
    ],
    ID_IS_DOC_ID,
  ),
  invitationToken: converterFor<InvitationTokenRecord>()(
    ['eventId', 'invitationId', 'email', 'createdAt'],
    ID_IS_DOC_ID,
  ),
  invitationLog: converterFor<InvitationLogRecord>()(
    ['invitedByUserId', 'eventId', 'email', 'sentAt'],
    ID_IS_DOC_ID,
  ),
  mail: converterFor<MailRecord>()(['to', 'message', 'delivery'], ID_IS_DOC_ID),
  photo: converterFor<PhotoRecord>()(
    [
      'eventId',
      'uploadedBy',
      'uploadedByUser',
      'filename',
      'objectPath',
      'thumbPath',
      'url',
      'thumbUrl',
      'caption',
      'size',
      'thumbSize',
      'contentType',
      'votes',
      'votesCountedAt',
      'isFeatured',
      'uploadedAt',
      'searchTokens',
      'batchId',
      'wallState',
      'wallAt',
    ],
    STORES_ID,
  ),
  vote: converterFor<VoteRecord>()(['eventId', 'photoId', 'userId', 'votedAt'], ID_IS_DOC_ID),
  flight: converterFor<FlightRecord>()(
    [
      'eventId',
      'userId',
      'user',
      'airline',
      'flightNumber',
      'departure',
      'arrival',
      'departureTime',
      'arrivalTime',
      'departureTimeZone',
      'arrivalTimeZone',
      'createdAt',
    ],
    STORES_ID,
  ),
  carpool: converterFor<CarpoolRecord>()(
    [
      'eventId',
      'driverId',
      'driver',
      'fromLocation',
      'toLocation',
      'departureTime',
      'maxSeats',
      'currentSeats',
      'passengerIds',
      'createdAt',
    ],
    STORES_ID,
  ),
  passenger: converterFor<PassengerRecord>()(
    ['eventId', 'carpoolId', 'userId', 'user', 'joinedAt'],
    ID_IS_DOC_ID,
  ),
  scheduleItem: converterFor<ScheduleItemRecord>()(
    [
      'eventId',
      'title',
      'description',
      'startTime',
      'endTime',
      'location',
      'createdBy',
      'createdAt',
      'capacity',
      'rsvpCounts',
      'rsvpBase',
      'rsvpCountedAt',
      'audience',
      'groupAccess',
    ],
    STORES_ID,
  ),
  rsvp: converterFor<RsvpRecord>()(
    [
      'eventId',
      'scheduleId',
      'userId',
      'status',
      'respondedAt',
      'party',
      'waitlistedAt',
      'recordedBy',
      'groupIds',
    ],
    ID_IS_DOC_ID,
  ),
  rsvpsByUser: converterFor<RsvpsByUserRecord>()(
    ['eventId', 'userId', 'user', 'statuses', 'parties', 'respondedAt', 'recordedBy'],
    ID_IS_DOC_ID,
  ),
  guestAnswers: converterFor<GuestAnswersRecord>()(
    ['eventId', 'userId', 'answers', 'updatedAt'],
    ID_IS_DOC_ID,
  ),
  roleChange: converterFor<RoleChangeRecord>()(
    [
      'eventId',
      'changedUserId',
      'changedByUserId',
      'oldRole',
      'newRole',
      'changedAt',
      'changedUser',
      'changedBy',
    ],
    ID_IS_DOC_ID,
  ),
  memberStats: converterFor<MemberStatsRecord>()(
    ['total', 'creator', 'admin', 'attendee'],
    ID_IS_DOC_ID,
  ),
  photoStats: converterFor<PhotoStatsRecord>()(['total', 'featured', 'shardLimit'], ID_IS_DOC_ID),
  photoShard: converterFor<PhotoShardRecord>()(['total', 'featured'], ID_IS_DOC_ID),
  travelStats: converterFor<TravelStatsRecord>()(['flights', 'carpools'], ID_IS_DOC_ID),
  activity: converterFor<ActivityRecord>()(
    ['kind', 'actor', 'subjectId', 'title', 'at', 'count', 'photos'],
    ID_IS_DOC_ID,
  ),
  announcement: converterFor<AnnouncementRecord>()(
    [
      'eventId',
      'authorId',
      'author',
      'message',
      'audience',
      'audienceLabel',
      'itemLimited',
      'groupAccess',
      'recipientCount',
      'createdAt',
    ],
    ID_IS_DOC_ID,
  ),
  photoArchive: converterFor<PhotoArchiveRecord>()(
    ['eventId', 'createdBy', 'photoIds', 'photoCount', 'createdAt', 'expiresAt', 'openedAt'],
    ID_IS_DOC_ID,
  ),
  signInLink: converterFor<SignInLinkRecord>()(
    [
      'email',
      'firebaseLink',
      'next',
      'requester',
      'createdAt',
      'expiresAt',
      'usedAt',
      'failedAttempts',
    ],
    ID_IS_DOC_ID,
  ),
  signInLimit: converterFor<SignInLimitRecord>()(['sentAt'], ID_IS_DOC_ID),
  joinLink: converterFor<JoinLinkRecord>()(
    ['eventId', 'askBeforeJoin', 'createdBy', 'createdAt'],
    ID_IS_DOC_ID,
  ),
  wallLink: converterFor<WallLinkRecord>()(
    ['eventId', 'createdBy', 'createdByName', 'createdAt'],
    ID_IS_DOC_ID,
  ),
  joinRequest: converterFor<JoinRequestRecord>()(
    ['eventId', 'userId', 'user', 'status', 'requestedAt', 'decidedAt', 'decidedBy'],
    ID_IS_DOC_ID,
  ),
  accountDeletion: converterFor<AccountDeletionRecord>()(
    [
      'userId',
      'status',
      'email',
      'choices',
      'steps',
      'eventIds',
      'attempts',
      'lastError',
      'startedAt',
      'updatedAt',
      'completedAt',
    ],
    ID_IS_DOC_ID,
  ),
  dataExport: converterFor<DataExportRecord>()(
    ['userId', 'createdAt', 'expiresAt', 'openedAt'],
    ID_IS_DOC_ID,
  ),
  group: converterFor<GroupRecord>()(['eventId', 'name', 'createdAt'], STORES_ID),
  reminderRun: converterFor<ReminderRunRecord>()(
    ['kind', 'key', 'mailCount', 'claimedAt', 'completedAt'],
    ID_IS_DOC_ID,
  ),
  seatingChart: converterFor<SeatingChartRecord>()(
    ['eventId', 'scheduleId', 'showGuestsTheirTable', 'tableCount', 'nextOrder', 'updatedAt'],
    ID_IS_DOC_ID,
  ),
  seatingTable: converterFor<SeatingTableRecord>()(
    [
      'eventId',
      'scheduleId',
      'name',
      'number',
      'shape',
      'seats',
      'order',
      'people',
      'memberIds',
      'updatedAt',
    ],
    ID_IS_DOC_ID,
  ),
  seatingPlacement: converterFor<SeatingPlacementRecord>()(
    ['eventId', 'scheduleId', 'userId', 'tables', 'updatedAt'],
    ID_IS_DOC_ID,
  ),
  poll: converterFor<PollRecord>()(
    [
      'eventId',
      'target',
      'title',
      'audience',
      'groupAccess',
      'options',
      'deadline',
      'status',
      'chosenOptionId',
      'createdBy',
      'createdAt',
      'closedAt',
      'reminderDueAt',
      'announcedCount',
    ],
    ID_IS_DOC_ID,
  ),
  pollBallot: converterFor<PollBallotRecord>()(
    ['eventId', 'pollId', 'userId', 'user', 'answers', 'updatedAt'],
    ID_IS_DOC_ID,
  ),
  pollTally: converterFor<PollTallyRecord>()(['counts', 'voters'], ID_IS_DOC_ID),
  rsvpCountShard: converterFor<RsvpCountShardRecord>()(
    ['going', 'maybe', 'notGoing', 'goingHeads', 'waitlisted', 'waitlistedHeads'],
    ID_IS_DOC_ID,
  ),
};

/** Each converter's stored fields by converter name: docs/data-model.md lists the same. */
export const STORED_FIELDS: ReadonlyMap<string, StoredFields> = new Map(
  Object.entries(converters).map(([name, c]) => [name, c.stored]),
);

type Ref<C> = C extends FirestoreDataConverter<infer A, infer D> ? DocumentReference<A, D> : never;
type Col<C> =
  C extends FirestoreDataConverter<infer A, infer D> ? CollectionReference<A, D> : never;
type Group<C> = C extends FirestoreDataConverter<infer A, infer D> ? CollectionGroup<A, D> : never;
type Converters = typeof converters;

/**
 * Typed references over one Firestore instance. Paths follow docs/data-model.md; documents
 * under an event are addressed by the event id and their own ids.
 */
export function dataAccess(firestore: Firestore) {
  const users = firestore.collection('users').withConverter(converters.user);
  const tiers = firestore.collection('subscriptionTiers').withConverter(converters.tier);
  const events = firestore.collection('events').withConverter(converters.event);
  const tokens = firestore.collection('invitationTokens').withConverter(converters.invitationToken);
  const log = firestore.collection('invitationLog').withConverter(converters.invitationLog);
  const mail = firestore.collection('mail').withConverter(converters.mail);
  const signInLinks = firestore.collection('signInLinks').withConverter(converters.signInLink);
  const signInLimits = firestore.collection('signInLimits').withConverter(converters.signInLimit);
  const joinLinks = firestore.collection('joinLinks').withConverter(converters.joinLink);
  const wallLinks = firestore.collection('wallLinks').withConverter(converters.wallLink);
  const deletions = firestore
    .collection('accountDeletions')
    .withConverter(converters.accountDeletion);
  const exports = firestore.collection('dataExports').withConverter(converters.dataExport);
  const event = (eventId: string) => events.doc(eventId);
  const under = (eventId: string, name: string) => event(eventId).collection(name);
  const photos = (eventId: string) => under(eventId, 'photos').withConverter(converters.photo);
  const carpools = (eventId: string) =>
    under(eventId, 'carpools').withConverter(converters.carpool);
  const schedule = (eventId: string) =>
    under(eventId, 'schedule').withConverter(converters.scheduleItem);
  const members = (eventId: string) => under(eventId, 'members').withConverter(converters.member);
  const flights = (eventId: string) => under(eventId, 'flights').withConverter(converters.flight);
  const stats = (eventId: string) => under(eventId, 'stats');

  return {
    firestore,
    users,
    user: (uid: string): Ref<Converters['user']> => users.doc(uid),
    tiers,
    tier: (name: SubscriptionTierName): Ref<Converters['tier']> => tiers.doc(name),
    events,
    event,
    members,
    member: (eventId: string, uid: string): Ref<Converters['member']> => members(eventId).doc(uid),
    invitations: (eventId: string): Col<Converters['invitation']> =>
      under(eventId, 'invitations').withConverter(converters.invitation),
    invitationTokens: tokens,
    invitationToken: (token: string): Ref<Converters['invitationToken']> => tokens.doc(token),
    invitationLog: log,
    /** Sign-in e-mails' tickets, by the SHA-256 of the token in the e-mailed link. */
    signInLinks,
    signInLink: (tokenHash: string): Ref<Converters['signInLink']> => signInLinks.doc(tokenHash),
    signInLimit: (addressHash: string): Ref<Converters['signInLimit']> =>
      signInLimits.doc(addressHash),
    /** Event links, by their secret; an event has at most one. */
    joinLinks,
    joinLink: (secret: string): Ref<Converters['joinLink']> => joinLinks.doc(secret),
    /** Photo wall links, by the SHA-256 of their secret. */
    wallLinks,
    wallLink: (secretHash: string): Ref<Converters['wallLink']> => wallLinks.doc(secretHash),
    /** Requests to join through the event link (id = the requester's uid). */
    joinRequests: (eventId: string): Col<Converters['joinRequest']> =>
      under(eventId, 'joinRequests').withConverter(converters.joinRequest),
    mail,
    /** Account deletion jobs, one per person (id = uid). */
    accountDeletions: deletions,
    accountDeletion: (uid: string): Ref<Converters['accountDeletion']> => deletions.doc(uid),
    /** "Download my data" links. */
    dataExports: exports,
    /** One e-mail; reminders and announcement copies have ids derived from what they are about. */
    mailDoc: (mailId: string): Ref<Converters['mail']> => mail.doc(mailId),
    photos,
    votes: (eventId: string, photoId: string): Col<Converters['vote']> =>
      photos(eventId).doc(photoId).collection('votes').withConverter(converters.vote),
    flights,
    carpools,
    passengers: (eventId: string, carpoolId: string): Col<Converters['passenger']> =>
      carpools(eventId).doc(carpoolId).collection('passengers').withConverter(converters.passenger),
    schedule,
    rsvps: (eventId: string, itemId: string): Col<Converters['rsvp']> =>
      schedule(eventId).doc(itemId).collection('rsvps').withConverter(converters.rsvp),
    /** The item's RSVP count shards (domain/src/rsvp-counter.ts), by index. */
    rsvpCountShards: (eventId: string, itemId: string): Col<Converters['rsvpCountShard']> =>
      schedule(eventId)
        .doc(itemId)
        .collection('rsvpCountShards')
        .withConverter(converters.rsvpCountShard),
    /** Members' answers to the host's questions, one document per member (id = uid). */
    guestAnswers: (eventId: string): Col<Converters['guestAnswers']> =>
      under(eventId, 'guestAnswers').withConverter(converters.guestAnswers),
    roleChanges: (eventId: string): Col<Converters['roleChange']> =>
      under(eventId, 'roleChanges').withConverter(converters.roleChange),
    /** The event's counters, one document per area (docs/performance.md, "Counters"). */
    stats: {
      members: (eventId: string): Ref<Converters['memberStats']> =>
        stats(eventId).doc('members').withConverter(converters.memberStats),
      /** The base of the photo count; its shards are `photoShard`. */
      photos: (eventId: string): Ref<Converters['photoStats']> =>
        stats(eventId).doc(PHOTO_STATS_BASE_ID).withConverter(converters.photoStats),
      photoShard: (eventId: string, k: number): Ref<Converters['photoShard']> =>
        stats(eventId).doc(photoShardId(k)).withConverter(converters.photoShard),
      travel: (eventId: string): Ref<Converters['travelStats']> =>
        stats(eventId).doc('travel').withConverter(converters.travelStats),
    },
    /** The event's guest groups (domain/src/groups.ts). */
    guestGroups: (eventId: string): Col<Converters['group']> =>
      under(eventId, 'groups').withConverter(converters.group),
    /**
     * The feed lines of announcements to one guest group (ids as in `activity`): what its
     * members read besides the shared feed (docs/data-model.md, "Guest groups").
     */
    groupFeed: (eventId: string, groupId: string): Col<Converters['activity']> =>
      under(eventId, 'groups').doc(groupId).collection('feed').withConverter(converters.activity),
    /** One member's answers to every item (their dashboard; the guest list's read and filter). */
    rsvpsByUser: (eventId: string): Col<Converters['rsvpsByUser']> =>
      under(eventId, 'rsvpsByUser').withConverter(converters.rsvpsByUser),
    activity: (eventId: string): Col<Converters['activity']> =>
      under(eventId, 'activity').withConverter(converters.activity),
    announcements: (eventId: string): Col<Converters['announcement']> =>
      under(eventId, 'announcements').withConverter(converters.announcement),
    /** Downloads of the gallery as a zip, asked for and not yet expired (photo-archive.ts). */
    photoArchives: (eventId: string): Col<Converters['photoArchive']> =>
      under(eventId, 'photoArchives').withConverter(converters.photoArchive),
    /** The e-mail scheduler's finished units of work (docs/data-model.md, "E-mail"). */
    reminderRuns: (eventId: string): Col<Converters['reminderRun']> =>
      under(eventId, 'reminderRuns').withConverter(converters.reminderRun),
    /** Seating charts, one per schedule item (id = the item's), with their tables and placements. */
    seatingCharts: (eventId: string): Col<Converters['seatingChart']> =>
      under(eventId, 'seatingCharts').withConverter(converters.seatingChart),
    seatingChart: (eventId: string, scheduleId: string): Ref<Converters['seatingChart']> =>
      under(eventId, 'seatingCharts').doc(scheduleId).withConverter(converters.seatingChart),
    seatingTables: (eventId: string, scheduleId: string): Col<Converters['seatingTable']> =>
      under(eventId, 'seatingCharts')
        .doc(scheduleId)
        .collection('tables')
        .withConverter(converters.seatingTable),
    /** Where each person of a party sits (id = the member's uid). */
    seatingPlacements: (eventId: string, scheduleId: string): Col<Converters['seatingPlacement']> =>
      under(eventId, 'seatingCharts')
        .doc(scheduleId)
        .collection('placements')
        .withConverter(converters.seatingPlacement),
    /** Date polls, one per target (id 'event' or `item-{scheduleId}`: domain/src/polls.ts). */
    polls: (eventId: string): Col<Converters['poll']> =>
      under(eventId, 'polls').withConverter(converters.poll),
    /** A poll's ballots, one per member (id = uid). */
    pollBallots: (eventId: string, pollId: string): Col<Converters['pollBallot']> =>
      under(eventId, 'polls')
        .doc(pollId)
        .collection('ballots')
        .withConverter(converters.pollBallot),
    /** A poll's tally shards (id = the shard number, 0 to POLL_TALLY_SHARDS - 1). */
    pollTallies: (eventId: string, pollId: string): Col<Converters['pollTally']> =>
      under(eventId, 'polls').doc(pollId).collection('tallies').withConverter(converters.pollTally),
    /** Collection-group queries across events (indexes: firestore.indexes.json). */
    groups: {
      members: (): Group<Converters['member']> =>
        firestore.collectionGroup('members').withConverter(converters.member),
      photos: (): Group<Converters['photo']> =>
        firestore.collectionGroup('photos').withConverter(converters.photo),
      flights: (): Group<Converters['flight']> =>
        firestore.collectionGroup('flights').withConverter(converters.flight),
      carpools: (): Group<Converters['carpool']> =>
        firestore.collectionGroup('carpools').withConverter(converters.carpool),
      schedule: (): Group<Converters['scheduleItem']> =>
        firestore.collectionGroup('schedule').withConverter(converters.scheduleItem),
      // One person's documents across events (account deletion and data export; indexes:
      // firestore.indexes.json).
      votes: (): Group<Converters['vote']> =>
        firestore.collectionGroup('votes').withConverter(converters.vote),
      passengers: (): Group<Converters['passenger']> =>
        firestore.collectionGroup('passengers').withConverter(converters.passenger),
      rsvps: (): Group<Converters['rsvp']> =>
        firestore.collectionGroup('rsvps').withConverter(converters.rsvp),
      rsvpsByUser: (): Group<Converters['rsvpsByUser']> =>
        firestore.collectionGroup('rsvpsByUser').withConverter(converters.rsvpsByUser),
      guestAnswers: (): Group<Converters['guestAnswers']> =>
        firestore.collectionGroup('guestAnswers').withConverter(converters.guestAnswers),
      invitations: (): Group<Converters['invitation']> =>
        firestore.collectionGroup('invitations').withConverter(converters.invitation),
      roleChanges: (): Group<Converters['roleChange']> =>
        firestore.collectionGroup('roleChanges').withConverter(converters.roleChange),
      photoArchives: (): Group<Converters['photoArchive']> =>
        firestore.collectionGroup('photoArchives').withConverter(converters.photoArchive),
      /** Announcements whose e-mail fan-out has not finished (recipientCount null). */
      announcements: (): Group<Converters['announcement']> =>
        firestore.collectionGroup('announcements').withConverter(converters.announcement),
      /** Polls whose non-voter reminder is due, and picked polls whose e-mails did not finish. */
      polls: (): Group<Converters['poll']> =>
        firestore.collectionGroup('polls').withConverter(converters.poll),
    },
  };
}

export type DataAccess = ReturnType<typeof dataAccess>;
