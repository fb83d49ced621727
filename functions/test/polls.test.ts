import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Poll, PollBallot } from '@gatherly/domain/entities/polls';
import { dateTimeLocalToIso } from '@gatherly/domain/dates';
import { pollDateMailId, pollReminderMailId } from '@gatherly/domain/email/poll-emails';
import { groupLimit } from '@gatherly/domain/groups';
import { POLL_MESSAGES, sumTallies } from '@gatherly/domain/polls';
import { announcePickedDate, remindPollNonVoters } from '../src/services/polls-mail.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { createEvent, invite, login, seedMember, seedSchedule } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  process.env.EMAIL_LINK_SECRET = 'poll-test-secret-0123456789abcdef';
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

const LA = 'America/Los_Angeles';
const day = (d: string) => dateTimeLocalToIso(`${d}T00:00`, LA)!;
const weekend = (sat: string, sun: string) => ({ start: day(sat), end: day(sun), allDay: true });
const WEEKENDS = [
  weekend('2027-06-05', '2027-06-06'),
  weekend('2027-06-12', '2027-06-13'),
  weekend('2027-06-19', '2027-06-20'),
  weekend('2027-06-26', '2027-06-27'),
];

type PollReply = { poll: Poll; error?: string; announced?: number | null };
type BallotReply = { ballot: PollBallot; error?: string };

/** A trip with dates TBD in Los Angeles' zone: creator, admin, attendee, an outsider. */
async function trip() {
  const creator = newUser('creator');
  const admin = newUser('admin');
  const attendee = newUser('attendee');
  const outsider = newUser('outsider');
  for (const u of [creator, admin, attendee, outsider]) await login(stack, u);
  const eventId = await createEvent(stack, creator, {
    name: 'Lake trip',
    startDate: null,
    endDate: null,
    timeZone: LA,
  });
  await invite(stack, eventId, creator, admin, 'admin', true);
  await invite(stack, eventId, creator, attendee, 'attendee', true);
  return { eventId, creator, admin, attendee, outsider };
}

const createPoll = (eventId: string, as: TestUser, body: Record<string, unknown>) =>
  stack.call<PollReply>('POST', `/api/events/${eventId}/polls`, { as, body });
const answer = (eventId: string, pollId: string, as: TestUser, answers: Record<string, string>) =>
  stack.call<BallotReply>('PUT', `/api/events/${eventId}/polls/${pollId}/ballot`, {
    as,
    body: { answers },
  });
const pick = (eventId: string, pollId: string, as: TestUser, optionId: string) =>
  stack.call<PollReply>('POST', `/api/events/${eventId}/polls/${pollId}/pick`, {
    as,
    body: { optionId },
  });

async function totals(eventId: string, pollId: string) {
  const shards = await stack.store.pollTallies(eventId, pollId).get();
  return sumTallies(shards.docs.map((d) => d.data()));
}

