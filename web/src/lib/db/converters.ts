// FirestoreDataConverters from stored documents to the domain shapes (docs/data-model.md).
// Reading validates field by field instead of trusting a cast: a missing or mistyped field gets
// the domain default, so a screen never sees `undefined` where the type promises a value.
import { ITEM_AUDIENCES } from '@gatherly/domain/groups';
import { WALL_STATES } from '@gatherly/domain/wall';
import { photoShardIndex } from '@gatherly/domain/photo-counter';
import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
  type WithFieldValue,
} from 'firebase/firestore';
import type { ActivityEntryKind, ActivityPhoto } from '@gatherly/domain/entities/activity';
import type { PersonSummary, UserSummary } from '@gatherly/domain/entities/common';
import {
  DEFAULT_BANNER_SETTINGS,
  DEFAULT_THEME_COLORS,
  type BannerSettings,
  type BannerStyle,
  type ThemeColors,
} from '@gatherly/domain/entities/events';
import type {
  PollCounts,
  PollOption,
  PollTallyShard,
  PollTarget,
} from '@gatherly/domain/entities/polls';
import { isPollAnswer } from '@gatherly/domain/polls';
import type { RsvpCounts } from '@gatherly/domain/entities/schedule';
import type { EmailPreferences } from '@gatherly/domain/entities/users';
import { effectiveReminderSettings } from '@gatherly/domain/email/reminder-settings';
import {
  GUEST_QUESTION_KINDS,
  MAX_PLUS_ONES,
  RSVP_STATES,
  type GuestAnswers,
  type GuestQuestion,
  type Party,
  type RsvpState,
} from '@gatherly/domain/rsvp-options';
import { EMAIL_TOPICS } from '@gatherly/domain/email/preferences';
import { MEMBER_ROLES } from '@gatherly/domain/roles';
import type {
  ActivityDoc,
  CarpoolDoc,
  CarpoolPassengerDoc,
  FlightDoc,
  GatherlyEvent,
  GuestAnswersDoc,
  InvitationDoc,
  JoinRequestDoc,
  MemberDoc,
  MemberStats,
  PhotoDoc,
  PhotoStats,
  PhotoVoteDoc,
  RoleChangeDoc,
  GroupDoc,
  RsvpDoc,
  RsvpsByUserDoc,
  ScheduleDoc,
  StoredTime,
  TravelStats,
  UserProfileDoc,
  PollBallotDoc,
  PollDoc,
} from '../types.ts';

// ---- Field readers ---------------------------------------------------------------------------

type Fields = Readonly<Record<string, unknown>>;

