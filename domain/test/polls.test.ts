import { describe, expect, it } from 'vitest';
import type { PollAnswer, PollOption } from '../src/entities/polls.ts';
import {
  POLL_MESSAGES,
  POLL_TALLY_SHARDS,
  acceptsAnswers,
  bestOptionIds,
  createPollSchema,
  formatPollOption,
  mergePollOptions,
  pickedDateIcs,
  pickedDates,
  pollBallotSchema,
  pollProblem,
  pollReminderDue,
  pollShardOf,
  rankOptions,
  sumTallies,
  tallyMoves,
} from '../src/polls.ts';
import { parseWith } from '../src/schemas.ts';
import { dateTimeLocalToIso, formatWholeDays, formatZonedStart, wholeDays } from '../src/dates.ts';
import { formatTimeRangeInZone, formatWhen } from '../src/email/when.ts';
import { eventToIcs, scheduleItemToIcs } from '../src/ics.ts';
import { pollDateEmail } from '../src/email/poll-emails.ts';

const LA = 'America/Los_Angeles';
const now = new Date('2027-05-01T12:00:00Z');
/** Midnight of a day in the zone, through the app's own conversion. */
const day = (d: string, zone = LA) => dateTimeLocalToIso(`${d}T00:00`, zone)!;
const at = (wall: string, zone = LA) => dateTimeLocalToIso(wall, zone)!;
const opt = (id: string, start: string, end: string | null = null, allDay = false): PollOption => ({
  id,
  start,
  end,
  allDay,
});

describe('poll requests', () => {
  it('takes 2 to 20 options and normalises instants', () => {
    const ok = parseWith(createPollSchema, {
      options: [
        { start: '2027-06-12T07:00:00-00:00', allDay: true },
        { start: day('2027-06-19'), end: day('2027-06-20'), allDay: true },
      ],
    });
    expect(ok.ok && ok.value.options[0]!.start).toBe('2027-06-12T07:00:00.000Z');
    expect(ok.ok && ok.value.scheduleId).toBeNull();
    const one = parseWith(createPollSchema, { options: [{ start: day('2027-06-12') }] });
    expect(one).toEqual({ ok: false, errors: [POLL_MESSAGES.optionCount] });
    const many = Array.from({ length: 21 }, (_, i) => ({ start: day(`2027-07-${10 + i}`) }));
    expect(parseWith(createPollSchema, { options: many }).ok).toBe(false);
    const bad = parseWith(createPollSchema, { options: [{ start: 'soon' }, { start: 'later' }] });
    expect(bad).toEqual({ ok: false, errors: [POLL_MESSAGES.invalidDate] });
  });

  it('takes ballots of Yes / If need be / No by option id only', () => {
    expect(
      parseWith(pollBallotSchema, { answers: { abcd1234: 'yes', efgh5678: 'ifNeedBe' } }).ok,
    ).toBe(true);
    expect(parseWith(pollBallotSchema, { answers: { abcd1234: 'maybe' } }).ok).toBe(false);
    expect(parseWith(pollBallotSchema, { answers: { 'a.b': 'yes' } }).ok).toBe(false);
    expect(parseWith(pollBallotSchema, { answers: {} })).toEqual({
      ok: false,
      errors: [POLL_MESSAGES.answerRequired],
    });
  });
});

describe('pollProblem', () => {
  const weekend = (d1: string, d2: string) => ({ start: day(d1), end: day(d2), allDay: true });
  it('accepts whole days at midnight in the event zone and a future deadline', () => {
    const options = [weekend('2027-06-12', '2027-06-13'), weekend('2027-06-19', '2027-06-20')];
    expect(pollProblem(options, '2027-06-01T00:00:00.000Z', LA, now)).toBeNull();
  });
  it('refuses whole days that are not midnight in the event zone (UTC midnight in LA)', () => {
    const options = [
      { start: '2027-06-12T00:00:00.000Z', end: null, allDay: true },
      weekend('2027-06-19', '2027-06-20'),
    ];
    expect(pollProblem(options, null, LA, now)).toBe(POLL_MESSAGES.notMidnight);
    expect(pollProblem(options, null, 'UTC', now)).toBe(POLL_MESSAGES.notMidnight);
  });
  it('knows midnight across the DST change (Nov 7, 2027 in LA)', () => {
    const options = [weekend('2027-11-06', '2027-11-07'), weekend('2027-11-07', '2027-11-08')];
    expect(pollProblem(options, null, LA, now)).toBeNull();
  });
  it('refuses ends before starts, duplicates, past deadlines', () => {
    const a = { start: at('2027-06-12T19:00'), end: at('2027-06-12T18:00'), allDay: false };
    const b = { start: at('2027-06-13T19:00'), end: null, allDay: false };
    expect(pollProblem([a, b], null, LA, now)).toBe(POLL_MESSAGES.endBeforeStart);
    expect(pollProblem([b, b], null, LA, now)).toBe(POLL_MESSAGES.duplicate);
    expect(
      pollProblem(
        [b, { ...b, allDay: false, end: at('2027-06-13T20:00') }],
        '2027-04-30T00:00:00Z',
        LA,
        now,
      ),
    ).toBe(POLL_MESSAGES.deadlinePast);
    expect(pollProblem([b], null, LA, now)).toBe(POLL_MESSAGES.optionCount);
  });
});

