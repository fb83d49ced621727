import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVENT_TIME_ZONE,
  compareInstants,
  deviceTimeZone,
  displayTimeZone,
  eventTimeZone,
  formatUtcOffset,
  isValidTimeZone,
  needsTimeZoneConfirmation,
  normalizeTimeZone,
  parseWallClock,
  resolveWallClock,
  timeZoneAbbreviation,
  timeZoneName,
  toInstant,
  toIsoInstant,
  toZoned,
} from '../src/time-zones.ts';

const LA = 'America/Los_Angeles';
const AUCKLAND = 'Pacific/Auckland';
const KOLKATA = 'Asia/Kolkata';

describe('the machine zone this pass runs in', () => {
  // The suite runs once per TZ (vitest.config.ts); this proves the pass really is in that zone.
  it('device zone follows TZ', () => {
    const tz = process.env.TZ;
    expect(tz).toBeTruthy();
    const device = deviceTimeZone();
    for (const at of ['2027-01-15T12:00:00Z', '2027-07-15T12:00:00Z']) {
      const expected = Temporal.Instant.from(at).toZonedDateTimeISO(tz!).offsetNanoseconds;
      expect(Temporal.Instant.from(at).toZonedDateTimeISO(device).offsetNanoseconds).toBe(expected);
      // Date's own local offset agrees, so tests that build local Dates are in the same zone.
      expect(0 - new Date(at).getTimezoneOffset() * 60e9).toBe(expected);
    }
  });
});

describe('zone names', () => {
  it.each([
    ['America/Los_Angeles', 'America/Los_Angeles'],
    ['america/los_angeles', 'America/Los_Angeles'],
    ['  Europe/London ', 'Europe/London'],
    ['UTC', 'UTC'],
    ['utc', 'UTC'],
    ['Etc/GMT+5', 'Etc/GMT+5'],
    ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['Asia/Calcutta', 'Asia/Calcutta'],
  ])('%j is the zone %j', (input, id) => {
    expect(normalizeTimeZone(input)).toBe(id);
    expect(isValidTimeZone(input)).toBe(true);
  });

  it.each([
    'Mars/Olympus_Mons',
    'Pacific Time',
    '+05:30',
    '-08:00',
    '',
    ' ',
    'America/',
    '/UTC',
    'America/Los_Angeles/',
    `Europe/${'x'.repeat(64)}`,
    null,
    undefined,
    42,
    {},
  ])('%j is not a zone', (input) => {
    expect(normalizeTimeZone(input)).toBeNull();
    expect(isValidTimeZone(input)).toBe(false);
  });

  it('events without a valid zone show in UTC and ask admins to confirm one', () => {
    expect(DEFAULT_EVENT_TIME_ZONE).toBe('UTC');
    expect(eventTimeZone({})).toBe('UTC');
    expect(eventTimeZone({ timeZone: null })).toBe('UTC');
    expect(eventTimeZone({ timeZone: 'Mars/Base' })).toBe('UTC');
    expect(eventTimeZone({ timeZone: LA })).toBe(LA);
    expect(needsTimeZoneConfirmation({})).toBe(true);
    expect(needsTimeZoneConfirmation({ timeZone: null })).toBe(true);
    expect(needsTimeZoneConfirmation({ timeZone: 'Mars/Base' })).toBe(true);
    expect(needsTimeZoneConfirmation({ timeZone: 'UTC' })).toBe(false);
    expect(needsTimeZoneConfirmation({ timeZone: LA })).toBe(false);
    expect(displayTimeZone('nope')).toBe('UTC');
  });
});

