/**
 * Date display, countdown and form conversions. Stored date-times are ISO-8601 UTC strings or
 * null (TBD); everything shown is in the viewer's local time zone, and day counts are calendar
 * days in local time (not 24-hour blocks), so "Today!" means the same date on the wall calendar.
 */

export const DATE_TBD = 'Date TBD';
export const TODAY_TEXT = 'Today!';
export const EVENT_PASSED_TEXT = 'Event passed';

/** Anything that can be read as an instant: ISO string, epoch ms, Date, or a Firestore Timestamp. */
export type TimeLike = string | number | Date | { toMillis(): number };

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

const pad2 = (n: number) => String(n).padStart(2, '0');
const monthName = (d: Date) => MONTH_NAMES[d.getMonth()] ?? '';
const shortMonth = (d: Date) => monthName(d).slice(0, 3);

/** A valid Date, or null for null/''/unparseable values. */
export function parseDate(value: TimeLike | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = toMillis(value);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** Epoch milliseconds; NaN when unparseable. */
export function toMillis(value: TimeLike): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Date.parse(value);
  if (value instanceof Date) return value.getTime();
  return value.toMillis();
}

/** "MMMM dd, yyyy": "June 05, 2027"; "Date TBD" without a date. */
export function formatLongDate(value: TimeLike | null | undefined): string {
  const d = parseDate(value);
  return d ? `${monthName(d)} ${pad2(d.getDate())}, ${d.getFullYear()}` : DATE_TBD;
}

/** "MMM d, yyyy": "Jun 5, 2027" (event cards); "Date TBD" without a date. */
export function formatShortDate(value: TimeLike | null | undefined): string {
  const d = parseDate(value);
  return d ? `${shortMonth(d)} ${d.getDate()}, ${d.getFullYear()}` : DATE_TBD;
}

/** "3:05 PM"; '' without a date. */
export function formatTime(value: TimeLike | null | undefined): string {
  const d = parseDate(value);
  if (!d) return '';
  const hours = d.getHours() % 12 === 0 ? 12 : d.getHours() % 12;
  return `${hours}:${pad2(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** "Jun 5, 2027, 3:05 PM"; "Date TBD" without a date. */
export function formatDateTime(value: TimeLike | null | undefined): string {
  const d = parseDate(value);
  return d ? `${formatShortDate(d)}, ${formatTime(d)}` : DATE_TBD;
}

/** Banner/invitation date line: one day, or "June 12, 2027 – June 14, 2027"; "Date TBD" without a start. */
export function formatDateRange(
  start: TimeLike | null | undefined,
  end: TimeLike | null | undefined,
): string {
  const s = parseDate(start);
  if (!s) return DATE_TBD;
  const e = parseDate(end);
  if (!e || calendarDaysBetween(s, e) === 0) return formatLongDate(s);
  return `${formatLongDate(s)} – ${formatLongDate(e)}`;
}

/** "Joined Jun 5, 2027" (member cards). */
export function formatJoined(value: TimeLike | null | undefined): string {
  const d = parseDate(value);
  return d ? `Joined ${formatShortDate(d)}` : 'Joined';
}

const localDayNumber = (d: Date) =>
  Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86_400_000;

/** Whole local calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: Date, to: Date): number {
  return localDayNumber(to) - localDayNumber(from);
}

/** Calendar days from now until the date; null without a date. */
export function daysUntil(
  value: TimeLike | null | undefined,
  now: Date = new Date(),
): number | null {
  const d = parseDate(value);
  return d ? calendarDaysBetween(now, d) : null;
}

/**
 * Banner countdown: "N days to go" (spec text, for every N ≥ 1), "Today!" on the start day and
 * while a multi-day event is running (start passed, end today or later), "Event passed" after.
 * null when the date is TBD.
 */
export function countdownText(
  start: TimeLike | null | undefined,
  now: Date = new Date(),
  end?: TimeLike | null,
): string | null {
  const days = daysUntil(start, now);
  if (days === null) return null;
  if (days > 0) return `${days} days to go`;
  if (days === 0) return TODAY_TEXT;
  const endDays = daysUntil(end, now);
  return endDays !== null && endDays >= 0 ? TODAY_TEXT : EVENT_PASSED_TEXT;
}

/**
 * "Active Only" filter: the end date is today or later (local calendar). Events without an end
 * date (TBD) have not happened yet, so they count as active.
 */
export function isActive(endDate: TimeLike | null | undefined, now: Date = new Date()): boolean {
  const days = daysUntil(endDate, now);
  return days === null || days >= 0;
}

/** ISO → value for <input type="datetime-local"> in local time ("2027-06-12T15:00"); '' for none. */
export function isoToDateTimeLocal(value: TimeLike | null | undefined): string {
  const d = parseDate(value);
  if (!d) return '';
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}T${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

/** <input type="datetime-local"> value (local time) → ISO UTC; null for '' or invalid input. */
export function dateTimeLocalToIso(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, s);
  // Reject rolled-over values like 2027-02-31.
  if (date.getMonth() !== mo - 1 || date.getDate() !== d) return null;
  return date.toISOString();
}

/** "just now", "5 minutes ago", "2 hours ago", "yesterday", "3 days ago", else "Jun 5, 2027". */
export function formatRelativeTime(value: TimeLike, now: Date = new Date()): string {
  const d = parseDate(value);
  if (!d) return '';
  const seconds = Math.round((now.getTime() - d.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  const days = calendarDaysBetween(d, now);
  if (days <= 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  return formatShortDate(d);
}
