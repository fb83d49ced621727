// Event times in the event's zone: the same text on every machine (this suite runs under
// several TZ values, vitest.config.ts), labelled, counted on the event's own calendar.
import { describe, expect, it } from 'vitest';
import {
  compareEventsByStart,
  countdownText,
  dateTimeLocalToIso,
  dayKey,
  daysUntil,
  eventCountdownText,
  eventPhase,
  formatDateRange,
  formatDateTime,
  formatLongDate,
  formatShortDate,
  formatTime,
  formatZonedDate,
  formatZonedDateTime,
  formatZonedTime,
  isEventActive,
  isEventUpcoming,
  isoToDateTimeLocal,
  viewerTimeHint,
  wallClockNote,
} from '../src/dates.ts';
import { toInstant } from '../src/time-zones.ts';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const LONDON = 'Europe/London';
const KOLKATA = 'Asia/Kolkata';
const AUCKLAND = 'Pacific/Auckland';

/** The seeded ceremony: 4:00 PM in Napa on Saturday, June 12, 2027 ("seated by 3:45 pm"). */
const CEREMONY = '2027-06-12T23:00:00.000Z';
const SEATED = '2027-06-12T22:45:00.000Z';

describe('labelled display in the event zone', () => {
  it('the ceremony reads 4:00 PM PDT on every machine', () => {
    expect(formatZonedDateTime(CEREMONY, LA)).toBe('Sat, June 12, 2027, 4:00 PM PDT');
    expect(formatZonedDateTime(SEATED, LA)).toBe('Sat, June 12, 2027, 3:45 PM PDT');
    expect(formatZonedTime(CEREMONY, LA)).toBe('4:00 PM PDT');
    expect(formatZonedDate(CEREMONY, LA)).toBe('Sat, June 12, 2027');
  });

  it('the same instant in other zones', () => {
    expect(formatZonedDateTime(CEREMONY, 'UTC')).toBe('Sat, June 12, 2027, 11:00 PM UTC');
    expect(formatZonedDateTime(CEREMONY, NY)).toBe('Sat, June 12, 2027, 7:00 PM EDT');
    expect(formatZonedDateTime(CEREMONY, KOLKATA)).toBe('Sun, June 13, 2027, 4:30 AM GMT+5:30');
    expect(formatZonedDateTime(CEREMONY, AUCKLAND)).toBe('Sun, June 13, 2027, 11:00 AM GMT+12');
    expect(formatZonedDate(CEREMONY, AUCKLAND)).toBe('Sun, June 13, 2027');
  });

  it('winter time has its own label; midnight and noon read 12', () => {
    expect(formatZonedDateTime('2027-01-02T08:00:00Z', LA)).toBe(
      'Sat, January 2, 2027, 12:00 AM PST',
    );
    expect(formatZonedTime('2027-01-02T20:05:00Z', LA)).toBe('12:05 PM PST');
  });

  it('TBD and empty values', () => {
    expect(formatZonedDateTime(null, LA)).toBe('Date TBD');
    expect(formatZonedDate('', LA)).toBe('Date TBD');
    expect(formatZonedTime(undefined, LA)).toBe('');
  });

  it('the unlabelled formats take the zone too', () => {
    expect(formatLongDate(CEREMONY, LA)).toBe('June 12, 2027');
    expect(formatLongDate(CEREMONY, AUCKLAND)).toBe('June 13, 2027');
    expect(formatShortDate(CEREMONY, LA)).toBe('Jun 12, 2027');
    expect(formatTime(CEREMONY, LA)).toBe('4:00 PM');
    expect(formatDateTime(CEREMONY, LA)).toBe('Jun 12, 2027, 4:00 PM');
    // A Friday-to-Saturday evening party is one day in LA, two in UTC.
    const start = '2027-06-12T01:00:00Z';
    const end = '2027-06-12T06:00:00Z';
    expect(formatDateRange(start, end, LA)).toBe('June 11, 2027');
    expect(formatDateRange(start, end, 'UTC')).toBe('June 12, 2027');
    expect(formatDateRange(start, '2027-06-13T06:00:00Z', LA)).toBe(
      'June 11, 2027 – June 12, 2027',
    );
  });
});

