import { describe, expect, it } from 'vitest';
import {
  formatDateInZone,
  formatDateTimeInZone,
  formatTimeRangeInZone,
  formatWhen,
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
    expect(formatTimeRangeInZone('2027-01-15T20:00:00Z', null, 'America/Los_Angeles')).toBe(
      '12:00 PM PST',
    );
    expect(formatTimeRangeInZone('2027-07-15T20:00:00Z', null, 'America/Los_Angeles')).toBe(
      '1:00 PM PDT',
    );
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

  it('the calendar day is that of the zone', () => {
    expect(formatDateInZone(CEREMONY, 'America/Los_Angeles')).toBe('Saturday, June 12, 2027');
    expect(formatDateInZone(CEREMONY, 'Pacific/Auckland')).toBe('Sunday, June 13, 2027');
    expect(formatDateTimeInZone(CEREMONY, 'Asia/Kolkata')).toBe(
      'Sunday, June 13, 2027, 4:30 AM GMT+5:30',
    );
    expect(formatDateInZone(null, 'UTC')).toBe('Date TBD');
  });

  it('unknown or missing zones read as UTC', () => {
    expect(formatDateTimeInZone(CEREMONY, 'Mars/Olympus_Mons')).toBe(
      'Saturday, June 12, 2027, 11:00 PM UTC',
    );
    expect(formatDateTimeInZone(CEREMONY, '')).toBe('Saturday, June 12, 2027, 11:00 PM UTC');
  });
});