describe('reading instants', () => {
  it('accepts ISO with Z or an offset, epoch ms, Dates and Timestamp-likes', () => {
    const ms = Date.UTC(2027, 5, 12, 23, 0);
    expect(toInstant('2027-06-12T23:00:00.000Z')?.epochMilliseconds).toBe(ms);
    expect(toInstant('2027-06-12T16:00:00-07:00')?.epochMilliseconds).toBe(ms);
    expect(toInstant('2027-06-12T23:00Z')?.epochMilliseconds).toBe(ms);
    expect(toInstant(ms)?.epochMilliseconds).toBe(ms);
    expect(toInstant(new Date(ms))?.epochMilliseconds).toBe(ms);
    expect(toInstant({ toMillis: () => ms })?.epochMilliseconds).toBe(ms);
  });

  it.each([
    null,
    undefined,
    '',
    'not a date',
    '2027-06-12T16:00', // wall-clock time: no zone, so no instant
    '2027-06-12',
    '2027-02-30T10:00:00Z',
    Number.NaN,
    new Date(Number.NaN),
  ])('%j is no instant', (value) => {
    expect(toInstant(value)).toBeNull();
  });

  it('stores one shape, so string order is time order', () => {
    expect(toIsoInstant('2027-06-12T16:00-07:00')).toBe('2027-06-12T23:00:00.000Z');
    expect(toIsoInstant('2027-06-12T23:00:00.5+00:00')).toBe('2027-06-12T23:00:00.500Z');
    expect(toIsoInstant(null)).toBeNull();
    const a = toIsoInstant('2027-06-12T23:00Z')!;
    const b = toIsoInstant('2027-06-12T23:00:00.001Z')!;
    expect(a < b).toBe(true);
  });

  it('compares instants across offsets; unreadable values last', () => {
    expect(compareInstants('2027-06-12T16:00-07:00', '2027-06-12T23:00Z')).toBe(0);
    expect(compareInstants('2027-06-12T10:00+10:00', '2027-06-12T01:00Z')).toBe(-1);
    expect(compareInstants(null, '2027-06-12T01:00Z')).toBe(1);
    expect(compareInstants('2027-06-12T01:00Z', '')).toBe(-1);
  });
});

describe('wall-clock time in a zone', () => {
  it('parses real calendar times only', () => {
    expect(parseWallClock('2027-06-12T16:00')?.toString()).toBe('2027-06-12T16:00:00');
    expect(parseWallClock('2027-06-12T16:00:30')?.second).toBe(30);
    for (const bad of ['2027-02-30T10:00', '2027-06-12T24:00', '2027-13-01T10:00', '16:00', '']) {
      expect(parseWallClock(bad)).toBeNull();
    }
  });

  it('the ceremony at 4:00 PM in Napa is 23:00 UTC, whatever this machine says', () => {
    const r = resolveWallClock('2027-06-12T16:00', LA);
    expect(r).toMatchObject({ instant: '2027-06-12T23:00:00.000Z', kind: 'exact' });
    expect(resolveWallClock('2027-06-12T16:00', KOLKATA)?.instant).toBe('2027-06-12T10:30:00.000Z');
    expect(resolveWallClock('2027-06-12T16:00', AUCKLAND)?.instant).toBe(
      '2027-06-12T04:00:00.000Z',
    );
    expect(resolveWallClock('2027-06-12T16:00', 'UTC')?.instant).toBe('2027-06-12T16:00:00.000Z');
  });

  it('invalid time or zone → null', () => {
    expect(resolveWallClock('2027-06-12T16:00', 'Mars/Base')).toBeNull();
    expect(resolveWallClock('2027-06-31T16:00', LA)).toBeNull();
    expect(resolveWallClock('', LA)).toBeNull();
  });

  it('spring forward: a skipped time moves forward by the gap (RFC 5545)', () => {
    // Los Angeles, Sunday March 14, 2027: 2:00 AM PST jumps to 3:00 AM PDT.
    const r = resolveWallClock('2027-03-14T02:30', LA);
    expect(r).toMatchObject({
      instant: '2027-03-14T10:30:00.000Z',
      kind: 'skipped',
      wallClock: '2027-03-14T03:30',
    });
    expect(resolveWallClock('2027-03-14T01:59', LA)).toMatchObject({
      instant: '2027-03-14T09:59:00.000Z',
      kind: 'exact',
    });
    expect(resolveWallClock('2027-03-14T03:00', LA)).toMatchObject({
      instant: '2027-03-14T10:00:00.000Z',
      kind: 'exact',
    });
    // Auckland, Sunday September 26, 2027: 2:00 AM NZST jumps to 3:00 AM NZDT.
    expect(resolveWallClock('2027-09-26T02:15', AUCKLAND)).toMatchObject({
      kind: 'skipped',
      wallClock: '2027-09-26T03:15',
      instant: '2027-09-25T14:15:00.000Z',
    });
  });

  it('fall back: a repeated time is its first occurrence (daylight time)', () => {
    // Los Angeles, Sunday November 7, 2027: 2:00 AM PDT falls back to 1:00 AM PST.
    const r = resolveWallClock('2027-11-07T01:30', LA);
    expect(r).toMatchObject({
      instant: '2027-11-07T08:30:00.000Z',
      kind: 'repeated',
      wallClock: '2027-11-07T01:30',
    });
    expect(timeZoneAbbreviation(r!.instant, LA)).toBe('PDT');
    // The second 1:30 AM (an hour later) is PST, and reads back as 1:30 too.
    const second = '2027-11-07T09:30:00.000Z';
    expect(toZoned(second, LA)?.toPlainDateTime().toString()).toBe('2027-11-07T01:30:00');
    expect(timeZoneAbbreviation(second, LA)).toBe('PST');
    // Auckland, Sunday April 4, 2027: 3:00 AM NZDT falls back to 2:00 AM NZST.
    expect(resolveWallClock('2027-04-04T02:30', AUCKLAND)).toMatchObject({
      kind: 'repeated',
      instant: '2027-04-03T13:30:00.000Z',
    });
  });

  it('zones without DST have no skipped or repeated times', () => {
    expect(resolveWallClock('2027-03-14T02:30', KOLKATA)?.kind).toBe('exact');
    expect(resolveWallClock('2027-11-07T01:30', 'UTC')?.kind).toBe('exact');
  });
});

