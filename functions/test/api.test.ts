import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { PREMIUM_REQUIRED_MESSAGE } from '@gatherly/domain/tiers';
import { mintToken, newUser, startStack, type Stack } from './harness.ts';
import {
  ISO,
  createEvent,
  eventWithRoles,
  invite,
  listFiles,
  login,
  putObject,
  seedMember,
  seedSchedule,
} from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

describe('authentication', () => {
  it('401 without a token, with a bad token, with a token for another project, and ignores x-user-* headers', async () => {
    const user = newUser();
    expect((await stack.call('GET', '/api/events')).status).toBe(401);
    const headersOnly = await stack.call<Body>('GET', '/api/events', {
      headers: { 'x-user-uid': user.uid, 'x-user-email': user.email },
    });
    expect(headersOnly).toEqual({ status: 401, body: { error: 'Authentication required' } });
    const garbage = await stack.call<Body>('GET', '/api/events', {
      headers: { authorization: 'Bearer abc.def' },
    });
    expect(garbage).toEqual({ status: 401, body: { error: 'Invalid or expired ID token' } });
    const wrongAud = mintToken(user.uid, user.email, user.name, {
      aud: 'other-project',
      iss: 'https://securetoken.google.com/other-project',
    });
    expect(
      (await stack.call('GET', '/api/events', { headers: { authorization: `Bearer ${wrongAud}` } }))
        .status,
    ).toBe(401);
    const expired = mintToken(user.uid, user.email, user.name, {
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    expect(
      (await stack.call('GET', '/api/events', { headers: { authorization: `Bearer ${expired}` } }))
        .status,
    ).toBe(401);
  });

  it('POST /api/auth/login creates the profile on the free tier and keeps later profile edits', async () => {
    const user = newUser('login');
    const first = await stack.call<{ user: Body }>('POST', '/api/auth/login', { as: user });
    expect(first.status).toBe(200);
    expect(first.body.user).toMatchObject({
      id: user.uid,
      email: user.email,
      displayName: user.name,
      subscriptionTier: 'free',
      subscriptionStatus: 'free',
      subscriptionExpiresAt: null,
    });
    expect(typeof first.body.user.createdAt).toBe('string');
    await stack.db.doc(`users/${user.uid}`).update({ displayName: 'Chosen Name' });
    const second = await stack.call<{ user: Body }>('POST', '/api/auth/login', { as: user });
    expect(second.body.user.displayName).toBe('Chosen Name');
    expect(second.body.user.createdAt).toBe(first.body.user.createdAt);
  });

  it('answers unknown routes 404 and wrong methods 405 with { error }', async () => {
    const user = newUser();
    expect((await stack.call<Body>('GET', '/api/nothing', { as: user })).status).toBe(404);
    const wrong = await stack.call<Body>('PATCH', '/api/events', { as: user });
    expect(wrong.status).toBe(405);
    expect(typeof wrong.body.error).toBe('string');
  });

  it('serves the Functions-emulator path used by the Vite proxy', async () => {
    const user = newUser();
    const res = await stack.call('GET', '/demo-gatherly/us-central1/api/api/events', { as: user });
    expect(res).toEqual({ status: 200, body: { events: [] } });
  });

  it('400 for a body that is not JSON', async () => {
    const user = newUser();
    const res = await stack.call<Body>('POST', '/api/events', { as: user, rawBody: '{nope' });
    expect(res).toEqual({ status: 400, body: { error: 'Request body must be valid JSON' } });
  });
});

describe('events', () => {
  it('creates an event with defaults and the creator membership; ignores adminId/createdBy from the body', async () => {
    const user = newUser('maker');
    await login(stack, user);
    const res = await stack.call<{ event: Body }>('POST', '/api/events', {
      as: user,
      body: {
        name: '  Reunion ',
        startDate: '',
        endDate: null,
        adminId: 'evil',
        createdBy: 'evil',
        themeColors: { primary: '#112233' },
      },
    });
    expect(res.status).toBe(201);
    const event = res.body.event;
    expect(event).toMatchObject({
      name: 'Reunion',
      description: '',
      startDate: null,
      endDate: null,
      customLogo: '',
      adminId: user.uid,
      createdBy: user.uid,
      memberCount: 1,
      role: 'creator',
      themeColors: {
        primary: '#112233',
        secondary: '#14b8a6',
        tertiary: '#f59e0b',
        background: '#ffffff',
        surface: '#f8fafc',
      },
      bannerSettings: {
        style: 'contained',
        autoRotate: true,
        rotateInterval: 4000,
        customBannerImage: null,
      },
    });
    const member = await stack.db.doc(`events/${event.id as string}/members/${user.uid}`).get();
    expect(member.data()).toMatchObject({ role: 'creator', userId: user.uid, eventId: event.id });
  });

  it('400s with the spec messages', async () => {
    const user = newUser();
    const missing = await stack.call<Body>('POST', '/api/events', {
      as: user,
      body: { description: 'x' },
    });
    expect(missing).toEqual({ status: 400, body: { error: 'Event name is required' } });
    const backwards = await stack.call<Body>('POST', '/api/events', {
      as: user,
      body: { name: 'x', startDate: ISO(5), endDate: ISO(1) },
    });
    expect(backwards).toEqual({
      status: 400,
      body: { error: 'End date cannot be before the start date' },
    });
  });

  it('enforces the tier event limit with "Premium subscription required"; paid tiers get more', async () => {
    const free = newUser('free');
    await login(stack, free);
    await createEvent(stack, free);
    await createEvent(stack, free);
    const third = await stack.call<Body>('POST', '/api/events', {
      as: free,
      body: { name: 'Third' },
    });
    expect(third.status).toBe(403);
    expect(third.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
    const limits = await stack.call('GET', '/api/user/subscription/limits', { as: free });
    expect(limits).toEqual({ status: 200, body: { currentUsage: 2, limit: 2, canCreate: false } });

    const pro = newUser('pro');
    await login(stack, pro);
    await stack.db.doc(`users/${pro.uid}`).update({ subscriptionTier: 'paid' });
    for (let i = 0; i < 3; i++) await createEvent(stack, pro);
    const proLimits = await stack.call('GET', '/api/user/subscription/limits', { as: pro });
    expect(proLimits.body).toEqual({ currentUsage: 3, limit: 10, canCreate: true });

    // An expired paid subscription counts as free.
    await stack.db
      .doc(`users/${pro.uid}`)
      .update({ subscriptionExpiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const expired = await stack.call<Body>('POST', '/api/events', { as: pro, body: { name: 'x' } });
    expect(expired.status).toBe(403);
  });

  it("lists the caller's events with memberCount and role; one event for members only", async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const list = await stack.call<{ events: Body[] }>('GET', '/api/events', { as: attendee });
    expect(list.status).toBe(200);
    expect(list.body.events).toHaveLength(1);
    expect(list.body.events[0]).toMatchObject({
      id: eventId,
      memberCount: 3,
      role: 'attendee',
      name: 'Summer Wedding',
    });
    expect(
      (await stack.call<{ events: Body[] }>('GET', '/api/events', { as: admin })).body.events[0]
        ?.role,
    ).toBe('admin');
    expect(
      (await stack.call<{ events: Body[] }>('GET', '/api/events', { as: outsider })).body.events,
    ).toEqual([]);

    const one = await stack.call<{ event: Body }>('GET', `/api/events/${eventId}`, { as: creator });
    expect(one.status).toBe(200);
    expect(one.body.event).toMatchObject({ id: eventId, role: 'creator', memberCount: 3 });
    expect(typeof one.body.event.createdAt).toBe('string');
    expect(await stack.call('GET', `/api/events/${eventId}`, { as: outsider })).toEqual({
      status: 404,
      body: { error: 'Event not found' },
    });
    expect((await stack.call('GET', '/api/events/no-such-event', { as: creator })).status).toBe(
      404,
    );
  });

  it('PUT changes one field or bannerSettings for admins only', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const renamed = await stack.call<{ event: Body }>('PUT', `/api/events/${eventId}`, {
      as: admin,
      body: { name: 'New name' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.event.name).toBe('New name');
    const colours = {
      primary: '#000000',
      secondary: '#111111',
      tertiary: '#222222',
      background: '#ffffff',
      surface: '#eeeeee',
    };
    expect(
      (
        await stack.call('PUT', `/api/events/${eventId}`, {
          as: creator,
          body: { themeColors: colours },
        })
      ).status,
    ).toBe(200);
    const tbd = await stack.call<{ event: Body }>('PUT', `/api/events/${eventId}`, {
      as: creator,
      body: { startDate: '' },
    });
    expect(tbd.body.event.startDate).toBeNull();
    const banner = await stack.call<{ event: Body }>('PUT', `/api/events/${eventId}`, {
      as: admin,
      body: { bannerSettings: { style: 'full-width', rotateInterval: 6000 } },
    });
    expect(banner.body.event.bannerSettings).toEqual({
      style: 'full-width',
      autoRotate: true,
      rotateInterval: 6000,
      customBannerImage: null,
    });

    expect(
      await stack.call('PUT', `/api/events/${eventId}`, { as: attendee, body: { name: 'x' } }),
    ).toEqual({
      status: 403,
      body: { error: 'Only event admins can change event settings' },
    });
    expect(
      (await stack.call('PUT', `/api/events/${eventId}`, { as: outsider, body: { name: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await stack.call('PUT', `/api/events/${eventId}`, {
          as: admin,
          body: { name: 'x', location: 'y' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await stack.call('PUT', `/api/events/${eventId}`, { as: admin, body: { adminId: 'me' } }))
        .status,
    ).toBe(400);
    const badColour = await stack.call<Body>('PUT', `/api/events/${eventId}`, {
      as: admin,
      body: { themeColors: { ...colours, primary: 'red' } },
    });
    expect(badColour).toEqual({
      status: 400,
      body: { error: 'Please enter a colour as a hex value like #6236ff' },
    });
    const foreignBanner = await stack.call('PUT', `/api/events/${eventId}`, {
      as: admin,
      body: { bannerSettings: { customBannerImage: 'events/other/banner/x.jpg' } },
    });
    expect(foreignBanner.status).toBe(400);
    await stack.call('PUT', `/api/events/${eventId}`, { as: admin, body: { startDate: ISO(10) } });
    const endBefore = await stack.call<Body>('PUT', `/api/events/${eventId}`, {
      as: admin,
      body: { endDate: ISO(1) },
    });
    expect(endBefore).toEqual({
      status: 400,
      body: { error: 'End date cannot be before the start date' },
    });
  });

  it('DELETE is for the creator only', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    expect((await stack.call('DELETE', `/api/events/${eventId}`, { as: attendee })).status).toBe(
      403,
    );
    expect((await stack.call('DELETE', `/api/events/${eventId}`, { as: admin })).status).toBe(403);
    expect((await stack.call('DELETE', `/api/events/${eventId}`, { as: outsider })).status).toBe(
      404,
    );
    expect(await stack.call('DELETE', `/api/events/${eventId}`, { as: creator })).toEqual({
      status: 200,
      body: { deleted: true, id: eventId },
    });
    expect((await stack.call('GET', `/api/events/${eventId}`, { as: creator })).status).toBe(404);
    expect((await stack.call('DELETE', `/api/events/${eventId}`, { as: creator })).status).toBe(
      404,
    );
  });
});

describe('subscription', () => {
  it('reports usage as "used/limit" strings with numbers and features', async () => {
    const user = newUser('sub');
    await login(stack, user);
    const eventId = await createEvent(stack, user);
    await invite(stack, eventId, user, newUser('guest'), 'attendee', false);
    await putObject(`events/${eventId}/photos/${user.uid}/big.jpg`, 3 * 1024 * 1024 + 5);
    expect(
      (
        await stack.call('POST', `/api/events/${eventId}/photos`, {
          as: user,
          body: { filename: 'big.jpg', objectPath: `events/${eventId}/photos/${user.uid}/big.jpg` },
        })
      ).status,
    ).toBe(201);
    const res = await stack.call<Body>('GET', '/api/user/subscription', { as: user });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tier: 'free',
      displayName: 'Free',
      usage: { events: '1/2', invitationsToday: '1/20', storage: '4/500' },
      usageCounts: {
        events: { used: 1, limit: 2 },
        invitationsToday: { used: 1, limit: 20 },
        storage: { used: 4, limit: 500 },
      },
      features: {
        customBrandingEnabled: true,
        customBrandingAdvancedEnabled: false,
        priorityEmailDelivery: false,
        exportDataEnabled: false,
        analyticsEnabled: false,
      },
    });
    expect((await stack.call('GET', '/api/user/subscription')).status).toBe(401);
  });
});

describe('members and invitations', () => {
  it('lists members by role for members only', async () => {
    const { eventId, attendee, outsider } = await eventWithRoles(stack);
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
    expect(await view(creator)).toMatchObject({ status: 'pending', eventId });
    expect((await stack.call('POST', `/api/invitations/${token}/accept`, { as: guest })).status).toBe(
      200,
    );
    // Used: the invitee (now a member) and other members get the id to open the event; an
    // outsider, a signed-out visitor and a bad token see only that it was used.
    expect(await view(guest)).toMatchObject({ status: 'accepted', eventId, email: guest.email });
    expect(await view(creator)).toMatchObject({ status: 'accepted', eventId });
    const outside = await view(outsider);
    expect(outside).toMatchObject({ status: 'accepted' });
    expect(outside).not.toHaveProperty('eventId');
    expect(await view()).not.toHaveProperty('eventId');
    const forged = await view(undefined, { authorization: 'Bearer not.a.token' });
    expect(forged).toMatchObject({ status: 'accepted' });
    expect(forged).not.toHaveProperty('eventId');
  });

  it("accept respects the attendee cap of the event creator's tier", async () => {
    const creator = newUser('full');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator);
    for (let i = 0; i < 24; i++) await seedMember(stack.db, eventId, newUser('seat'));
    const guest = newUser('late');
    const token = await invite(stack, eventId, creator, guest, 'attendee', false);
    const res = await stack.call<Body>('POST', `/api/invitations/${token}/accept`, { as: guest });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
    expect((await stack.db.doc(`events/${eventId}/members/${guest.uid}`).get()).exists).toBe(false);
  });

  it('removal follows spec §6', async () => {
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
    await stack.call('POST', `/api/carpools/${ride.body.carpool.id}/join`, { as: admin });
    expect(
      (await stack.call('DELETE', `/api/events/${eventId}/members/${admin.uid}`, { as: creator }))
        .status,
    ).toBe(200);
    // A removed passenger's seat is released with the membership.
    const carpool = (
      await stack.db.doc(`events/${eventId}/carpools/${ride.body.carpool.id}`).get()
    ).data();
    expect(carpool).toMatchObject({ currentSeats: 1, passengerIds: [] });
    expect(
      (
        await stack.db
          .doc(`events/${eventId}/carpools/${ride.body.carpool.id}/passengers/${admin.uid}`)
          .get()
      ).exists,
    ).toBe(false);
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

describe('photos', () => {
  it('saves a record of an uploaded image, lists it, votes idempotently', async () => {
    const { eventId, admin, attendee, outsider } = await eventWithRoles(stack);
    const path = `events/${eventId}/photos/${attendee.uid}/beach.jpg`;
    const thumb = `events/${eventId}/thumbs/${attendee.uid}/beach.jpg`;
    await putObject(path, 2048);
    await putObject(thumb, 100);
    const saved = await stack.call<{ photo: Body }>('POST', `/api/events/${eventId}/photos`, {
      as: attendee,
      body: {
        filename: 'beach.jpg',
        objectPath: path,
        thumbPath: thumb,
        caption: 'Sunset',
        size: 1,
      },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.photo).toMatchObject({
      eventId,
      uploadedBy: attendee.uid,
      uploadedByUser: { displayName: attendee.name, photoURL: '' },
      size: 2048,
      contentType: 'image/jpeg',
      votes: 0,
      voteCount: 0,
      userVoted: false,
      isFeatured: false,
      caption: 'Sunset',
    });
    const photoId = saved.body.photo.id as string;

    expect(await stack.call('POST', `/api/photos/${photoId}/vote`, { as: admin })).toEqual({
      status: 200,
      body: { voteCount: 1, userVoted: true },
    });
    expect(await stack.call('POST', `/api/photos/${photoId}/vote`, { as: admin })).toEqual({
      status: 200,
      body: { voteCount: 1, userVoted: true },
    });
    const listed = await stack.call<{ photos: Body[] }>('GET', `/api/events/${eventId}/photos`, {
      as: admin,
    });
    expect(listed.body.photos).toHaveLength(1);
    expect(listed.body.photos[0]).toMatchObject({ id: photoId, voteCount: 1, userVoted: true });
    expect(
      (
        await stack.call<{ photos: Body[] }>('GET', `/api/events/${eventId}/photos`, {
          as: attendee,
        })
      ).body.photos[0]?.userVoted,
    ).toBe(false);
    expect(await stack.call('DELETE', `/api/photos/${photoId}/vote`, { as: admin })).toEqual({
      status: 200,
      body: { voteCount: 0, userVoted: false },
    });
    expect(await stack.call('DELETE', `/api/photos/${photoId}/vote`, { as: admin })).toEqual({
      status: 200,
      body: { voteCount: 0, userVoted: false },
    });
    expect((await stack.call('POST', `/api/photos/${photoId}/vote`, { as: outsider })).status).toBe(
      404,
    );
    expect((await stack.call('POST', '/api/photos/nope/vote', { as: admin })).status).toBe(404);
    expect((await stack.call('POST', `/api/photos/${photoId}/vote`)).status).toBe(401);

    expect(
      (
        await stack.call<{ photos: Body[] }>('GET', `/api/events/${eventId}/photos/featured`, {
          as: admin,
        })
      ).body.photos,
    ).toEqual([]);
    await stack.db.doc(`events/${eventId}/photos/${photoId}`).update({ isFeatured: true });
    const featured = await stack.call<{ photos: Body[] }>(
      'GET',
      `/api/events/${eventId}/photos/featured`,
      { as: admin },
    );
    expect(featured.body.photos.map((p) => p.id)).toEqual([photoId]);
    expect(
      (await stack.call('GET', `/api/events/${eventId}/photos`, { as: outsider })).status,
    ).toBe(404);

    const dup = await stack.call<Body>('POST', `/api/events/${eventId}/photos`, {
      as: attendee,
      body: { filename: 'beach.jpg', objectPath: path },
    });
    expect(dup).toEqual({ status: 409, body: { error: 'This photo has already been saved' } });
  });

  it('refuses records for missing, foreign or non-image objects', async () => {
    const { eventId, admin, attendee, outsider } = await eventWithRoles(stack);
    const post = (as: typeof admin, body: Record<string, unknown>) =>
      stack.call<Body>('POST', `/api/events/${eventId}/photos`, { as, body });
    expect(
      await post(attendee, {
        filename: 'a.jpg',
        objectPath: `events/${eventId}/photos/${attendee.uid}/missing.jpg`,
      }),
    ).toEqual({
      status: 400,
      body: { error: 'The uploaded file was not found in storage' },
    });
    await putObject(`events/${eventId}/photos/${admin.uid}/theirs.jpg`);
    expect(
      (
        await post(attendee, {
          filename: 'a.jpg',
          objectPath: `events/${eventId}/photos/${admin.uid}/theirs.jpg`,
        })
      ).status,
    ).toBe(400);
    await putObject(`events/${eventId}/photos/${attendee.uid}/notes.txt`, 10, 'text/plain');
    expect(
      await post(attendee, {
        filename: 'notes.txt',
        objectPath: `events/${eventId}/photos/${attendee.uid}/notes.txt`,
      }),
    ).toEqual({
      status: 400,
      body: { error: 'You can only upload: image/*' },
    });
    expect(await post(attendee, { objectPath: 'x' })).toEqual({
      status: 400,
      body: { error: 'File name is required' },
    });
    expect(
      (
        await post(outsider, {
          filename: 'a.jpg',
          objectPath: `events/${eventId}/photos/${outsider.uid}/a.jpg`,
        })
      ).status,
    ).toBe(404);
  });

  it('enforces the photo limit per event and deletes the unregistrable upload', async () => {
    const creator = newUser('photos');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator);
    const batch = stack.db.batch();
    for (let i = 0; i < 100; i++) {
      const ref = stack.db.collection(`events/${eventId}/photos`).doc();
      batch.set(ref, {
        id: ref.id,
        eventId,
        uploadedBy: 'seed',
        size: 0,
        votes: 0,
        isFeatured: false,
        objectPath: `seed/${i}`,
        uploadedAt: Timestamp.now(),
      });
    }
    await batch.commit();
    const path = `events/${eventId}/photos/${creator.uid}/one-too-many.jpg`;
    await putObject(path);
    const res = await stack.call<Body>('POST', `/api/events/${eventId}/photos`, {
      as: creator,
      body: { filename: 'x.jpg', objectPath: path },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
    expect(await listFiles(path)).toEqual([]);
  });

  it('banner photo: admins set the event banner to their upload', async () => {
    const { eventId, admin, attendee } = await eventWithRoles(stack);
    const first = `events/${eventId}/banner/one.jpg`;
    const second = `events/${eventId}/banner/two.jpg`;
    await putObject(first);
    await putObject(second);
    const res = await stack.call<{ event: Body }>('POST', `/api/events/${eventId}/banner-photo`, {
      as: admin,
      body: { filename: 'one.jpg', objectPath: first, setBanner: true },
    });
    expect(res.status).toBe(200);
    expect((res.body.event.bannerSettings as Body).customBannerImage).toBe(first);
    await stack.call('POST', `/api/events/${eventId}/banner-photo`, {
      as: admin,
      body: { filename: 'two.jpg', objectPath: second },
    });
    // The replaced banner file is deleted: nothing unreferenced stays behind.
    expect(await listFiles(`events/${eventId}/banner/`)).toEqual([second]);
    expect(
      await stack.call('POST', `/api/events/${eventId}/banner-photo`, {
        as: attendee,
        body: { filename: 'x.jpg', objectPath: second },
      }),
    ).toEqual({
      status: 403,
      body: { error: 'Only event admins can change the banner' },
    });
    expect(
      (
        await stack.call('POST', `/api/events/${eventId}/banner-photo`, {
          as: admin,
          body: { filename: 'x.jpg', objectPath: `events/${eventId}/photos/x.jpg` },
        })
      ).status,
    ).toBe(400);
  });
});

describe('travel', () => {
  it('flights: create and list; validation; tier limit', async () => {
    const { eventId, attendee, outsider } = await eventWithRoles(stack);
    const flight = {
      airline: 'TAP',
      flightNumber: 'TP123',
      departure: 'JFK',
      arrival: 'LIS',
      departureTime: ISO(9),
      arrivalTime: ISO(9.3),
    };
    const res = await stack.call<{ flight: Body }>('POST', `/api/events/${eventId}/flights`, {
      as: attendee,
      body: flight,
    });
    expect(res.status).toBe(201);
    expect(res.body.flight).toMatchObject({
      ...flight,
      userId: attendee.uid,
      eventId,
      user: { displayName: attendee.name, photoURL: '' },
    });
    const list = await stack.call<{ flights: Body[] }>('GET', `/api/events/${eventId}/flights`, {
      as: attendee,
    });
    expect(list.body.flights).toHaveLength(1);
    expect(list.body.flights[0]?.id).toBe(res.body.flight.id);
    expect(
      await stack.call('POST', `/api/events/${eventId}/flights`, {
        as: attendee,
        body: { ...flight, departureTime: '' },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Departure time is required' },
    });
    expect(
      await stack.call('POST', `/api/events/${eventId}/flights`, {
        as: attendee,
        body: { ...flight, arrivalTime: undefined },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Arrival time is required' },
    });
    expect(
      (await stack.call('POST', `/api/events/${eventId}/flights`, { as: outsider, body: flight }))
        .status,
    ).toBe(404);
    expect(
      (await stack.call('GET', `/api/events/${eventId}/flights`, { as: outsider })).status,
    ).toBe(404);

    const batch = stack.db.batch();
    for (let i = 0; i < 29; i++)
      batch.set(stack.db.collection(`events/${eventId}/flights`).doc(), {
        eventId,
        departureTime: ISO(1),
      });
    await batch.commit();
    const over = await stack.call<Body>('POST', `/api/events/${eventId}/carpools`, {
      as: attendee,
      body: { departureTime: ISO(9), maxSeats: 3 },
    });
    expect(over.status).toBe(403);
    expect(over.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
  });

  it('carpools: create, list with driver and passengers, join rules', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const created = await stack.call<{ carpool: Body }>('POST', `/api/events/${eventId}/carpools`, {
      as: attendee,
      body: { fromLocation: 'Airport', toLocation: 'Venue', departureTime: ISO(9), maxSeats: 2 },
    });
    expect(created.status).toBe(201);
    expect(created.body.carpool).toMatchObject({
      driverId: attendee.uid,
      currentSeats: 1,
      maxSeats: 2,
      passengerIds: [],
      passengers: [],
    });
    const id = created.body.carpool.id as string;
    expect(await stack.call('POST', `/api/carpools/${id}/join`, { as: attendee })).toEqual({
      status: 400,
      body: { error: 'You are driving this carpool' },
    });
    const joined = await stack.call<{ carpool: Body }>('POST', `/api/carpools/${id}/join`, {
      as: admin,
    });
    expect(joined.status).toBe(200);
    expect(joined.body.carpool).toMatchObject({ currentSeats: 2, passengerIds: [admin.uid] });
    expect(await stack.call('POST', `/api/carpools/${id}/join`, { as: admin })).toEqual({
      status: 409,
      body: { error: 'You have already joined this carpool' },
    });
    expect(await stack.call('POST', `/api/carpools/${id}/join`, { as: creator })).toEqual({
      status: 409,
      body: { error: 'This carpool is full' },
    });
    expect((await stack.call('POST', `/api/carpools/${id}/join`, { as: outsider })).status).toBe(
      404,
    );
    expect((await stack.call('POST', '/api/carpools/none/join', { as: admin })).status).toBe(404);
    const list = await stack.call<{ carpools: Body[] }>('GET', `/api/events/${eventId}/carpools`, {
      as: creator,
    });
    expect(list.body.carpools[0]).toMatchObject({
      id,
      driver: { displayName: attendee.name, photoURL: '' },
      passengers: [
        expect.objectContaining({
          userId: admin.uid,
          user: { displayName: admin.name, photoURL: '' },
        }),
      ],
    });
    for (const maxSeats of [0, 9, 2.5, 'four', null]) {
      expect(
        (
          await stack.call('POST', `/api/events/${eventId}/carpools`, {
            as: attendee,
            body: { departureTime: ISO(9), maxSeats },
          })
        ).status,
      ).toBe(400);
    }
  });
});

describe('schedule', () => {
  it("lists items with rsvpCounts and the caller's answer; PUT rsvp", async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const itemId = await seedSchedule(stack.db, eventId);
    const empty = await stack.call<{ schedule: Body[] }>('GET', `/api/events/${eventId}/schedule`, {
      as: attendee,
    });
    expect(empty.body.schedule[0]).toMatchObject({
      id: itemId,
      title: 'Ceremony',
      rsvpCounts: { going: 0, notGoing: 0, maybe: 0 },
      userRsvp: null,
    });
    expect(
      (
        await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
          as: attendee,
          body: { status: 'going' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
          as: admin,
          body: { status: 'maybe' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
          as: creator,
          body: { status: 'going' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
          as: creator,
          body: { status: 'not_going' },
        })
      ).status,
    ).toBe(200);
    const after = await stack.call<{ schedule: Body[] }>('GET', `/api/events/${eventId}/schedule`, {
      as: attendee,
    });
    expect(after.body.schedule[0]).toMatchObject({
      rsvpCounts: { going: 1, notGoing: 1, maybe: 1 },
      userRsvp: 'going',
    });
    expect(
      await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
        as: attendee,
        body: { status: 'yes' },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Please choose going, maybe or not going' },
    });
    expect(
      (
        await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
          as: outsider,
          body: { status: 'going' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await stack.call('PUT', '/api/schedule/none/rsvp', {
          as: attendee,
          body: { status: 'going' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await stack.call('GET', `/api/events/${eventId}/schedule`, { as: outsider })).status,
    ).toBe(404);
  });
});