function fields(value: unknown): Fields {
  return typeof value === 'object' && value !== null ? (value as Fields) : {};
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** Optional date-times and paths: a non-empty string, else null. */
function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function flag(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** Server-set times; null while a pending write's server timestamp has not come back. */
function time(value: unknown): StoredTime {
  return value instanceof Timestamp ? value : null;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.find((a) => a === value) ?? fallback;
}

function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Replies and heads; counts stored before parties existed: heads = replies, nobody waiting. */
function rsvpCounts(value: unknown): Required<RsvpCounts> {
  const f = fields(value);
  const going = count(f.going, 0);
  return {
    going,
    maybe: count(f.maybe, 0),
    notGoing: count(f.notGoing, 0),
    goingHeads: count(f.goingHeads, going),
    waitlisted: count(f.waitlisted, 0),
    waitlistedHeads: count(f.waitlistedHeads, 0),
  };
}

/** A whole number in [min, max], else null (an absent or malformed limit). */
function wholeOrNull(value: unknown, min: number, max: number): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : null;
}

function party(value: unknown): Party | null {
  const f = fields(value);
  if (!Array.isArray(f.guests)) return null;
  const guests = f.guests.map((g) => {
    const guest = fields(g);
    return { name: text(guest.name), child: flag(guest.child, false) };
  });
  return { size: 1 + guests.length, guests };
}

function question(value: unknown): GuestQuestion | null {
  const f = fields(value);
  const id = text(f.id);
  if (!id) return null;
  return {
    id,
    label: text(f.label),
    kind: oneOf(f.kind, GUEST_QUESTION_KINDS, 'text'),
    options: textList(f.options),
    required: flag(f.required, false),
  };
}

/** Question id → text, or the chosen options. */
function guestAnswers(value: unknown): GuestAnswers {
  return mapOf(value, (v) => (typeof v === 'string' ? v : Array.isArray(v) ? textList(v) : null));
}

function person(value: unknown): PersonSummary {
  const f = fields(value);
  return { displayName: text(f.displayName), photoURL: text(f.photoURL) };
}

function userSummary(value: unknown): UserSummary {
  const f = fields(value);
  return { displayName: text(f.displayName), email: text(f.email), photoURL: text(f.photoURL) };
}

function themeColors(value: unknown): ThemeColors {
  const f = fields(value);
  const pick = (key: keyof ThemeColors) =>
    text(f[key], DEFAULT_THEME_COLORS[key]) || DEFAULT_THEME_COLORS[key];
  return {
    primary: pick('primary'),
    secondary: pick('secondary'),
    tertiary: pick('tertiary'),
    background: pick('background'),
    surface: pick('surface'),
  };
}

const BANNER_STYLES: readonly BannerStyle[] = ['contained', 'full-width'];

function bannerSettings(value: unknown): BannerSettings {
  const f = fields(value);
  return {
    style: oneOf(f.style, BANNER_STYLES, DEFAULT_BANNER_SETTINGS.style),
    autoRotate: flag(f.autoRotate, DEFAULT_BANNER_SETTINGS.autoRotate),
    rotateInterval: count(f.rotateInterval, DEFAULT_BANNER_SETTINGS.rotateInterval),
    customBannerImage: textOrNull(f.customBannerImage),
  };
}

/** A map of item id → value, keeping only the values `keep` accepts. */
function mapOf<T>(value: unknown, keep: (v: unknown) => T | null): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, v] of Object.entries(fields(value))) {
    const kept = keep(v);
    if (kept !== null) out[key] = kept;
  }
  return out;
}

const isState = (v: unknown): RsvpState | null => RSVP_STATES.find((s) => s === v) ?? null;

/** The id of the document whose subcollection holds this one (events/{e}/photos/{p} → e). */
function ownerId(snapshot: QueryDocumentSnapshot): string {
  return snapshot.ref.parent.parent?.id ?? '';
}

// ---- Converters ------------------------------------------------------------------------------

type Reader<T> = (snapshot: QueryDocumentSnapshot, data: Fields) => T;
type Writer<T, S extends DocumentData> = (model: WithFieldValue<T>) => WithFieldValue<S>;

/**
 * A converter that reads with `read`; documents the web never creates (events, members, photos,
 * travel: functions create them, docs/data-model.md) have no `write`, so a stray `setDoc` fails
 * loudly instead of writing a shape the rules would refuse. Field updates use `updateDoc`,
 * typed by the stored shape `S`.
 */
function converter<T, S extends DocumentData>(
  collection: string,
  read: Reader<T>,
  write?: Writer<T, S>,
): FirestoreDataConverter<T, S> {
  return {
    toFirestore(model: WithFieldValue<T>): WithFieldValue<S> {
      if (!write) throw new Error(`The web client never creates ${collection} documents`);
      return write(model);
    },
    fromFirestore(snapshot: QueryDocumentSnapshot, options?: SnapshotOptions): T {
      return read(snapshot, snapshot.data(options));
    },
  };
}

export type StoredEvent = Omit<GatherlyEvent, 'id'>;