describe('mergePollOptions', () => {
  const current = [
    opt('aaaa1111', day('2027-06-12'), null, true),
    opt('bbbb2222', day('2027-06-19'), null, true),
  ];
  let n = 0;
  const newId = () => `new${(n += 1)}xxxx`;
  it('keeps options by id and gives new ones ids', () => {
    const merged = mergePollOptions(
      current,
      [
        { id: 'bbbb2222', start: day('2027-06-19'), end: null, allDay: true },
        { start: day('2027-06-26'), end: null, allDay: true },
      ],
      newId,
    );
    expect(merged).toEqual([current[1], opt('new1xxxx', day('2027-06-26'), null, true)]);
  });
  it('refuses changing a kept option or naming an unknown one', () => {
    expect(
      mergePollOptions(
        current,
        [{ id: 'aaaa1111', start: day('2027-06-13'), end: null, allDay: true }],
        newId,
      ),
    ).toBe(POLL_MESSAGES.changedOption);
    expect(
      mergePollOptions(
        current,
        [{ id: 'zzzz9999', start: day('2027-06-13'), end: null, allDay: true }],
        newId,
      ),
    ).toBe(POLL_MESSAGES.unknownOption);
  });
});

describe('tallies', () => {
  it('moves only what a ballot change changes', () => {
    expect(tallyMoves(null, { a: 'yes', b: 'no' })).toEqual({ a: { yes: 1 }, b: { no: 1 } });
    expect(tallyMoves({ a: 'yes', b: 'no' }, { a: 'ifNeedBe', b: 'no' })).toEqual({
      a: { yes: -1, ifNeedBe: 1 },
    });
    expect(tallyMoves({ a: 'yes' }, { a: 'yes' })).toEqual({});
    expect(tallyMoves({ a: 'yes', c: 'no' }, { a: 'yes' })).toEqual({ c: { no: -1 } });
  });

  it('sums shards into exact totals equal to the ballots', () => {
    const ballots: Record<string, { a: PollAnswer; b: PollAnswer }> = {};
    const shards = Array.from({ length: POLL_TALLY_SHARDS }, () => ({
      counts: {} as Record<string, Record<string, number>>,
      voters: 0,
    }));
    // 300 members answer, 100 of them change their mind: the shard sums equal a recount.
    for (let i = 0; i < 400; i += 1) {
      const uid = `user-${i % 300}`;
      const next = {
        a: (['yes', 'ifNeedBe', 'no'] as const)[i % 3]!,
        b: i % 2 ? ('yes' as const) : ('no' as const),
      };
      const shard = shards[pollShardOf(uid)]!;
      if (!ballots[uid]) shard.voters += 1;
      for (const [id, m] of Object.entries(tallyMoves(ballots[uid] ?? null, next))) {
        const c = (shard.counts[id] ??= {});
        for (const [k, v] of Object.entries(m)) c[k] = (c[k] ?? 0) + (v ?? 0);
      }
      ballots[uid] = next;
    }
    const totals = sumTallies(shards);
    expect(totals.voters).toBe(300);
    const recount = { yes: 0, ifNeedBe: 0, no: 0 };
    for (const b of Object.values(ballots)) recount[b.a] += 1;
    expect(totals.counts.a).toEqual(recount);
  });

  it('spreads members over the shards', () => {
    const used = new Set(Array.from({ length: 1000 }, (_, i) => pollShardOf(`uid${i}`)));
    expect(used.size).toBe(POLL_TALLY_SHARDS);
    expect(pollShardOf('same')).toBe(pollShardOf('same'));
  });
});

