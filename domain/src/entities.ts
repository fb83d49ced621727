import type { GuestQuestion, Party, RsvpState, RsvpStatus } from './rsvp-options.ts';
/**
 * Entity and API shapes shared by web and functions (docs/data-model.md).
 *
 * Server-set timestamps are generic (`Time`): Firestore documents hold `Timestamp`s, the HTTP
 * API serialises them as ISO strings, so `Photo` is the API shape and `Photo<Timestamp>` the
 * document shape. User-entered date-times are always ISO-8601 UTC strings or `null` (TBD): the
 * instant. They are entered and shown as wall-clock time in a time zone: the event's
 * (`Event.timeZone`) for event dates, schedule items and carpools, each airport's for flights
 * (docs/data-model.md, "Time").
 */

/** ISO-8601 string, e.g. `2027-06-12T15:00:00.000Z`. */
export type IsoDateString = string;

/** IANA time zone name, e.g. `America/Los_Angeles` (validated by `normalizeTimeZone`). */
export type TimeZoneId = string;

export type SubscriptionTierName = 'free' | 'paid' | 'enterprise';
export type SubscriptionStatus = string;
export type MemberRole = 'creator' | 'admin' | 'attendee';
export type InvitableRole = Exclude<MemberRole, 'creator'>;
export type InvitationStatus = 'pending' | 'accepted';
export type BannerStyle = 'contained' | 'full-width';

/** Person summary copied onto documents so lists render without extra reads ('' when unknown). */
export interface UserSummary {
  displayName: string;
  email: string;
  photoURL: string;
}
export type PersonSummary = Pick<UserSummary, 'displayName' | 'photoURL'>;

export interface User<Time = IsoDateString> {
  id: string;
  email: string;
  displayName: string;
  photoURL: string;
  phoneNumber: string;
  venmoUsername: string;
  subscriptionStatus: SubscriptionStatus;
  subscriptionTier: SubscriptionTierName;
  subscriptionExpiresAt: Time | null;
  /** Absent until the person changes a setting or unsubscribes; absent topics are on. */
  emailPreferences?: EmailPreferences;
  createdAt: Time;
  updatedAt: Time;
}

/**
 * E-mail a person can turn off (docs/data-model.md, "E-mail"). Invitations are not a topic: each
 * is sent once, to someone who has no account yet.
 */
export type EmailTopic = 'reminders' | 'announcements';

/** users/{uid}.emailPreferences: false turns a topic off. */
export type EmailPreferences = Partial<Record<EmailTopic, boolean>>;

/** Fields of the user document the owner may edit directly. */
export type EditableUserFields = Pick<
  User,
  'displayName' | 'photoURL' | 'phoneNumber' | 'venmoUsername'
>;

export interface TierLimits {
  maxEvents: number;
  maxAttendeesPerEvent: number;
  maxPhotosPerEvent: number;
  maxTravelEntriesPerEvent: number;
  maxStorageMb: number;
  maxInvitationsPerDay: number;
  /** Announcements e-mailed per event and UTC day; the event creator's tier decides. */
  maxAnnouncementsPerEventPerDay: number;
  eventHistoryRetentionDays: number;
}

export interface TierFeatures {
  customBrandingEnabled: boolean;
  customBrandingAdvancedEnabled: boolean;
  priorityEmailDelivery: boolean;
  exportDataEnabled: boolean;
  analyticsEnabled: boolean;
  apiAccessEnabled: boolean;
  advancedSchedulingEnabled: boolean;
  whiteLabelEnabled: boolean;
}

/** Limits use -1 for unlimited. */
export interface SubscriptionTier<Time = IsoDateString> extends TierLimits, TierFeatures {
  id: SubscriptionTierName;
  tierName: SubscriptionTierName;
  displayName: string;
  createdAt: Time;
  updatedAt: Time;
}

export interface ThemeColors {
  primary: string;
  secondary: string;
  tertiary: string;
  background: string;
  surface: string;
}

export interface BannerSettings {
  style: BannerStyle;
  autoRotate: boolean;
  /** Milliseconds between slides. */
  rotateInterval: number;
  /** Storage object path of the uploaded banner, or null. */
  customBannerImage: string | null;
}

