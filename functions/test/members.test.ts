import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PREMIUM_REQUIRED_MESSAGE } from '@gatherly/domain/tiers';
import { newUser, startStack, type Stack } from './harness.ts';
import { ISO, createEvent, eventWithRoles, grantApiAccess, invite, login } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

describe('members', () => {
  it('lists members by role for members only', async () => {
    const { eventId, attendee, outsider } = await eventWithRoles(stack);
    await grantApiAccess(stack, attendee, outsider);
    const res = await stack.call<{ members: Body[] }>('GET', `/api/events/${eventId}/members`, {
      as: attendee,
    });
    expect(res.status).toBe(200);
    expect(res.body.members.map((m) => m.role)).toEqual(['creator', 'admin', 'attendee']);
    expect(res.body.members[2]).toMatchObject({
      id: attendee.uid,
      userId: attendee.uid,
      user: { email: attendee.email },
    });
    expect(typeof res.body.members[0]?.joinedAt).toBe('string');
    expect(
      (await stack.call('GET', `/api/events/${eventId}/members`, { as: outsider })).status,
    ).toBe(404);
  });

  it('invites: token, invitation, Trigger Email document; 403/409/400 cases', async () => {
    const { eventId, admin, attendee } = await eventWithRoles(stack);
    const guest = newUser('guest');
    const res = await stack.call<{ invitation: Body; inviteUrl: string }>(
      'POST',
      `/api/events/${eventId}/members`,
      {
        as: admin,
        body: { userEmail: guest.email.toUpperCase(), role: 'attendee' },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.invitation).toMatchObject({
      email: guest.email,
      role: 'attendee',
      status: 'pending',
      respondedAt: null,
    });
    expect(res.body.inviteUrl).toMatch(/^http:\/\/app\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = res.body.inviteUrl.split('/invite/')[1] as string;
    const tokenDoc = await stack.db.doc(`invitationTokens/${token}`).get();
    expect(tokenDoc.data()).toMatchObject({
      eventId,
      email: guest.email,
      invitationId: res.body.invitation.id,
    });
    const inv = await stack.db
      .doc(`events/${eventId}/invitations/${res.body.invitation.id as string}`)
      .get();
    expect(JSON.stringify(inv.data())).not.toContain(token);
    const mail = await stack.db.collection('mail').where('to', '==', guest.email).get();
    expect(mail.size).toBe(1);
    const message = mail.docs[0]?.data().message as { subject: string; text: string; html: string };
    expect(message.subject).toContain('Summer Wedding');
    expect(message.text).toContain(res.body.inviteUrl);
    expect(message.html).toContain(res.body.inviteUrl);

    const again = await stack.call<Body>('POST', `/api/events/${eventId}/members`, {
      as: admin,
      body: { userEmail: guest.email, role: 'admin' },
    });
    expect(again).toEqual({
      status: 409,
      body: { error: `An invitation has already been sent to ${guest.email}` },
    });
    const member = await stack.call<Body>('POST', `/api/events/${eventId}/members`, {
      as: admin,
      body: { userEmail: attendee.email, role: 'admin' },
    });
    expect(member).toEqual({
      status: 409,
      body: { error: `${attendee.email} is already a member of this event` },
    });
    expect(
      await stack.call('POST', `/api/events/${eventId}/members`, {
        as: attendee,
        body: { userEmail: 'x@y.co', role: 'attendee' },
      }),
    ).toEqual({
      status: 403,
      body: { error: 'Only event admins can invite members' },
    });
    expect(
      await stack.call('POST', `/api/events/${eventId}/members`, {
        as: admin,
        body: { userEmail: 'nope', role: 'attendee' },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Please enter a valid email address' },
    });
    expect(
      await stack.call('POST', `/api/events/${eventId}/members`, {
        as: admin,
        body: { userEmail: 'a@b.co', role: 'creator' },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Please select a role' },
    });
  });

  it("caps invitations per day by the inviter's tier", async () => {
    const creator = newUser('inviter');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator);
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        stack.call('POST', `/api/events/${eventId}/members`, {
          as: creator,
          body: { userEmail: `cap${i}-${creator.uid}@example.com`, role: 'attendee' },
        }),
      ),
    );
    expect(sent.map((s) => s.status)).toEqual(Array(20).fill(201));
    const over = await stack.call<Body>('POST', `/api/events/${eventId}/members`, {
      as: creator,
      body: { userEmail: `over-${creator.uid}@example.com` },
    });
    expect(over.status).toBe(403);
    expect(over.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
    // Deleting the event does not give the day's invitations back.
    expect((await stack.call('DELETE', `/api/events/${eventId}`, { as: creator })).status).toBe(
      200,
    );
    const again = await createEvent(stack, creator);
    const afterDelete = await stack.call<Body>('POST', `/api/events/${again}/members`, {
      as: creator,
      body: { userEmail: `again-${creator.uid}@example.com` },
    });
    expect(afterDelete.status).toBe(403);
    expect(afterDelete.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
  });

  it('removal follows the role rules (docs/product.md, "Members and roles")', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const second = newUser('second');
    await invite(stack, eventId, creator, second, 'attendee', true);
    expect(
      await stack.call('DELETE', `/api/events/${eventId}/members/${creator.uid}`, { as: admin }),
    ).toEqual({
      status: 403,
      body: { error: 'The event creator cannot be removed' },
    });
    expect(
      (await stack.call('DELETE', `/api/events/${eventId}/members/${admin.uid}`, { as: admin }))
        .status,
    ).toBe(403);
    expect(
      (await stack.call('DELETE', `/api/events/${eventId}/members/${creator.uid}`, { as: creator }))
        .status,
    ).toBe(403);
    expect(
      await stack.call('DELETE', `/api/events/${eventId}/members/${second.uid}`, { as: attendee }),
    ).toEqual({
      status: 403,
      body: { error: 'Only event admins can remove members' },
    });
    expect(
      (await stack.call('DELETE', `/api/events/${eventId}/members/${second.uid}`, { as: outsider }))
        .status,
    ).toBe(404);
    expect(
      (await stack.call('DELETE', `/api/events/${eventId}/members/nobody`, { as: admin })).status,
    ).toBe(404);
    expect(
      await stack.call('DELETE', `/api/events/${eventId}/members/${second.uid}`, { as: admin }),
    ).toEqual({
      status: 200,
      body: { removed: true, userId: second.uid },
    });
    const ride = await stack.call<{ carpool: { id: string } }>(
      'POST',
      `/api/events/${eventId}/carpools`,
      {
        as: attendee,
        body: { departureTime: ISO(3), maxSeats: 3 },
      },
    );
    await stack.call('POST', `/api/events/${eventId}/carpools/${ride.body.carpool.id}/join`, {
      as: admin,
    });
    expect(
      (await stack.call('DELETE', `/api/events/${eventId}/members/${admin.uid}`, { as: creator }))
        .status,
    ).toBe(200);
    // A removed passenger's seat is released with the membership.
    const rideId = ride.body.carpool.id as string;
    const carpool = (await stack.store.carpools(eventId).doc(rideId).get()).data();
    expect(carpool).toMatchObject({ currentSeats: 1, passengerIds: [] });
    expect((await stack.store.passengers(eventId, rideId).doc(admin.uid).get()).exists).toBe(false);
    expect((await stack.call('GET', `/api/events/${eventId}`, { as: admin })).status).toBe(404);
    // A removed person can be invited again.
    expect((await invite(stack, eventId, creator, second, 'attendee', true)).length).toBe(43);
  });

  it('role changes by the creator only, audited in the same transaction', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const res = await stack.call<{ member: Body }>(
      'PATCH',
      `/api/events/${eventId}/members/${attendee.uid}/role`,
      {
        as: creator,
        body: { role: 'admin' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ id: attendee.uid, role: 'admin' });
    const audit = await stack.db.collection(`events/${eventId}/roleChanges`).get();
    expect(audit.docs.map((d) => d.data())).toEqual([
      expect.objectContaining({
        eventId,
        changedUserId: attendee.uid,
        changedByUserId: creator.uid,
        oldRole: 'attendee',
        newRole: 'admin',
      }),
    ]);
    // Same role again: no change, no audit entry.
    await stack.call('PATCH', `/api/events/${eventId}/members/${attendee.uid}/role`, {
      as: creator,
      body: { role: 'admin' },
    });
    expect((await stack.db.collection(`events/${eventId}/roleChanges`).get()).size).toBe(1);

    expect(
      await stack.call('PATCH', `/api/events/${eventId}/members/${attendee.uid}/role`, {
        as: admin,
        body: { role: 'attendee' },
      }),
    ).toEqual({
      status: 403,
      body: { error: 'Only the event creator can change roles' },
    });
    expect(
      await stack.call('PATCH', `/api/events/${eventId}/members/${creator.uid}/role`, {
        as: creator,
        body: { role: 'admin' },
      }),
    ).toEqual({
      status: 403,
      body: { error: "The creator's role cannot be changed" },
    });
    expect(
      (
        await stack.call('PATCH', `/api/events/${eventId}/members/${attendee.uid}/role`, {
          as: creator,
          body: { role: 'creator' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await stack.call('PATCH', `/api/events/${eventId}/members/nobody/role`, {
          as: creator,
          body: { role: 'admin' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await stack.call('PATCH', `/api/events/${eventId}/members/${attendee.uid}/role`, {
          as: outsider,
          body: { role: 'admin' },
        })
      ).status,
    ).toBe(404);
  });
});