export const eventConverter = converter<GatherlyEvent, StoredEvent>('event', (snap, d) => ({
  id: snap.id,
  name: text(d.name),
  description: text(d.description),
  location: text(d.location),
  startDate: textOrNull(d.startDate),
  endDate: textOrNull(d.endDate),
  // null until an admin confirms a zone (shown in UTC meanwhile: `eventTimeZone`).
  timeZone: textOrNull(d.timeZone),
  customLogo: text(d.customLogo),
  themeColors: themeColors(d.themeColors),
  bannerSettings: bannerSettings(d.bannerSettings),
  bannerImageUrl: textOrNull(d.bannerImageUrl),
  adminId: text(d.adminId),
  createdBy: text(d.createdBy),
  createdAt: time(d.createdAt),
  // "Guests can see who's going": absent = on.
  guestsSeeWhoIsGoing: flag(d.guestsSeeWhoIsGoing, true),
  // Absent on events that never changed them: the defaults the scheduler uses.
  reminderSettings: effectiveReminderSettings(d.reminderSettings),
  // Plus-ones and the host's questions (absent: none).
  plusOnesAllowed: wholeOrNull(d.plusOnesAllowed, 0, MAX_PLUS_ONES) ?? 0,
  questions: Array.isArray(d.questions)
    ? d.questions.map(question).filter((q): q is GuestQuestion => q !== null)
    : [],
}));

/** Only the topics a person turned on or off; absent topics are on (`wantsEmail`). */
function emailPreferences(value: unknown): EmailPreferences {
  const f = fields(value);
  const out: EmailPreferences = {};
  for (const topic of EMAIL_TOPICS) if (typeof f[topic] === 'boolean') out[topic] = f[topic];
  return out;
}

/** The owner's profile; the server creates it at first sign-in, the owner edits some fields. */
export const userProfileConverter = converter<UserProfileDoc, DocumentData>('user', (snap, d) => ({
  id: snap.id,
  email: text(d.email),
  displayName: text(d.displayName),
  photoURL: text(d.photoURL),
  emailPreferences: emailPreferences(d.emailPreferences),
}));

export const memberConverter = converter<MemberDoc, MemberDoc>('member', (snap, d) => ({
  id: snap.id,
  eventId: text(d.eventId, ownerId(snap)),
  userId: text(d.userId, snap.id),
  // Functions write only valid roles; anything else gets the least privilege.
  role: oneOf(d.role, MEMBER_ROLES, 'attendee'),
  joinedAt: time(d.joinedAt),
  user: userSummary(d.user),
  searchTokens: textList(d.searchTokens),
  // The member's own allowance; null = the event's.
  plusOnesAllowed: wholeOrNull(d.plusOnesAllowed, 0, MAX_PLUS_ONES),
  // Their guest groups (functions only; absent = none).
  groupIds: textList(d.groupIds),
}));

export const photoConverter = converter<PhotoDoc, PhotoDoc>('photo', (snap, d) => ({
  id: snap.id,
  eventId: text(d.eventId, ownerId(snap)),
  uploadedBy: text(d.uploadedBy),
  uploadedByUser: person(d.uploadedByUser),
  filename: text(d.filename),
  objectPath: text(d.objectPath),
  thumbPath: text(d.thumbPath),
  url: text(d.url),
  thumbUrl: text(d.thumbUrl),
  caption: text(d.caption),
  size: count(d.size, 0),
  contentType: text(d.contentType),
  votes: count(d.votes, 0),
  isFeatured: flag(d.isFeatured, false),
  uploadedAt: time(d.uploadedAt),
  searchTokens: textList(d.searchTokens),
  // Absent on photos recorded before the photo wall: they are on it.
  wallState: oneOf(d.wallState, WALL_STATES, 'shown'),
}));

export const photoVoteConverter = converter<PhotoVoteDoc, PhotoVoteDoc>('vote', (snap, d) => ({
  eventId: text(d.eventId),
  photoId: text(d.photoId, ownerId(snap)),
  userId: text(d.userId, snap.id),
  votedAt: time(d.votedAt),
}));

export const flightConverter = converter<FlightDoc, FlightDoc>('flight', (snap, d) => ({
  id: snap.id,
  eventId: text(d.eventId, ownerId(snap)),
  userId: text(d.userId),
  user: person(d.user),
  airline: text(d.airline),
  flightNumber: text(d.flightNumber),
  departure: text(d.departure),
  arrival: text(d.arrival),
  departureTime: text(d.departureTime),
  arrivalTime: text(d.arrivalTime),
  departureTimeZone: textOrNull(d.departureTimeZone),
  arrivalTimeZone: textOrNull(d.arrivalTimeZone),
  createdAt: time(d.createdAt),
}));