describe('ranking', () => {
  const options = [
    opt('early', day('2027-06-05'), null, true),
    opt('mid', day('2027-06-12'), null, true),
    opt('late', day('2027-06-19'), null, true),
  ];
  it('ranks most Yes first, then most If need be, then the earlier date', () => {
    const counts = {
      early: { yes: 2, ifNeedBe: 0, no: 1 },
      mid: { yes: 2, ifNeedBe: 1, no: 0 },
      late: { yes: 3, ifNeedBe: 0, no: 0 },
    };
    expect(rankOptions(options, counts).map((r) => [r.option.id, r.best])).toEqual([
      ['late', true],
      ['mid', false],
      ['early', false],
    ]);
  });
  it('marks ties as best together, and nothing before any Yes or If need be', () => {
    const tie = { early: { yes: 1, ifNeedBe: 1, no: 0 }, late: { yes: 1, ifNeedBe: 1, no: 0 } };
    expect([...bestOptionIds(options, tie)].sort()).toEqual(['early', 'late']);
    expect(bestOptionIds(options, { mid: { yes: 0, ifNeedBe: 0, no: 3 } }).size).toBe(0);
  });
});

describe('reading and picking options', () => {
  it('reads whole days and date-times in the event zone with its label', () => {
    expect(
      formatPollOption({ start: day('2027-06-12'), end: day('2027-06-13'), allDay: true }, LA),
    ).toBe('Sat, June 12, 2027 – Sun, June 13, 2027');
    expect(formatPollOption({ start: day('2027-06-12'), end: null, allDay: true }, LA)).toBe(
      'Sat, June 12, 2027',
    );
    expect(
      formatPollOption(
        { start: at('2027-06-12T19:00'), end: at('2027-06-12T22:00'), allDay: false },
        LA,
      ),
    ).toBe('Sat, June 12, 2027, 7:00 PM PDT – 10:00 PM PDT');
    expect(
      formatPollOption(
        { start: at('2027-12-12T19:00', 'Europe/Paris'), end: null, allDay: false },
        'Europe/Paris',
      ),
    ).toBe('Sun, December 12, 2027, 7:00 PM GMT+1');
  });
  it('gives whole days the first midnight to the last 23:59 in the zone, across DST', () => {
    expect(
      pickedDates({ start: day('2027-11-06'), end: day('2027-11-07'), allDay: true }, LA),
    ).toEqual({
      start: day('2027-11-06'),
      end: at('2027-11-07T23:59'),
    });
    const timed = { start: at('2027-06-12T19:00'), end: null, allDay: false };
    expect(pickedDates(timed, LA)).toEqual({ start: timed.start, end: null });
  });
  it('takes answers while open and before the deadline; reminds a day before', () => {
    expect(acceptsAnswers({ status: 'open', deadline: null }, now)).toBe(true);
    expect(acceptsAnswers({ status: 'open', deadline: '2027-05-01T11:00:00Z' }, now)).toBe(false);
    expect(acceptsAnswers({ status: 'closed', deadline: null }, now)).toBe(false);
    expect(pollReminderDue('2027-05-10T12:00:00.000Z', now)?.toISOString()).toBe(
      '2027-05-09T12:00:00.000Z',
    );
    expect(pollReminderDue('2027-05-01T20:00:00.000Z', now)?.toISOString()).toBe(now.toISOString());
    expect(pollReminderDue(null, now)).toBeNull();
  });
});

