/**
 * Instants and IANA time zones (docs/data-model.md, "Time"; the library choice is in
 * docs/decisions.md). Stored date-times are instants (UTC ISO strings); people enter and read
 * them as wall-clock time in a zone: the event's for event dates, schedule items and carpools,
 * each airport's for flights. Every conversion goes through Temporal (the `temporal-polyfill`
 * ponyfill, native where the runtime has it) and every zone name through Intl: no offset is
 * ever added or subtracted by hand here.
 */
import { Temporal } from 'temporal-polyfill';
import type { IsoDateString, TimeZoneId } from './entities/common.ts';

/** Anything that can be read as an instant: ISO string, epoch ms, Date, or a Firestore Timestamp. */
export type TimeLike = string | number | Date | { toMillis(): number };

/** Zone of events created before zones existed, until an admin confirms one. */
export const DEFAULT_EVENT_TIME_ZONE: TimeZoneId = 'UTC';

/** Longest zone name accepted (the longest IANA name has 32 characters). Rules use the same cap. */
export const MAX_TIME_ZONE_LENGTH = 64;

/**
 * The shape of an IANA zone name ("UTC", "America/Los_Angeles",
 * "America/Argentina/Buenos_Aires", "Etc/GMT+5"). firestore.rules checks the same shape; only
 * code with a tz database (the functions, forms) can tell whether the zone exists.
 */
export const TIME_ZONE_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * How a wall-clock time that a DST change skips or repeats becomes an instant: 'compatible',
 * as RFC 5545 and every major calendar do. A skipped time (2:30 AM on the night clocks spring
 * forward) moves forward by the length of the gap (3:30 AM daylight time); a repeated time
 * (1:30 AM on the night clocks fall back) is its first occurrence (1:30 AM daylight time).
 * Forms say so with `wallClockNote`.
 */
export const DST_DISAMBIGUATION = 'compatible' as const;

// ---------------------------------------------------------------------------------------------
// Reading instants

/**
 * The instant a value denotes, or null for null/''/unparseable values. Strings must carry `Z`
 * or an offset: a bare "2027-06-12T15:00" is a wall-clock time, not an instant (see
 * `resolveWallClock`).
 */
export function toInstant(value: TimeLike | null | undefined): Temporal.Instant | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    if (typeof value === 'string') return Temporal.Instant.from(value.trim());
    const ms =
      typeof value === 'number'
        ? value
        : value instanceof Date
          ? value.getTime()
          : value.toMillis();
    return Number.isFinite(ms) ? Temporal.Instant.fromEpochMilliseconds(ms) : null;
  } catch {
    return null;
  }
}

/** The storage form of an instant: UTC with milliseconds, `2027-06-12T23:00:00.000Z`. */
export function formatIsoInstant(instant: Temporal.Instant): IsoDateString {
  return instant.toString({ fractionalSecondDigits: 3 });
}

/**
 * Any instant value in storage form, or null. Every stored instant has this one shape, so
 * string order is time order (Firestore `orderBy`, the flight rule in firestore.rules).
 */
export function toIsoInstant(value: TimeLike | null | undefined): IsoDateString | null {
  const instant = toInstant(value);
  return instant ? formatIsoInstant(instant) : null;
}

/** Orders instants (earliest first); unreadable values sort last. */
export function compareInstants(a: TimeLike | null | undefined, b: TimeLike | null | undefined) {
  const x = toInstant(a);
  const y = toInstant(b);
  if (!x || !y) return x ? -1 : y ? 1 : 0;
  return Temporal.Instant.compare(x, y);
}

// ---------------------------------------------------------------------------------------------
// Zones

const knownZones = new Map<string, TimeZoneId>();

/**
 * The zone's name as the tz database spells it ("america/los_angeles" → "America/Los_Angeles"),
 * or null when it is not an IANA zone this runtime knows. Aliases stay as given
 * ("Asia/Calcutta"); UTC offsets such as "+05:30" are refused, because they have no DST rules.
 */
export function normalizeTimeZone(value: unknown): TimeZoneId | null {
  if (typeof value !== 'string') return null;
  const name = value.trim();
  const known = knownZones.get(name);
  if (known) return known;
  if (name.length > MAX_TIME_ZONE_LENGTH || !TIME_ZONE_ID_PATTERN.test(name)) return null;
  try {
    const id = new Temporal.ZonedDateTime(0n, name).timeZoneId;
    // Only names already spelled right are remembered, so the cache stays as small as the tz
    // database whatever spellings requests send.
    if (id === name) knownZones.set(name, id);
    return id;
  } catch {
    return null;
  }
}

export function isValidTimeZone(value: unknown): value is TimeZoneId {
  return normalizeTimeZone(value) !== null;
}

/** The zone of the device running this code (the browser's or the server's), UTC if unknown. */
export function deviceTimeZone(): TimeZoneId {
  return normalizeTimeZone(Temporal.Now.timeZoneId()) ?? DEFAULT_EVENT_TIME_ZONE;
}