describe("the viewer's own time as a hint", () => {
  it('none when the viewer reads the same clock', () => {
    expect(viewerTimeHint(CEREMONY, LA, LA)).toBeNull();
    // Another name for the same clock at that instant.
    expect(viewerTimeHint(CEREMONY, LA, 'America/Vancouver')).toBeNull();
    expect(viewerTimeHint(null, LA, NY)).toBeNull();
  });

  it('time only on the same day, with the date when the day differs', () => {
    expect(viewerTimeHint(CEREMONY, LA, NY)).toBe('7:00 PM EDT your time');
    expect(viewerTimeHint(CEREMONY, LA, LONDON)).toBe('Sun, June 13, 12:00 AM GMT+1 your time');
    expect(viewerTimeHint(CEREMONY, LA, AUCKLAND)).toBe('Sun, June 13, 11:00 AM GMT+12 your time');
  });
});

describe('form values are wall-clock times in the given zone', () => {
  it('round-trips the ceremony through a Los Angeles form on any machine', () => {
    expect(isoToDateTimeLocal(CEREMONY, LA)).toBe('2027-06-12T16:00');
    expect(dateTimeLocalToIso('2027-06-12T16:00', LA)).toBe(CEREMONY);
    expect(isoToDateTimeLocal(CEREMONY, KOLKATA)).toBe('2027-06-13T04:30');
    expect(dateTimeLocalToIso('2027-06-13T04:30', KOLKATA)).toBe(CEREMONY);
  });

  it("no zone ('' or absent) means the device's, as before events had zones", () => {
    const device = dateTimeLocalToIso('2027-06-12T16:00');
    expect(device).toBe(new Date(2027, 5, 12, 16, 0).toISOString());
    expect(dateTimeLocalToIso('2027-06-12T16:00', '')).toBe(device);
    expect(dateTimeLocalToIso('2027-06-12T16:00', null)).toBe(device);
    expect(isoToDateTimeLocal(device, '')).toBe('2027-06-12T16:00');
    expect(isoToDateTimeLocal(device)).toBe('2027-06-12T16:00');
  });

  it('keeps an instant as it is, refuses invalid input and zones', () => {
    expect(dateTimeLocalToIso('2027-06-12T16:00-07:00', AUCKLAND)).toBe(CEREMONY);
    expect(dateTimeLocalToIso('2027-06-12T16:00', 'Mars/Base')).toBeNull();
    expect(dateTimeLocalToIso('2027-06-31T16:00', LA)).toBeNull();
  });

  it('an item at 1:30 AM on the night clocks go back', () => {
    // November 7, 2027 in Los Angeles: 1:30 AM happens twice; the form means the first.
    const first = dateTimeLocalToIso('2027-11-07T01:30', LA);
    expect(first).toBe('2027-11-07T08:30:00.000Z');
    expect(formatZonedDateTime(first, LA)).toBe('Sun, November 7, 2027, 1:30 AM PDT');
    expect(isoToDateTimeLocal(first, LA)).toBe('2027-11-07T01:30');
    // An item stored at the second 1:30 AM shows as such, labelled PST, and edits back to 1:30.
    const second = '2027-11-07T09:30:00.000Z';
    expect(formatZonedDateTime(second, LA)).toBe('Sun, November 7, 2027, 1:30 AM PST');
    expect(isoToDateTimeLocal(second, LA)).toBe('2027-11-07T01:30');
    expect(wallClockNote('2027-11-07T01:30', LA)).toBe(
      'Clocks fall back that night, so 1:30 AM happens twice on Sun, November 7, 2027. It will be saved as the first one, 1:30 AM PDT.',
    );
    // The same night in a zone without DST: nothing to say.
    expect(wallClockNote('2027-11-07T01:30', KOLKATA)).toBeNull();
  });

  it('a skipped time on the spring-forward night is saved an hour later, and says so', () => {
    expect(dateTimeLocalToIso('2027-03-14T02:30', LA)).toBe('2027-03-14T10:30:00.000Z');
    expect(formatZonedTime('2027-03-14T10:30:00.000Z', LA)).toBe('3:30 AM PDT');
    expect(wallClockNote('2027-03-14T02:30', LA)).toBe(
      'Clocks spring forward that night, so 2:30 AM does not exist on Sun, March 14, 2027. It will be saved as 3:30 AM PDT.',
    );
    expect(wallClockNote('2027-03-14T03:30', LA)).toBeNull();
    expect(wallClockNote('', LA)).toBeNull();
  });

  it('an event spanning the spring-forward night lasts the real number of hours', () => {
    // Saturday 8:00 PM to Sunday 10:00 AM in Los Angeles: 13 hours, not 14.
    const start = toInstant(dateTimeLocalToIso('2027-03-13T20:00', LA));
    const end = toInstant(dateTimeLocalToIso('2027-03-14T10:00', LA));
    expect(start!.until(end!, { largestUnit: 'hours' }).hours).toBe(13);
    expect(formatZonedDateTime(start!.toString(), LA)).toBe('Sat, March 13, 2027, 8:00 PM PST');
    expect(formatZonedDateTime(end!.toString(), LA)).toBe('Sun, March 14, 2027, 10:00 AM PDT');
    const event = { startDate: start!.toString(), endDate: end!.toString(), timeZone: LA };
    expect(formatDateRange(event.startDate, event.endDate, LA)).toBe(
      'March 13, 2027 – March 14, 2027',
    );
    // Sunday morning in LA: the event started yesterday and ends today.
    expect(eventPhase(event, new Date('2027-03-14T16:00:00Z'))).toBe('ongoing');
    expect(eventCountdownText(event, new Date('2027-03-14T16:00:00Z'))).toBe('Today!');
    expect(eventCountdownText(event, new Date('2027-03-15T16:00:00Z'))).toBe('Event passed');
  });
});

