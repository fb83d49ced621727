/**
 * Plus-ones, the host's questions, capacity and the waitlist through the endpoints
 * (docs/api.md, "Plus-ones, questions and answers").
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { reminderMailId } from '@gatherly/domain/email/reminders';
import type { MyRsvpResponse } from '@gatherly/domain/api/responses';
import { RSVP_OPTION_MESSAGES } from '@gatherly/domain/rsvp-options';
import { sendDueReminders } from '../src/services/reminders.ts';
import { foldRsvpCounts } from '../src/services/rsvp-count.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { eventWithRoles, login, seedMember, seedSchedule } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  process.env.EMAIL_LINK_SECRET = 'waitlist-test-secret-0123456789';
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

const guestsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Guest ${i + 1}` }));

function rsvp(as: TestUser, eventId: string, itemId: string, body: Record<string, unknown>) {
  return stack.call<Body & { rsvp: Record<string, unknown> }>(
    'PUT',
    `/api/events/${eventId}/schedule/${itemId}/rsvp`,
    { as, body },
  );
}

const going = (as: TestUser, eventId: string, itemId: string, guests = 0, waitlist?: boolean) =>
  rsvp(as, eventId, itemId, {
    status: 'going',
    ...(guests ? { guests: guestsOf(guests) } : {}),
    ...(waitlist === undefined ? {} : { waitlist }),
  });

const mine = (as: TestUser, eventId: string, itemId: string) =>
  stack.call<MyRsvpResponse & Body>('GET', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
    as,
  });

const setCapacity = (as: TestUser, eventId: string, itemId: string, capacity: unknown) =>
  stack.call<Body>('PUT', `/api/events/${eventId}/schedule/${itemId}/capacity`, {
    as,
    body: { capacity },
  });

/** The item's counts once folded in, as the trigger after an answer folds them. */
async function countsOf(eventId: string, itemId: string) {
  await foldRsvpCounts(eventId, itemId);
  return (await stack.store.schedule(eventId).doc(itemId).get()).data()?.rsvpCounts;
}

/** The stored counts equal what the RSVP documents say (replies, heads, the line). */
async function expectCountsExact(eventId: string, itemId: string) {
  const docs = (await stack.store.rsvps(eventId, itemId).get()).docs.map((d) => d.data());
  const of = (status: string) => docs.filter((d) => d.status === status);
  const heads = (list: typeof docs) => list.reduce((sum, d) => sum + (d.party?.size ?? 1), 0);
  expect(await countsOf(eventId, itemId)).toEqual({
    going: of('going').length,
    maybe: of('maybe').length,
    notGoing: of('not_going').length,
    goingHeads: heads(of('going')),
    waitlisted: of('waitlisted').length,
    waitlistedHeads: heads(of('waitlisted')),
  });
  // The members' answer maps agree with the RSVP documents.
  for (const d of docs) {
    const map = (await stack.store.rsvpsByUser(eventId).doc(d.userId).get()).data();
    expect(map?.statuses[itemId], d.userId).toBe(d.status);
    expect(map?.parties?.[itemId], d.userId).toEqual(d.party);
  }
}

async function seeded(eventId: string, n: number, label: string): Promise<TestUser[]> {
  const users = Array.from({ length: n }, () => newUser(label));
  for (const u of users) await seedMember(stack.store, eventId, u);
  return users;
}

async function onPlan(user: TestUser, tier: 'free' | 'paid' | 'enterprise') {
  await login(stack, user);
  await stack.store.user(user.uid).update({ subscriptionTier: tier });
}

async function mailTo(email: string) {
  const snap = await stack.store.mail.where('to', '==', email).get();
  return snap.docs.map((d) => d.data());
}

