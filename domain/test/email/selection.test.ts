import { describe, expect, it } from 'vitest';
import type { EmailPreferences } from '../../src/entities/users.ts';
import { buildActivityFeed } from '../../src/activity.ts';
import {
  announcementMailId,
  announcementRecipients,
  announcementRequestSchema,
  audienceLabel,
  audienceOf,
} from '../../src/email/announcements.ts';
import { wantsEmail } from '../../src/email/preferences.ts';
import {
  dayOfSummaries,
  dayOfSummaryDue,
  reminderMailId,
  reminderRunId,
  reminderSettingsSchema,
  scheduleDays,
  unansweredRecipients,
  unansweredReminderDue,
  type ReminderItem,
} from '../../src/email/reminders.ts';
import {
  DEFAULT_REMINDER_SETTINGS,
  effectiveReminderSettings,
  isReminderSettings,
} from '../../src/email/reminder-settings.ts';
import { parseWith } from '../../src/schemas.ts';
import type { RsvpStatus } from '../../src/rsvp-options.ts';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const item = (id: string, startTime: string): ReminderItem => ({
  id,
  title: id,
  description: '',
  startTime,
  endTime: null,
  location: '',
});
const member = (userId: string, email = `${userId}@example.com`) => ({
  userId,
  email,
  displayName: userId,
});
const prefs = (entries: Record<string, EmailPreferences> = {}) =>
  new Map<string, EmailPreferences | undefined>(Object.entries(entries));

describe('reminder settings', () => {
  it('default to 48 hours and a day-of summary; stored settings win when valid', () => {
    expect(effectiveReminderSettings(undefined)).toEqual({
      unansweredHoursBefore: 48,
      dayOfSummary: true,
    });
    expect(effectiveReminderSettings({ unansweredHoursBefore: null, dayOfSummary: false })).toEqual(
      {
        unansweredHoursBefore: null,
        dayOfSummary: false,
      },
    );
    expect(
      effectiveReminderSettings({ unansweredHoursBefore: 24, dayOfSummary: true })
        .unansweredHoursBefore,
    ).toBe(24);
    expect(effectiveReminderSettings({ unansweredHoursBefore: 0, dayOfSummary: true })).toEqual(
      DEFAULT_REMINDER_SETTINGS,
    );
    expect(effectiveReminderSettings('48')).toEqual(DEFAULT_REMINDER_SETTINGS);
  });
  it('the schema accepts 1..168 whole hours or null, and says why otherwise', () => {
    expect(
      parseWith(reminderSettingsSchema, { unansweredHoursBefore: 6, dayOfSummary: false }).ok,
    ).toBe(true);
    expect(
      parseWith(reminderSettingsSchema, { unansweredHoursBefore: null, dayOfSummary: true }).ok,
    ).toBe(true);
    for (const bad of [0, 169, 2.5, '48']) {
      const r = parseWith(reminderSettingsSchema, {
        unansweredHoursBefore: bad,
        dayOfSummary: true,
      });
      expect(r.ok).toBe(false);
    }
    const r = parseWith(reminderSettingsSchema, { unansweredHoursBefore: 500, dayOfSummary: true });
    expect(r.ok ? '' : r.errors[0]).toBe('Reminders can be sent 1 to 168 hours before an item');
  });
  it('reading a stored value accepts exactly what the schema accepts', () => {
    const cases: unknown[] = [
      { unansweredHoursBefore: 1, dayOfSummary: true },
      { unansweredHoursBefore: 168, dayOfSummary: false },
      { unansweredHoursBefore: null, dayOfSummary: true },
      { unansweredHoursBefore: 0, dayOfSummary: true },
      { unansweredHoursBefore: 169, dayOfSummary: true },
      { unansweredHoursBefore: 2.5, dayOfSummary: true },
      { unansweredHoursBefore: '48', dayOfSummary: true },
      { unansweredHoursBefore: 48, dayOfSummary: 'yes' },
      { unansweredHoursBefore: 48 },
      { dayOfSummary: true },
      { unansweredHoursBefore: 48, dayOfSummary: true, extra: 1 },
      {},
      [],
      null,
      undefined,
      '48',
    ];
    for (const value of cases) {
      const bySchema = reminderSettingsSchema.isValidSync(value);
      expect(isReminderSettings(value), JSON.stringify(value)).toBe(bySchema);
    }
  });
});