export interface Event<Time = IsoDateString> {
  id: string;
  name: string;
  description: string;
  location: string;
  startDate: IsoDateString | null;
  endDate: IsoDateString | null;
  /**
   * The zone every wall-clock time of the event is entered and shown in. null (or absent) on
   * events created before zones existed: they show in UTC until an admin confirms a zone
   * (`eventTimeZone`, `needsTimeZoneConfirmation` in time-zones.ts). Optional in the type only
   * until every writer sets it.
   */
  timeZone?: TimeZoneId | null;
  /**
   * "Guests can see who's going": attendees may read other members' answers (names under each
   * schedule item's count). Absent = on (the default); admins always see the guest list.
   */
  guestsSeeWhoIsGoing?: boolean;
  /**
   * How many additional guests each member may bring (0–10; absent = 0); a member's own
   * `plusOnesAllowed` overrides it (rsvp-options.ts, `allowanceFor`).
   */
  plusOnesAllowed?: number;
  /** The host's questions, asked when a member first answers Going (absent = none). */
  questions?: GuestQuestion[];
  /** Logo URL, '' when none. */
  customLogo: string;
  themeColors: ThemeColors;
  bannerSettings: BannerSettings;
  /**
   * Download URL of `bannerSettings.customBannerImage` (null when none), written with it by the
   * banner function only.
   */
  bannerImageUrl: string | null;
  adminId: string;
  createdBy: string;
  createdAt: Time;
  /** Absent: DEFAULT_REMINDER_SETTINGS (domain/src/email/reminders.ts). */
  reminderSettings?: ReminderSettings;
}

/** events/{e}.reminderSettings: the e-mails the scheduler sends before schedule items. */
export interface ReminderSettings {
  /** Hours before an item that members who have not answered are reminded; null: off. */
  unansweredHoursBefore: number | null;
  /** On the day, members going to that day's items get a summary of them. */
  dayOfSummary: boolean;
}

/** An event as the current user sees it in lists and on the dashboard. */
export interface EventWithMembership<Time = IsoDateString> extends Event<Time> {
  memberCount: number;
  /** The current user's role in this event. */
  role: MemberRole;
}

/** Settings fields that may be written one at a time (spec: PUT /api/events/{id}). */
export type EventSettingsField =
  | 'name'
  | 'description'
  | 'location'
  | 'startDate'
  | 'endDate'
  | 'timeZone'
  | 'customLogo'
  | 'themeColors'
  | 'guestsSeeWhoIsGoing'
  | 'plusOnesAllowed';

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

export interface Photo<Time = IsoDateString> {
  id: string;
  eventId: string;
  uploadedBy: string;
  uploadedByUser: PersonSummary;
  filename: string;
  objectPath: string;
  /** Storage path of the browser-made grid thumbnail ('' when none). */
  thumbPath: string;
  /**
   * Download URLs of the original and of the thumbnail ('' when none), written by the function
   * that records the upload: screens show images without the Storage SDK or a request per image
   * (docs/decisions.md, "Stored image URLs").
   */
  url: string;
  thumbUrl: string;
  caption: string;
  /** Bytes of the original. */
  size: number;
  /**
   * Bytes of the thumbnail (0 when none), counted in the uploader's storage with `size`. Absent
   * on photos recorded before thumbnails were counted.
   */
  thumbSize?: number;
  contentType: string;
  /**
   * The photo's vote documents, counted: folded in at most once a second per photo
   * (functions/src/services/votes.ts), so it trails a burst of votes by about a second.
   */
  votes: number;
  /** When `votes` was last folded in (absent: never since the count was first written). */
  votesCountedAt?: Time;
  isFeatured: boolean;
  uploadedAt: Time;
  /**
   * Word prefixes of caption and uploader name (domain/src/search.ts); written by functions
   * only (a trigger recomputes them after a caption edit). Absent until written.
   */
  searchTokens?: string[];
  /**
   * The upload batch the uploader's client named (one press of Upload, docs/decisions.md);
   * absent when the photo came alone. The batch's feed entry is `photo:{uploadedBy}:{batchId}`,
   * a lone photo's `photo:{id}` (domain/src/activity.ts, `photoBatchSubject`).
   */
  batchId?: string;
}

/** A photo as returned to a particular viewer. */
export interface PhotoView<Time = IsoDateString> extends Photo<Time> {
  voteCount: number;
  userVoted: boolean;
}

