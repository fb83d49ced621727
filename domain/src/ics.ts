/**
 * iCalendar (RFC 5545) files for "Add to calendar" on schedule items and events. Times are
 * written as UTC instants ("…Z"), which every calendar imports as the same moment and shows in
 * its own zone; the event's zone travels as X-WR-TIMEZONE (the calendar-level zone that Apple,
 * Google and Outlook read), so no VTIMEZONE rules have to be written out. A date-only start
 * ("2027-06-12") makes an all-day entry. Lines end in CRLF and are folded at 75 octets.
 */
import { Temporal } from 'temporal-polyfill';
import type { TimeZoneId } from './entities/common.ts';
import type { Event } from './entities/events.ts';
import type { ScheduleItem } from './entities/schedule.ts';
import { wholeDays } from './dates.ts';
import { eventTimeZone, normalizeTimeZone, toInstant } from './time-zones.ts';

export const ICS_MIME_TYPE = 'text/calendar;charset=utf-8';
const PRODID = '-//Gatherly//Gatherly Events//EN';
const DEFAULT_TIMED_DURATION = Temporal.Duration.from({ hours: 1 });
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface IcsEntry {
  /** Globally unique and stable, so re-importing updates instead of duplicating. */
  uid: string;
  title: string;
  description?: string;
  location?: string;
  /** ISO date-time, or "YYYY-MM-DD" for an all-day entry. */
  start: string;
  /** Defaults to start + 1 hour (timed) or the start day only (all-day). */
  end?: string | null;
  url?: string;
}

/** Escapes TEXT values: backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

const encoder = new TextEncoder();

/** Folds a content line so no physical line exceeds 75 octets, never splitting a character. */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const ch of line) {
    const bytes = encoder.encode(ch).length;
    // Continuation lines start with a space, which counts toward their 75 octets.
    const limit = parts.length === 0 ? 75 : 74;
    if (currentBytes + bytes > limit) {
      parts.push(current);
      current = '';
      currentBytes = 0;
    }
    current += ch;
    currentBytes += bytes;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** "20270612T150000Z". */
export function formatIcsUtc(date: Date | Temporal.Instant): string {
  const instant =
    date instanceof Date ? Temporal.Instant.fromEpochMilliseconds(date.getTime()) : date;
  const t = instant.toZonedDateTimeISO('UTC');
  return `${formatIcsDate(t)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}Z`;
}

function formatIcsDate(d: { year: number; month: number; day: number }): string {
  return `${pad(d.year, 4)}${pad(d.month)}${pad(d.day)}`;
}

function dateOnly(value: string): Temporal.PlainDate | null {
  if (!DATE_ONLY.test(value)) return null;
  try {
    return Temporal.PlainDate.from(value, { overflow: 'reject' });
  } catch {
    return null;
  }
}

function parseInstant(value: string): Temporal.Instant {
  const instant = toInstant(value);
  if (!instant) throw new Error(`Not a date: ${value}`);
  return instant;
}

function vevent(entry: IcsEntry, now: Date): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${entry.uid}`, `DTSTAMP:${formatIcsUtc(now)}`];
  const allDay = dateOnly(entry.start);
  if (allDay) {
    // DTEND of an all-day entry is exclusive: the day after the last day.
    const last = (entry.end ? dateOnly(entry.end) : null) ?? allDay;
    lines.push(`DTSTART;VALUE=DATE:${formatIcsDate(allDay)}`);
    lines.push(`DTEND;VALUE=DATE:${formatIcsDate(last.add({ days: 1 }))}`);
  } else {
    const start = parseInstant(entry.start);
    const end = entry.end ? parseInstant(entry.end) : start.add(DEFAULT_TIMED_DURATION);
    lines.push(`DTSTART:${formatIcsUtc(start)}`);
    lines.push(`DTEND:${formatIcsUtc(Temporal.Instant.compare(end, start) > 0 ? end : start)}`);
  }
  lines.push(`SUMMARY:${escapeIcsText(entry.title)}`);
  if (entry.description) lines.push(`DESCRIPTION:${escapeIcsText(entry.description)}`);
  if (entry.location) lines.push(`LOCATION:${escapeIcsText(entry.location)}`);
  if (entry.url) lines.push(`URL:${entry.url}`);
  lines.push('END:VEVENT');
  return lines;
}

/**
 * A complete VCALENDAR with one VEVENT per entry; `timeZone` (the event's IANA zone) is written
 * as X-WR-TIMEZONE when valid.
 */
export function buildIcs(
  entries: readonly IcsEntry[],
  now: Date = new Date(),
  timeZone?: TimeZoneId | null,
): string {
  const zone = normalizeTimeZone(timeZone);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(zone ? [`X-WR-TIMEZONE:${zone}`] : []),
    ...entries.flatMap((e) => vevent(e, now)),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

/** Start and end of an entry: whole days in the zone as an all-day entry, else the instants. */
function span(start: string, end: string | null, timeZone?: TimeZoneId | null) {
  const days = timeZone ? wholeDays(start, end, timeZone) : null;
  return days ? { start: days.first, end: days.last } : { start, end };
}

/**
 * One schedule item; the event name prefixes the description for context in the calendar.
 * `timeZone` is the event's (`eventTimeZone(event)`).
 */
export function scheduleItemToIcs(
  item: Pick<
    ScheduleItem,
    'id' | 'eventId' | 'title' | 'description' | 'location' | 'startTime' | 'endTime'
  >,
  options: { eventName?: string; url?: string; now?: Date; timeZone?: TimeZoneId | null } = {},
): string {
  const description = [options.eventName, item.description]
    .filter((s) => s && s.trim() !== '')
    .join('\n\n');
  return buildIcs(
    [
      {
        uid: `schedule-${item.eventId}-${item.id}@gatherly`,
        title: item.title,
        description,
        location: item.location,
        ...span(item.startTime, item.endTime, options.timeZone),
        ...(options.url ? { url: options.url } : {}),
      },
    ],
    options.now,
    options.timeZone,
  );
}

/** The whole event, with its zone; null while its dates are TBD. */
export function eventToIcs(
  event: Pick<
    Event,
    'id' | 'name' | 'description' | 'location' | 'startDate' | 'endDate' | 'timeZone'
  >,
  options: { url?: string; now?: Date } = {},
): string | null {
  if (!event.startDate) return null;
  return buildIcs(
    [
      {
        uid: `event-${event.id}@gatherly`,
        title: event.name,
        description: event.description,
        location: event.location,
        ...span(event.startDate, event.endDate, eventTimeZone(event)),
        ...(options.url ? { url: options.url } : {}),
      },
    ],
    options.now,
    eventTimeZone(event),
  );
}

/** "Welcome Dinner!" → "welcome-dinner.ics"; "event.ics" when nothing usable is left. */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return `${slug || 'event'}.ics`;
}