describe('plus-ones', () => {
  it('the event allowance, a member override, heads and replies; guests only with Going', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const itemId = await seedSchedule(stack.store, eventId);

    expect(await going(attendee, eventId, itemId, 1)).toEqual({
      status: 400,
      body: { error: RSVP_OPTION_MESSAGES.noPlusOnes },
    });
    expect(await rsvp(attendee, eventId, itemId, { status: 'maybe', guests: guestsOf(1) })).toEqual(
      {
        status: 400,
        body: { error: RSVP_OPTION_MESSAGES.guestsOnlyWhenGoing },
      },
    );

    // The event's allowance: a settings field (admins), 0 to 10 whole.
    const settings = (as: TestUser, value: unknown) =>
      stack.call<Body>('PUT', `/api/events/${eventId}`, { as, body: { plusOnesAllowed: value } });
    for (const bad of [11, -1, 1.5, '2', null]) {
      expect((await settings(admin, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await settings(admin, 11)).body).toEqual({
      error: RSVP_OPTION_MESSAGES.plusOnesRange,
    });
    // PUT /api/events/{id} is an API route: the admin needs API access on their plan.
    await onPlan(admin, 'enterprise');
    expect((await settings(admin, 1)).status).toBe(200);
    expect((await stack.store.event(eventId).get()).data()?.plusOnesAllowed).toBe(1);

    const withOne = await going(attendee, eventId, itemId, 1);
    expect(withOne.status).toBe(200);
    expect(withOne.body.rsvp).toMatchObject({
      status: 'going',
      party: { size: 2, guests: [{ name: 'Guest 1', child: false }] },
      waitlistedAt: null,
    });
    expect(await going(attendee, eventId, itemId, 2)).toEqual({
      status: 400,
      body: { error: 'You can bring up to 1 guest' },
    });

    // A member's own allowance overrides the event's; null returns to it.
    const plusOnes = (as: TestUser, uid: string, value: unknown) =>
      stack.call<Body>('PUT', `/api/events/${eventId}/members/${uid}/plus-ones`, {
        as,
        body: { plusOnesAllowed: value },
      });
    expect(await plusOnes(admin, attendee.uid, 3)).toEqual({
      status: 200,
      body: { plusOnesAllowed: 3 },
    });
    expect(await plusOnes(attendee, attendee.uid, 5)).toEqual({
      status: 403,
      body: { error: 'Only event admins can change event settings' },
    });
    expect(await plusOnes(outsider, attendee.uid, 5)).toEqual({
      status: 404,
      body: { error: 'Event not found' },
    });
    expect(await plusOnes(admin, outsider.uid, 5)).toEqual({
      status: 404,
      body: { error: 'Member not found' },
    });
    expect(await plusOnes(admin, attendee.uid, 12)).toEqual({
      status: 400,
      body: { error: RSVP_OPTION_MESSAGES.plusOnesRange },
    });
    expect((await plusOnes(admin, attendee.uid, undefined)).status).toBe(400);
    expect((await going(attendee, eventId, itemId, 3)).status).toBe(200);
    expect((await going(creator, eventId, itemId, 1)).status).toBe(200);
    expect(await countsOf(eventId, itemId)).toMatchObject({ going: 2, goingHeads: 6 });

    // The host records within the guest's allowance, never their answers to questions.
    const record = (body: Record<string, unknown>) =>
      stack.call<Body>('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvps/${attendee.uid}`, {
        as: admin,
        body,
      });
    expect(await record({ status: 'going', guests: guestsOf(4) })).toEqual({
      status: 400,
      body: { error: 'You can bring up to 3 guests' },
    });
    expect((await record({ status: 'going', answers: {} })).status).toBe(400);
    const recorded = await record({ status: 'going', guests: guestsOf(2) });
    expect(recorded.status).toBe(200);
    expect(await countsOf(eventId, itemId)).toMatchObject({ going: 2, goingHeads: 5 });
    expect((await plusOnes(admin, attendee.uid, null)).body).toEqual({ plusOnesAllowed: null });
    expect(await going(attendee, eventId, itemId, 2)).toEqual({
      status: 400,
      body: { error: 'You can bring up to 1 guest' },
    });

    // Maybe: the party goes from the counts and the answer map.
    expect((await rsvp(attendee, eventId, itemId, { status: 'maybe' })).body.rsvp).toMatchObject({
      status: 'maybe',
      party: null,
    });
    expect(await countsOf(eventId, itemId)).toEqual({
      going: 1,
      maybe: 1,
      notGoing: 0,
      goingHeads: 2,
      waitlisted: 0,
      waitlistedHeads: 0,
    });
    const map = (await stack.store.rsvpsByUser(eventId).doc(attendee.uid).get()).data();
    expect(map?.statuses).toEqual({ [itemId]: 'maybe' });
    expect(map?.parties).toEqual({});
    expect(await mine(attendee, eventId, itemId)).toEqual({
      status: 200,
      body: { status: 'maybe', party: null, waitlistPosition: null },
    });
    expect((await mine(creator, eventId, itemId)).body).toEqual({
      status: 'going',
      party: { size: 2, guests: [{ name: 'Guest 1', child: false }] },
      waitlistPosition: null,
    });
    expect(await mine(outsider, eventId, itemId)).toEqual({
      status: 404,
      body: { error: 'Schedule item not found' },
    });
    expect((await mine(admin, eventId, itemId)).body).toEqual({
      status: null,
      party: null,
      waitlistPosition: null,
    });
    await expectCountsExact(eventId, itemId);
  });
});

