import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ReminderSettings } from '@gatherly/domain/entities/events';
import { reminderMailId, reminderRunId } from '@gatherly/domain/email/reminders';
import { queuedMail } from '../src/mail/queue.ts';
import { verifyUnsubscribeToken } from '../src/mail/unsubscribe-token.ts';
import { sendDueReminders } from '../src/services/reminders.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { createEvent, grantApiAccess, login, seedMember } from './fixtures.ts';
import type { RsvpStatus } from '@gatherly/domain/rsvp-options';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

const LINKS = { origin: 'http://app.test', linkSecret: 'reminder-test-secret-0123456789' };
const HOUR = 3_600_000;

async function item(eventId: string, title: string, startTime: string, location = 'Oxbow Market') {
  const ref = stack.store.schedule(eventId).doc();
  await ref.set({
    id: ref.id,
    eventId,
    title,
    description: '',
    startTime,
    endTime: null,
    location,
    createdBy: 'seed',
    createdAt: Timestamp.now(),
  });
  return ref.id;
}

async function answer(eventId: string, itemId: string, user: TestUser, status: RsvpStatus) {
  await stack.store.rsvps(eventId, itemId).doc(user.uid).set({
    id: user.uid,
    eventId,
    scheduleId: itemId,
    userId: user.uid,
    status,
    respondedAt: Timestamp.now(),
  });
}

async function mailFor(id: string) {
  return (await stack.store.mailDoc(id).get()).data() ?? null;
}

/** Turns a person's reminders off, as the profile page or an unsubscribe link does. */
async function remindersOff(user: TestUser) {
  await stack.store.user(user.uid).set({ emailPreferences: { reminders: false } }, { merge: true });
}

/** An event in Los Angeles with a creator and six members. */
async function eventInLosAngeles(settings?: ReminderSettings) {
  const creator = newUser('host');
  await login(stack, creator);
  const eventId = await createEvent(stack, creator, { name: 'Napa Weekend' });
  await stack.store.event(eventId).update({
    timeZone: 'America/Los_Angeles',
    ...(settings ? { reminderSettings: settings } : {}),
  });
  const people = ['ann', 'bea', 'cal', 'dan', 'eve', 'fay'].map((n) => newUser(n));
  for (const p of people) await seedMember(stack.store, eventId, p);
  const [ann, bea, cal, dan, eve, fay] = people as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  return { eventId, creator, ann, bea, cal, dan, eve, fay };
}

describe('reminder settings', () => {
  it('admins set them with the other event settings; bad values are a 400 sentence', async () => {
    const host = newUser('host');
    // PUT /api/events/{id} is the public API (docs/api.md, "Access"); the web app writes settings
    // directly, through the same schema (write-paths.test.ts).
    await grantApiAccess(stack, host);
    const eventId = await createEvent(stack, host);
    const put = (reminderSettings: unknown) =>
      stack.call('PUT', `/api/events/${eventId}`, { as: host, body: { reminderSettings } });
    expect((await put({ unansweredHoursBefore: 24, dayOfSummary: false })).status).toBe(200);
    expect((await stack.store.event(eventId).get()).data()?.reminderSettings).toEqual({
      unansweredHoursBefore: 24,
      dayOfSummary: false,
    });
    expect((await put({ unansweredHoursBefore: null, dayOfSummary: true })).status).toBe(200);
    expect(await put({ unansweredHoursBefore: 500, dayOfSummary: true })).toEqual({
      status: 400,
      body: { error: 'Reminders can be sent 1 to 168 hours before an item' },
    });
    expect(await put({ unansweredHoursBefore: '48', dayOfSummary: true })).toEqual({
      status: 400,
      body: { error: 'reminderSettings.unansweredHoursBefore must be a number' },
    });
  });
});