export const carpoolConverter = converter<CarpoolDoc, CarpoolDoc>('carpool', (snap, d) => ({
  id: snap.id,
  eventId: text(d.eventId, ownerId(snap)),
  driverId: text(d.driverId),
  driver: person(d.driver),
  fromLocation: text(d.fromLocation),
  toLocation: text(d.toLocation),
  departureTime: text(d.departureTime),
  maxSeats: count(d.maxSeats, 1),
  currentSeats: count(d.currentSeats, 1),
  passengerIds: textList(d.passengerIds),
  createdAt: time(d.createdAt),
}));

export const carpoolPassengerConverter = converter<CarpoolPassengerDoc, CarpoolPassengerDoc>(
  'passenger',
  (snap, d) => ({
    eventId: text(d.eventId),
    carpoolId: text(d.carpoolId, ownerId(snap)),
    userId: text(d.userId, snap.id),
    user: person(d.user),
    joinedAt: time(d.joinedAt),
  }),
);

/** A schedule item as an admin writes it: the tallies are the RSVP function's. */
export type StoredScheduleItem = Omit<ScheduleDoc, 'rsvpCounts'>;

export const scheduleConverter = converter<ScheduleDoc, StoredScheduleItem>(
  'schedule',
  (snap, d) => ({
    id: snap.id,
    eventId: text(d.eventId, ownerId(snap)),
    title: text(d.title),
    description: text(d.description),
    startTime: text(d.startTime),
    endTime: textOrNull(d.endTime),
    location: text(d.location),
    createdBy: text(d.createdBy),
    createdAt: time(d.createdAt),
    // Set by PUT /api/events/{e}/schedule/{s}/capacity only; absent = no limit.
    capacity: wholeOrNull(d.capacity, 1, Number.MAX_SAFE_INTEGER),
    // Absent until the first RSVP (docs/performance.md, "Counters").
    rsvpCounts: rsvpCounts(d.rsvpCounts),
    // Absent on items from before guest groups: open to everyone (domain/src/groups.ts).
    audience: oneOf(d.audience, ITEM_AUDIENCES, 'everyone'),
    groupAccess: mapOf(d.groupAccess, (v) => (v === true ? v : null)),
  }),
  // Admins create items directly: exactly the stored fields, as the rules require (the RSVP
  // tallies are the RSVP function's and never written here).
  (item) => ({
    id: item.id,
    eventId: item.eventId,
    title: item.title,
    description: item.description,
    startTime: item.startTime,
    endTime: item.endTime,
    location: item.location,
    createdBy: item.createdBy,
    createdAt: item.createdAt,
    // Who sees it (domain/src/groups.ts, `groupLimit`); the rules require both fields.
    audience: item.audience ?? 'everyone',
    groupAccess: item.groupAccess ?? {},
  }),
);

export const roleChangeConverter = converter<RoleChangeDoc, RoleChangeDoc>(
  'roleChange',
  (snap, d) => ({
    id: snap.id,
    eventId: text(d.eventId, ownerId(snap)),
    changedUserId: text(d.changedUserId),
    changedByUserId: text(d.changedByUserId),
    oldRole: oneOf(d.oldRole, MEMBER_ROLES, 'attendee'),
    newRole: oneOf(d.newRole, MEMBER_ROLES, 'attendee'),
    changedAt: time(d.changedAt),
    changedUserName: textOrNull(fields(d.changedUser).displayName),
    changedByName: textOrNull(fields(d.changedBy).displayName),
  }),
);

/**
 * One member's answers by schedule item id (written by the RSVP functions only): the member's
 * own on the dashboard, everyone's in the guest list.
 */
