import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { auth } from '../src/firebase.ts';
import { mintToken, newUser, startStack, type Stack } from './harness.ts';
import { invitationIdFor } from '../src/services/members.ts';
import { createEvent, invite, login } from './fixtures.ts';

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
    await login(stack, user);
    const res = await stack.call(
      'GET',
      '/demo-gatherly/us-central1/api/api/user/subscription/limits',
      {
        as: user,
      },
    );
    expect(res).toEqual({ status: 200, body: { currentUsage: 0, limit: 2, canCreate: true } });
  });

  it('400 for a body that is not JSON', async () => {
    const user = newUser();
    const res = await stack.call<Body>('POST', '/api/events', { as: user, rawBody: '{nope' });
    expect(res).toEqual({ status: 400, body: { error: 'Request body must be valid JSON' } });
  });
});

describe('disabled and revoked accounts', () => {
  // The Auth emulator itself makes firebase-admin look the account up on every verification;
  // production does so only when asked, which the spy proves for every write.
  it('asks Auth about revocation on every write, not only in the emulator', async () => {
    const user = newUser('spy');
    await login(stack, user);
    const verify = vi.spyOn(auth(), 'verifyIdToken');
    try {
      await stack.call('POST', '/api/events', { as: user, body: { name: 'Checked' } });
      await stack.call('GET', '/api/user/subscription/limits', { as: user });
      expect(verify.mock.calls.map((call) => call[1])).toEqual([true, false]);
    } finally {
      verify.mockRestore();
    }
  });

  it('a read that hands out an invitation link is checked like a write', async () => {
    const host = newUser('linkhost');
    const earlier = Math.floor(Date.now() / 1000) - 60;
    const session = {
      ...host,
      token: mintToken(host.uid, host.email, host.name, { auth_time: earlier }),
    };
    await login(stack, session);
    const eventId = await createEvent(stack, session);
    const guest = newUser('linkguest');
    await invite(stack, eventId, session, guest, 'attendee', false);
    const link = `/api/events/${eventId}/invitations/${invitationIdFor(guest.email)}/link`;
    const verify = vi.spyOn(auth(), 'verifyIdToken');
    try {
      expect((await stack.call('GET', link, { as: session })).status).toBe(200);
      // Production checks revocation only when asked (the Auth emulator always does).
      expect(verify.mock.calls.map((call) => call[1])).toEqual([true]);
    } finally {
      verify.mockRestore();
    }
    await auth().revokeRefreshTokens(host.uid);
    expect(await stack.call('GET', link, { as: session })).toEqual({
      status: 401,
      body: { error: 'This sign-in has been revoked; please sign in again' },
    });
  });

  it('a disabled account is refused at once', async () => {
    const user = newUser('disabled');
    await login(stack, user);
    expect(
      (await stack.call('POST', '/api/events', { as: user, body: { name: 'A' } })).status,
    ).toBe(201);
    await auth().updateUser(user.uid, { disabled: true });
    expect(await stack.call('POST', '/api/events', { as: user, body: { name: 'B' } })).toEqual({
      status: 401,
      body: { error: 'This account has been disabled' },
    });
  });

  it('revoked sessions are refused at once, while a token from a new sign-in works', async () => {
    const user = newUser('revoked');
    // A session that began a minute ago, as a token refreshed mid-session carries.
    const earlier = Math.floor(Date.now() / 1000) - 60;
    const old = {
      ...user,
      token: mintToken(user.uid, user.email, user.name, { auth_time: earlier }),
    };
    await login(stack, old);
    await auth().revokeRefreshTokens(user.uid);
    expect(await stack.call('POST', '/api/events', { as: old, body: { name: 'B' } })).toEqual({
      status: 401,
      body: { error: 'This sign-in has been revoked; please sign in again' },
    });
    // Revocation is recorded in whole seconds: sign in again in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const fresh = { ...user, token: mintToken(user.uid, user.email, user.name) };
    expect(
      (await stack.call('POST', '/api/events', { as: fresh, body: { name: 'C' } })).status,
    ).toBe(201);
  });
});