describe('reminders', () => {
  it('unanswered: once to each member who has not answered, whatever runs overlap or repeat', async () => {
    const now = new Date('2031-03-01T12:00:00.000Z');
    const e = await eventInLosAngeles();
    const dinner = await item(
      e.eventId,
      'Rehearsal dinner',
      new Date(now.getTime() + 30 * HOUR).toISOString(),
    );
    // Outside the 48-hour window: not yet.
    const later = await item(
      e.eventId,
      'Farewell brunch',
      new Date(now.getTime() + 60 * HOUR).toISOString(),
    );
    await answer(e.eventId, dinner, e.creator, 'going');
    await answer(e.eventId, dinner, e.ann, 'going');
    await answer(e.eventId, dinner, e.bea, 'maybe');
    await answer(e.eventId, dinner, e.cal, 'not_going');
    // dan turned reminders off; eve was removed (her answer-less membership is gone).
    await remindersOff(e.dan);
    await stack.store.member(e.eventId, e.eve.uid).delete();

    const [first, overlapping] = await Promise.all([
      sendDueReminders(LINKS, now),
      sendDueReminders(LINKS, now),
    ]);
    const again = await sendDueReminders(LINKS, new Date(now.getTime() + 15 * 60_000));
    expect(first.queued + overlapping.queued).toBe(1);
    expect(again).toEqual({ jobs: 0, queued: 0 });

    const everyone = [e.creator, e.ann, e.bea, e.cal, e.dan, e.eve, e.fay];
    const sent = [];
    for (const u of everyone) {
      const mail = await mailFor(reminderMailId('unanswered', e.eventId, dinner, u.uid));
      if (mail) sent.push(u.uid);
      expect(await mailFor(reminderMailId('unanswered', e.eventId, later, u.uid))).toBeNull();
    }
    expect(sent).toEqual([e.fay.uid]);
    const mail = (await mailFor(reminderMailId('unanswered', e.eventId, dinner, e.fay.uid)))!;
    expect(mail.to).toBe(e.fay.email);
    expect(mail.delivery?.state).toBe('PENDING');
    expect(mail.message.subject).toBe('Are you coming to Rehearsal dinner? (Napa Weekend)');
    // 30 hours after 12:00 UTC on March 1 is 6:00 PM UTC on March 2: 10:00 AM in Los Angeles.
    expect(mail.message.text).toContain('When: Sunday, March 2, 2031, 10:00 AM PST');
    expect(mail.message.text).toContain(`http://app.test/events/${e.eventId}`);
    const header = mail.message.headers?.['List-Unsubscribe'] ?? '';
    const token = decodeURIComponent(/token=([^>]+)>/.exec(header)?.[1] ?? '');
    const check = verifyUnsubscribeToken(LINKS.linkSecret, token);
    expect(check).toMatchObject({ ok: true, claims: { uid: e.fay.uid, topic: 'reminders' } });

    const run = await stack.store
      .reminderRuns(e.eventId)
      .doc(reminderRunId('unanswered', dinner))
      .get();
    expect(run.data()).toMatchObject({ kind: 'unanswered', key: dinner, mailCount: 1 });
  });

  it('a run that stopped half way is finished by the next one without a second copy', async () => {
    const now = new Date('2032-05-01T12:00:00.000Z');
    const e = await eventInLosAngeles();
    const dinner = await item(
      e.eventId,
      'Dinner',
      new Date(now.getTime() + 10 * HOUR).toISOString(),
    );
    // As if a crashed run had queued ann's copy but recorded nothing.
    const annId = reminderMailId('unanswered', e.eventId, dinner, e.ann.uid);
    await stack.store
      .mailDoc(annId)
      .set(queuedMail(annId, e.ann.email, { subject: 'earlier', text: '', html: '' }));
    const result = await sendDueReminders(LINKS, now);
    expect(result).toEqual({ jobs: 1, queued: 6 });
    expect((await mailFor(annId))?.message.subject).toBe('earlier');
  });

  it("unanswered reminders are a bounded broadcast: per UTC day at most the creator's daily announcement count of items", async () => {
    const now = new Date('2034-05-01T12:00:00.000Z');
    const e = await eventInLosAngeles(); // the creator is on Free: 2 a day
    const items: string[] = [];
    // Five items due together (a host cannot widen the broadcast by adding items).
    for (let i = 0; i < 5; i++) {
      items.push(
        await item(e.eventId, `Spam ${i}`, new Date(now.getTime() + (30 + i) * HOUR).toISOString()),
      );
    }
    const reminded = async () => {
      const out: string[] = [];
      for (const id of items) {
        if (await mailFor(reminderMailId('unanswered', e.eventId, id, e.ann.uid))) out.push(id);
      }
      return out;
    };
    expect(await sendDueReminders(LINKS, now)).toEqual({ jobs: 2, queued: 14 });
    // Soonest first; later runs of the same day add none.
    expect(await reminded()).toEqual(items.slice(0, 2));
    expect(await sendDueReminders(LINKS, new Date(now.getTime() + HOUR))).toEqual({
      jobs: 0,
      queued: 0,
    });
    // Two runs at once still stay within the day's budget.
    const nextDay = new Date('2034-05-02T01:00:00.000Z');
    await Promise.all([sendDueReminders(LINKS, nextDay), sendDueReminders(LINKS, nextDay)]);
    expect(await reminded()).toEqual(items.slice(0, 4));
    // A larger plan of the creator's widens the budget.
    await stack.store.user(e.creator.uid).set({ subscriptionTier: 'paid' }, { merge: true });
    expect((await sendDueReminders(LINKS, new Date('2034-05-02T02:00:00.000Z'))).jobs).toBe(1);
    expect(await reminded()).toEqual(items);
  });

  it('turned off per event: no unanswered reminders; a shorter setting waits longer', async () => {
    const now = new Date('2033-05-01T12:00:00.000Z');
    const off = await eventInLosAngeles({ unansweredHoursBefore: null, dayOfSummary: false });
    const six = await eventInLosAngeles({ unansweredHoursBefore: 6, dayOfSummary: false });
    const a = await item(off.eventId, 'Dinner', new Date(now.getTime() + 3 * HOUR).toISOString());
    const b = await item(six.eventId, 'Dinner', new Date(now.getTime() + 7 * HOUR).toISOString());
    expect(await sendDueReminders(LINKS, now)).toEqual({ jobs: 0, queued: 0 });
    expect(await mailFor(reminderMailId('unanswered', off.eventId, a, off.fay.uid))).toBeNull();
    const due = await sendDueReminders(LINKS, new Date(now.getTime() + HOUR));
    expect(due.jobs).toBe(1);
    expect(await mailFor(reminderMailId('unanswered', six.eventId, b, six.fay.uid))).not.toBeNull();
  });

  it('day-of summary: at 7:00 AM in the event zone, to members going, listing their items and map links', async () => {
    const e = await eventInLosAngeles({ unansweredHoursBefore: null, dayOfSummary: true });
    // June 12, 2034 in Los Angeles (PDT, UTC-7): brunch 11:00 AM, dinner 7:00 PM.
    const brunch = await item(e.eventId, 'Brunch', '2034-06-12T18:00:00.000Z', 'Oxbow Market');
    const dinner = await item(e.eventId, 'Dinner', '2034-06-13T02:00:00.000Z', '');
    await answer(e.eventId, brunch, e.ann, 'going');
    await answer(e.eventId, dinner, e.ann, 'going');
    await answer(e.eventId, dinner, e.bea, 'going');
    await answer(e.eventId, brunch, e.cal, 'maybe');
    await answer(e.eventId, brunch, e.dan, 'going');
    await remindersOff(e.dan);

    // 6:59 AM in Los Angeles (13:59 UTC): 7:00 AM UTC has long passed, but not there.
    expect(await sendDueReminders(LINKS, new Date('2034-06-12T13:59:00.000Z'))).toEqual({
      jobs: 0,
      queued: 0,
    });
    const run = await sendDueReminders(LINKS, new Date('2034-06-12T14:05:00.000Z'));
    expect(run).toEqual({ jobs: 1, queued: 2 });
    const id = (u: TestUser) => reminderMailId('day-of', e.eventId, '2034-06-12', u.uid);
    const ann = (await mailFor(id(e.ann)))!;
    expect(ann.message.subject).toBe('Your plans today at Napa Weekend');
    expect(ann.message.text).toContain('today, Monday, June 12, 2034.');
    expect(ann.message.text).toContain(
      '* Brunch\n  When: 11:00 AM PDT\n  Where: Oxbow Market (map: https://www.google.com/maps/search/?api=1&query=Oxbow%20Market)',
    );
    expect(ann.message.text).toContain('* Dinner\n  When: 7:00 PM PDT');
    const bea = (await mailFor(id(e.bea)))!;
    expect(bea.message.subject).toBe('Today: Dinner (Napa Weekend)');
    expect(bea.message.text).not.toContain('Brunch');
    for (const u of [e.cal, e.dan, e.eve, e.fay, e.creator])
      expect(await mailFor(id(u))).toBeNull();
    expect(await sendDueReminders(LINKS, new Date('2034-06-12T14:20:00.000Z'))).toEqual({
      jobs: 0,
      queued: 0,
    });
  });
});
