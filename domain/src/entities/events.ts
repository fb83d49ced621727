// events/{e}: the event, its settings, theme and banner, and their defaults.
import type { GuestQuestion } from '../rsvp-options.ts';
import type { IsoDateString, TimeZoneId } from './common.ts';
import type { MemberRole } from './members.ts';

export type BannerStyle = 'contained' | 'full-width';

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
  /** The photo wall's settings, written by functions only (absent: DEFAULT_WALL_SETTINGS). */
  wallSettings?: WallSettings;
}

/** events/{e}.wallSettings (docs/product.md, "Photo wall"). */
export interface WallSettings {
  /** Seconds each photo stays on the wall. */
  paceSeconds: number;
  /** "Approve photos before they appear on the wall": new uploads wait in the admins' queue. */
  approveFirst: boolean;
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