describe("the host's questions", () => {
  const QUESTIONS = [
    {
      id: 'diet',
      label: 'Dietary needs',
      kind: 'single',
      options: ['None', 'Vegetarian', 'Vegan'],
      required: true,
    },
    { id: 'song', label: 'Song request', kind: 'text', options: [], required: false },
    {
      id: 'access',
      label: 'Accessibility needs',
      kind: 'multi',
      options: ['Step-free access', 'Hearing loop'],
      required: false,
    },
  ];

  it('admins set them; required on the first Going, not after; answers cleaned and kept', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const itemId = await seedSchedule(stack.store, eventId, 'Dinner');
    const other = await seedSchedule(stack.store, eventId, 'Brunch');
    const put = (as: TestUser, questions: unknown) =>
      stack.call<Body>('PUT', `/api/events/${eventId}/questions`, { as, body: { questions } });

    expect(await put(attendee, QUESTIONS)).toEqual({
      status: 403,
      body: { error: 'Only event admins can change event settings' },
    });
    expect(await put(outsider, QUESTIONS)).toEqual({
      status: 404,
      body: { error: 'Event not found' },
    });
    expect(await put(admin, [QUESTIONS[0], QUESTIONS[0]])).toEqual({
      status: 400,
      body: { error: RSVP_OPTION_MESSAGES.duplicateQuestionId },
    });
    expect((await put(admin, [{ ...QUESTIONS[0], options: ['Only one'] }])).body).toEqual({
      error: RSVP_OPTION_MESSAGES.questionOptions,
    });
    expect(
      (
        await put(
          admin,
          Array.from({ length: 11 }, (_, i) => ({ ...QUESTIONS[1], id: `q${i}` })),
        )
      ).body,
    ).toEqual({ error: RSVP_OPTION_MESSAGES.tooManyQuestions });
    expect((await put(admin, 'diet')).status).toBe(400);
    const saved = await put(admin, [
      { ...QUESTIONS[0], label: '  Dietary needs ' },
      ...QUESTIONS.slice(1),
    ]);
    expect(saved).toEqual({ status: 200, body: { questions: QUESTIONS } });
    expect((await stack.store.event(eventId).get()).data()?.questions).toEqual(QUESTIONS);

    // First Going: every required question.
    expect(await going(attendee, eventId, itemId)).toEqual({
      status: 400,
      body: { error: 'Please answer “Dietary needs”' },
    });
    expect(
      await rsvp(attendee, eventId, itemId, { status: 'going', answers: { diet: 'Fish' } }),
    ).toEqual({
      status: 400,
      body: { error: '“Dietary needs” has no option “Fish”' },
    });
    expect((await stack.store.rsvps(eventId, itemId).doc(attendee.uid).get()).exists).toBe(false);
    expect((await countsOf(eventId, itemId)) ?? null).toBeNull();
    const ok = await rsvp(attendee, eventId, itemId, {
      status: 'going',
      answers: { diet: 'Vegan', song: '  Dancing Queen  ', access: ['Hearing loop'], old: 'x' },
    });
    expect(ok.status).toBe(200);
    const stored = (await stack.store.guestAnswers(eventId).doc(attendee.uid).get()).data();
    expect(stored).toMatchObject({
      eventId,
      userId: attendee.uid,
      answers: { diet: 'Vegan', song: 'Dancing Queen', access: ['Hearing loop'] },
    });

    // Not after: another Going needs no answers, and leaves the stored ones.
    expect((await going(attendee, eventId, other)).status).toBe(200);
    expect(
      (await stack.store.guestAnswers(eventId).doc(attendee.uid).get()).data()?.answers,
    ).toEqual(stored?.answers);
    // Maybe or Not Going ask nothing.
    expect((await rsvp(creator, eventId, itemId, { status: 'maybe' })).status).toBe(200);

    // Editing later: required ones stay required while the member is going.
    const answers = (as: TestUser, body: unknown) =>
      stack.call<Body>('PUT', `/api/events/${eventId}/answers`, { as, body });
    expect(await answers(attendee, { answers: { song: 'Abba' } })).toEqual({
      status: 400,
      body: { error: 'Please answer “Dietary needs”' },
    });
    expect(
      await answers(attendee, {
        answers: { diet: 'None', song: 'Abba', access: ['Hearing loop', 'Step-free access'] },
      }),
    ).toEqual({
      status: 200,
      body: {
        answers: { diet: 'None', song: 'Abba', access: ['Step-free access', 'Hearing loop'] },
      },
    });
    // Not going anywhere: nothing is required.
    expect(await answers(creator, { answers: { song: 'Waterloo' } })).toEqual({
      status: 200,
      body: { answers: { song: 'Waterloo' } },
    });
    expect(await answers(outsider, { answers: {} })).toEqual({
      status: 404,
      body: { error: 'Event not found' },
    });
    for (const bad of [{}, { answers: 'Vegan' }, { answers: { diet: 5 } }, { answers: [] }]) {
      expect((await answers(attendee, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await answers(attendee, { answers: { diet: 'None', access: ['Lift'] } })).body).toEqual(
      {
        error: '“Accessibility needs” has no option “Lift”',
      },
    );
  });
});

describe('capacity and the waitlist', () => {
  it('plan gate, admins only, validation', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const itemId = await seedSchedule(stack.store, eventId);
    expect(await setCapacity(admin, eventId, itemId, 3)).toEqual({
      status: 403,
      body: { error: RSVP_OPTION_MESSAGES.capacityNeedsPlan },
    });
    // Clearing a limit is allowed on every plan (a downgraded event is never stuck).
    expect((await setCapacity(admin, eventId, itemId, null)).status).toBe(200);
    await onPlan(creator, 'paid');
    expect(await setCapacity(attendee, eventId, itemId, 3)).toEqual({
      status: 403,
      body: { error: 'Only event admins can manage the schedule' },
    });
    expect(await setCapacity(outsider, eventId, itemId, 3)).toEqual({
      status: 404,
      body: { error: 'Schedule item not found' },
    });
    expect(await setCapacity(admin, eventId, 'no-such-item', 3)).toEqual({
      status: 404,
      body: { error: 'Schedule item not found' },
    });
    for (const bad of [0, -2, 2.5, 11_001]) {
      expect(await setCapacity(admin, eventId, itemId, bad), JSON.stringify(bad)).toEqual({
        status: 400,
        body: { error: RSVP_OPTION_MESSAGES.capacityRange },
      });
    }
    // Not a number in JSON: the API's type sentence.
    for (const bad of ['3', true, [3]]) {
      expect(await setCapacity(admin, eventId, itemId, bad), JSON.stringify(bad)).toEqual({
        status: 400,
        body: { error: 'capacity must be a number' },
      });
    }
    expect(
      (
        await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/capacity`, {
          as: admin,
          body: {},
        })
      ).status,
    ).toBe(400);
    expect(await setCapacity(admin, eventId, itemId, 3)).toEqual({
      status: 200,
      body: { capacity: 3, promoted: 0 },
    });
    expect((await stack.store.schedule(eventId).doc(itemId).get()).data()?.capacity).toBe(3);
  });

  it('places parties, refuses or waits when too few spots are left, promotes first come first served', async () => {
    const { eventId, creator, admin } = await eventWithRoles(stack);
    await onPlan(creator, 'enterprise');
    await stack.store.event(eventId).update({ plusOnesAllowed: 2 });
    const itemId = await seedSchedule(stack.store, eventId, 'Rehearsal dinner');
    const [a, b, c, d, e, f, g] = (await seeded(eventId, 7, 'guest')) as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    expect((await setCapacity(admin, eventId, itemId, 4)).status).toBe(200);

    expect((await going(a, eventId, itemId, 1)).body.rsvp).toMatchObject({ status: 'going' });
    expect(await going(b, eventId, itemId, 2)).toEqual({
      status: 409,
      body: { error: 'Only 2 spots left for 3 people' },
    });
    const waiting = await going(b, eventId, itemId, 2, true);
    expect(waiting.body.rsvp).toMatchObject({ status: 'waitlisted', party: { size: 3 } });
    // Nobody jumps the line: 2 spots are left, but B waits, so C waits too.
    expect((await going(c, eventId, itemId)).body.rsvp).toMatchObject({ status: 'waitlisted' });
    expect((await going(d, eventId, itemId, 1)).body.rsvp).toMatchObject({ status: 'waitlisted' });
    expect((await mine(b, eventId, itemId)).body).toEqual({
      status: 'waitlisted',
      party: { size: 3, guests: guestsOf(2).map((x) => ({ ...x, child: false })) },
      waitlistPosition: 1,
    });
    expect((await mine(c, eventId, itemId)).body.waitlistPosition).toBe(2);
    expect((await mine(d, eventId, itemId)).body.waitlistPosition).toBe(3);
    expect(await countsOf(eventId, itemId)).toEqual({
      going: 1,
      maybe: 0,
      notGoing: 0,
      goingHeads: 2,
      waitlisted: 3,
      waitlistedHeads: 6,
    });
    const map = (await stack.store.rsvpsByUser(eventId).doc(b.uid).get()).data();
    expect(map?.statuses[itemId]).toBe('waitlisted');
    // Re-sending Going keeps the place in line.
    const before = (await stack.store.rsvps(eventId, itemId).doc(c.uid).get()).data();
    expect((await going(c, eventId, itemId)).body.rsvp).toMatchObject({ status: 'waitlisted' });
    const after = (await stack.store.rsvps(eventId, itemId).doc(c.uid).get()).data();
    expect(after?.waitlistedAt?.isEqual(before!.waitlistedAt!)).toBe(true);
    expect((await mine(c, eventId, itemId)).body.waitlistPosition).toBe(2);

    // Capacity grows by one: B (3) fits now (2 going + 3 = 5); C does not any more.
    expect(await setCapacity(admin, eventId, itemId, 5)).toEqual({
      status: 200,
      body: { capacity: 5, promoted: 1 },
    });
    expect((await mine(b, eventId, itemId)).body).toMatchObject({
      status: 'going',
      waitlistPosition: null,
    });
    expect((await mine(c, eventId, itemId)).body.waitlistPosition).toBe(1);
    const [mail] = await mailTo(b.email);
    expect(mail?.message.subject).toBe(
      "A spot opened: you're going to Rehearsal dinner (Summer Wedding)",
    );
    expect(mail?.message.text).toContain('Your party of 3 is off the waitlist');
    expect(mail?.delivery?.state).toBe('PENDING');
    const entry = (
      await stack.store.activity(eventId).doc(`waitlist:${itemId}:${b.uid}`).get()
    ).data();
    expect(entry).toMatchObject({
      kind: 'waitlist',
      title: `${b.name} got a spot for Rehearsal dinner`,
      actor: { displayName: b.name },
    });
    await expectCountsExact(eventId, itemId);

    // Going → Not Going frees 2: C (1) is promoted, D (2) no longer fits behind.
    expect((await rsvp(a, eventId, itemId, { status: 'not_going' })).status).toBe(200);
    expect((await mine(c, eventId, itemId)).body.status).toBe('going');
    expect((await mine(d, eventId, itemId)).body).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    expect(await mailTo(c.email)).toHaveLength(1);
    expect(await mailTo(d.email)).toHaveLength(0);
    await expectCountsExact(eventId, itemId);

    // A smaller party frees 2: D (2) is promoted.
    expect((await going(b, eventId, itemId)).body.rsvp).toMatchObject({
      status: 'going',
      party: { size: 1 },
    });
    expect((await mine(d, eventId, itemId)).body.status).toBe('going');
    expect(await countsOf(eventId, itemId)).toMatchObject({ goingHeads: 4, waitlisted: 0 });
    await expectCountsExact(eventId, itemId);

    // Full: E fits the last spot, F waits even without asking to (nothing is left).
    expect((await going(e, eventId, itemId)).body.rsvp).toMatchObject({ status: 'going' });
    expect((await going(f, eventId, itemId)).body.rsvp).toMatchObject({ status: 'waitlisted' });
    // G turned reminders off: promoted without an e-mail.
    await login(stack, g);
    await stack.store.user(g.uid).update({ emailPreferences: { reminders: false } });
    expect((await going(g, eventId, itemId)).body.rsvp).toMatchObject({ status: 'waitlisted' });

    // E is removed from the event: their spot goes to F, the head of the line.
    const removed = await stack.call('DELETE', `/api/events/${eventId}/members/${e.uid}`, {
      as: admin,
    });
    expect(removed.status).toBe(200);
    expect((await mine(f, eventId, itemId)).body.status).toBe('going');
    expect((await mine(g, eventId, itemId)).body).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    expect(await mailTo(f.email)).toHaveLength(1);
    await expectCountsExact(eventId, itemId);

    // Lowering below the heads going demotes nobody.
    expect((await setCapacity(admin, eventId, itemId, 2)).status).toBe(200);
    expect(await countsOf(eventId, itemId)).toMatchObject({ goingHeads: 5, waitlisted: 1 });
    expect((await going(a, eventId, itemId)).body.rsvp).toMatchObject({ status: 'waitlisted' });

    // "Guests can see who's going" off: promotions leave no feed line.
    await stack.store.event(eventId).update({ guestsSeeWhoIsGoing: false });
    // No limit: everyone waiting goes, in order.
    expect(await setCapacity(admin, eventId, itemId, null)).toEqual({
      status: 200,
      body: { capacity: null, promoted: 2 },
    });
    expect((await mine(g, eventId, itemId)).body.status).toBe('going');
    expect(await mailTo(g.email)).toHaveLength(0);
    expect(
      (await stack.store.activity(eventId).doc(`waitlist:${itemId}:${g.uid}`).get()).exists,
    ).toBe(false);
    await expectCountsExact(eventId, itemId);

    // The feed's promotion lines go with the member and with the item.
    expect(
      (await stack.store.activity(eventId).doc(`waitlist:${itemId}:${f.uid}`).get()).exists,
    ).toBe(true);
    await stack.call('DELETE', `/api/events/${eventId}/members/${f.uid}`, { as: admin });
    expect(
      (await stack.store.activity(eventId).doc(`waitlist:${itemId}:${f.uid}`).get()).exists,
    ).toBe(false);
    expect(
      (await stack.call('DELETE', `/api/events/${eventId}/schedule/${itemId}`, { as: admin }))
        .status,
    ).toBe(200);
    const left = await stack.store.activity(eventId).where('kind', '==', 'waitlist').get();
    expect(left.docs.map((d) => d.id)).toEqual([]);
  });

  it('the head of the line leaves it: everyone behind who fits is promoted, in order', async () => {
    const { eventId, creator, admin } = await eventWithRoles(stack);
    await onPlan(creator, 'paid');
    await stack.store.event(eventId).update({ plusOnesAllowed: 2 });
    const itemId = await seedSchedule(stack.store, eventId, 'Tasting');
    const [a, b, c, d, e] = (await seeded(eventId, 5, 'taster')) as [
      TestUser,
      TestUser,
      TestUser,
      TestUser,
      TestUser,
    ];
    expect((await setCapacity(admin, eventId, itemId, 4)).status).toBe(200);
    expect((await going(a, eventId, itemId, 1)).body.rsvp).toMatchObject({ status: 'going' });
    // B's party of 3 does not fit the 2 spots left; C, D and E queue behind B.
    expect((await going(b, eventId, itemId, 2, true)).body.rsvp).toMatchObject({
      status: 'waitlisted',
    });
    for (const u of [c, d, e]) {
      expect((await going(u, eventId, itemId)).body.rsvp).toMatchObject({ status: 'waitlisted' });
    }
    expect((await rsvp(b, eventId, itemId, { status: 'maybe' })).status).toBe(200);
    expect((await mine(c, eventId, itemId)).body.status).toBe('going');
    expect((await mine(d, eventId, itemId)).body.status).toBe('going');
    expect((await mine(e, eventId, itemId)).body).toMatchObject({
      status: 'waitlisted',
      waitlistPosition: 1,
    });
    expect(await countsOf(eventId, itemId)).toMatchObject({ goingHeads: 4, waitlisted: 1 });
    await expectCountsExact(eventId, itemId);
  });

  it('30 members race for the last 3 spots with parties of 1 to 3: never over capacity, a gap-free line; a freed spot promotes the head', async () => {
    const { eventId, creator, admin } = await eventWithRoles(stack);
    await onPlan(creator, 'enterprise');
    await stack.store.event(eventId).update({ plusOnesAllowed: 2 });
    const itemId = await seedSchedule(stack.store, eventId, 'Boat trip');
    const CAPACITY = 10;
    expect((await setCapacity(admin, eventId, itemId, CAPACITY)).status).toBe(200);
    const [p1, p2, p3] = (await seeded(eventId, 3, 'early')) as [TestUser, TestUser, TestUser];
    for (const [who, guests] of [
      [p1, 2],
      [p2, 2],
      [p3, 0],
    ] as const) {
      expect((await going(who, eventId, itemId, guests)).status).toBe(200);
    }
    expect(await countsOf(eventId, itemId)).toMatchObject({ goingHeads: 7 });

    const racers = await seeded(eventId, 30, 'racer');
    const sizeOf = new Map(racers.map((r, i) => [r.uid, 1 + (i % 3)]));
    const started = Date.now();
    const results = await Promise.all(
      racers.map(async (r) => {
        // The web client retries a transaction that ran out of retries under contention.
        for (let attempt = 0; ; attempt += 1) {
          const res = await going(r, eventId, itemId, (sizeOf.get(r.uid) ?? 1) - 1, true);
          if (res.status !== 409 || attempt >= 5) return res;
        }
      }),
    );
    const placed = results.map((r) => String(r.body.rsvp?.status));
    console.log(
      `waitlist race: 30 Going answers in ${Date.now() - started} ms -> ${placed.filter((p) => p === 'going').length} going, ${placed.filter((p) => p === 'waitlisted').length} waitlisted`,
    );
    expect(results.map((r) => r.status)).toEqual(racers.map(() => 200));

    const docs = new Map(
      (await stack.store.rsvps(eventId, itemId).get()).docs.map((d) => [d.id, d.data()]),
    );
    const goingHeads = [...docs.values()]
      .filter((d) => d.status === 'going')
      .reduce((sum, d) => sum + (d.party?.size ?? 1), 0);
    expect(goingHeads).toBeLessThanOrEqual(CAPACITY);
    for (const r of racers) {
      expect(['going', 'waitlisted']).toContain(docs.get(r.uid)?.status);
      expect(docs.get(r.uid)?.party?.size).toBe(sizeOf.get(r.uid));
    }
    await expectCountsExact(eventId, itemId);

    // The line: positions 1..n, each once, in the order of joining.
    const waitingRacers = racers.filter((r) => docs.get(r.uid)?.status === 'waitlisted');
    const positions = await Promise.all(
      waitingRacers.map(async (r) => ({
        r,
        pos: (await mine(r, eventId, itemId)).body.waitlistPosition,
      })),
    );
    const sorted = positions.map((p) => p.pos).sort((x, y) => (x ?? 0) - (y ?? 0));
    expect(sorted).toEqual(waitingRacers.map((_, i) => i + 1));
    const line = positions.sort((x, y) => (x.pos ?? 0) - (y.pos ?? 0)).map((p) => p.r);
    const at = (r: TestUser) => docs.get(r.uid)?.waitlistedAt?.toMillis() ?? 0;
    for (let i = 1; i < line.length; i++) {
      expect(at(line[i]!)).toBeGreaterThanOrEqual(at(line[i - 1]!));
    }
    // First come, first served: the head does not fit what is left (else it would be going).
    const head = line[0]!;
    const headSize = sizeOf.get(head.uid)!;
    const leftNow = CAPACITY - goingHeads;
    expect(headSize).toBeGreaterThan(leftNow);

    // Free exactly what the head needs: P1's party of 3 shrinks (or P1 leaves).
    const need = headSize - leftNow;
    const freed =
      need < 3
        ? await going(p1, eventId, itemId, 2 - need)
        : await rsvp(p1, eventId, itemId, { status: 'not_going' });
    expect(freed.status).toBe(200);
    const now = new Map(
      (await stack.store.rsvps(eventId, itemId).get()).docs.map((d) => [d.id, d.data()]),
    );
    const promoted = racers.filter(
      (r) => docs.get(r.uid)?.status === 'waitlisted' && now.get(r.uid)?.status === 'going',
    );
    expect(promoted.map((r) => r.uid)).toEqual([head.uid]);
    expect(await countsOf(eventId, itemId)).toMatchObject({ goingHeads: CAPACITY });
    expect(await mailTo(head.email)).toHaveLength(1);
    await expectCountsExact(eventId, itemId);
    if (line[1]) expect((await mine(line[1], eventId, itemId)).body.waitlistPosition).toBe(1);
  });

  it('the waitlisted count as answered for reminders, get no day-of summary, and are no answer audience', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    await onPlan(creator, 'enterprise');
    const itemId = await seedSchedule(stack.store, eventId, 'Sunset sail');
    // Far from every other test's items: 18:00 UTC on 12 June 2036 (the event is in UTC).
    await stack.store
      .schedule(eventId)
      .doc(itemId)
      .update({ startTime: '2036-06-12T18:00:00.000Z' });
    const [sailor, waiting, silent] = (await seeded(eventId, 3, 'crew')) as [
      TestUser,
      TestUser,
      TestUser,
    ];
    expect((await setCapacity(admin, eventId, itemId, 1)).status).toBe(200);
    expect((await going(sailor, eventId, itemId)).body.rsvp).toMatchObject({ status: 'going' });
    expect((await going(waiting, eventId, itemId)).body.rsvp).toMatchObject({
      status: 'waitlisted',
    });
    const links = { origin: 'http://app.test', linkSecret: 'waitlist-test-secret-0123456789' };

    // 30 hours before: the unanswered reminder skips both answers, the waiting one included.
    await sendDueReminders(links, new Date('2036-06-11T12:00:00.000Z'));
    const unanswered = async (u: TestUser) =>
      (await stack.store.mailDoc(reminderMailId('unanswered', eventId, itemId, u.uid)).get())
        .exists;
    expect(await unanswered(silent)).toBe(true);
    expect(await unanswered(attendee)).toBe(true);
    expect(await unanswered(sailor)).toBe(false);
    expect(await unanswered(waiting)).toBe(false);

    // The day-of summary goes to those going only.
    await sendDueReminders(links, new Date('2036-06-12T07:30:00.000Z'));
    const dayOf = async (u: TestUser) =>
      (await stack.store.mailDoc(reminderMailId('day-of', eventId, '2036-06-12', u.uid)).get())
        .exists;
    expect(await dayOf(sailor)).toBe(true);
    expect(await dayOf(waiting)).toBe(false);

    // Announcements to an answer: the waiting member is neither going nor without an answer.
    const announce = (status: string) =>
      stack.call<{ announcement: { recipientCount: number } }>(
        'POST',
        `/api/events/${eventId}/announcements`,
        { as: admin, body: { message: `To ${status}`, audience: { scheduleId: itemId, status } } },
      );
    expect((await announce('going')).body.announcement.recipientCount).toBe(1);
    // No answer yet: the creator, the attendee and the silent member (the author is left out).
    expect((await announce('no_response')).body.announcement.recipientCount).toBe(3);
    const toWaiting = await stack.store.mail.where('to', '==', waiting.email).get();
    expect(toWaiting.docs.map((d) => d.data().message.subject)).toEqual([]);
  });
});
