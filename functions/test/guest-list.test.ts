import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { invitationIdFor } from '../src/services/members.ts';
import { foldRsvpCounts } from '../src/services/rsvp-count.ts';
import { newUser, startStack, type Stack } from './harness.ts';
import { eventWithRoles, invite, login, seedSchedule } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

/** Stored counts of an item where every party is one head and nobody waits. */
const counted = (going: number, maybe: number, notGoing: number) => ({
  going,
  maybe,
  notGoing,
  goingHeads: going,
  waitlisted: 0,
  waitlistedHeads: 0,
});

describe('host-recorded answers', () => {
  it('an admin records a guest’s answer; counts, answer map and marker follow; the guest can change it', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const itemId = await seedSchedule(stack.store, eventId);
    const record = (as: typeof admin, uid: string, status: unknown) =>
      stack.call<Body>('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvps/${uid}`, {
        as,
        body: { status },
      });
    // As screens show them once the trigger folded the last answer in.
    const counts = async () => {
      await foldRsvpCounts(eventId, itemId);
      return (await stack.store.schedule(eventId).doc(itemId).get()).data()?.rsvpCounts;
    };
    const answers = async (uid: string) =>
      (await stack.store.rsvpsByUser(eventId).doc(uid).get()).data();

    expect((await record(admin, attendee.uid, 'maybe')).status).toBe(200);
    expect(await counts()).toEqual(counted(0, 1, 0));
    expect(await answers(attendee.uid)).toMatchObject({
      userId: attendee.uid,
      user: { displayName: attendee.name },
      statuses: { [itemId]: 'maybe' },
      recordedBy: { [itemId]: admin.uid },
    });
    const rsvp = (await stack.store.rsvps(eventId, itemId).doc(attendee.uid).get()).data();
    expect(rsvp).toMatchObject({ status: 'maybe', recordedBy: admin.uid });

    // The creator corrects it: one unit moves, nothing is counted twice.
    expect((await record(creator, attendee.uid, 'going')).status).toBe(200);
    expect(await counts()).toEqual(counted(1, 0, 0));
    expect((await answers(attendee.uid))?.recordedBy).toEqual({ [itemId]: creator.uid });

    // The guest answers themself: their answer, no longer "recorded by the host".
    const own = await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
      as: attendee,
      body: { status: 'not_going' },
    });
    expect(own.status).toBe(200);
    expect(await counts()).toEqual(counted(0, 0, 1));
    expect(await answers(attendee.uid)).toMatchObject({
      statuses: { [itemId]: 'not_going' },
      recordedBy: {},
    });
    expect((await stack.store.rsvps(eventId, itemId).doc(attendee.uid).get()).data()).toMatchObject(
      {
        recordedBy: null,
      },
    );

    // Attendees may not record for others; non-members learn nothing; bad input is a 400.
    expect(await record(attendee, admin.uid, 'going')).toEqual({
      status: 403,
      body: { error: 'Only event admins can record answers for guests' },
    });
    expect(await record(outsider, attendee.uid, 'going')).toEqual({
      status: 404,
      body: { error: 'Schedule item not found' },
    });
    expect(await record(admin, outsider.uid, 'going')).toEqual({
      status: 404,
      body: { error: 'Member not found' },
    });
    expect((await record(admin, attendee.uid, 'yes')).status).toBe(400);
    expect(await counts()).toEqual(counted(0, 0, 1));
  });

  it('a recorded answer has its line in the feed, which goes with the item or the guest', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const itemId = await seedSchedule(stack.store, eventId, 'Ceremony');
    const other = await seedSchedule(stack.store, eventId, 'Dinner');
    const record = (item: string, uid: string, status: string) =>
      stack.call('PUT', `/api/events/${eventId}/schedule/${item}/rsvps/${uid}`, {
        as: admin,
        body: { status },
      });
    const entry = async (item: string, uid: string) =>
      (await stack.store.activity(eventId).doc(`rsvp:${item}:${uid}`).get()).data();

    expect((await record(itemId, attendee.uid, 'going')).status).toBe(200);
    expect(await entry(itemId, attendee.uid)).toMatchObject({
      kind: 'rsvp',
      actor: { displayName: admin.name },
      subjectId: `${itemId}:${attendee.uid}`,
      // The feed is every member's: it says who recorded, never the answer.
      title: `${admin.name} recorded ${attendee.name}'s answer to Ceremony`,
    });
    // Recording again updates the one line; an admin's own answer is not "recorded".
    expect((await record(itemId, attendee.uid, 'maybe')).status).toBe(200);
    expect((await entry(itemId, attendee.uid))?.actor).toEqual({
      displayName: admin.name,
      photoURL: expect.any(String),
    });
    expect((await record(itemId, admin.uid, 'going')).status).toBe(200);
    expect(await entry(itemId, admin.uid)).toBeUndefined();

    // Deleting the item takes its lines; removing the guest takes theirs.
    expect((await record(other, attendee.uid, 'going')).status).toBe(200);
    expect((await record(other, creator.uid, 'going')).status).toBe(200);
    expect(
      (await stack.call('DELETE', `/api/events/${eventId}/schedule/${itemId}`, { as: creator }))
        .status,
    ).toBe(200);
    expect(await entry(itemId, attendee.uid)).toBeUndefined();
    expect(await entry(other, attendee.uid)).toBeDefined();
    expect(
      (
        await stack.call('DELETE', `/api/events/${eventId}/members/${attendee.uid}`, {
          as: creator,
        })
      ).status,
    ).toBe(200);
    expect(await entry(other, attendee.uid)).toBeUndefined();
    expect(await entry(other, creator.uid)).toBeDefined();
  });

  it('a removed member’s answers stop counting', async () => {
    const { eventId, creator, attendee } = await eventWithRoles(stack);
    const a = await seedSchedule(stack.store, eventId, 'Ceremony');
    const b = await seedSchedule(stack.store, eventId, 'Dinner');
    for (const [item, status] of [
      [a, 'going'],
      [b, 'maybe'],
    ] as const) {
      const res = await stack.call('PUT', `/api/events/${eventId}/schedule/${item}/rsvp`, {
        as: attendee,
        body: { status },
      });
      expect(res.status).toBe(200);
    }
    await stack.call('PUT', `/api/events/${eventId}/schedule/${a}/rsvp`, {
      as: creator,
      body: { status: 'going' },
    });
    const removed = await stack.call('DELETE', `/api/events/${eventId}/members/${attendee.uid}`, {
      as: creator,
    });
    expect(removed.status).toBe(200);
    const countsOf = async (id: string) => {
      await foldRsvpCounts(eventId, id);
      return (await stack.store.schedule(eventId).doc(id).get()).data()?.rsvpCounts;
    };
    expect(await countsOf(a)).toEqual(counted(1, 0, 0));
    expect(await countsOf(b)).toEqual(counted(0, 0, 0));
    expect((await stack.store.rsvpsByUser(eventId).doc(attendee.uid).get()).exists).toBe(false);
    expect((await stack.store.rsvps(eventId, a).doc(attendee.uid).get()).exists).toBe(false);
  });
});

