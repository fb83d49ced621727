import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { dateTimeLocalToIso, formatZonedDateTime, formatZonedTime } from '../src/dates.ts';
import {
  buildIcs,
  escapeIcsText,
  eventToIcs,
  foldIcsLine,
  formatIcsUtc,
  icsFileName,
  scheduleItemToIcs,
} from '../src/ics.ts';

const now = new Date('2027-01-01T00:00:00.000Z');
const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const lines = (ics: string) => unfold(ics).split('\r\n');

describe('escaping and folding', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeIcsText('')).toBe('');
  });

  it('leaves short lines alone and folds long ones at 75 octets', () => {
    expect(foldIcsLine('SUMMARY:short')).toBe('SUMMARY:short');
    const long = 'DESCRIPTION:' + 'x'.repeat(200);
    const folded = foldIcsLine(long);
    for (const physical of folded.split('\r\n'))
      expect(new TextEncoder().encode(physical).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('never splits a multi-byte character', () => {
    const long = 'SUMMARY:' + 'é'.repeat(80);
    const folded = foldIcsLine(long);
    for (const physical of folded.split('\r\n'))
      expect(new TextEncoder().encode(physical).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('formats UTC stamps', () => {
    expect(formatIcsUtc(new Date('2027-06-12T15:04:05.678Z'))).toBe('20270612T150405Z');
  });
});

describe('buildIcs', () => {
  const ics = buildIcs(
    [
      {
        uid: 'u1@gatherly',
        title: 'Dinner, drinks; fun',
        start: '2027-06-12T17:00:00+02:00',
        end: '2027-06-12T20:00:00Z',
        location: 'Hall\nB',
      },
    ],
    now,
  );

  it('is a CRLF VCALENDAR ending in CRLF, without bare LFs', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('writes times in UTC with escaped text', () => {
    const l = lines(ics);
    expect(l).toContain('DTSTART:20270612T150000Z');
    expect(l).toContain('DTEND:20270612T200000Z');
    expect(l).toContain('DTSTAMP:20270101T000000Z');
    expect(l).toContain('SUMMARY:Dinner\\, drinks\\; fun');
    expect(l).toContain('LOCATION:Hall\\nB');
    expect(l).toContain('UID:u1@gatherly');
  });

  it('a timed entry without end lasts one hour', () => {
    const l = lines(buildIcs([{ uid: 'u', title: 't', start: '2027-06-12T15:00:00Z' }], now));
    expect(l).toContain('DTEND:20270612T160000Z');
  });

  it('date-only starts are all-day with an exclusive end', () => {
    const single = lines(buildIcs([{ uid: 'u', title: 't', start: '2027-06-12' }], now));
    expect(single).toContain('DTSTART;VALUE=DATE:20270612');
    expect(single).toContain('DTEND;VALUE=DATE:20270613');
    const span = lines(
      buildIcs([{ uid: 'u', title: 't', start: '2027-12-30', end: '2027-12-31' }], now),
    );
    expect(span).toContain('DTEND;VALUE=DATE:20280101');
  });

  it('omits empty description and location', () => {
    const l = lines(
      buildIcs(
        [{ uid: 'u', title: 't', start: '2027-06-12T15:00:00Z', description: '', location: '' }],
        now,
      ),
    );
    expect(l.some((x) => x.startsWith('DESCRIPTION'))).toBe(false);
    expect(l.some((x) => x.startsWith('LOCATION'))).toBe(false);
  });

  it('throws on an unparseable start rather than writing a wrong file', () => {
    expect(() => buildIcs([{ uid: 'u', title: 't', start: 'soon' }], now)).toThrow(/Not a date/);
  });
});

describe('schedule items and events', () => {
  it('schedule item: stable UID, event name in the description', () => {
    const ics = scheduleItemToIcs(
      {
        id: 's1',
        eventId: 'e1',
        title: 'Rehearsal',
        description: 'Bring shoes',
        location: 'Chapel',
        startTime: '2027-06-11T18:00:00.000Z',
        endTime: null,
      },
      { eventName: 'Sam & Alex', now },
    );
    const l = lines(ics);
    expect(l).toContain('UID:schedule-e1-s1@gatherly');
    expect(l).toContain('DESCRIPTION:Sam & Alex\\n\\nBring shoes');
    expect(l).toContain('DTEND:20270611T190000Z');
  });

  it('event: null while TBD, otherwise its dates', () => {
    const base = {
      id: 'e1',
      name: 'Wedding',
      description: '',
      location: 'Lisbon',
      startDate: null,
      endDate: null,
    };
    expect(eventToIcs(base)).toBeNull();
    const l = lines(
      eventToIcs(
        { ...base, startDate: '2027-06-12T14:00:00.000Z', endDate: '2027-06-14T10:00:00.000Z' },
        { now, url: 'https://app.test/events/e1' },
      ) ?? '',
    );
    expect(l).toContain('UID:event-e1@gatherly');
    expect(l).toContain('DTEND:20270614T100000Z');
    expect(l).toContain('URL:https://app.test/events/e1');
  });

  it.each([
    ['Welcome Dinner!', 'welcome-dinner.ics'],
    ['Café  Brunch', 'cafe-brunch.ics'],
    ['***', 'event.ics'],
    ['', 'event.ics'],
  ])('icsFileName(%j) = %s', (title, name) => {
    expect(icsFileName(title)).toBe(name);
  });
});

describe('the event zone and round trips through a real iCalendar parser', () => {
  const CEREMONY = '2027-06-12T23:00:00.000Z'; // 4:00 PM in Napa

  /** Parses the file with ical.js, as a calendar app would. */
  function parse(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    return { calendar, events };
  }

  it('events carry their zone as X-WR-TIMEZONE and their instants in UTC', () => {
    const ics = eventToIcs(
      {
        id: 'e1',
        name: 'Sam & Alex',
        description: '',
        location: 'Napa',
        startDate: CEREMONY,
        endDate: '2027-06-13T05:00:00.000Z',
        timeZone: 'America/Los_Angeles',
      },
      { now },
    )!;
    expect(lines(ics)).toContain('X-WR-TIMEZONE:America/Los_Angeles');
    const { calendar, events } = parse(ics);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Los_Angeles');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.startDate.toJSDate().toISOString()).toBe(CEREMONY);
    expect(event!.endDate.toJSDate().toISOString()).toBe('2027-06-13T05:00:00.000Z');
    expect(event!.startDate.zone?.tzid).toBe('UTC');
    // A calendar in London shows the same moment at its own local time.
    expect(formatZonedDateTime(event!.startDate.toJSDate(), 'Europe/London')).toBe(
      'Sun, June 13, 2027, 12:00 AM GMT+1',
    );
    expect(formatZonedDateTime(event!.startDate.toJSDate(), 'America/Los_Angeles')).toBe(
      'Sat, June 12, 2027, 4:00 PM PDT',
    );
  });

  it('events without a confirmed zone say UTC', () => {
    const ics = eventToIcs(
      { id: 'e1', name: 'x', description: '', location: '', startDate: CEREMONY, endDate: null },
      { now },
    )!;
    expect(lines(ics)).toContain('X-WR-TIMEZONE:UTC');
  });

  it('a schedule item entered at 1:30 AM on the fall-back night keeps its first-hour instant', () => {
    const start = dateTimeLocalToIso('2027-11-07T01:30', 'America/Los_Angeles')!;
    const ics = scheduleItemToIcs(
      {
        id: 's1',
        eventId: 'e1',
        title: 'After party',
        description: '',
        location: '',
        startTime: start,
        endTime: null,
      },
      { now, timeZone: 'America/Los_Angeles' },
    );
    const { calendar, events } = parse(ics);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Los_Angeles');
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe('2027-11-07T08:30:00.000Z');
    // The default hour spans the change: 1:30 AM PDT to 1:30 AM PST.
    expect(events[0]!.endDate.toJSDate().toISOString()).toBe('2027-11-07T09:30:00.000Z');
    expect(formatZonedTime(events[0]!.endDate.toJSDate(), 'America/Los_Angeles')).toBe(
      '1:30 AM PST',
    );
  });

  it('invalid zones are left out rather than written', () => {
    const ics = buildIcs([{ uid: 'u', title: 't', start: CEREMONY }], now, 'Mars/Base');
    expect(ics).not.toContain('X-WR-TIMEZONE');
    expect(parse(ics).events[0]!.startDate.toJSDate().toISOString()).toBe(CEREMONY);
  });

  it('all-day entries parse back as dates', () => {
    const { events } = parse(
      buildIcs([{ uid: 'u', title: 't', start: '2028-02-28', end: '2028-02-29' }], now),
    );
    expect(events[0]!.startDate.isDate).toBe(true);
    expect(events[0]!.startDate.toString()).toBe('2028-02-28');
    expect(events[0]!.endDate.toString()).toBe('2028-03-01');
  });
});