export interface PhotoVote<Time = IsoDateString> {
  eventId: string;
  photoId: string;
  userId: string;
  votedAt: Time;
}

export interface Flight<Time = IsoDateString> {
  id: string;
  eventId: string;
  userId: string;
  user: PersonSummary;
  airline: string;
  flightNumber: string;
  departure: string;
  arrival: string;
  departureTime: IsoDateString;
  arrivalTime: IsoDateString;
  /**
   * Zones of the departure and arrival airports, in which the times were entered and are shown
   * (as printed on a ticket). null (or absent) on flights added before zones existed: they show
   * in the event's zone (`flightTimeZones` in flights.ts).
   */
  departureTimeZone?: TimeZoneId | null;
  arrivalTimeZone?: TimeZoneId | null;
  createdAt: Time;
}

export interface Carpool<Time = IsoDateString> {
  id: string;
  eventId: string;
  driverId: string;
  driver: PersonSummary;
  fromLocation: string;
  toLocation: string;
  departureTime: IsoDateString;
  /** 1..8. */
  maxSeats: number;
  /** Starts at 1: the driver. */
  currentSeats: number;
  passengerIds: string[];
  createdAt: Time;
}

export interface CarpoolPassenger<Time = IsoDateString> {
  eventId: string;
  carpoolId: string;
  userId: string;
  user: PersonSummary;
  joinedAt: Time;
}

export interface CarpoolView<Time = IsoDateString> extends Carpool<Time> {
  passengers: CarpoolPassenger<Time>[];
}

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
   * Most heads going (Pro and Enterprise: PUT /api/events/{e}/schedule/{s}/capacity); absent or null = no
   * limit. When full, Going answers join the waitlist (rsvp-options.ts, `placeGoing`).
   */
  capacity?: number | null;
  /**
   * Exact RSVP tallies, kept by the RSVP functions (PUT /api/events/{e}/schedule/{s}/rsvp and the host's
   * PUT /api/events/{e}/schedule/{s}/rsvps/{uid}) in the transaction that writes the RSVP
   * (docs/performance.md, "Counters"). Absent until the first RSVP: read as zeros.
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

// Counters kept by functions in the transaction of each counted write (docs/performance.md,
// "Counters"); members read them. A missing document means "not counted yet", never 0.

/** events/{e}/stats/members */
export interface EventStatsMembers {
  total: number;
  creator: number;
  admin: number;
  attendee: number;
}

/**
 * The event's photo counts (domain/src/photo-counter.ts): the sum of `stats/photos` (the base)
 * and its shards `stats/photos-{k}`, each holding these two fields.
 */
export interface EventStatsPhotos {
  total: number;
  featured: number;
}

/** events/{e}/stats/photos: the base of the photo count, and the cap its shards were cut for. */
export interface EventStatsPhotosBase extends EventStatsPhotos {
  /** The photo cap (-1 = none) the shards' shares were cut for; absent = never cut. */
  shardLimit?: number;
}

/** events/{e}/stats/travel */
export interface EventStatsTravel {
  flights: number;
  carpools: number;
}

/** The documents of events/{e}/stats by id. */
export interface EventStats {
  members: EventStatsMembers;
  photos: EventStatsPhotos;
  travel: EventStatsTravel;
}
export type EventStatsId = keyof EventStats;
export const EVENT_STATS_IDS: readonly EventStatsId[] = ['members', 'photos', 'travel'];

export type ActivityEntryKind =
  'photo' | 'flight' | 'carpool' | 'member' | 'schedule' | 'announcement' | 'rsvp' | 'waitlist';

/**
 * events/{e}/activity/{kind}:{subjectId}: one feed entry per member, flight, carpool,
 * schedule item or announcement, written by Firestore triggers on create and removed on delete
 * (functions/src/triggers/activity.ts); one per photo upload batch (`photo:{uid}:{batchId}`, a
 * lone photo's `photo:{photoId}`), kept in the transactions that record and delete its photos;
 * and one per answer a host recorded for a guest (`rsvp:{scheduleId}:{uid}`, written with the
 * answer); `title` is the sentence the feed shows (domain/src/activity.ts).
 */