export const rsvpsByUserConverter = converter<RsvpsByUserDoc, RsvpsByUserDoc>(
  'rsvpsByUser',
  (snap, d) => ({
    id: snap.id,
    eventId: text(d.eventId, ownerId(snap)),
    userId: text(d.userId, snap.id),
    user: person(d.user),
    statuses: mapOf(d.statuses, isState),
    parties: mapOf(d.parties, party),
    respondedAt: mapOf(d.respondedAt, (v) => time(v)),
    recordedBy: mapOf(d.recordedBy, (v) => (typeof v === 'string' ? v : null)),
  }),
);

/**
 * One answer under its item (written by the RSVP functions only): "who's going" pages through
 * them, where the rules check the item's guest groups.
 */
export const rsvpConverter = converter<RsvpDoc, RsvpDoc>('rsvp', (snap, d) => {
  const stored = party(d.party);
  return {
    eventId: text(d.eventId),
    scheduleId: text(d.scheduleId, ownerId(snap)),
    userId: text(d.userId, snap.id),
    status: isState(d.status) ?? 'not_going',
    respondedAt: time(d.respondedAt),
    ...(stored ? { party: stored } : {}),
  };
});

/** A member's answers to the host's questions (theirs and the admins' to read; functions write). */
export const guestAnswersConverter = converter<GuestAnswersDoc, GuestAnswersDoc>(
  'guestAnswers',
  (snap, d) => ({
    id: snap.id,
    eventId: text(d.eventId, ownerId(snap)),
    userId: text(d.userId, snap.id),
    answers: guestAnswers(d.answers),
    updatedAt: time(d.updatedAt),
  }),
);

/** Guest groups (admins read them; the group functions write them). */
export const groupConverter = converter<GroupDoc, GroupDoc>('group', (snap, d) => ({
  id: snap.id,
  eventId: text(d.eventId, ownerId(snap)),
  name: text(d.name),
  createdAt: time(d.createdAt),
}));

/** Invitations (admins read them; functions write them). */
export const invitationConverter = converter<InvitationDoc, InvitationDoc>(
  'invitation',
  (snap, d) => ({
    id: snap.id,
    eventId: text(d.eventId, ownerId(snap)),
    email: text(d.email),
    role: d.role === 'admin' ? 'admin' : 'attendee',
    status: d.status === 'accepted' ? 'accepted' : 'pending',
    invitedByUserId: text(d.invitedByUserId),
    invitedAt: time(d.invitedAt),
    respondedAt: time(d.respondedAt),
  }),
);

/** Requests to join through the event link (admins list them; functions write them). */
export const joinRequestConverter = converter<JoinRequestDoc, JoinRequestDoc>(
  'joinRequest',
  (snap, d) => ({
    id: snap.id,
    eventId: text(d.eventId, ownerId(snap)),
    userId: text(d.userId, snap.id),
    user: userSummary(d.user),
    status: d.status === 'declined' ? 'declined' : 'pending',
    requestedAt: time(d.requestedAt),
    decidedAt: time(d.decidedAt),
    decidedBy: textOrNull(d.decidedBy),
  }),
);

// ---- Stored counts and feeds (written only by functions) -----------------------------------

/**
 * A stats document, told apart by its id (events/{e}/stats/{members|photos|travel}, and the
 * photo count's shards photos-{k}, domain/src/photo-counter.ts).
 */
export type StatsDoc =
  | { kind: 'members'; stats: MemberStats }
  | { kind: 'photos'; stats: PhotoStats }
  | { kind: 'photoShard'; stats: PhotoStats }
  | { kind: 'travel'; stats: TravelStats }
  | { kind: 'unknown' };

export const statsConverter = converter<StatsDoc, DocumentData>('stats', (snap, d) => {
  switch (snap.id) {
    case 'members':
      return {
        kind: 'members',
        stats: {
          total: count(d.total, 0),
          creator: count(d.creator, 0),
          admin: count(d.admin, 0),
          attendee: count(d.attendee, 0),
        },
      };
    case 'photos':
      return {
        kind: 'photos',
        stats: { total: count(d.total, 0), featured: count(d.featured, 0) },
      };
    case 'travel':
      return {
        kind: 'travel',
        stats: { flights: count(d.flights, 0), carpools: count(d.carpools, 0) },
      };
    default:
      return photoShardIndex(snap.id) === null
        ? { kind: 'unknown' }
        : {
            kind: 'photoShard',
            stats: { total: count(d.total, 0), featured: count(d.featured, 0) },
          };
  }
});

