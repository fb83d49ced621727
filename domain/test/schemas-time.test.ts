// The schemas' time-zone fields and the wall-clock checks that depend on them. Forms hold
// wall-clock times plus the zone they are in; API bodies hold instants plus an IANA zone.
import { describe, expect, it } from 'vitest';
import {
  MAX_LENGTHS,
  MESSAGES,
  carpoolFormSchema,
  createEventFormSchema,
  createEventRequestSchema,
  eventUpdateFieldSchemas,
  parseWith,
  scheduleItemFormSchema,
  validateSettingsField,
} from '../src/schemas.ts';
import { MAX_TIME_ZONE_LENGTH } from '../src/time-zones.ts';

const LA = 'America/Los_Angeles';

describe('event time zone on create (server)', () => {
  it('accepts an IANA zone, spelled as the tz database does', () => {
    expect(parseWith(createEventRequestSchema, { name: 'W', timeZone: LA })).toMatchObject({
      ok: true,
      value: { timeZone: LA },
    });
    expect(
      parseWith(createEventRequestSchema, { name: 'W', timeZone: ' america/los_angeles ' }),
    ).toMatchObject({ ok: true, value: { timeZone: LA } });
    expect(parseWith(createEventRequestSchema, { name: 'W', timeZone: 'UTC' })).toMatchObject({
      ok: true,
      value: { timeZone: 'UTC' },
    });
  });

  it('a body without a zone makes an event without one (null: shown in UTC until confirmed)', () => {
    expect(parseWith(createEventRequestSchema, { name: 'W' })).toMatchObject({
      ok: true,
      value: { timeZone: null },
    });
    expect(parseWith(createEventRequestSchema, { name: 'W', timeZone: '' })).toMatchObject({
      ok: true,
      value: { timeZone: null },
    });
  });

  it.each(['Mars/Base', 'Pacific Time', '+05:30', 'PDT8', `Europe/${'x'.repeat(70)}`])(
    'refuses %j',
    (timeZone) => {
      expect(parseWith(createEventRequestSchema, { name: 'W', timeZone })).toEqual({
        ok: false,
        errors: [MESSAGES.invalidTimeZone],
      });
    },
  );

  it('refuses a zone that is not text', () => {
    expect(parseWith(createEventRequestSchema, { name: 'W', timeZone: 7 }).ok).toBe(false);
  });

  it('the length cap matches the rules', () => {
    expect(MAX_LENGTHS.timeZone).toBe(MAX_TIME_ZONE_LENGTH);
    expect(MAX_TIME_ZONE_LENGTH).toBe(64);
  });
});

describe('event time zone on update (server and Settings)', () => {
  it('is required and must be a known zone', () => {
    expect(parseWith(eventUpdateFieldSchemas.timeZone, 'europe/lisbon')).toEqual({
      ok: true,
      value: 'Europe/Lisbon',
    });
    expect(parseWith(eventUpdateFieldSchemas.timeZone, 'Mars/Base')).toEqual({
      ok: false,
      errors: [MESSAGES.invalidTimeZone],
    });
    expect(parseWith(eventUpdateFieldSchemas.timeZone, null).ok).toBe(false);
    expect(parseWith(eventUpdateFieldSchemas.timeZone, undefined)).toEqual({
      ok: false,
      errors: [MESSAGES.timeZoneRequired],
    });
  });

  it('Settings validates the field the same way', () => {
    expect(validateSettingsField('timeZone', LA)).toBeNull();
    expect(validateSettingsField('timeZone', '')).toBe(MESSAGES.timeZoneRequired);
    expect(validateSettingsField('timeZone', 'Mars/Base')).toBe(MESSAGES.invalidTimeZone);
  });
});

describe('forms compare wall-clock times in their zone', () => {
  it('create event: the zone is optional (device zone) but must be valid', () => {
    expect(parseWith(createEventFormSchema, { name: 'W' }).ok).toBe(true);
    expect(parseWith(createEventFormSchema, { name: 'W', timeZone: LA }).ok).toBe(true);
    expect(parseWith(createEventFormSchema, { name: 'W', timeZone: 'Mars/Base' })).toEqual({
      ok: false,
      errors: [MESSAGES.invalidTimeZone],
    });
  });

  it('create event: an end in the skipped hour is still after a start just before it', () => {
    // 1:45 AM and 2:15 AM on the spring-forward night: 2:15 becomes 3:15 AM PDT.
    const values = {
      name: 'W',
      timeZone: LA,
      startDate: '2027-03-14T01:45',
      endDate: '2027-03-14T02:15',
    };
    expect(parseWith(createEventFormSchema, values).ok).toBe(true);
    expect(parseWith(createEventFormSchema, { ...values, endDate: '2027-03-14T01:30' })).toEqual({
      ok: false,
      errors: [MESSAGES.endBeforeStart],
    });
  });

  it('schedule item: a start in the skipped hour ends after a later wall-clock end', () => {
    // Start 2:30 AM (saved as 3:30 AM PDT), end 3:00 AM PDT: the end is before the start.
    const item = {
      title: 'Stargazing',
      timeZone: LA,
      startTime: '2027-03-14T02:30',
      endTime: '2027-03-14T03:00',
    };
    expect(parseWith(scheduleItemFormSchema, item)).toEqual({
      ok: false,
      errors: [MESSAGES.endTimeBeforeStart],
    });
    // In a zone without DST the same wall-clock times are in order.
    expect(parseWith(scheduleItemFormSchema, { ...item, timeZone: 'Asia/Kolkata' }).ok).toBe(true);
    expect(parseWith(scheduleItemFormSchema, { ...item, timeZone: 'Mars/Base' })).toEqual({
      ok: false,
      errors: [MESSAGES.invalidTimeZone],
    });
  });

  it('schedule item: two 1:30 AMs on the fall-back night are the same (first) time', () => {
    const item = {
      title: 'Last call',
      timeZone: LA,
      startTime: '2027-11-07T01:30',
      endTime: '2027-11-07T01:30',
    };
    expect(parseWith(scheduleItemFormSchema, item).ok).toBe(true);
  });

  it('carpool: the departure must be a real time; the zone a real zone', () => {
    const carpool = { fromLocation: 'SFO', toLocation: 'Napa', timeZone: LA, maxSeats: 3 };
    expect(parseWith(carpoolFormSchema, { ...carpool, departureTime: '2027-06-12T13:00' }).ok).toBe(
      true,
    );
    expect(parseWith(carpoolFormSchema, { ...carpool, departureTime: '2027-06-31T13:00' })).toEqual(
      { ok: false, errors: [MESSAGES.invalidDate] },
    );
    expect(parseWith(carpoolFormSchema, { ...carpool, departureTime: '' })).toEqual({
      ok: false,
      errors: [MESSAGES.departureTimeRequired],
    });
    expect(
      parseWith(carpoolFormSchema, {
        ...carpool,
        timeZone: 'Nowhere',
        departureTime: '2027-06-12T13:00',
      }),
    ).toEqual({ ok: false, errors: [MESSAGES.invalidTimeZone] });
  });
});
