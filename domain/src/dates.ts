/**
 * Date display, countdown and form conversions. Stored date-times are instants (ISO-8601 UTC
 * strings) or null (TBD); they are shown as wall-clock time in a time zone, and day counts are
 * calendar days in that zone (not 24-hour blocks), so "Today!" means the same date on the
 * event's wall calendar wherever the viewer is.
 *
 * Every function that shows or counts takes the zone as its last parameter. Event screens pass
 * `eventTimeZone(event)`, flight screens the airport's zone (flights.ts). Without one, the
 * viewer's device zone is used: right for things about the viewer ("Joined", "5 minutes ago"),
 * and how every function behaved before events had zones.
 *
 * Arithmetic and conversions use Temporal (time-zones.ts); nothing here reads a Date's local
 * fields or adds offsets by hand.
 */
import { Temporal } from 'temporal-polyfill';
import type { IsoDateString, TimeZoneId } from './entities/common.ts';
import {
  deviceTimeZone,
  eventTimeZone,
  formatIsoInstant,
  parseWallClock,
  resolveWallClock,
  timeZoneAbbreviation,
  toInstant,
  toIsoInstant,
  toZoned,
  type TimeLike,
} from './time-zones.ts';

export type { TimeLike } from './time-zones.ts';

export const DATE_TBD = 'Date TBD';
export const TODAY_TEXT = 'Today!';
export const EVENT_PASSED_TEXT = 'Event passed';

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

