import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PREMIUM_REQUIRED_MESSAGE } from '@gatherly/domain/tiers';
import { mintToken, newUser, startStack, type Stack } from './harness.ts';
import { ISO, createEvent, eventWithRoles, invite, login, seedMember } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

describe('invitations', () => {
  it('a used invitation reports accepted; only signed-in members of the event get its id', async () => {
    const { eventId, creator, outsider } = await eventWithRoles(stack);
    const guest = newUser('used');
    const token = await invite(stack, eventId, creator, guest, 'attendee', false);
    const view = async (as?: typeof guest, headers?: Record<string, string>) =>
      (await stack.call<{ invitation: Body }>('GET', `/api/invitations/${token}`, { as, headers }))
        .body.invitation;
    // Pending: nobody is told the event id, not even the creator or the invitee.
    expect(await view()).toMatchObject({ status: 'pending' });
    expect(await view(guest)).not.toHaveProperty('eventId');
    expect(await view(creator)).not.toHaveProperty('eventId');
    expect(
      (await stack.call('POST', `/api/invitations/${token}/accept`, { as: guest })).status,
    ).toBe(200);
    // Used: the invitee (now a member) and other members get the event to open; an outsider, a
    // signed-out visitor and a bad token see only that it was used (nothing of the event).
    const opened = { status: 'accepted', eventId, eventName: 'Summer Wedding' };
    expect(await view(guest)).toEqual(opened);
    expect(await view(creator)).toEqual(opened);
    expect(await view(outsider)).toEqual({ status: 'accepted' });
    expect(await view()).toEqual({ status: 'accepted' });
    const forged = await view(undefined, { authorization: 'Bearer not.a.token' });
    expect(forged).toEqual({ status: 'accepted' });
  });

  it('public invitation view, then accept once by the invited address only', async () => {
    const { eventId, creator } = await eventWithRoles(stack);
    const guest = newUser('guest');
    const other = newUser('other');
    const token = await invite(stack, eventId, creator, guest, 'admin', false);
    const view = await stack.call('GET', `/api/invitations/${token}`);
    expect(view).toEqual({
      status: 200,
      body: {
        invitation: {
          email: guest.email,
          role: 'admin',
          eventName: 'Summer Wedding',
          eventDescription: 'd',
          eventStartDate: ISO(10),
          eventEndDate: ISO(12),
          eventTimeZone: null,
          eventLocation: 'Lisbon',
          status: 'pending',
        },
      },
    });
    expect(await stack.call('GET', '/api/invitations/not-a-real-token-at-all-123')).toEqual({
      status: 404,
      body: { error: 'Invitation not found' },
    });
    expect((await stack.call('GET', '/api/invitations/short')).status).toBe(404);
    expect((await stack.call('POST', `/api/invitations/${token}/accept`)).status).toBe(401);
    expect(await stack.call('POST', `/api/invitations/${token}/accept`, { as: other })).toEqual({
      status: 403,
      body: {
        error: `This invitation is for ${guest.email}. Please sign in with the correct email address.`,
      },
    });
    // The right address, but not verified by the identity provider: refused like a mismatch.
    const unverified = {
      ...guest,
      token: mintToken(guest.uid, guest.email, guest.name, { email_verified: false }),
    };
    expect(
      (await stack.call('POST', `/api/invitations/${token}/accept`, { as: unverified })).status,
    ).toBe(403);
    expect(await stack.call('POST', `/api/invitations/${token}/accept`, { as: guest })).toEqual({
      status: 200,
      body: { event: { id: eventId, name: 'Summer Wedding' } },
    });
    const member = await stack.db.doc(`events/${eventId}/members/${guest.uid}`).get();
    expect(member.data()).toMatchObject({ role: 'admin', user: { email: guest.email } });
    expect(await stack.call('POST', `/api/invitations/${token}/accept`, { as: guest })).toEqual({
      status: 409,
      body: { error: 'This invitation has already been accepted' },
    });
    expect(
      (await stack.call<{ invitation: Body }>('GET', `/api/invitations/${token}`)).body.invitation
        .status,
    ).toBe('accepted');
  });

  it("the public view carries the event's time zone, and follows a change of it", async () => {
    const host = newUser('zone-host');
    await login(stack, host);
    const eventId = await createEvent(stack, host, { timeZone: 'America/Los_Angeles' });
    const token = await invite(stack, eventId, host, newUser('zone-guest'), 'attendee', false);
    const view = async () =>
      (await stack.call<{ invitation: Body }>('GET', `/api/invitations/${token}`)).body.invitation;
    expect(await view()).toMatchObject({
      eventTimeZone: 'America/Los_Angeles',
      eventStartDate: ISO(10),
    });
    await stack.store.event(eventId).update({ timeZone: 'Asia/Kolkata' });
    expect((await view()).eventTimeZone).toBe('Asia/Kolkata');
  });

  it("accept respects the attendee cap of the event creator's tier", async () => {
    const creator = newUser('full');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator);
    for (let i = 0; i < 24; i++) await seedMember(stack.store, eventId, newUser('seat'));
    const guest = newUser('late');
    const token = await invite(stack, eventId, creator, guest, 'attendee', false);
    const res = await stack.call<Body>('POST', `/api/invitations/${token}/accept`, { as: guest });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
    expect((await stack.db.doc(`events/${eventId}/members/${guest.uid}`).get()).exists).toBe(false);
  });
});