export interface ActivityEntry<Time = IsoDateString> {
  /** `${kind}:${subjectId}`. */
  id: string;
  kind: ActivityEntryKind;
  /** Who did it; null for schedule items (no person). */
  actor: PersonSummary | null;
  /**
   * Id of the member (uid), flight, carpool, schedule item or announcement;
   * `{uid}:{batchId}` for a photo batch (a lone photo: its id); `{scheduleId}:{uid}` for a
   * recorded answer.
   */
  subjectId: string;
  title: string;
  at: Time;
  /** Photo entries (one per upload batch): how many of the batch's photos are still there. */
  count?: number;
  /** Photo entries: the batch's newest photos, newest first (at most `PHOTO_BATCH_PREVIEW`). */
  photos?: ActivityPhoto[];
}

/** A photo a feed entry shows as a thumbnail that opens it. */
export interface ActivityPhoto {
  id: string;
  /** Storage path of its thumbnail, or of the photo itself when it has none. */
  path: string;
  /** Download URL of that object. */
  url: string;
  caption: string;
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
}

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

/** mail/{id}, the Trigger Email extension schema (docs/data-model.md, "E-mail"). */
export interface MailDocument<Time = IsoDateString> {
  to: string;
  message: MailMessage;
  /** Written by the delivery function, as the extension does. */
  delivery?: MailDelivery<Time>;
}

export interface MailMessage {
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export type MailDeliveryState = 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'ERROR';

export interface MailDelivery<Time = IsoDateString> {
  state: MailDeliveryState;
  /** SMTP attempts made so far. */
  attempts: number;
  /** When the current (or last) delivery began; null while PENDING. */
  startTime: Time | null;
  endTime: Time | null;
  /** While PROCESSING: the claim holds until then (docs/data-model.md, "E-mail"). */
  leaseExpireTime: Time | null;
  /** The last failure, as a sentence. */
  error: string | null;
  /** The SMTP server's answer once SUCCESS. */
  info: MailDeliveryInfo | null;
}

export interface MailDeliveryInfo {
  messageId: string;
  accepted: string[];
  rejected: string[];
  pending: string[];
  response: string;
}

/** Who an announcement goes to: every member, or those with one answer for a schedule item. */
export type AnnouncementAudience =
  { kind: 'all' } | { kind: 'rsvp'; scheduleId: string; status: RsvpStatus | 'no_response' };

/** events/{e}/announcements/{id}: a message from the hosts, in the activity feed and e-mailed. */
export interface Announcement<Time = IsoDateString> {
  id: string;
  eventId: string;
  authorId: string;
  author: PersonSummary;
  message: string;
  audience: AnnouncementAudience;
  /** "Everyone", "Going to Rehearsal dinner", as it was when sent. */
  audienceLabel: string;
  /** E-mails queued; null until the fan-out has finished. */
  recipientCount: number | null;
  createdAt: Time;
}

/** The reminder e-mails the scheduler sends: before an unanswered item, and the day's summary. */
export type ReminderKind = 'unanswered' | 'day-of';

/**
 * events/{e}/reminderRuns/{runId}: one unit of reminder work (server-only), claimed before its
 * e-mails are queued (unanswered reminders count against the event's daily budget by
 * `claimedAt`) and finished after.
 */
export interface ReminderRun<Time = IsoDateString> {
  kind: ReminderKind;
  /** The item id, or the day in the event's zone ("2027-06-12"). */
  key: string;
  /** E-mails the unit queued. */
  mailCount: number;
  /** When the run claimed the unit (absent on units from before claims). */
  claimedAt?: Time;
  /** Null while claimed but not finished (a run that stopped: the next one finishes it). */
  completedAt: Time | null;
}

/** One metered usage of a plan (SubscriptionResponse, api/responses.ts). */
export interface UsageCount {
  used: number;
  /** -1 = unlimited. */
  limit: number;
}

/** Defaults (docs/product.md, "Create Event"). */
export const DEFAULT_THEME_COLORS: Readonly<ThemeColors> = Object.freeze({
  primary: '#6236ff',
  secondary: '#14b8a6',
  tertiary: '#f59e0b',
  background: '#ffffff',
  surface: '#f8fafc',
});

export const DEFAULT_BANNER_ROTATE_INTERVAL_MS = 4000;

export const DEFAULT_BANNER_SETTINGS: Readonly<BannerSettings> = Object.freeze({
  style: 'contained',
  autoRotate: true,
  rotateInterval: DEFAULT_BANNER_ROTATE_INTERVAL_MS,
  customBannerImage: null,
});