describe('unanswered reminders', () => {
  const dinner = item('dinner', '2027-06-12T02:00:00.000Z');
  const start = Date.parse(dinner.startTime);
  const settings = { unansweredHoursBefore: 48, dayOfSummary: true };

  it('fall due N hours before the item and lapse when it starts; off sends none', () => {
    expect(unansweredReminderDue(dinner, settings, new Date(start - 48 * HOUR - 1))).toBe(false);
    expect(unansweredReminderDue(dinner, settings, new Date(start - 48 * HOUR))).toBe(true);
    expect(unansweredReminderDue(dinner, settings, new Date(start - 1))).toBe(true);
    expect(unansweredReminderDue(dinner, settings, new Date(start))).toBe(false);
    expect(
      unansweredReminderDue(
        dinner,
        { ...settings, unansweredHoursBefore: 6 },
        new Date(start - 7 * HOUR),
      ),
    ).toBe(false);
    expect(
      unansweredReminderDue(
        dinner,
        { ...settings, unansweredHoursBefore: null },
        new Date(start - HOUR),
      ),
    ).toBe(false);
    expect(unansweredReminderDue(item('x', 'not a date'), settings, new Date(start))).toBe(false);
  });

  it('go to members without an answer; answered (going, maybe, declined), unsubscribed and address-less members are left out', () => {
    const members = [
      member('ann'),
      member('bea'),
      member('cal'),
      member('dan'),
      member('eve'),
      member('fay', ''),
      member('gus'),
    ];
    // bea going, cal maybe, dan declined: all answered.
    const answered = new Set(['bea', 'cal', 'dan']);
    const chosen = unansweredRecipients(
      members,
      answered,
      prefs({ eve: { reminders: false }, gus: { announcements: false } }),
    );
    expect(chosen.map((m) => m.userId)).toEqual(['ann', 'gus']);
  });

  it('removed members are not in the member list, so they get nothing', () => {
    const current = [member('ann')];
    expect(unansweredRecipients(current, new Set(), prefs()).map((m) => m.userId)).toEqual(['ann']);
  });
});

describe('day-of summaries', () => {
  it('are due at 7:00 AM in the event zone on the day, not at 7:00 AM UTC', () => {
    // An 11:00 AM item in Los Angeles (18:00 UTC); 7:00 AM there is 14:00 UTC.
    const first = '2027-06-12T18:00:00.000Z';
    expect(dayOfSummaryDue(first, 'America/Los_Angeles', at('2027-06-12T07:00:00Z'))).toBe(false);
    expect(dayOfSummaryDue(first, 'America/Los_Angeles', at('2027-06-12T13:59:00Z'))).toBe(false);
    expect(dayOfSummaryDue(first, 'America/Los_Angeles', at('2027-06-12T14:00:00Z'))).toBe(true);
    // Auckland: 7:00 AM on June 13 is 19:00 UTC on June 12.
    const kiwi = '2027-06-12T23:00:00.000Z'; // 11:00 AM on the 13th in Auckland
    expect(dayOfSummaryDue(kiwi, 'Pacific/Auckland', at('2027-06-12T18:59:00Z'))).toBe(false);
    expect(dayOfSummaryDue(kiwi, 'Pacific/Auckland', at('2027-06-12T19:00:00Z'))).toBe(true);
  });

  it('follow the zone across a DST change', () => {
    // Los Angeles springs forward on 2027-03-14: 7:00 AM PDT is 14:00 UTC (15:00 UTC the day before).
    const first = '2027-03-14T19:00:00.000Z';
    expect(dayOfSummaryDue(first, 'America/Los_Angeles', at('2027-03-14T13:59:00Z'))).toBe(false);
    expect(dayOfSummaryDue(first, 'America/Los_Angeles', at('2027-03-14T14:00:00Z'))).toBe(true);
  });

  it('come 2 hours before an early first item, and lapse when it starts', () => {
    const early = '2027-06-12T12:00:00.000Z'; // 5:00 AM in Los Angeles
    expect(dayOfSummaryDue(early, 'America/Los_Angeles', at('2027-06-12T09:59:00Z'))).toBe(false);
    expect(dayOfSummaryDue(early, 'America/Los_Angeles', at('2027-06-12T10:00:00Z'))).toBe(true);
    expect(dayOfSummaryDue(early, 'America/Los_Angeles', at('2027-06-12T12:00:00Z'))).toBe(false);
  });

  it('group items by the calendar day of the event zone', () => {
    // 23:30 and 00:30 UTC: one day in Los Angeles, two days in UTC.
    const items = [
      item('late', '2027-06-13T00:30:00.000Z'),
      item('dinner', '2027-06-12T23:30:00.000Z'),
    ];
    expect(scheduleDays(items, 'America/Los_Angeles')).toEqual([
      { date: '2027-06-12', items: [items[1], items[0]] },
    ]);
    expect(scheduleDays(items, 'UTC').map((d) => [d.date, d.items.map((i) => i.id)])).toEqual([
      ['2027-06-12', ['dinner']],
      ['2027-06-13', ['late']],
    ]);
  });

  it('list for each member only the items they are going to; others and the unsubscribed get none', () => {
    const day = {
      date: '2027-06-12',
      items: [item('brunch', '2027-06-12T17:00:00Z'), item('dinner', '2027-06-13T02:00:00Z')],
    };
    const going = new Map([
      ['brunch', new Set(['ann', 'bea'])],
      ['dinner', new Set(['ann', 'eve'])],
    ]);
    const summaries = dayOfSummaries(
      day,
      going,
      [member('ann'), member('bea'), member('cal'), member('eve')],
      prefs({ eve: { reminders: false } }),
    );
    expect(summaries.map((s) => [s.recipient.userId, s.items.map((i) => i.id)])).toEqual([
      ['ann', ['brunch', 'dinner']],
      ['bea', ['brunch']],
    ]);
  });
});