describe('a picked whole-day date reads as dates everywhere', () => {
  // What picking the weekend of Nov 6–7 (a DST change in Los Angeles) sets.
  const picked = pickedDates(
    { start: day('2027-11-06'), end: day('2027-11-07'), allDay: true },
    LA,
  );
  const oneDay = pickedDates({ start: day('2027-06-12'), end: null, allDay: true }, LA);

  it('is recognised as whole days in the zone only', () => {
    expect(wholeDays(picked.start, picked.end, LA)).toEqual({
      first: '2027-11-06',
      last: '2027-11-07',
    });
    expect(wholeDays(oneDay.start, oneDay.end, LA)).toEqual({
      first: '2027-06-12',
      last: '2027-06-12',
    });
    // The same instants are not whole days elsewhere, nor are timed ranges or open ends.
    expect(wholeDays(picked.start, picked.end, 'Europe/Paris')).toBeNull();
    expect(wholeDays(at('2027-06-12T19:00'), at('2027-06-12T23:59'), LA)).toBeNull();
    expect(wholeDays(oneDay.start, null, LA)).toBeNull();
    expect(formatWholeDays({ first: '2027-11-06', last: '2027-11-07' })).toBe(
      'Sat, November 6, 2027 – Sun, November 7, 2027',
    );
    // An item's one-line start (seating, its prints, the announcement composer's item list).
    expect(formatZonedStart(picked.start, picked.end, LA)).toBe(
      'Sat, November 6, 2027 – Sun, November 7, 2027',
    );
    expect(formatZonedStart(at('2027-06-12T19:00'), null, LA)).toBe(
      'Sat, June 12, 2027, 7:00 PM PDT',
    );
  });

  it('e-mails say the dates, never "12:00 AM"', () => {
    expect(formatWhen(picked.start, picked.end, LA)).toBe(
      'Saturday, November 6, 2027 – Sunday, November 7, 2027',
    );
    expect(formatWhen(oneDay.start, oneDay.end, LA)).toBe('Saturday, June 12, 2027');
    expect(formatTimeRangeInZone(oneDay.start, oneDay.end, LA)).toBe('All day');
    expect(formatWhen(at('2027-06-12T19:00'), null, LA)).toBe(
      'Saturday, June 12, 2027, 7:00 PM PDT',
    );
  });

  it("the event's and the item's own .ics are all-day entries", () => {
    const event = eventToIcs({
      id: 'e1',
      name: 'Lake trip',
      description: '',
      location: '',
      startDate: picked.start,
      endDate: picked.end,
      timeZone: LA,
    });
    expect(event).toContain('DTSTART;VALUE=DATE:20271106');
    // DTEND of an all-day entry is the day after the last.
    expect(event).toContain('DTEND;VALUE=DATE:20271108');
    const item = scheduleItemToIcs(
      {
        id: 's1',
        eventId: 'e1',
        title: 'Picnic',
        description: '',
        location: '',
        startTime: oneDay.start,
        endTime: oneDay.end,
      },
      { timeZone: LA },
    );
    expect(item).toContain('DTSTART;VALUE=DATE:20270612');
    expect(item).toContain('DTEND;VALUE=DATE:20270613');
    expect(item).not.toContain('T070000Z');
  });
});

describe('the picked date e-mail and its calendar file', () => {
  it('an all-day weekend as dates in the zone, with the event UID and zone', () => {
    const ics = pickedDateIcs({
      eventId: 'e1',
      event: { name: 'Lake trip', description: 'Cabins', location: 'Tahoe' },
      item: null,
      option: { start: day('2027-06-12'), end: day('2027-06-13'), allDay: true },
      timeZone: LA,
      url: 'http://app.test/events/e1',
      now: new Date('2027-05-01T00:00:00Z'),
    });
    expect(ics.filename).toBe('lake-trip.ics');
    expect(ics.content).toContain('UID:event-e1@gatherly');
    expect(ics.content).toContain('DTSTART;VALUE=DATE:20270612');
    expect(ics.content).toContain('DTEND;VALUE=DATE:20270614');
    expect(ics.content).toContain('X-WR-TIMEZONE:America/Los_Angeles');
  });
  it('a timed item option as instants, with the item UID', () => {
    const ics = pickedDateIcs({
      eventId: 'e1',
      event: { name: 'Wedding', description: '', location: '' },
      item: { id: 's1', title: 'Dinner', description: 'Tapas', location: 'Casa' },
      option: { start: at('2027-06-12T19:00'), end: null, allDay: false },
      timeZone: LA,
      url: 'http://app.test/events/e1',
    });
    expect(ics.content).toContain('UID:schedule-e1-s1@gatherly');
    expect(ics.content).toContain('DTSTART:20270613T020000Z');
    expect(ics.content).toContain('SUMMARY:Dinner');
  });
  it('says the date in the e-mail and attaches the file', () => {
    const mail = pollDateEmail({
      recipientName: 'Ana',
      eventName: 'Lake trip',
      subject: 'Lake trip',
      when: 'Sat, June 12, 2027 – Sun, June 13, 2027',
      eventUrl: 'http://app.test/events/e1',
      unsubscribeUrl: 'http://app.test/api/unsubscribe?token=t',
      ics: { filename: 'lake-trip.ics', content: 'BEGIN:VCALENDAR' },
    });
    expect(mail.subject).toBe('Lake trip: the date is set');
    expect(mail.text).toContain('Sat, June 12, 2027 – Sun, June 13, 2027');
    expect(mail.html).toContain('Sat, June 12, 2027 &#8211; Sun, June 13, 2027');
    expect(mail.attachments).toEqual([
      {
        filename: 'lake-trip.ics',
        content: 'BEGIN:VCALENDAR',
        contentType: 'text/calendar;charset=utf-8',
      },
    ]);
  });
});
