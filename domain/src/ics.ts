/**
 * iCalendar (RFC 5545) files for "Add to calendar" on schedule items and events. Times are
 * written in UTC ("…Z"); a date-only start ("2027-06-12") makes an all-day entry. Lines end in
 * CRLF and are folded at 75 octets.
 */
import type { Event, ScheduleItem } from './entities.ts';

export const ICS_MIME_TYPE = 'text/calendar;charset=utf-8';
const PRODID = '-//Gatherly//Gatherly Events//EN';
const DEFAULT_TIMED_DURATION_MS = 60 * 60 * 1000;
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

const pad2 = (n: number) => String(n).padStart(2, '0');

/** "20270612T150000Z". */
export function formatIcsUtc(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad2(date.getUTCMonth() + 1)}${pad2(date.getUTCDate())}` +
    `T${pad2(date.getUTCHours())}${pad2(date.getUTCMinutes())}${pad2(date.getUTCSeconds())}Z`
  );
}

function dateOnlyParts(value: string): [number, number, number] | null {
  const m = DATE_ONLY.exec(value);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

function formatIcsDate([y, m, d]: [number, number, number]): string {
  return `${String(y).padStart(4, '0')}${pad2(m)}${pad2(d)}`;
}

function parseInstant(value: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new Error(`Not a date: ${value}`);
  return d;
}

function vevent(entry: IcsEntry, now: Date): string[] {
  const lines = ['BEGIN:VEVENT', `UID:${entry.uid}`, `DTSTAMP:${formatIcsUtc(now)}`];
  const allDay = dateOnlyParts(entry.start);
  if (allDay) {
    const endParts = entry.end ? dateOnlyParts(entry.end) : null;
    // DTEND of an all-day entry is exclusive: the day after the last day.
    const last = endParts ?? allDay;
    const after = new Date(Date.UTC(last[0], last[1] - 1, last[2] + 1));
    lines.push(`DTSTART;VALUE=DATE:${formatIcsDate(allDay)}`);
    lines.push(
      `DTEND;VALUE=DATE:${formatIcsDate([after.getUTCFullYear(), after.getUTCMonth() + 1, after.getUTCDate()])}`,
    );
  } else {
    const start = parseInstant(entry.start);
    const end = entry.end
      ? parseInstant(entry.end)
      : new Date(start.getTime() + DEFAULT_TIMED_DURATION_MS);
    lines.push(`DTSTART:${formatIcsUtc(start)}`);
    lines.push(`DTEND:${formatIcsUtc(end.getTime() > start.getTime() ? end : start)}`);
  }
  lines.push(`SUMMARY:${escapeIcsText(entry.title)}`);
  if (entry.description) lines.push(`DESCRIPTION:${escapeIcsText(entry.description)}`);
  if (entry.location) lines.push(`LOCATION:${escapeIcsText(entry.location)}`);
  if (entry.url) lines.push(`URL:${entry.url}`);
  lines.push('END:VEVENT');
  return lines;
}

/** A complete VCALENDAR with one VEVENT per entry. */
export function buildIcs(entries: readonly IcsEntry[], now: Date = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...entries.flatMap((e) => vevent(e, now)),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}

/** One schedule item; the event name prefixes the description for context in the calendar. */
export function scheduleItemToIcs(
  item: Pick<
    ScheduleItem,
    'id' | 'eventId' | 'title' | 'description' | 'location' | 'startTime' | 'endTime'
  >,
  options: { eventName?: string; url?: string; now?: Date } = {},
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
        start: item.startTime,
        end: item.endTime,
        ...(options.url ? { url: options.url } : {}),
      },
    ],
    options.now,
  );
}

/** The whole event; null while its dates are TBD. */
export function eventToIcs(
  event: Pick<Event, 'id' | 'name' | 'description' | 'location' | 'startDate' | 'endDate'>,
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
        start: event.startDate,
        end: event.endDate,
        ...(options.url ? { url: options.url } : {}),
      },
    ],
    options.now,
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
