import { describe, expect, it } from 'vitest';
import {
  eventZone,
  formatDateTimeInZone,
  formatTimeRangeInZone,
  formatWhen,
  localDateKey,
  localHour,
  usableTimeZone,
  zoneLabel,
} from '../../src/email/when.ts';

// 2027-06-12 23:00 UTC is 4:00 PM in Los Angeles (PDT), 11:00 AM on the 13th in Auckland.
const CEREMONY = '2027-06-12T23:00:00.000Z';

describe('e-mail dates in the event zone', () => {
  it('shows the wall-clock time of the event zone with its label, whatever the server zone', () => {
    expect(formatDateTimeInZone(CEREMONY, 'America/Los_Angeles')).toBe(
      'Saturday, June 12, 2027, 4:00 PM PDT',
    );
    expect(formatDateTimeInZone(CEREMONY, 'UTC')).toBe('Saturday, June 12, 2027, 11:00 PM UTC');
    expect(formatDateTimeInZone(CEREMONY, 'Pacific/Auckland')).toBe(
      'Sunday, June 13, 2027, 11:00 AM GMT+12',
    );
  });

  it('labels standard and daylight time by the date (no fixed offset)', () => {
    expect(zoneLabel('2027-01-15T20:00:00Z', 'America/Los_Angeles')).toBe('PST');
    expect(zoneLabel('2027-07-15T20:00:00Z', 'America/Los_Angeles')).toBe('PDT');
    // The night clocks go back: 1:30 AM happens twice, first in PDT then in PST.
    expect(formatDateTimeInZone('2027-11-07T08:30:00Z', 'America/Los_Angeles')).toBe(
      'Sunday, November 7, 2027, 1:30 AM PDT',
    );
    expect(formatDateTimeInZone('2027-11-07T09:30:00Z', 'America/Los_Angeles')).toBe(
      'Sunday, November 7, 2027, 1:30 AM PST',
    );
  });

  it('one line for a time range: same day, across days, no end, no date', () => {
    expect(formatWhen(CEREMONY, '2027-06-13T01:30:00Z', 'America/Los_Angeles')).toBe(
      'Saturday, June 12, 2027, 4:00 PM – 6:30 PM PDT',
    );
    expect(formatWhen(CEREMONY, '2027-06-14T18:00:00Z', 'America/Los_Angeles')).toBe(
      'Saturday, June 12, 2027, 4:00 PM PDT – Monday, June 14, 2027, 11:00 AM PDT',
    );
    expect(formatWhen(CEREMONY, null, 'America/Los_Angeles')).toBe(
      'Saturday, June 12, 2027, 4:00 PM PDT',
    );
    expect(formatWhen(null, null, 'UTC')).toBe('Date TBD');
    expect(formatTimeRangeInZone(CEREMONY, '2027-06-12T22:00:00Z', 'UTC')).toBe('11:00 PM UTC');
  });

  it('calendar day and hour are those of the zone', () => {
    expect(localDateKey(CEREMONY, 'America/Los_Angeles')).toBe('2027-06-12');
    expect(localDateKey(CEREMONY, 'Pacific/Auckland')).toBe('2027-06-13');
    expect(localHour(CEREMONY, 'America/Los_Angeles')).toBe(16);
    expect(localHour('2027-06-12T00:30:00Z', 'UTC')).toBe(0);
    expect(localHour(CEREMONY, 'Asia/Kolkata')).toBe(4);
  });

  it('unknown or missing zones read as UTC', () => {
    expect(usableTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(usableTimeZone('')).toBe('UTC');
    expect(usableTimeZone(null)).toBe('UTC');
    expect(usableTimeZone('Europe/Lisbon')).toBe('Europe/Lisbon');
    expect(eventZone({ name: 'x' })).toBe('UTC');
    expect(eventZone({ timeZone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    expect(eventZone({ timeZone: 42 })).toBe('UTC');
  });
});