describe('pending invitations', () => {
  it('copy link, resend (a new e-mail in the daily cap), revoke (the link is gone, the address can be invited again)', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const guest = newUser('pending');
    await login(stack, guest);
    const token = await invite(stack, eventId, admin, guest, 'attendee', false);
    const id = invitationIdFor(guest.email);
    const base = `/api/events/${eventId}/invitations/${id}`;

    const link = await stack.call<{ inviteUrl: string }>('GET', `${base}/link`, { as: creator });
    expect(link.status).toBe(200);
    expect(link.body.inviteUrl.endsWith(`/invite/${token}`)).toBe(true);
    // Attendees and outsiders: refused / not revealed.
    expect((await stack.call('GET', `${base}/link`, { as: attendee })).status).toBe(403);
    expect((await stack.call('GET', `${base}/link`, { as: outsider })).status).toBe(404);
    expect(
      await stack.call('GET', `/api/events/${eventId}/invitations/nope/link`, { as: admin }),
    ).toEqual({
      status: 404,
      body: { error: 'Invitation not found' },
    });

    const mailTo = async () => (await stack.store.mail.where('to', '==', guest.email).get()).size;
    const logged = async () =>
      (await stack.store.invitationLog.where('email', '==', guest.email).get()).size;
    expect([await mailTo(), await logged()]).toEqual([1, 1]);
    const resent = await stack.call<{ inviteUrl: string }>('POST', `${base}/resend`, { as: admin });
    expect(resent.status).toBe(200);
    expect(resent.body.inviteUrl).toBe(link.body.inviteUrl);
    expect([await mailTo(), await logged()]).toEqual([2, 2]);
    expect((await stack.call('POST', `${base}/resend`, { as: attendee })).status).toBe(403);
    expect([await mailTo(), await logged()]).toEqual([2, 2]);

    // Revoke: token and invitation go together; the link answers Invitation not found.
    expect((await stack.call('DELETE', base, { as: attendee })).status).toBe(403);
    expect((await stack.call('DELETE', base, { as: admin })).status).toBe(200);
    expect((await stack.store.invitations(eventId).doc(id).get()).exists).toBe(false);
    expect((await stack.store.invitationToken(token).get()).exists).toBe(false);
    expect(await stack.call('GET', `/api/invitations/${token}`)).toEqual({
      status: 404,
      body: { error: 'Invitation not found' },
    });
    expect(
      (await stack.call('POST', `/api/invitations/${token}/accept`, { as: guest })).status,
    ).toBe(404);
    expect((await stack.call('DELETE', base, { as: admin })).status).toBe(404);
    // Invited again: a new link that works.
    const again = await invite(stack, eventId, admin, guest, 'attendee', true);
    expect(again).not.toBe(token);
    // Accepted invitations cannot be revoked or resent.
    expect(await stack.call('DELETE', base, { as: admin })).toEqual({
      status: 409,
      body: { error: 'This invitation has already been accepted' },
    });
    expect((await stack.call('POST', `${base}/resend`, { as: admin })).status).toBe(409);
  });
});