const ACTIVITY_KINDS: readonly ActivityEntryKind[] = [
  'photo',
  'flight',
  'carpool',
  'member',
  'schedule',
  'announcement',
  'rsvp',
  'waitlist',
];

/** A batch line's thumbnails: entries without an id or a path are left out. */
function activityPhotos(value: unknown): ActivityPhoto[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const f = fields(v);
    const id = text(f.id);
    const path = text(f.path);
    return id && path ? [{ id, path, url: text(f.url), caption: text(f.caption) }] : [];
  });
}

export const activityConverter = converter<ActivityDoc, ActivityDoc>('activity', (snap, d) => ({
  id: snap.id,
  kind: oneOf(d.kind, ACTIVITY_KINDS, 'member'),
  actor: d.actor === null || d.actor === undefined ? null : person(d.actor),
  subjectId: text(d.subjectId),
  title: text(d.title),
  at: time(d.at),
  // Photo lines (one per upload batch); entries from before batches have neither.
  ...(d.kind === 'photo'
    ? { count: Math.max(1, Math.floor(count(d.count, 1))), photos: activityPhotos(d.photos) }
    : {}),
}));

// ---- Date polls (written by the poll functions only) -----------------------------------------

function pollOption(value: unknown): PollOption | null {
  const f = fields(value);
  if (typeof f.id !== 'string' || typeof f.start !== 'string') return null;
  return { id: f.id, start: f.start, end: textOrNull(f.end), allDay: f.allDay === true };
}

function pollTarget(value: unknown): PollTarget {
  const f = fields(value);
  return f.kind === 'schedule' && typeof f.scheduleId === 'string'
    ? { kind: 'schedule', scheduleId: f.scheduleId }
    : { kind: 'event' };
}

export const pollConverter = converter<PollDoc, PollDoc>('poll', (snap, d) => ({
  id: snap.id,
  eventId: text(d.eventId, ownerId(snap)),
  target: pollTarget(d.target),
  title: text(d.title),
  // Its item's limit (domain/src/entities/polls.ts); absent on polls from before: everyone.
  audience: oneOf(d.audience, ITEM_AUDIENCES, 'everyone'),
  groupAccess: mapOf(d.groupAccess, (v) => (v === true ? v : null)),
  options: Array.isArray(d.options)
    ? d.options.map(pollOption).filter((o): o is PollOption => o !== null)
    : [],
  deadline: textOrNull(d.deadline),
  status: oneOf(d.status, ['open', 'closed'] as const, 'open'),
  chosenOptionId: textOrNull(d.chosenOptionId),
  createdBy: text(d.createdBy),
  createdAt: time(d.createdAt),
  closedAt: time(d.closedAt),
  reminderDueAt: time(d.reminderDueAt),
  announcedCount: typeof d.announcedCount === 'number' ? d.announcedCount : null,
}));

export const pollBallotConverter = converter<PollBallotDoc, PollBallotDoc>('ballot', (snap, d) => ({
  id: snap.id,
  eventId: text(d.eventId),
  pollId: text(d.pollId, ownerId(snap)),
  userId: text(d.userId, snap.id),
  user: person(d.user),
  answers: mapOf(d.answers, (v) => (isPollAnswer(v) ? v : null)),
  updatedAt: time(d.updatedAt),
}));

function pollCounts(value: unknown): Partial<PollCounts> {
  const f = fields(value);
  return { yes: count(f.yes, 0), ifNeedBe: count(f.ifNeedBe, 0), no: count(f.no, 0) };
}

export const pollTallyConverter = converter<PollTallyShard, PollTallyShard>(
  'tally',
  (_snap, d) => ({ counts: mapOf(d.counts, pollCounts), voters: count(d.voters, 0) }),
);