describe('date polls', () => {
  it('admins propose 2–20 dates for a TBD event; members may not; outsiders see nothing', async () => {
    const t = await trip();
    const denied = await createPoll(t.eventId, t.attendee, { options: WEEKENDS });
    expect(denied.status).toBe(403);
    const hidden = await createPoll(t.eventId, t.outsider, { options: WEEKENDS });
    expect(hidden).toEqual({ status: 404, body: { error: 'Event not found' } });
    const one = await createPoll(t.eventId, t.admin, { options: WEEKENDS.slice(0, 1) });
    expect(one).toEqual({ status: 400, body: { error: POLL_MESSAGES.optionCount } });
    // UTC midnight is 5 PM the day before in Los Angeles: not a whole day there.
    const utc = await createPoll(t.eventId, t.admin, {
      options: [{ start: '2027-06-05T00:00:00Z', allDay: true }, WEEKENDS[1]],
    });
    expect(utc).toEqual({ status: 400, body: { error: POLL_MESSAGES.notMidnight } });
    const past = await createPoll(t.eventId, t.admin, {
      options: WEEKENDS,
      deadline: '2020-01-01T00:00:00Z',
    });
    expect(past).toEqual({ status: 400, body: { error: POLL_MESSAGES.deadlinePast } });

    const res = await createPoll(t.eventId, t.admin, {
      options: WEEKENDS,
      title: 'Which weekend?',
    });
    expect(res.status).toBe(201);
    expect(res.body.poll).toMatchObject({
      id: 'event',
      target: { kind: 'event' },
      title: 'Which weekend?',
      status: 'open',
      deadline: null,
      reminderDueAt: null,
      chosenOptionId: null,
    });
    expect(res.body.poll.options.map((o) => o.start)).toEqual(WEEKENDS.map((w) => w.start));
    expect(new Set(res.body.poll.options.map((o) => o.id)).size).toBe(4);
    const again = await createPoll(t.eventId, t.creator, { options: WEEKENDS });
    expect(again).toEqual({ status: 409, body: { error: POLL_MESSAGES.pollExists } });
  });

  it('an event with dates gets no event poll (409); a schedule item gets one', async () => {
    const creator = newUser('creator');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator, { timeZone: LA });
    const res = await createPoll(eventId, creator, { options: WEEKENDS });
    expect(res).toEqual({ status: 409, body: { error: POLL_MESSAGES.eventHasDates } });
    const missing = await createPoll(eventId, creator, { options: WEEKENDS, scheduleId: 'nope' });
    expect(missing.status).toBe(404);
    const dinner = await seedSchedule(stack.store, eventId, 'Dinner');
    const times = [
      {
        start: dateTimeLocalToIso('2027-06-10T19:00', LA),
        end: dateTimeLocalToIso('2027-06-10T22:00', LA),
      },
      { start: dateTimeLocalToIso('2027-06-11T19:00', LA), end: null },
    ];
    const item = await createPoll(eventId, creator, { options: times, scheduleId: dinner });
    expect(item.status).toBe(201);
    expect(item.body.poll.id).toBe(`item-${dinner}`);
    const picked = await pick(eventId, item.body.poll.id, creator, item.body.poll.options[0]!.id);
    expect(picked.status).toBe(200);
    const stored = (await stack.store.schedule(eventId).doc(dinner).get()).data();
    expect([stored?.startTime, stored?.endTime]).toEqual([times[0]!.start, times[0]!.end]);

    // The item's poll goes with the item, ballots and tallies too.
    const lunch = await seedSchedule(stack.store, eventId, 'Lunch');
    const open = await createPoll(eventId, creator, { options: times, scheduleId: lunch });
    expect(open.status).toBe(201);
    const pollId = open.body.poll.id;
    const yes = Object.fromEntries(open.body.poll.options.map((o) => [o.id, 'yes']));
    expect((await answer(eventId, pollId, creator, yes)).status).toBe(200);
    expect((await stack.store.pollTallies(eventId, pollId).get()).size).toBeGreaterThan(0);
    const gone = await stack.call('DELETE', `/api/events/${eventId}/schedule/${lunch}`, {
      as: creator,
    });
    expect(gone.status).toBe(200);
    expect((await stack.store.polls(eventId).doc(pollId).get()).exists).toBe(false);
    expect((await stack.store.pollBallots(eventId, pollId).get()).size).toBe(0);
    expect((await stack.store.pollTallies(eventId, pollId).get()).size).toBe(0);
    // The other item's (closed) poll stays.
    expect((await stack.store.polls(eventId).doc(item.body.poll.id).get()).exists).toBe(true);
  });

  it('members answer and change answers; tallies follow exactly; bad answers are refused', async () => {
    const t = await trip();
    const { poll } = (await createPoll(t.eventId, t.admin, { options: WEEKENDS })).body;
    const [a, b, c] = poll.options.map((o) => o.id) as [string, string, string];
    expect((await answer(t.eventId, poll.id, t.attendee, { [a]: 'yes', [b]: 'no' })).status).toBe(
      200,
    );
    const changed = await answer(t.eventId, poll.id, t.attendee, { [b]: 'ifNeedBe', [c]: 'yes' });
    expect(changed.body.ballot.answers).toEqual({ [a]: 'yes', [b]: 'ifNeedBe', [c]: 'yes' });
    await answer(t.eventId, poll.id, t.creator, { [a]: 'no' });
    const sum = await totals(t.eventId, poll.id);
    expect(sum.voters).toBe(2);
    expect(sum.counts[a]).toEqual({ yes: 1, ifNeedBe: 0, no: 1 });
    expect(sum.counts[b]).toEqual({ yes: 0, ifNeedBe: 1, no: 0 });
    expect(sum.counts[c]).toEqual({ yes: 1, ifNeedBe: 0, no: 0 });

    const unknown = await answer(t.eventId, poll.id, t.attendee, { zzzz9999: 'yes' });
    expect(unknown).toEqual({ status: 400, body: { error: POLL_MESSAGES.unknownOption } });
    const bad = await answer(t.eventId, poll.id, t.attendee, { [a]: 'maybe' });
    expect(bad).toEqual({ status: 400, body: { error: POLL_MESSAGES.invalidAnswer } });
    const outsider = await answer(t.eventId, poll.id, t.outsider, { [a]: 'yes' });
    expect(outsider).toEqual({ status: 404, body: { error: POLL_MESSAGES.pollNotFound } });
    const stored = await stack.store
      .pollBallots(t.eventId, poll.id)
      .doc(t.attendee.uid)
      .withConverter(null)
      .get();
    expect(Object.keys(stored.data() ?? {}).sort()).toEqual(
      ['answers', 'eventId', 'pollId', 'updatedAt', 'user', 'userId'].sort(),
    );
  });

  it('tallies stay exact with 50 members answering at once (and changing their minds)', async () => {
    const t = await trip();
    const { poll } = (await createPoll(t.eventId, t.admin, { options: WEEKENDS })).body;
    const ids = poll.options.map((o) => o.id) as [string, string, string, string];
    const voters = Array.from({ length: 50 }, (_, i) => newUser(`voter${i}`));
    for (const v of voters) await seedMember(stack.store, t.eventId, v);
    const first = await Promise.all(
      voters.map((v, i) =>
        answer(t.eventId, poll.id, v, { [ids[0]]: 'yes', [ids[1]]: i % 2 ? 'ifNeedBe' : 'no' }),
      ),
    );
    expect(first.map((r) => r.status)).toEqual(voters.map(() => 200));
    const second = await Promise.all(
      voters.slice(0, 20).map((v) => answer(t.eventId, poll.id, v, { [ids[0]]: 'no' })),
    );
    expect(second.every((r) => r.status === 200)).toBe(true);
    const sum = await totals(t.eventId, poll.id);
    expect(sum.voters).toBe(50);
    expect(sum.counts[ids[0]]).toEqual({ yes: 30, ifNeedBe: 0, no: 20 });
    expect(sum.counts[ids[1]]).toEqual({ yes: 0, ifNeedBe: 25, no: 25 });
    const shards = await stack.store.pollTallies(t.eventId, poll.id).get();
    expect(shards.size).toBeGreaterThan(1);
  });

  it('the host picks: dates set once, poll closed, e-mail with .ics to members who take announcements', async () => {
    const t = await trip();
    const quiet = newUser('quiet');
    await seedMember(stack.store, t.eventId, quiet);
    await stack.store
      .user(quiet.uid)
      .set({ emailPreferences: { announcements: false } }, { merge: true });
    const { poll } = (await createPoll(t.eventId, t.admin, { options: WEEKENDS })).body;
    const chosen = poll.options[1]!;
    expect((await pick(t.eventId, poll.id, t.attendee, chosen.id)).status).toBe(403);
    expect((await pick(t.eventId, poll.id, t.admin, 'zzzz9999')).status).toBe(400);
    const [first, second] = await Promise.all([
      pick(t.eventId, poll.id, t.admin, chosen.id),
      pick(t.eventId, poll.id, t.creator, poll.options[2]!.id),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    const winningOption = winner.body.poll.chosenOptionId;
    expect(winner.body.poll.status).toBe('closed');
    expect(winner.body.announced).toBe(3);
    const event = (await stack.store.event(t.eventId).get()).data();
    const option = poll.options.find((o) => o.id === winningOption)!;
    expect(event?.startDate).toBe(option.start);
    // The last day's 23:59 in Los Angeles.
    expect(event?.endDate).toBe(
      dateTimeLocalToIso(`${option === chosen ? '2027-06-13' : '2027-06-20'}T23:59`, LA),
    );
    const closed = await answer(t.eventId, poll.id, t.attendee, { [chosen.id]: 'yes' });
    expect(closed).toEqual({ status: 409, body: { error: POLL_MESSAGES.pollClosed } });

    const mail = (
      await stack.store.mailDoc(pollDateMailId(t.eventId, poll.id, t.attendee.uid)).get()
    ).data();
    expect(mail?.to).toBe(t.attendee.email);
    expect(mail?.message.subject).toBe('Lake trip: the date is set');
    const ics = mail?.message.attachments?.[0];
    expect(ics?.filename).toBe('lake-trip.ics');
    expect(ics?.contentType).toBe('text/calendar;charset=utf-8');
    expect(ics?.content).toContain(`UID:event-${t.eventId}@gatherly`);
    expect(ics?.content).toContain('X-WR-TIMEZONE:America/Los_Angeles');
    expect(ics?.content).toMatch(/DTSTART;VALUE=DATE:202706(12|19)/);
    const none = await stack.store.mailDoc(pollDateMailId(t.eventId, poll.id, quiet.uid)).get();
    expect(none.exists).toBe(false);
    // Finishing again queues nothing more.
    expect(
      await announcePickedDate(t.eventId, poll.id, { origin: 'http://app.test', linkSecret: 'x' }),
    ).toBe(3);
  });

  it('reminds members without a ballot a day before the deadline, once, respecting preferences', async () => {
    const t = await trip();
    const silent = newUser('silent');
    const optedOut = newUser('optedout');
    for (const u of [silent, optedOut]) await seedMember(stack.store, t.eventId, u);
    await stack.store
      .user(optedOut.uid)
      .set({ emailPreferences: { reminders: false } }, { merge: true });
    const deadline = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const { poll } = (await createPoll(t.eventId, t.admin, { options: WEEKENDS, deadline })).body;
    expect(poll.reminderDueAt).not.toBeNull();
    await answer(t.eventId, poll.id, t.attendee, { [poll.options[0]!.id]: 'yes' });
    const links = { origin: 'http://app.test', linkSecret: 'poll-test-secret-0123456789abcdef' };
    await remindPollNonVoters(links);
    const got = async (u: TestUser) =>
      (await stack.store.mailDoc(pollReminderMailId(t.eventId, poll.id, u.uid)).get()).data();
    expect((await got(silent))?.message.subject).toBe('Lake trip: which dates work for you?');
    expect(await got(t.creator)).toBeDefined();
    expect(await got(t.attendee)).toBeUndefined();
    expect(await got(optedOut)).toBeUndefined();
    const after = (await stack.store.polls(t.eventId).doc(poll.id).get()).data();
    expect(after?.reminderDueAt).toBeNull();
    // Once: the next run finds nothing due for this poll.
    await stack.store.mailDoc(pollReminderMailId(t.eventId, poll.id, silent.uid)).delete();
    await remindPollNonVoters(links);
    expect(await got(silent)).toBeUndefined();
  });

  it("a limited item's poll is its groups': outsiders get 404, reminder and date reach exactly them", async () => {
    const t = await trip();
    const inside = newUser('inside');
    const quiet = newUser('quietinside');
    for (const u of [inside, quiet]) await seedMember(stack.store, t.eventId, u);
    const group = await stack.call<{ group: { id: string } }>(
      'POST',
      `/api/events/${t.eventId}/groups`,
      { as: t.creator, body: { name: 'Wedding party' } },
    );
    expect(group.status).toBe(201);
    const g = group.body.group.id;
    const moved = await stack.call('PUT', `/api/events/${t.eventId}/groups/${g}/members`, {
      as: t.creator,
      body: { add: [inside.uid, quiet.uid] },
    });
    expect(moved.status).toBe(200);
    const dinner = await seedSchedule(stack.store, t.eventId, 'Rehearsal dinner');
    await stack.store
      .schedule(t.eventId)
      .doc(dinner)
      .update(groupLimit([g]));
    const deadline = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const created = await createPoll(t.eventId, t.admin, {
      scheduleId: dinner,
      options: WEEKENDS.slice(0, 2),
      deadline,
    });
    expect(created.status).toBe(201);
    const { poll } = created.body;
    // The poll carries its item's limit, which the rules read.
    expect(poll).toMatchObject({ audience: 'groups', groupAccess: { [g]: true } });
    const first = poll.options[0]!.id;
    // A member outside the group is told nothing exists, like for the item itself.
    expect(await answer(t.eventId, poll.id, t.attendee, { [first]: 'yes' })).toEqual({
      status: 404,
      body: { error: POLL_MESSAGES.pollNotFound },
    });
    expect((await answer(t.eventId, poll.id, inside, { [first]: 'yes' })).status).toBe(200);
    expect((await totals(t.eventId, poll.id)).voters).toBe(1);

    const links = { origin: 'http://app.test', linkSecret: 'poll-test-secret-0123456789abcdef' };
    await remindPollNonVoters(links);
    const reminded = async (u: TestUser) =>
      (await stack.store.mailDoc(pollReminderMailId(t.eventId, poll.id, u.uid)).get()).exists;
    // Non-voters who see it: the quiet group member and the hosts; not the outsider.
    expect(
      await Promise.all([quiet, t.creator, t.admin, t.attendee, inside].map(reminded)),
    ).toEqual([true, true, true, false, false]);

    const picked = await pick(t.eventId, poll.id, t.creator, first);
    expect(picked.status).toBe(200);
    expect(picked.body.announced).toBe(4);
    const dated = async (u: TestUser) =>
      (await stack.store.mailDoc(pollDateMailId(t.eventId, poll.id, u.uid)).get()).exists;
    expect(await Promise.all([inside, quiet, t.creator, t.admin, t.attendee].map(dated))).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('edits keep answered options as they are; delete removes ballots and tallies', async () => {
    const t = await trip();
    const { poll } = (await createPoll(t.eventId, t.admin, { options: WEEKENDS })).body;
    const [a, b] = poll.options as [Poll['options'][number], Poll['options'][number]];
    await answer(t.eventId, poll.id, t.attendee, { [a.id]: 'yes' });
    const put = (body: Record<string, unknown>) =>
      stack.call<PollReply>('PUT', `/api/events/${t.eventId}/polls/${poll.id}`, {
        as: t.admin,
        body,
      });
    const moved = await put({ options: [{ ...a, start: day('2027-07-03') }, b] });
    expect(moved).toEqual({ status: 400, body: { error: POLL_MESSAGES.changedOption } });
    const ok = await put({ options: [a, b, weekend('2027-07-03', '2027-07-04')], title: 'Summer' });
    expect(ok.status).toBe(200);
    expect(ok.body.poll.options.slice(0, 2)).toEqual([a, b]);
    expect(ok.body.poll.options).toHaveLength(3);
    // Up to 20 dates; a later deadline moves the reminder with it.
    const many = Array.from({ length: 19 }, (_, i) => ({
      start: day(`2027-08-${String(i + 1).padStart(2, '0')}`),
      allDay: true,
    }));
    const tooMany = await put({ options: [...ok.body.poll.options, ...many] });
    expect(tooMany).toEqual({ status: 400, body: { error: POLL_MESSAGES.optionCount } });
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const later = await put({ options: ok.body.poll.options, title: 'Summer', deadline });
    expect(later.status).toBe(200);
    expect(later.body.poll.deadline).toBe(deadline);
    expect(later.body.poll.reminderDueAt).not.toBeNull();
    const del = await stack.call('DELETE', `/api/events/${t.eventId}/polls/${poll.id}`, {
      as: t.attendee,
    });
    expect(del.status).toBe(403);
    expect(
      (await stack.call('DELETE', `/api/events/${t.eventId}/polls/${poll.id}`, { as: t.admin }))
        .status,
    ).toBe(200);
    expect((await stack.store.pollBallots(t.eventId, poll.id).get()).size).toBe(0);
    expect((await stack.store.pollTallies(t.eventId, poll.id).get()).size).toBe(0);
    expect((await stack.store.polls(t.eventId).doc(poll.id).get()).exists).toBe(false);
  });
});