interface DateFields {
  year: number;
  month: number;
  day: number;
  dayOfWeek: number;
}
interface TimeFields {
  hour: number;
  minute: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const monthName = (d: DateFields) => MONTH_NAMES[d.month - 1] ?? '';
const shortMonth = (d: DateFields) => monthName(d).slice(0, 3);
const weekday = (d: DateFields) => WEEKDAY_NAMES[d.dayOfWeek - 1] ?? '';
const clock = (t: TimeFields) =>
  `${t.hour % 12 === 0 ? 12 : t.hour % 12}:${pad2(t.minute)} ${t.hour < 12 ? 'AM' : 'PM'}`;
const weekdayDate = (d: DateFields) => `${weekday(d)}, ${monthName(d)} ${d.day}, ${d.year}`;

/** No zone (absent or '') means the device's; an invalid one shows as UTC (`toZoned`). */
const zonedOrNull = (value: TimeLike | null | undefined, timeZone?: string | null) =>
  toZoned(value, timeZone || deviceTimeZone());
const abbreviation = (d: Temporal.ZonedDateTime) =>
  timeZoneAbbreviation(d.epochMilliseconds, d.timeZoneId);

/** A valid Date, or null for null/''/unparseable values. */
export function parseDate(value: TimeLike | null | undefined): Date | null {
  const instant = toInstant(value);
  return instant ? new Date(instant.epochMilliseconds) : null;
}

/** Epoch milliseconds; NaN when unparseable. */
export function toMillis(value: TimeLike): number {
  return toInstant(value)?.epochMilliseconds ?? Number.NaN;
}

// ---------------------------------------------------------------------------------------------
// Display formats without a zone label (dates, and times next to a labelled heading)

const longDate = (d: DateFields) => `${monthName(d)} ${pad2(d.day)}, ${d.year}`;

/** "MMMM dd, yyyy": "June 05, 2027"; "Date TBD" without a date. */
export function formatLongDate(value: TimeLike | null | undefined, timeZone?: string): string {
  const d = zonedOrNull(value, timeZone);
  return d ? longDate(d) : DATE_TBD;
}

/** "MMM d, yyyy": "Jun 5, 2027" (event cards); "Date TBD" without a date. */
export function formatShortDate(value: TimeLike | null | undefined, timeZone?: string): string {
  const d = zonedOrNull(value, timeZone);
  return d ? `${shortMonth(d)} ${d.day}, ${d.year}` : DATE_TBD;
}

/** "3:05 PM"; '' without a date. */
export function formatTime(value: TimeLike | null | undefined, timeZone?: string): string {
  const d = zonedOrNull(value, timeZone);
  return d ? clock(d) : '';
}

/** "Jun 5, 2027, 3:05 PM"; "Date TBD" without a date. */
export function formatDateTime(value: TimeLike | null | undefined, timeZone?: string): string {
  const d = zonedOrNull(value, timeZone);
  return d ? `${shortMonth(d)} ${d.day}, ${d.year}, ${clock(d)}` : DATE_TBD;
}

/** Banner/invitation date line: one day, or "June 12, 2027 – June 14, 2027"; "Date TBD" without a start. */
export function formatDateRange(
  start: TimeLike | null | undefined,
  end: TimeLike | null | undefined,
  timeZone?: string,
): string {
  const s = zonedOrNull(start, timeZone);
  if (!s) return DATE_TBD;
  const e = zonedOrNull(end, timeZone);
  if (!e || s.toPlainDate().equals(e.toPlainDate())) return longDate(s);
  return `${longDate(s)} – ${longDate(e)}`;
}

/** "Joined Jun 5, 2027" (member cards). */
export function formatJoined(value: TimeLike | null | undefined, timeZone?: string): string {
  return toInstant(value) ? `Joined ${formatShortDate(value, timeZone)}` : 'Joined';
}

// ---------------------------------------------------------------------------------------------
// Labelled display in a given zone (event times, flights)

/** "Sat, June 12, 2027, 3:45 PM PDT"; "Date TBD" without a date. */
export function formatZonedDateTime(value: TimeLike | null | undefined, timeZone: string): string {
  const d = toZoned(value, timeZone);
  return d ? `${weekdayDate(d)}, ${clock(d)} ${abbreviation(d)}` : DATE_TBD;
}

/** "3:45 PM PDT"; '' without a date. */
export function formatZonedTime(value: TimeLike | null | undefined, timeZone: string): string {
  const d = toZoned(value, timeZone);
  return d ? `${clock(d)} ${abbreviation(d)}` : '';
}

/** "Sat, June 12, 2027" (the day in that zone); "Date TBD" without a date. */
export function formatZonedDate(value: TimeLike | null | undefined, timeZone: string): string {
  const d = toZoned(value, timeZone);
  return d ? weekdayDate(d) : DATE_TBD;
}

// ---------------------------------------------------------------------------------------------
// Whole days (a picked whole-day date poll option; docs/decisions.md, "Date polls")

/** The first and last day ("2027-06-12") of a range that covers whole days in its zone. */
export interface WholeDays {
  first: string;
  last: string;
}

/**
 * The days a start–end pair covers when it runs from a day's midnight to a day's 23:59 in the
 * zone, as a picked whole-day option sets them (polls.ts, `pickedDates`); null for a timed
 * range (or no end). Such a range shows as dates, never as "12:00 AM", and is an all-day
 * calendar entry.
 */
export function wholeDays(
  start: TimeLike | null | undefined,
  end: TimeLike | null | undefined,
  timeZone?: string,
): WholeDays | null {
  const s = zonedOrNull(start, timeZone);
  const e = zonedOrNull(end, timeZone);
  if (!s || !e) return null;
  const midnight = s.hour === 0 && s.minute === 0 && s.second === 0 && s.millisecond === 0;
  if (!midnight || e.hour !== 23 || e.minute !== 59) return null;
  const first = s.toPlainDate();
  const last = e.toPlainDate();
  if (Temporal.PlainDate.compare(last, first) < 0) return null;
  return { first: first.toString(), last: last.toString() };
}

/** "Sat, June 12, 2027", or "Sat, June 12, 2027 – Sun, June 13, 2027" across days. */
export function formatWholeDays(days: WholeDays): string {
  const first = weekdayDate(Temporal.PlainDate.from(days.first));
  if (days.last === days.first) return first;
  return `${first} – ${weekdayDate(Temporal.PlainDate.from(days.last))}`;
}

/**
 * An item's start as one line: its dates when it covers whole days (a picked whole-day poll
 * option), else "Sat, June 12, 2027, 4:00 PM PDT".
 */
export function formatZonedStart(
  start: TimeLike | null | undefined,
  end: TimeLike | null | undefined,
  timeZone: string,
): string {
  const days = wholeDays(start, end, timeZone);
  return days ? formatWholeDays(days) : formatZonedDateTime(start, timeZone);
}

/**
 * The secondary hint for a viewer whose device shows another wall-clock time at that instant:
 * "6:45 PM EDT your time", with the date when the day differs ("Sun, June 13, 12:45 AM GMT+1
 * your time"); null when the viewer's clock reads the same as the zone's (or no date).
 */
export function viewerTimeHint(
  value: TimeLike | null | undefined,
  timeZone: string,
  viewerTimeZone: string = deviceTimeZone(),
): string | null {
  const shown = toZoned(value, timeZone);
  const viewer = toZoned(value, viewerTimeZone);
  if (!shown || !viewer || shown.offsetNanoseconds === viewer.offsetNanoseconds) return null;
  const time = `${clock(viewer)} ${abbreviation(viewer)}`;
  const sameDay = Temporal.PlainDate.compare(shown.toPlainDate(), viewer.toPlainDate()) === 0;
  return sameDay
    ? `${time} your time`
    : `${weekday(viewer)}, ${monthName(viewer)} ${viewer.day}, ${time} your time`;
}

/**
 * What a form shows under a wall-clock time that a DST change skips or repeats in the zone, or
 * null: "Clocks spring forward that night, so 2:30 AM does not exist on Sun, March 14, 2027. It
 * will be saved as 3:30 AM PDT." (The rule itself is `DST_DISAMBIGUATION` in time-zones.ts.)
 */
export function wallClockNote(value: unknown, timeZone: unknown): string | null {
  const resolved = resolveWallClock(value, timeZone);
  const local = parseWallClock(value);
  if (!resolved || !local || resolved.kind === 'exact') return null;
  const saved = `${clock(resolved.zoned)} ${abbreviation(resolved.zoned)}`;
  const day = weekdayDate(local);
  return resolved.kind === 'skipped'
    ? `Clocks spring forward that night, so ${clock(local)} does not exist on ${day}. It will be saved as ${saved}.`
    : `Clocks fall back that night, so ${clock(local)} happens twice on ${day}. It will be saved as the first one, ${saved}.`;
}

// ---------------------------------------------------------------------------------------------
// Calendar days, countdown and the Active filter

/** Whole calendar days in the zone from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: TimeLike, to: TimeLike, timeZone?: string): number {
  const a = zonedOrNull(from, timeZone);
  const b = zonedOrNull(to, timeZone);
  return a && b ? daysBetween(a, b) : Number.NaN;
}

const daysBetween = (a: Temporal.ZonedDateTime, b: Temporal.ZonedDateTime) =>
  a.toPlainDate().until(b.toPlainDate(), { largestUnit: 'days' }).days;

/** Calendar days (in the zone) from now until the date; null without a date. */
export function daysUntil(
  value: TimeLike | null | undefined,
  now: Date = new Date(),
  timeZone?: string,
): number | null {
  const target = zonedOrNull(value, timeZone);
  const today = zonedOrNull(now, timeZone);
  return target && today ? daysBetween(today, target) : null;
}

/** The day, in the zone, that an instant falls on ("2027-06-12"): for grouping by day. */
export function dayKey(value: TimeLike | null | undefined, timeZone?: string): string {
  return zonedOrNull(value, timeZone)?.toPlainDate().toString() ?? '';
}

/**
 * Where an event stands on its own wall calendar: 'tbd' (no start), 'upcoming' (starts on a
 * later day), 'today' (starts today), 'ongoing' (started earlier, ends today or later),
 * 'passed'.
 */
export type EventPhase = 'tbd' | 'upcoming' | 'today' | 'ongoing' | 'passed';

/** What the phase needs of an event; `timeZone` absent or null means not confirmed (UTC). */
export interface EventTiming {
  startDate: TimeLike | null;
  endDate?: TimeLike | null;
  timeZone?: TimeZoneId | null;
}

function phaseIn(
  start: TimeLike | null | undefined,
  end: TimeLike | null | undefined,
  now: Date,
  timeZone: string,
): EventPhase {
  const days = daysUntil(start, now, timeZone);
  if (days === null) return 'tbd';
  if (days > 0) return 'upcoming';
  if (days === 0) return 'today';
  const endDays = daysUntil(end, now, timeZone);
  return endDays !== null && endDays >= 0 ? 'ongoing' : 'passed';
}

const COUNTDOWN: Record<EventPhase, (days: number) => string | null> = {
  tbd: () => null,
  upcoming: (days) => `${days} days to go`,
  today: () => TODAY_TEXT,
  ongoing: () => TODAY_TEXT,
  passed: () => EVENT_PASSED_TEXT,
};

/** The event's phase, counted in the event's zone. */
export function eventPhase(event: EventTiming, now: Date = new Date()): EventPhase {
  return phaseIn(event.startDate, event.endDate, now, eventTimeZone(event));
}

/** Banner countdown for an event, counted in the event's zone (see `countdownText`). */
export function eventCountdownText(event: EventTiming, now: Date = new Date()): string | null {
  return countdownText(event.startDate, now, event.endDate, eventTimeZone(event));
}

/**
 * Banner countdown: "N days to go" (spec text, for every N ≥ 1), "Today!" on the start day and
 * while a multi-day event is running (start passed, end today or later), "Event passed" after.
 * null when the date is TBD. Days are counted in `timeZone` (default: the device's).
 */
export function countdownText(
  start: TimeLike | null | undefined,
  now: Date = new Date(),
  end?: TimeLike | null,
  timeZone: string = deviceTimeZone(),
): string | null {
  const phase = phaseIn(start, end, now, timeZone);
  return COUNTDOWN[phase](daysUntil(start, now, timeZone) ?? 0);
}

/**
 * "Active Only" filter: the end date is today or later in the zone (default: the device's).
 * Events without an end date (TBD) have not happened yet, so they count as active.
 */
export function isActive(
  endDate: TimeLike | null | undefined,
  now: Date = new Date(),
  timeZone?: string,
): boolean {
  const days = daysUntil(endDate, now, timeZone);
  return days === null || days >= 0;
}

/**
 * "Active Only" for an event, in the event's zone: its last day (the end date, or the start
 * date of an event without an end) is today or later; events with no dates at all are active.
 */
export function isEventActive(event: EventTiming, now: Date = new Date()): boolean {
  const last = toInstant(event.endDate) ? event.endDate : event.startDate;
  return isActive(last, now, eventTimeZone(event));
}

/** True while the event starts on a later day than today in its zone. */
export function isEventUpcoming(event: EventTiming, now: Date = new Date()): boolean {
  return eventPhase(event, now) === 'upcoming';
}

/** Orders events by start instant, earliest first; TBD events last. */
export function compareEventsByStart(a: EventTiming, b: EventTiming): number {
  const x = toInstant(a.startDate);
  const y = toInstant(b.startDate);
  if (!x || !y) return x ? -1 : y ? 1 : 0;
  return Temporal.Instant.compare(x, y);
}

// ---------------------------------------------------------------------------------------------
// Form conversions (<input type="datetime-local"> holds a wall-clock time)

/**
 * Instant → value for <input type="datetime-local"> showing the wall-clock time in the zone
 * (default: the device's), e.g. "2027-06-12T15:00"; '' for none.
 */
export function isoToDateTimeLocal(
  value: TimeLike | null | undefined,
  timeZone?: string | null,
): string {
  return zonedOrNull(value, timeZone)?.toPlainDateTime().toString({ smallestUnit: 'minute' }) ?? '';
}

/**
 * <input type="datetime-local"> value, read as wall-clock time in the zone (default: the
 * device's) → instant in storage form ("2027-06-12T22:00:00.000Z"); null for '' or invalid
 * input or zone. Times a DST change skips or repeats follow `DST_DISAMBIGUATION`. A value that
 * already is an instant (with `Z` or an offset) is kept as that instant.
 */
export function dateTimeLocalToIso(
  value: string | null | undefined,
  timeZone?: string | null,
): IsoDateString | null {
  return resolveWallClock(value, timeZone || deviceTimeZone())?.instant ?? toIsoInstant(value);
}

// ---------------------------------------------------------------------------------------------

/** "just now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago", else "Jun 5, 2027". */
export function formatRelativeTime(
  value: TimeLike,
  now: Date = new Date(),
  timeZone?: string,
): string {
  const at = toInstant(value);
  if (!at) return '';
  const nowInstant = toInstant(now) ?? Temporal.Now.instant();
  const seconds = Math.round(at.until(nowInstant).total('seconds'));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = calendarDaysBetween(value, now, timeZone);
  if (days <= 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return formatShortDate(formatIsoInstant(at), timeZone);
}