describe('labels', () => {
  it.each([
    ['2027-06-12T23:00:00Z', LA, 'PDT', 'UTC-07:00'],
    ['2027-01-12T23:00:00Z', LA, 'PST', 'UTC-08:00'],
    ['2027-06-12T23:00:00Z', 'America/New_York', 'EDT', 'UTC-04:00'],
    ['2027-06-12T23:00:00Z', 'UTC', 'UTC', 'UTC+00:00'],
    ['2027-06-12T23:00:00Z', KOLKATA, 'GMT+5:30', 'UTC+05:30'],
    ['2027-06-12T23:00:00Z', AUCKLAND, 'GMT+12', 'UTC+12:00'],
    ['2027-01-12T23:00:00Z', AUCKLAND, 'GMT+13', 'UTC+13:00'],
  ])('%s in %s: %s, %s', (at, zone, abbreviation, offset) => {
    expect(timeZoneAbbreviation(at, zone)).toBe(abbreviation);
    expect(formatUtcOffset(at, zone)).toBe(offset);
  });

  it.each([
    [LA, 'Pacific Time'],
    ['America/New_York', 'Eastern Time'],
    [KOLKATA, 'India Standard Time'],
    ['Asia/Calcutta', 'India Standard Time'],
    ['UTC', 'Coordinated Universal Time'],
    ['Mars/Base', 'Coordinated Universal Time'],
  ])('the name people say for %s: %s', (zone, name) => {
    expect(timeZoneName(zone, '2027-06-12T23:00:00Z')).toBe(name);
  });

  it('empty for no instant; invalid zones read as UTC', () => {
    expect(timeZoneAbbreviation('', LA)).toBe('');
    expect(formatUtcOffset('nope', LA)).toBe('');
    expect(timeZoneAbbreviation('2027-06-12T23:00:00Z', 'Mars/Base')).toBe('UTC');
  });
});
