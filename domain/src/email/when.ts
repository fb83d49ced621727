/**
 * Dates and times in e-mails, shown in the event's time zone with its label ("Saturday, June 12,
 * 2027, 4:00 PM PDT") whatever zone the server runs in. Every conversion is Intl's; no offset is
 * computed here. Zones that Intl does not know read as UTC, so a bad stored value never stops an
 * e-mail.
 */
import { DATE_TBD, parseDate, type TimeLike } from '../dates.ts';

export const DEFAULT_MAIL_TIME_ZONE = 'UTC';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(zone: string, key: string, options: Intl.DateTimeFormatOptions) {
  const id = `${zone}|${key}`;
  let f = formats.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formats.set(id, f);
  }
  return f;
}

/** The zone when Intl knows it, else UTC. */
export function usableTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_MAIL_TIME_ZONE;
  try {
    return format(zone, 'probe', {}).resolvedOptions().timeZone;
  } catch {
    return DEFAULT_MAIL_TIME_ZONE;
  }
}

/** The zone of an event (its `timeZone` where it has one), else UTC. */
export function eventZone(event: object): string {
  return 'timeZone' in event && typeof event.timeZone === 'string'
    ? usableTimeZone(event.timeZone)
    : DEFAULT_MAIL_TIME_ZONE;
}

/** ICU puts narrow no-break spaces before AM/PM; e-mail text reads better with plain ones. */
const plainSpaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

function parts(date: Date, zone: string, key: string, options: Intl.DateTimeFormatOptions) {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of format(zone, key, options).formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** "Saturday, June 12, 2027". */
function longDate(date: Date, zone: string): string {
  return plainSpaces(
    format(zone, 'date', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(date),
  );
}

/** "4:00 PM". */
function clock(date: Date, zone: string): string {
  return plainSpaces(format(zone, 'time', { hour: 'numeric', minute: '2-digit' }).format(date));
}

/** "PDT", "GMT+2": the zone's short name at that instant. */
export function zoneLabel(value: TimeLike, zone: string): string {
  const date = parseDate(value);
  const z = usableTimeZone(zone);
  if (!date) return '';
  return parts(date, z, 'zone', { timeZoneName: 'short' }).timeZoneName ?? z;
}

/** The calendar date in the zone, "2027-06-12"; '' when unreadable. */
export function localDateKey(value: TimeLike, zone: string): string {
  const date = parseDate(value);
  if (!date) return '';
  const p = parts(date, usableTimeZone(zone), 'ymd', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return `${p.year}-${p.month}-${p.day}`;
}

/** The hour of the day (0–23) in the zone. */
export function localHour(value: TimeLike, zone: string): number {
  const date = parseDate(value);
  if (!date) return Number.NaN;
  const p = parts(date, usableTimeZone(zone), 'hour', { hour: '2-digit', hourCycle: 'h23' });
  return Number(p.hour);
}

/** "Saturday, June 12, 2027, 4:00 PM PDT"; "Date TBD" without a date. */
export function formatDateTimeInZone(value: TimeLike | null | undefined, zone: string): string {
  const date = parseDate(value);
  if (!date) return DATE_TBD;
  const z = usableTimeZone(zone);
  return `${longDate(date, z)}, ${clock(date, z)} ${zoneLabel(date, z)}`;
}

/** "Saturday, June 12, 2027" in the zone; "Date TBD" without a date. */
export function formatDateInZone(value: TimeLike | null | undefined, zone: string): string {
  const date = parseDate(value);
  return date ? longDate(date, usableTimeZone(zone)) : DATE_TBD;
}

/** "4:00 PM PDT", or "4:00 PM – 6:30 PM PDT" when it ends on the same day. */
export function formatTimeRangeInZone(
  start: TimeLike,
  end: TimeLike | null | undefined,
  zone: string,
): string {
  const s = parseDate(start);
  if (!s) return '';
  const z = usableTimeZone(zone);
  const e = parseDate(end);
  if (!e || e.getTime() <= s.getTime() || localDateKey(e, z) !== localDateKey(s, z)) {
    return `${clock(s, z)} ${zoneLabel(s, z)}`;
  }
  return `${clock(s, z)} – ${clock(e, z)} ${zoneLabel(e, z)}`;
}

/**
 * When something happens, in one line: "Saturday, June 12, 2027, 4:00 PM – 6:30 PM PDT" on one
 * day, both ends in full across days, "Date TBD" without a start.
 */
export function formatWhen(
  start: TimeLike | null | undefined,
  end: TimeLike | null | undefined,
  zone: string,
): string {
  const s = parseDate(start);
  if (!s) return DATE_TBD;
  const z = usableTimeZone(zone);
  const e = parseDate(end);
  if (e && e.getTime() > s.getTime() && localDateKey(e, z) !== localDateKey(s, z)) {
    return `${formatDateTimeInZone(s, z)} – ${formatDateTimeInZone(e, z)}`;
  }
  return `${longDate(s, z)}, ${formatTimeRangeInZone(s, e, z)}`;
}
