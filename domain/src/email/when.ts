/**
 * Dates and times in e-mails, shown in the event's time zone with its label ("Saturday, June 12,
 * 2027, 4:00 PM PDT") whatever zone the server runs in. Zones, instants and labels come from
 * time-zones.ts (Temporal and Intl; no offset is computed here); e-mails spell the weekday out,
 * where screens abbreviate it (dates.ts). A zone the runtime does not know reads as UTC, so a
 * bad stored value never stops an e-mail.
 */
import { Temporal } from 'temporal-polyfill';
import { DATE_TBD, MONTH_NAMES, wholeDays, type TimeLike } from '../dates.ts';
import { timeZoneAbbreviation, toZoned } from '../time-zones.ts';

const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** "Saturday, June 12, 2027". */
const longDate = (d: Pick<Temporal.PlainDate, 'dayOfWeek' | 'month' | 'day' | 'year'>) =>
  `${WEEKDAYS[d.dayOfWeek - 1] ?? ''}, ${MONTH_NAMES[d.month - 1] ?? ''} ${d.day}, ${d.year}`;

/** "4:00 PM". */
const clock = (d: Temporal.ZonedDateTime) =>
  `${d.hour % 12 === 0 ? 12 : d.hour % 12}:${String(d.minute).padStart(2, '0')} ${d.hour < 12 ? 'AM' : 'PM'}`;

/** "PDT", "GMT+12": the zone's label at that instant. */
const label = (d: Temporal.ZonedDateTime) =>
  timeZoneAbbreviation(d.epochMilliseconds, d.timeZoneId);

const sameDay = (a: Temporal.ZonedDateTime, b: Temporal.ZonedDateTime) =>
  a.toPlainDate().equals(b.toPlainDate());

/** The end when it is a later instant than the start. */
function laterEnd(start: Temporal.ZonedDateTime, end: TimeLike | null | undefined, zone: string) {
  const e = toZoned(end, zone);
  return e && e.epochMilliseconds > start.epochMilliseconds ? e : null;
}

/** "Saturday, June 12, 2027, 4:00 PM PDT"; "Date TBD" without a date. */
export function formatDateTimeInZone(value: TimeLike | null | undefined, zone: string): string {
  const d = toZoned(value, zone);
  return d ? `${longDate(d)}, ${clock(d)} ${label(d)}` : DATE_TBD;
}

/** "Saturday, June 12, 2027" in the zone; "Date TBD" without a date. */
export function formatDateInZone(value: TimeLike | null | undefined, zone: string): string {
  const d = toZoned(value, zone);
  return d ? longDate(d) : DATE_TBD;
}

/** "4:00 PM PDT", or "4:00 PM – 6:30 PM PDT" when it ends on the same day; "All day" for whole days. */
export function formatTimeRangeInZone(
  start: TimeLike,
  end: TimeLike | null | undefined,
  zone: string,
): string {
  if (wholeDays(start, end, zone)) return 'All day';
  const s = toZoned(start, zone);
  if (!s) return '';
  const e = laterEnd(s, end, zone);
  if (!e || !sameDay(s, e)) return `${clock(s)} ${label(s)}`;
  return `${clock(s)} – ${clock(e)} ${label(e)}`;
}

/**
 * When something happens, in one line: "Saturday, June 12, 2027, 4:00 PM – 6:30 PM PDT" on one
 * day, both ends in full across days, the dates alone for whole days ("Saturday, June 12, 2027
 * – Sunday, June 13, 2027"), "Date TBD" without a start.
 */
export function formatWhen(
  start: TimeLike | null | undefined,
  end: TimeLike | null | undefined,
  zone: string,
): string {
  const days = wholeDays(start, end, zone);
  if (days) {
    const first = longDate(Temporal.PlainDate.from(days.first));
    return days.last === days.first
      ? first
      : `${first} – ${longDate(Temporal.PlainDate.from(days.last))}`;
  }
  const s = toZoned(start, zone);
  if (!s) return DATE_TBD;
  const e = laterEnd(s, end, zone);
  if (e && !sameDay(s, e)) {
    return `${formatDateTimeInZone(s.epochMilliseconds, zone)} – ${formatDateTimeInZone(e.epochMilliseconds, zone)}`;
  }
  return `${longDate(s)}, ${formatTimeRangeInZone(s.epochMilliseconds, e?.epochMilliseconds, zone)}`;
}
