import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { PREMIUM_REQUIRED_MESSAGE } from '@gatherly/domain/tiers';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { ISO, createEvent, eventWithRoles, grantApiAccess, login } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

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

  it('400s with the product messages (docs/product.md, "Create Event")', async () => {
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
    await grantApiAccess(stack, creator, admin, attendee, outsider);
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

  it('PUT changes one field, the two dates, or whole settings objects, for admins only', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    await grantApiAccess(stack, creator, admin, attendee, outsider);
    const put = (as: TestUser, body: unknown) =>
      stack.call<{ event: Body; error?: string }>('PUT', `/api/events/${eventId}`, { as, body });
    const renamed = await put(admin, { name: 'New name' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.event.name).toBe('New name');
    const colours = {
      primary: '#000000',
      secondary: '#111111',
      tertiary: '#222222',
      background: '#ffffff',
      surface: '#eeeeee',
    };
    expect((await put(creator, { themeColors: colours })).status).toBe(200);
    const tbd = await put(creator, { startDate: '', endDate: null });
    expect(tbd.body.event).toMatchObject({ startDate: null, endDate: null });
    const dates = await put(admin, { startDate: ISO(3), endDate: ISO(4) });
    expect(dates.body.event).toMatchObject({ startDate: ISO(3), endDate: ISO(4) });
    const banner = {
      style: 'full-width',
      autoRotate: false,
      rotateInterval: 6000,
      customBannerImage: `events/${eventId}/banner/b.png`,
    };
    expect((await put(admin, { bannerSettings: banner })).body.event.bannerSettings).toEqual(
      banner,
    );

    expect(await put(attendee, { name: 'x' })).toEqual({
      status: 403,
      body: { error: 'Only event admins can change event settings' },
    });
    expect((await put(outsider, { name: 'x' })).status).toBe(404);
    expect((await put(admin, { name: 'x', location: 'y' })).status).toBe(400);
    expect(await put(admin, { adminId: 'me' })).toEqual({
      status: 400,
      body: { error: 'Unknown field: adminId' },
    });
    expect(await put(admin, { themeColors: { ...colours, primary: 'red' } })).toEqual({
      status: 400,
      body: { error: 'Please enter a colour as a hex value like #6236ff' },
    });
    // Whole objects, as the rules take them on the direct path.
    expect(await put(admin, { themeColors: { ...colours, accent: '#000000' } })).toEqual({
      status: 400,
      body: { error: 'Unknown field: themeColors.accent' },
    });
    expect(await put(admin, { bannerSettings: { style: 'contained' } })).toMatchObject({
      status: 400,
    });
    expect(
      await put(admin, {
        bannerSettings: { ...banner, customBannerImage: 'events/other/banner/x.jpg' },
      }),
    ).toEqual({
      status: 400,
      body: { error: `customBannerImage must be a file under events/${eventId}/banner/` },
    });
    // Either date alone is checked against the other stored date.
    expect(await put(admin, { startDate: ISO(10) })).toEqual({
      status: 400,
      body: { error: 'End date cannot be before the start date' },
    });
    expect(await put(admin, { endDate: ISO(1) })).toEqual({
      status: 400,
      body: { error: 'End date cannot be before the start date' },
    });
    expect(await put(admin, { startDate: ISO(5), endDate: ISO(4) })).toEqual({
      status: 400,
      body: { error: 'End date cannot be before the start date' },
    });
    const stored = (await stack.store.event(eventId).get()).data();
    expect(stored).toMatchObject({ name: 'New name', startDate: ISO(3), endDate: ISO(4) });
  });

  it('stores the time zone: named as the tz database does, null when left out, refused when unknown', async () => {
    const user = newUser('zoned');
    await login(stack, user);
    await grantApiAccess(stack, user);
    const zoned = await stack.call<{ event: Body }>('POST', '/api/events', {
      as: user,
      body: {
        name: 'Napa',
        startDate: '2027-06-12T16:00:00-07:00',
        timeZone: 'america/los_angeles',
      },
    });
    expect(zoned.status).toBe(201);
    expect(zoned.body.event).toMatchObject({
      timeZone: 'America/Los_Angeles',
      startDate: '2027-06-12T23:00:00.000Z',
    });
    const id = zoned.body.event.id as string;
    expect((await stack.store.event(id).get()).data()?.timeZone).toBe('America/Los_Angeles');
    const one = await stack.call<{ event: Body }>('GET', `/api/events/${id}`, { as: user });
    expect(one.body.event.timeZone).toBe('America/Los_Angeles');

    // API clients may leave it out: stored null, shown in UTC until an admin confirms a zone.
    const plain = await stack.call<{ event: Body }>('POST', '/api/events', {
      as: user,
      body: { name: 'No zone' },
    });
    expect(plain.status).toBe(201);
    expect(plain.body.event.timeZone).toBeNull();
    const plainId = plain.body.event.id as string;
    expect((await stack.store.event(plainId).get()).data()?.timeZone).toBeNull();
    const list = await stack.call<{ events: Body[] }>('GET', '/api/events', { as: user });
    expect(Object.fromEntries(list.body.events.map((e) => [e.id, e.timeZone]))).toEqual({
      [id]: 'America/Los_Angeles',
      [plainId]: null,
    });

    for (const timeZone of ['Mars/Olympus_Mons', '+05:30', 'Pacific Time']) {
      expect(
        await stack.call('POST', '/api/events', { as: user, body: { name: 'x', timeZone } }),
      ).toEqual({ status: 400, body: { error: 'Please choose a valid time zone' } });
    }
    expect(
      await stack.call('POST', '/api/events', { as: user, body: { name: 'x', timeZone: 7 } }),
    ).toEqual({ status: 400, body: { error: 'timeZone must be text' } });
  });

  it('PUT changes the time zone alone and keeps every stored instant', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    await grantApiAccess(stack, creator, admin, attendee);
    const put = (as: TestUser, body: unknown) =>
      stack.call<{ event: Body; error?: string }>('PUT', `/api/events/${eventId}`, { as, body });
    const before = (await stack.store.event(eventId).get()).data();
    expect(before?.timeZone).toBeNull();

    const moved = await put(admin, { timeZone: 'Asia/Kolkata' });
    expect(moved.status).toBe(200);
    expect(moved.body.event).toMatchObject({
      timeZone: 'Asia/Kolkata',
      startDate: before?.startDate,
      endDate: before?.endDate,
    });
    expect((await put(creator, { timeZone: 'europe/lisbon' })).body.event.timeZone).toBe(
      'Europe/Lisbon',
    );
    expect(await put(admin, { timeZone: null })).toEqual({
      status: 400,
      body: { error: 'Please choose a time zone' },
    });
    expect(await put(admin, { timeZone: 'Nowhere/Land' })).toEqual({
      status: 400,
      body: { error: 'Please choose a valid time zone' },
    });
    expect((await put(admin, { timeZone: 'UTC', name: 'x' })).body.error).toContain('timeZone');
    expect((await put(attendee, { timeZone: 'UTC' })).status).toBe(403);
    const stored = (await stack.store.event(eventId).get()).data();
    expect(stored).toMatchObject({
      timeZone: 'Europe/Lisbon',
      startDate: before?.startDate,
      endDate: before?.endDate,
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
