import { describe, expect, it } from 'vitest';
import {
  DATE_TBD,
  calendarDaysBetween,
  countdownText,
  dateTimeLocalToIso,
  daysUntil,
  formatDateRange,
  formatDateTime,
  formatJoined,
  formatLongDate,
  formatRelativeTime,
  formatShortDate,
  formatTime,
  isActive,
  isoToDateTimeLocal,
  parseDate,
  toMillis,
} from '../src/dates.ts';

// Local wall-clock instants, so the tests hold in any TZ.
const local = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
const iso = (y: number, m: number, d: number, h = 12, min = 0) =>
  local(y, m, d, h, min).toISOString();

describe('parsing', () => {
  it.each([null, undefined, '', 'not a date'])('parseDate(%j) is null', (v) => {
    expect(parseDate(v)).toBeNull();
  });

  it('reads ISO strings, epoch ms, Dates and Timestamp-likes', () => {
    const d = local(2027, 6, 12);
    expect(parseDate(d.toISOString())?.getTime()).toBe(d.getTime());
    expect(parseDate(d.getTime())?.getTime()).toBe(d.getTime());
    expect(parseDate(d)?.getTime()).toBe(d.getTime());
    expect(toMillis({ toMillis: () => 42 })).toBe(42);
  });
});

describe('display formats', () => {
  it('MMMM dd, yyyy pads the day', () => {
    expect(formatLongDate(iso(2027, 6, 5))).toBe('June 05, 2027');
    expect(formatLongDate(iso(2027, 12, 31))).toBe('December 31, 2027');
  });

  it('MMM d, yyyy does not pad', () => {
    expect(formatShortDate(iso(2027, 6, 5))).toBe('Jun 5, 2027');
    expect(formatShortDate(iso(2028, 9, 30))).toBe('Sep 30, 2028');
  });

  it.each([null, undefined, ''])('"Date TBD" for %j', (v) => {
    expect(formatLongDate(v)).toBe(DATE_TBD);
    expect(formatShortDate(v)).toBe('Date TBD');
    expect(formatDateTime(v)).toBe('Date TBD');
    expect(formatDateRange(v, v)).toBe('Date TBD');
  });

  it.each([
    [0, 0, '12:00 AM'],
    [0, 5, '12:05 AM'],
    [11, 59, '11:59 AM'],
    [12, 0, '12:00 PM'],
    [15, 7, '3:07 PM'],
    [23, 30, '11:30 PM'],
  ])('%d:%d → %s', (h, m, text) => {
    expect(formatTime(local(2027, 6, 12, h, m))).toBe(text);
  });

  it('time is empty without a date; date-time joins date and time', () => {
    expect(formatTime(null)).toBe('');
    expect(formatDateTime(iso(2027, 6, 12, 15, 0))).toBe('Jun 12, 2027, 3:00 PM');
  });

  it('date ranges collapse to one day', () => {
    expect(formatDateRange(iso(2027, 6, 12, 10), iso(2027, 6, 12, 22))).toBe('June 12, 2027');
    expect(formatDateRange(iso(2027, 6, 12), iso(2027, 6, 14))).toBe(
      'June 12, 2027 – June 14, 2027',
    );
    expect(formatDateRange(iso(2027, 6, 12), null)).toBe('June 12, 2027');
  });

  it('joined date for member cards', () => {
    expect(formatJoined(iso(2027, 1, 2))).toBe('Joined Jan 2, 2027');
  });
});

describe('calendar-day maths', () => {
  it('counts calendar days, not 24-hour blocks', () => {
    expect(calendarDaysBetween(local(2027, 6, 12, 23, 59), local(2027, 6, 13, 0, 1))).toBe(1);
    expect(calendarDaysBetween(local(2027, 6, 12, 0, 0), local(2027, 6, 12, 23, 59))).toBe(0);
    expect(calendarDaysBetween(local(2027, 6, 13), local(2027, 6, 12))).toBe(-1);
  });

  it('spans month, year and DST boundaries', () => {
    expect(calendarDaysBetween(local(2027, 12, 31), local(2028, 1, 1))).toBe(1);
    expect(calendarDaysBetween(local(2027, 3, 1), local(2027, 4, 1))).toBe(31);
    expect(calendarDaysBetween(local(2027, 10, 1), local(2027, 11, 30))).toBe(60);
    expect(calendarDaysBetween(local(2028, 2, 28), local(2028, 3, 1))).toBe(2);
  });

  it('daysUntil is null for TBD', () => {
    expect(daysUntil(null)).toBeNull();
    expect(daysUntil('', local(2027, 1, 1))).toBeNull();
    expect(daysUntil(iso(2027, 1, 11), local(2027, 1, 1))).toBe(10);
  });
});