/** A usable zone: the given one when valid, else UTC (display must not fail on bad data). */
export function displayTimeZone(timeZone: string | null | undefined): TimeZoneId {
  return normalizeTimeZone(timeZone) ?? DEFAULT_EVENT_TIME_ZONE;
}

/** The zone an event's times are shown in: its own, or UTC until an admin confirms one. */
export function eventTimeZone(event: { timeZone?: string | null }): TimeZoneId {
  return displayTimeZone(event.timeZone);
}

/**
 * True for events without a valid zone (created before zones existed): admins are asked once to
 * confirm one. Their stored instants were entered in the creator's device zone, so that zone
 * (`deviceTimeZone()` of the admin confirming) is the suggestion, and confirming keeps every
 * instant as it is.
 */
export function needsTimeZoneConfirmation(event: { timeZone?: string | null }): boolean {
  return normalizeTimeZone(event.timeZone) === null;
}

/** The instant in a zone, or null when the value is not an instant. Invalid zones show as UTC. */
export function toZoned(
  value: TimeLike | null | undefined,
  timeZone: string,
): Temporal.ZonedDateTime | null {
  return toInstant(value)?.toZonedDateTimeISO(displayTimeZone(timeZone)) ?? null;
}

const abbreviationFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's short name at that instant, as Intl gives it in English: "PDT", "PST", "EDT",
 * "UTC"; zones without a common English abbreviation read as an offset ("GMT+1", "GMT+5:30").
 */
export function timeZoneAbbreviation(value: TimeLike, timeZone: string): string {
  const instant = toInstant(value);
  const zone = displayTimeZone(timeZone);
  if (!instant) return '';
  let format = abbreviationFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' });
    abbreviationFormats.set(zone, format);
  }
  const part = format
    .formatToParts(instant.epochMilliseconds)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? zone;
}

const genericNameFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's name in English as people say it, from Intl: "Pacific Time", "India Standard
 * Time", "United Kingdom Time"; "Coordinated Universal Time" for UTC; the offset ("GMT-05:00")
 * for zones Intl has no name for. What forms show next to times entered in a zone.
 */
export function timeZoneName(timeZone: string, at: TimeLike = Date.now()): string {
  const zone = displayTimeZone(timeZone);
  if (zone === DEFAULT_EVENT_TIME_ZONE || zone === 'Etc/UTC') return 'Coordinated Universal Time';
  let format = genericNameFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' });
    genericNameFormats.set(zone, format);
  }
  const ms = toInstant(at)?.epochMilliseconds ?? Date.now();
  return format.formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/** "UTC-07:00", "UTC+05:30", "UTC+00:00": the zone's offset from UTC at that instant. */
export function formatUtcOffset(value: TimeLike, timeZone: string): string {
  const zoned = toZoned(value, timeZone);
  return zoned ? `UTC${zoned.offset}` : '';
}

// ---------------------------------------------------------------------------------------------
// Wall-clock time ("YYYY-MM-DDTHH:mm", the value of <input type="datetime-local">)

const WALL_CLOCK_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?$/;

/** A real calendar date and time of day ("2027-02-30T10:00" and "24:00" are not), or null. */
export function parseWallClock(value: unknown): Temporal.PlainDateTime | null {
  if (typeof value !== 'string' || !WALL_CLOCK_PATTERN.test(value.trim())) return null;
  try {
    return Temporal.PlainDateTime.from(value.trim(), { overflow: 'reject' });
  } catch {
    return null;
  }
}

/** 'skipped': the zone's clocks jump over it; 'repeated': they show it twice. */
export type WallClockKind = 'exact' | 'skipped' | 'repeated';

export interface ResolvedWallClock {
  /** The instant, in storage form. */
  instant: IsoDateString;
  kind: WallClockKind;
  /** The wall-clock time the instant shows ("2027-03-14T03:30" for a skipped 02:30). */
  wallClock: string;
  zoned: Temporal.ZonedDateTime;
}

/**
 * The instant a wall-clock time in a zone denotes (see `DST_DISAMBIGUATION` for times a DST
 * change skips or repeats); null for an invalid time or zone.
 */
export function resolveWallClock(value: unknown, timeZone: unknown): ResolvedWallClock | null {
  const local = parseWallClock(value);
  const zone = normalizeTimeZone(timeZone);
  if (!local || !zone) return null;
  const zoned = local.toZonedDateTime(zone, { disambiguation: DST_DISAMBIGUATION });
  const earlier = local.toZonedDateTime(zone, { disambiguation: 'earlier' });
  const later = local.toZonedDateTime(zone, { disambiguation: 'later' });
  const shown = zoned.toPlainDateTime();
  const kind: WallClockKind = earlier.equals(later)
    ? 'exact'
    : Temporal.PlainDateTime.compare(shown, local) === 0
      ? 'repeated'
      : 'skipped';
  return {
    instant: formatIsoInstant(zoned.toInstant()),
    kind,
    wallClock: shown.toString({ smallestUnit: 'minute' }),
    zoned,
  };
}