describe("countdown, Active and ordering on the event's calendar", () => {
  const ceremony = { startDate: CEREMONY, endDate: '2027-06-13T05:00:00.000Z', timeZone: LA };

  it('days are counted in the event zone, not the viewer zone', () => {
    // 8:00 PM on June 11 in Los Angeles is already June 12 in UTC and in Auckland.
    const evening = new Date('2027-06-12T03:00:00Z');
    expect(eventCountdownText(ceremony, evening)).toBe('1 days to go');
    expect(countdownText(CEREMONY, evening, ceremony.endDate, LA)).toBe('1 days to go');
    expect(countdownText(CEREMONY, evening, ceremony.endDate, 'UTC')).toBe('Today!');
    expect(daysUntil(CEREMONY, evening, LA)).toBe(1);
    expect(daysUntil(CEREMONY, evening, AUCKLAND)).toBe(1);
    expect(eventPhase(ceremony, evening)).toBe('upcoming');
    expect(isEventUpcoming(ceremony, evening)).toBe(true);
  });

  it('"Today!" all day on June 12 in Napa, "Event passed" from June 14', () => {
    expect(eventCountdownText(ceremony, new Date('2027-06-12T07:30:00Z'))).toBe('Today!');
    expect(eventPhase(ceremony, new Date('2027-06-12T07:30:00Z'))).toBe('today');
    expect(eventCountdownText(ceremony, new Date('2027-06-13T06:59:00Z'))).toBe('Today!');
    // June 13 in Napa: the party ends 10:00 PM on June 12, so it has passed.
    expect(eventCountdownText(ceremony, new Date('2027-06-13T07:00:00Z'))).toBe('Event passed');
    expect(eventCountdownText({ startDate: null, timeZone: LA })).toBeNull();
    expect(eventCountdownText(ceremony, new Date('2027-05-13T19:00:00Z'))).toBe('30 days to go');
  });

  it('Active Only keeps events whose last day is today or later in their zone', () => {
    const justAfter = new Date('2027-06-13T07:30:00Z'); // 12:30 AM June 13 in LA
    expect(isEventActive(ceremony, new Date('2027-06-13T06:30:00Z'))).toBe(true);
    expect(isEventActive(ceremony, justAfter)).toBe(false);
    // The same instants in Auckland's calendar: still June 13 there, the event's last day.
    expect(isEventActive({ ...ceremony, timeZone: AUCKLAND }, justAfter)).toBe(true);
    // Without an end date the start date is the last day; without dates it is active.
    expect(isEventActive({ startDate: CEREMONY, endDate: null, timeZone: LA }, justAfter)).toBe(
      false,
    );
    expect(isEventActive({ startDate: null, endDate: null, timeZone: LA }, justAfter)).toBe(true);
  });

  it('events without a zone count in UTC', () => {
    const legacy = { startDate: CEREMONY, endDate: null };
    expect(eventCountdownText(legacy, new Date('2027-06-12T03:00:00Z'))).toBe('Today!');
  });

  it('orders by start instant with TBD last; groups by day in the zone', () => {
    const events = [
      { name: 'tbd', startDate: null },
      { name: 'auckland brunch', startDate: '2027-06-12T23:30:00+12:00', timeZone: AUCKLAND },
      { name: 'napa', startDate: CEREMONY, timeZone: LA },
      { name: 'london', startDate: '2027-06-12T20:00:00+01:00', timeZone: LONDON },
    ];
    expect([...events].sort(compareEventsByStart).map((e) => e.name)).toEqual([
      'auckland brunch',
      'london',
      'napa',
      'tbd',
    ]);
    expect(dayKey(CEREMONY, LA)).toBe('2027-06-12');
    expect(dayKey(CEREMONY, AUCKLAND)).toBe('2027-06-13');
    expect(dayKey(null, LA)).toBe('');
  });
});
