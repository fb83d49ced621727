import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Announcement } from '@gatherly/domain/entities/activity';
import type { EmailPreferences } from '@gatherly/domain/entities/users';
import { announcementMailId } from '@gatherly/domain/email/announcements';
import { queuedMail } from '../src/mail/queue.ts';
import { fanOutAnnouncement, resumeAnnouncements } from '../src/services/announcements.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { eventWithRoles, seedMember, seedSchedule } from './fixtures.ts';
import type { RsvpStatus } from '@gatherly/domain/rsvp-options';

let stack: Stack;
beforeAll(async () => {
  process.env.EMAIL_LINK_SECRET = 'announcement-test-secret-0123456789';
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Reply = { announcement: Announcement; error?: string };

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

async function mailTo(eventId: string, announcementId: string, users: TestUser[]) {
  const got: string[] = [];
  for (const u of users) {
    const mail = (
      await stack.store.mailDoc(announcementMailId(eventId, announcementId, u.uid)).get()
    ).data();
    if (mail) got.push(mail.to);
  }
  return got.sort();
}

async function setPreferences(user: TestUser, emailPreferences: EmailPreferences) {
  await stack.store.user(user.uid).set({ emailPreferences }, { merge: true });
}

const announcementsOf = (eventId: string) => stack.store.announcements(eventId);

/** eventWithRoles plus four attendees with answers for a rehearsal dinner. */
async function party() {
  const roles = await eventWithRoles(stack);
  const [going1, going2, maybe, silent] = ['g1', 'g2', 'maybe', 'silent'].map((n) =>
    newUser(n),
  ) as [TestUser, TestUser, TestUser, TestUser];
  for (const u of [going1, going2, maybe, silent]) await seedMember(stack.store, roles.eventId, u);
  const dinner = await seedSchedule(stack.store, roles.eventId, 'Rehearsal dinner');
  await answer(roles.eventId, dinner, going1, 'going');
  await answer(roles.eventId, dinner, going2, 'going');
  await answer(roles.eventId, dinner, roles.attendee, 'not_going');
  await answer(roles.eventId, dinner, maybe, 'maybe');
  const everyone = [roles.creator, roles.admin, roles.attendee, going1, going2, maybe, silent];
  return { ...roles, going1, going2, maybe, silent, dinner, everyone };
}

describe('announcements', () => {
  it('an admin writes to everyone: in the activity, one e-mail per member but the author', async () => {
    const p = await party();
    const res = await stack.call<Reply>('POST', `/api/events/${p.eventId}/announcements`, {
      as: p.admin,
      body: { message: 'The shuttle leaves at 3 PM.\nBring a jacket!' },
    });
    expect(res.status).toBe(201);
    const a = res.body.announcement;
    expect(a).toMatchObject({
      eventId: p.eventId,
      authorId: p.admin.uid,
      author: { displayName: p.admin.name, photoURL: '' },
      message: 'The shuttle leaves at 3 PM.\nBring a jacket!',
      audience: { kind: 'all' },
      audienceLabel: 'Everyone',
      recipientCount: 6,
    });
    expect(a.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // What is stored, read without the converter: exactly the entity's fields.
    const stored = await announcementsOf(p.eventId).doc(a.id).withConverter(null).get();
    expect(Object.keys(stored.data() ?? {}).sort()).toEqual([
      'audience',
      'audienceLabel',
      'author',
      'authorId',
      'createdAt',
      'eventId',
      'itemLimited',
      'message',
      'recipientCount',
    ]);
    expect(stored.get('recipientCount')).toBe(6);
    const others = p.everyone.filter((u) => u.uid !== p.admin.uid);
    expect(await mailTo(p.eventId, a.id, p.everyone)).toEqual(others.map((u) => u.email).sort());
    const mail = (
      await stack.store.mailDoc(announcementMailId(p.eventId, a.id, p.silent.uid)).get()
    ).data();
    if (!mail) throw new Error('no copy for the silent member');
    expect(mail.message.subject).toBe(`Summer Wedding: a message from ${p.admin.name}`);
    expect(mail.message.html).toContain('The shuttle leaves at 3 PM.<br>Bring a jacket!');
    expect(mail.message.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/app\.test\/api\/unsubscribe\?token=[A-Za-z0-9_.%-]+>$/,
    );
    expect(mail.delivery?.state).toBe('PENDING');
  });

  it('to those with one answer for an item: going, not going, no answer yet', async () => {
    const p = await party();
    // Three announcements in a day: more than the Free plan allows.
    await stack.store.user(p.creator.uid).update({ subscriptionTier: 'paid' });
    const send = (status: string) =>
      stack.call<Reply>('POST', `/api/events/${p.eventId}/announcements`, {
        as: p.creator,
        body: { message: `To ${status}`, audience: { scheduleId: p.dinner, status } },
      });
    const going = await send('going');
    expect(going.status).toBe(201);
    expect(going.body.announcement).toMatchObject({
      audience: { kind: 'rsvp', scheduleId: p.dinner, status: 'going' },
      audienceLabel: 'Going to Rehearsal dinner',
      recipientCount: 2,
    });
    expect(await mailTo(p.eventId, going.body.announcement.id, p.everyone)).toEqual(
      [p.going1.email, p.going2.email].sort(),
    );
    const declined = await send('not_going');
    expect(await mailTo(p.eventId, declined.body.announcement.id, p.everyone)).toEqual([
      p.attendee.email,
    ]);
    // The creator (the author) has not answered either, but gets no copy of their own message.
    const silent = await send('no_response');
    expect(await mailTo(p.eventId, silent.body.announcement.id, p.everyone)).toEqual(
      [p.admin.email, p.silent.email].sort(),
    );
  });

  it('members who turned announcements off get no copy; the count says so', async () => {
    const p = await party();
    await setPreferences(p.going1, { announcements: false });
    await setPreferences(p.going2, { reminders: false });
    const res = await stack.call<Reply>('POST', `/api/events/${p.eventId}/announcements`, {
      as: p.creator,
      body: { message: 'Hi', audience: { scheduleId: p.dinner, status: 'going' } },
    });
    expect(res.body.announcement.recipientCount).toBe(1);
    expect(await mailTo(p.eventId, res.body.announcement.id, p.everyone)).toEqual([p.going2.email]);
  });

  it('attendees may not send, non-members do not see the event, bad input is a 400 sentence', async () => {
    const p = await party();
    const url = `/api/events/${p.eventId}/announcements`;
    expect(await stack.call('POST', url, { as: p.attendee, body: { message: 'Hi' } })).toEqual({
      status: 403,
      body: { error: 'Only event admins can send announcements' },
    });
    expect(await stack.call('POST', url, { as: p.outsider, body: { message: 'Hi' } })).toEqual({
      status: 404,
      body: { error: 'Event not found' },
    });
    expect(await stack.call('POST', url, { body: { message: 'Hi' } })).toMatchObject({
      status: 401,
    });
    expect(await stack.call('POST', url, { as: p.admin, body: { message: '  ' } })).toEqual({
      status: 400,
      body: { error: 'Write a message' },
    });
    expect(
      await stack.call('POST', url, {
        as: p.admin,
        body: { message: 'Hi', audience: { scheduleId: 'nope', status: 'going' } },
      }),
    ).toEqual({ status: 404, body: { error: 'Schedule item not found' } });
    expect(
      await stack.call('POST', url, {
        as: p.admin,
        body: { message: 'Hi', audience: { scheduleId: p.dinner, status: 'yes' } },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Choose who gets it: Going, Maybe, Not Going or No answer yet' },
    });
    expect(await stack.call('POST', url, { as: p.admin, body: { message: 42 } })).toEqual({
      status: 400,
      body: { error: 'message must be text' },
    });
    const none = await announcementsOf(p.eventId).get();
    expect(none.size).toBe(0);
  });

  it('the daily limit per event follows the creator tier, also under concurrent requests', async () => {
    const p = await party();
    const url = `/api/events/${p.eventId}/announcements`;
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        stack.call<Reply>('POST', url, {
          as: i % 2 ? p.admin : p.creator,
          body: { message: `#${i}` },
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 201);
    expect(ok).toHaveLength(2);
    for (const [i, r] of results.entries()) {
      if (r.status === 201) continue;
      expect([403, 409]).toContain(r.status);
      if (r.status === 403) {
        // The creator hears their plan; an admin only that the event is full.
        expect(r.body.error).toBe(
          i % 2
            ? "Premium subscription required: this event cannot take more announcements today on its creator's plan"
            : 'Premium subscription required: the Free plan allows 2 announcements per event per day',
        );
      }
    }
    const stored = await announcementsOf(p.eventId).get();
    expect(stored.size).toBe(2);
    // Over the limit, an admin is not told which plan the creator is on.
    expect(await stack.call('POST', url, { as: p.admin, body: { message: 'again' } })).toEqual({
      status: 403,
      body: {
        error:
          "Premium subscription required: this event cannot take more announcements today on its creator's plan",
      },
    });
    // On Pro the same event may send five a day.
    await stack.store.user(p.creator.uid).update({
      subscriptionTier: 'paid',
      subscriptionExpiresAt: null,
    });
    for (let i = 0; i < 3; i++) {
      expect(
        (await stack.call('POST', url, { as: p.admin, body: { message: `pro ${i}` } })).status,
      ).toBe(201);
    }
    expect(
      (await stack.call('POST', url, { as: p.admin, body: { message: 'one more' } })).status,
    ).toBe(403);
  });

  it('an interrupted fan-out is finished by the scheduler, and finishing twice queues nothing twice', async () => {
    const p = await party();
    const ref = announcementsOf(p.eventId).doc();
    await ref.set({
      id: ref.id,
      eventId: p.eventId,
      authorId: p.creator.uid,
      author: { displayName: p.creator.name, photoURL: '' },
      message: 'Left half way',
      audience: { kind: 'all' },
      audienceLabel: 'Everyone',
      recipientCount: null,
      createdAt: Timestamp.fromMillis(Date.now() - 10 * 60_000),
    });
    // One copy was queued before the crash.
    const firstCopy = announcementMailId(p.eventId, ref.id, p.silent.uid);
    await stack.store
      .mailDoc(firstCopy)
      .set(queuedMail(firstCopy, p.silent.email, { subject: 'first', text: '', html: '' }));
    const links = { origin: 'http://app.test', linkSecret: process.env.EMAIL_LINK_SECRET! };
    expect(await resumeAnnouncements(links)).toBeGreaterThanOrEqual(1);
    expect((await ref.get()).data()?.recipientCount).toBe(6);
    expect((await stack.store.mailDoc(firstCopy).get()).data()?.message.subject).toBe('first');
    expect(await mailTo(p.eventId, ref.id, p.everyone)).toHaveLength(6);
    expect(await fanOutAnnouncement(p.eventId, ref.id, links)).toBe(6);
    expect(await resumeAnnouncements(links)).toBe(0);
  });
});
