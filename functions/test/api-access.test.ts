/**
 * How the tier flag `apiAccessEnabled` gates the surface (docs/api.md, "Access"): `app` routes
 * (what the web app needs the server for) serve every account; `api` routes (the public API
 * only) need the caller's own tier to include API access, checked after membership so an event
 * the caller may not see stays a 404.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PREMIUM_REQUIRED_MESSAGE } from '@gatherly/domain/tiers';
import { defineApi, endpoint } from '@gatherly/domain/api/contract';
import { apiRoutes } from '../src/app.ts';
import { createRouter, route } from '../src/router.ts';
import { eventWithRoles, grantApiAccess, login } from './fixtures.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

const API_ONLY = [
  'GET /events',
  'GET /events/:eventId',
  'PUT /events/:eventId',
  'GET /events/:eventId/members',
  'GET /events/:eventId/photos',
  'GET /events/:eventId/photos/featured',
  'GET /events/:eventId/flights',
  'GET /events/:eventId/carpools',
  'GET /events/:eventId/schedule',
];

const NO_API_ACCESS = {
  status: 403,
  body: { error: `${PREMIUM_REQUIRED_MESSAGE}: the Free plan does not include API access` },
};

describe('apiAccessEnabled', () => {
  it('marks exactly the routes the web app never calls as API-only', () => {
    const byAccess = (access: string) =>
      apiRoutes
        .filter((r) => r.endpoint.access === access)
        .map((r) => `${r.endpoint.method} ${r.endpoint.path}`);
    expect(byAccess('api').sort()).toEqual([...API_ONLY].sort());
    expect(byAccess('public').sort()).toEqual(
      [
        'POST /auth/email-link',
        'POST /auth/email-link/redeem',
        'GET /user/data-exports/:exportId',
        'GET /invitations/:token',
        'POST /invitations/:token/sign-in-link',
        'GET /join/:secret',
        'GET /events/:eventId/photo-archives/:archiveId',
        'GET /unsubscribe',
        'POST /unsubscribe',
        'GET /walls/:secret',
      ].sort(),
    );
    // PUT /schedule/:scheduleId/rsvp became an app route with the counters; featured and the
    // deletes are new app routes (docs/performance.md, "Counters"); so are the guest list's
    // host-recorded answers and the pending invitations' link, resend and revoke, and leaving a
    // carpool; and the caller's own RSVP with its place in line, capacity, the host's questions,
    // members' answers and plus-one allowances (docs/api.md, "Plus-ones, questions and answers");
    // and asking for a photo download (the download itself is public: its link is the credential);
    // the event link's settings, regeneration, joining and the approvals of requests to join;
    // and the caller's own account: what deleting it would do, deleting it, a data export; and
    // the guest list's CSV (the event creator's plan gates it, docs/api.md); and the nine
    // seating routes (docs/api.md, "Seating"); and the five date-poll routes (docs/api.md,
    // "Date polls"); and the seven routes of the photo wall's links, settings, moderation and
    // the signed-in wall (the wall link's own feed is public: its secret is the credential);
    // and the four guest-group routes (docs/api.md, "Guest groups").
    expect(byAccess('app')).toHaveLength(69);
  });

  it('API routes: 403 for a member without API access, 2xx with it, 404 for non-members either way', async () => {
    const { eventId, creator, outsider } = await eventWithRoles(stack);
    const calls: { path: string; method: string; body?: unknown; scoped: boolean }[] = [
      { method: 'GET', path: '/api/events', scoped: false },
      { method: 'GET', path: `/api/events/${eventId}`, scoped: true },
      { method: 'PUT', path: `/api/events/${eventId}`, body: { name: 'Via API' }, scoped: true },
      { method: 'GET', path: `/api/events/${eventId}/members`, scoped: true },
      { method: 'GET', path: `/api/events/${eventId}/photos`, scoped: true },
      { method: 'GET', path: `/api/events/${eventId}/photos/featured`, scoped: true },
      { method: 'GET', path: `/api/events/${eventId}/flights`, scoped: true },
      { method: 'GET', path: `/api/events/${eventId}/carpools`, scoped: true },
      { method: 'GET', path: `/api/events/${eventId}/schedule`, scoped: true },
    ];
    expect(calls).toHaveLength(API_ONLY.length);
    const run = (as: TestUser) =>
      Promise.all(calls.map((c) => stack.call(c.method, c.path, { as, body: c.body })));

    // Free: refused with the upgrade message, after membership (outsiders still get 404).
    for (const res of await run(creator)) expect(res).toEqual(NO_API_ACCESS);
    const outsiderAnswers = await run(outsider);
    calls.forEach((c, i) => {
      expect(outsiderAnswers[i]?.status, c.path).toBe(c.scoped ? 404 : 403);
    });
    expect((await stack.store.event(eventId).get()).data()?.name).toBe('Summer Wedding');

    // Enterprise: allowed.
    await grantApiAccess(stack, creator, outsider);
    for (const [i, res] of (await run(creator)).entries()) {
      expect(res.status, calls[i]?.path).toBe(200);
    }
    const enterpriseOutsider = await run(outsider);
    calls.forEach((c, i) => {
      expect(enterpriseOutsider[i]?.status, c.path).toBe(c.scoped ? 404 : 200);
    });
  });

  it('app routes serve accounts without API access', async () => {
    const user = newUser('free');
    await login(stack, user);
    const created = await stack.call<{ event: { id: string } }>('POST', '/api/events', {
      as: user,
      body: { name: 'Free party' },
    });
    expect(created.status).toBe(201);
    const eventId = created.body.event.id;
    const flight = await stack.call('POST', `/api/events/${eventId}/flights`, {
      as: user,
      body: { departureTime: '2027-06-01T10:00:00.000Z', arrivalTime: '2027-06-01T12:00:00.000Z' },
    });
    expect(flight.status).toBe(201);
    expect((await stack.call('GET', '/api/user/subscription', { as: user })).status).toBe(200);
    expect((await stack.call('DELETE', `/api/events/${eventId}`, { as: user })).status).toBe(200);
  });

  it('an API route that forgets the check fails loudly instead of serving everyone', async () => {
    const user = newUser('forgetful');
    await login(stack, user);
    const handle = createRouter([
      route(
        defineApi({
          unchecked: endpoint<{ leaked: boolean }>()({
            method: 'GET',
            path: '/unchecked',
            access: 'api',
          }),
        }).unchecked,
        async () => ({ body: { leaked: true } }),
      ),
    ]);
    const req = Object.assign(Readable.from([]), {
      method: 'GET',
      url: '/api/unchecked',
      headers: { authorization: `Bearer ${user.token}` },
    });
    let status = 0;
    let payload = '';
    const res = {
      statusCode: 0,
      setHeader() {},
      end(p: string) {
        status = this.statusCode;
        payload = p;
      },
    };
    await handle(req as never, res as never);
    expect({ status, body: JSON.parse(payload) as unknown }).toEqual({
      status: 500,
      body: { error: 'Internal server error' },
    });
  });
});