describe('countdownText', () => {
  const now = local(2027, 6, 12, 9);

  it.each([
    [iso(2027, 6, 22), '10 days to go'],
    [iso(2027, 6, 14), '2 days to go'],
    [iso(2027, 6, 13, 0, 0), '1 days to go'],
    [iso(2027, 6, 12, 23, 59), 'Today!'],
    [iso(2027, 6, 12, 0, 0), 'Today!'],
    [iso(2027, 6, 11, 23, 59), 'Event passed'],
    [iso(2026, 6, 12), 'Event passed'],
  ])('start %s → %s', (start, text) => {
    expect(countdownText(start, now)).toBe(text);
  });

  it('null when dates are TBD', () => {
    expect(countdownText(null, now)).toBeNull();
    expect(countdownText('', now)).toBeNull();
  });

  it('a running multi-day event is "Today!" until its end day passes', () => {
    expect(countdownText(iso(2027, 6, 10), now, iso(2027, 6, 12, 8))).toBe('Today!');
    expect(countdownText(iso(2027, 6, 10), now, iso(2027, 6, 14))).toBe('Today!');
    expect(countdownText(iso(2027, 6, 10), now, iso(2027, 6, 11))).toBe('Event passed');
    expect(countdownText(iso(2027, 6, 10), now, null)).toBe('Event passed');
  });
});

describe('isActive (Active Only filter)', () => {
  const now = local(2027, 6, 12, 18);

  it.each([
    [iso(2027, 6, 12, 0, 0), true],
    [iso(2027, 6, 12, 23, 59), true],
    [iso(2027, 6, 13), true],
    [iso(2027, 6, 11, 23, 59), false],
    [null, true],
    ['', true],
  ])('end %j → %s', (end, active) => {
    expect(isActive(end, now)).toBe(active);
  });
});

describe('datetime-local conversions', () => {
  it('ISO → local input value and back', () => {
    const value = iso(2027, 6, 12, 15, 30);
    expect(isoToDateTimeLocal(value)).toBe('2027-06-12T15:30');
    expect(dateTimeLocalToIso('2027-06-12T15:30')).toBe(value);
  });

  it('empty and invalid values', () => {
    expect(isoToDateTimeLocal(null)).toBe('');
    expect(isoToDateTimeLocal('')).toBe('');
    expect(dateTimeLocalToIso('')).toBeNull();
    expect(dateTimeLocalToIso(null)).toBeNull();
    expect(dateTimeLocalToIso('June 12')).toBeNull();
    expect(dateTimeLocalToIso('2027-02-31T10:00')).toBeNull();
  });

  it('keeps seconds when given and pads single digits', () => {
    expect(dateTimeLocalToIso('2027-01-02T03:04:05')).toBe(
      new Date(2027, 0, 2, 3, 4, 5).toISOString(),
    );
    expect(isoToDateTimeLocal(local(2027, 1, 2, 3, 4))).toBe('2027-01-02T03:04');
  });
});

describe('formatRelativeTime', () => {
  const now = local(2027, 6, 12, 12, 0);
  it.each([
    [new Date(now.getTime() - 30_000), 'just now'],
    [new Date(now.getTime() + 30_000), 'just now'],
    [new Date(now.getTime() - 60_000), '1 minute ago'],
    [new Date(now.getTime() - 5 * 60_000), '5 minutes ago'],
    [new Date(now.getTime() - 60 * 60_000), '1 hour ago'],
    [new Date(now.getTime() - 23 * 60 * 60_000), '23 hours ago'],
    [local(2027, 6, 11, 9), 'yesterday'],
    [local(2027, 6, 9, 12), '3 days ago'],
    [local(2027, 6, 1), 'Jun 1, 2027'],
  ])('%s → %s', (at, text) => {
    expect(formatRelativeTime(at, now)).toBe(text);
  });
});