describe('idempotency keys', () => {
  it('one mail id per (kind, event, item or day, member), stable and safe as a document id', () => {
    const a = reminderMailId('unanswered', 'e1', 'dinner', 'u1');
    expect(a).toBe(reminderMailId('unanswered', 'e1', 'dinner', 'u1'));
    expect(
      new Set([
        a,
        reminderMailId('day-of', 'e1', 'dinner', 'u1'),
        reminderMailId('unanswered', 'e2', 'dinner', 'u1'),
        reminderMailId('unanswered', 'e1', 'brunch', 'u1'),
        reminderMailId('unanswered', 'e1', 'dinner', 'u2'),
      ]).size,
    ).toBe(5);
    expect(reminderMailId('unanswered', 'e/1', 'x', 'u')).not.toContain('/');
    expect(reminderRunId('day-of', '2027-06-12')).toBe('day-of:2027-06-12');
    expect(announcementMailId('e1', 'a1', 'u1')).toBe('announcement:e1:a1:u1');
  });
});

describe('announcement audiences', () => {
  const members = [
    member('host'),
    member('ann'),
    member('bea'),
    member('cal'),
    member('dan'),
    member('eve'),
    member('fay', ''),
  ];
  const answers = new Map<string, RsvpStatus>([
    ['ann', 'going'],
    ['bea', 'going'],
    ['cal', 'maybe'],
    ['dan', 'not_going'],
    ['fay', 'going'],
  ]);
  const ids = (audience: Parameters<typeof announcementRecipients>[1], p = prefs()) =>
    announcementRecipients(members, audience, answers, p, 'host').map((m) => m.userId);

  it('everyone but the author', () => {
    expect(ids({ kind: 'all' })).toEqual(['ann', 'bea', 'cal', 'dan', 'eve']);
  });
  it('only those with the chosen answer, "no answer yet" included', () => {
    expect(ids({ kind: 'rsvp', scheduleId: 's', status: 'going' })).toEqual(['ann', 'bea']);
    expect(ids({ kind: 'rsvp', scheduleId: 's', status: 'maybe' })).toEqual(['cal']);
    expect(ids({ kind: 'rsvp', scheduleId: 's', status: 'not_going' })).toEqual(['dan']);
    expect(ids({ kind: 'rsvp', scheduleId: 's', status: 'no_response' })).toEqual(['eve']);
  });
  it('members who turned announcements off get none (reminders off does not matter)', () => {
    expect(
      ids({ kind: 'all' }, prefs({ ann: { announcements: false }, bea: { reminders: false } })),
    ).toEqual(['bea', 'cal', 'dan', 'eve']);
    expect(wantsEmail(undefined, 'announcements')).toBe(true);
    expect(wantsEmail({ announcements: true }, 'announcements')).toBe(true);
  });
  it('a group audience: the members of any of its groups, each once, the author and the unsubscribed not', () => {
    const grouped = [
      { ...member('host'), groupIds: ['wp'] },
      { ...member('ann'), groupIds: ['wp', 'fam'] },
      { ...member('bea'), groupIds: ['fam'] },
      { ...member('cal'), groupIds: ['other'] },
      member('dan'),
      { ...member('eve'), groupIds: ['wp'] },
    ];
    const to = (groupIds: string[], p = prefs()) =>
      announcementRecipients(grouped, { kind: 'groups', groupIds }, answers, p, 'host').map(
        (m) => m.userId,
      );
    expect(to(['wp'])).toEqual(['ann', 'eve']);
    expect(to(['fam', 'wp'])).toEqual(['ann', 'bea', 'eve']);
    expect(to(['wp'], prefs({ eve: { announcements: false } }))).toEqual(['ann']);
    const groups = [
      { id: 'wp', name: 'Wedding party' },
      { id: 'fam', name: 'Family' },
    ];
    expect(audienceLabel({ kind: 'groups', groupIds: ['fam', 'wp'] }, '', groups)).toBe(
      'Family, Wedding party',
    );
    expect(audienceLabel({ kind: 'groups', groupIds: ['gone'] }, '', groups)).toBe('a guest group');
  });
  it('group request shapes: 1 to 10 groups, sorted and deduplicated, no item fields needed', () => {
    const ok = parseWith(announcementRequestSchema, {
      message: 'Hi',
      audience: { groupIds: ['wp', 'fam', 'wp'] },
    });
    expect(ok.ok && audienceOf(ok.value)).toEqual({ kind: 'groups', groupIds: ['fam', 'wp'] });
    const none = parseWith(announcementRequestSchema, {
      message: 'Hi',
      audience: { groupIds: [] },
    });
    expect(none.ok ? [] : none.errors).toEqual(['Choose at least one guest group.']);
    const many = parseWith(announcementRequestSchema, {
      message: 'Hi',
      audience: { groupIds: Array.from({ length: 11 }, (_, i) => `g${i}`) },
    });
    expect(many.ok ? [] : many.errors).toEqual(['Choose at most 10 guest groups.']);
    const neither = parseWith(announcementRequestSchema, { message: 'Hi', audience: {} });
    expect(neither.ok ? [] : neither.errors).toEqual([
      'Choose a schedule item',
      'Choose who gets it: Going, Maybe, Not Going or No answer yet',
    ]);
  });
  it('labels and request shapes', () => {
    expect(audienceLabel({ kind: 'all' })).toBe('Everyone');
    expect(
      audienceLabel({ kind: 'rsvp', scheduleId: 's', status: 'going' }, 'Rehearsal dinner'),
    ).toBe('Going to Rehearsal dinner');
    expect(audienceLabel({ kind: 'rsvp', scheduleId: 's', status: 'no_response' }, 'Brunch')).toBe(
      'No answer yet for Brunch',
    );
    const everyone = parseWith(announcementRequestSchema, { message: ' Hello ' });
    expect(everyone.ok && audienceOf(everyone.value)).toEqual({ kind: 'all' });
    const going = parseWith(announcementRequestSchema, {
      message: 'Hi',
      audience: { scheduleId: 's1', status: 'going' },
    });
    expect(going.ok && audienceOf(going.value)).toEqual({
      kind: 'rsvp',
      scheduleId: 's1',
      status: 'going',
    });
    const empty = parseWith(announcementRequestSchema, { message: '   ' });
    expect(empty.ok ? [] : empty.errors).toEqual(['Write a message']);
    const long = parseWith(announcementRequestSchema, { message: 'x'.repeat(2001) });
    expect(long.ok ? [] : long.errors).toEqual(['Messages can be at most 2000 characters']);
    const badAnswer = parseWith(announcementRequestSchema, {
      message: 'Hi',
      audience: { scheduleId: 's1', status: 'yes' },
    });
    expect(badAnswer.ok ? [] : badAnswer.errors).toEqual([
      'Choose who gets it: Going, Maybe, Not Going or No answer yet',
    ]);
  });
  it('announcements appear in the activity feed', () => {
    const feed = buildActivityFeed({
      announcements: [
        {
          id: 'a1',
          createdAt: '2027-06-01T10:00:00Z',
          author: { displayName: 'Ann', photoURL: '' },
          message: 'Shuttle\nat 3',
        },
      ],
    });
    expect(feed).toEqual([
      expect.objectContaining({
        id: 'announcement:a1',
        kind: 'announcement',
        text: 'Ann sent an announcement: “Shuttle at 3”',
      }),
    ]);
  });
});
