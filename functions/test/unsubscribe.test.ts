import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  UNSUBSCRIBE_TOKEN_TTL_MS,
  signUnsubscribeToken,
  verifyUnsubscribeToken,
} from '../src/mail/unsubscribe-token.ts';
import { newUser, startStack, type Stack } from './harness.ts';
import { login } from './fixtures.ts';

const SECRET = 'unsubscribe-test-secret-0123456789';

let stack: Stack;
beforeAll(async () => {
  process.env.EMAIL_LINK_SECRET = SECRET;
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

describe('unsubscribe tokens', () => {
  const now = new Date('2030-01-01T00:00:00.000Z');

  it('a signed token names the person and the topic', () => {
    const token = signUnsubscribeToken(SECRET, 'uid-1', 'reminders', now);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyUnsubscribeToken(SECRET, token, now)).toEqual({
      ok: true,
      claims: {
        uid: 'uid-1',
        topic: 'reminders',
        expiresAt: now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS,
      },
    });
  });

  it('forged tokens fail: another key, a changed payload, a changed signature, junk', () => {
    const token = signUnsubscribeToken(SECRET, 'uid-1', 'reminders', now);
    const [payload, sig] = token.split('.') as [string, string];
    const other = signUnsubscribeToken('another-secret-0123456789', 'uid-1', 'reminders', now);
    const swapped = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace('uid-1', 'uid-2'),
    ).toString('base64url');
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      other,
      `${swapped}.${sig}`,
      `${payload}.${flipped}`,
      `${payload}.`,
      'not-a-token',
      '',
      `${payload}.${sig}.extra`,
    ]) {
      expect(verifyUnsubscribeToken(SECRET, forged, now)).toEqual({ ok: false, reason: 'invalid' });
    }
    // A correctly signed payload that is not ours.
    const weird = Buffer.from(JSON.stringify({ u: 'x', t: 'everything', e: 9e15 })).toString(
      'base64url',
    );
    const weirdSig = createHmac('sha256', SECRET).update(`u1.${weird}`).digest('base64url');
    expect(verifyUnsubscribeToken(SECRET, `${weird}.${weirdSig}`, now)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('tokens expire after a year', () => {
    const token = signUnsubscribeToken(SECRET, 'uid-1', 'announcements', now);
    const justBefore = new Date(now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS);
    const after = new Date(now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS + 1);
    expect(verifyUnsubscribeToken(SECRET, token, justBefore).ok).toBe(true);
    expect(verifyUnsubscribeToken(SECRET, token, after)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses to sign or check with a short key', () => {
    expect(() => signUnsubscribeToken('', 'u', 'reminders')).toThrow(/at least 16/);
    expect(() => verifyUnsubscribeToken('short', 'x.y')).toThrow(/at least 16/);
  });
});

describe('GET/POST /api/unsubscribe', () => {
  async function person() {
    const user = newUser('reader');
    await login(stack, user);
    return user;
  }
  const prefs = async (uid: string) => (await stack.store.user(uid).get()).data()?.emailPreferences;
  const page = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.baseUrl}${path}`, init).then(async (r) => ({
      status: r.status,
      type: r.headers.get('content-type'),
      csp: r.headers.get('content-security-policy'),
      html: await r.text(),
    }));

  it('GET shows a confirmation page and changes nothing (link scanners are harmless)', async () => {
    const user = await person();
    const token = signUnsubscribeToken(SECRET, user.uid, 'reminders');
    const res = await page(`/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html; charset=utf-8');
    expect(res.csp).toContain("default-src 'none'");
    expect(res.html).toContain('Unsubscribe from event reminders?');
    expect(res.html).toContain(`<form method="post" action="?token=${encodeURIComponent(token)}"`);
    expect(await prefs(user.uid)).toBeUndefined();
  });

  it('the button unsubscribes from that topic only, and "Subscribe again" undoes it', async () => {
    const user = await person();
    const token = encodeURIComponent(signUnsubscribeToken(SECRET, user.uid, 'announcements'));
    const done = await page(`/api/unsubscribe?token=${token}`, { method: 'POST' });
    expect(done.status).toBe(200);
    expect(done.html).toContain('You are unsubscribed');
    expect(done.html).toContain('announcements from event hosts');
    expect(done.html).toContain(`action="?token=${token}&amp;resubscribe=1"`);
    expect(done.html).toContain('href="http://app.test/profile"');
    expect(await prefs(user.uid)).toEqual({ announcements: false });
    const again = await page(`/api/unsubscribe?token=${token}&resubscribe=1`, { method: 'POST' });
    expect(again.html).toContain('You are subscribed again');
    expect(await prefs(user.uid)).toEqual({ announcements: true });
  });

  it("mail clients' one-click POST (RFC 8058) unsubscribes without a page in between", async () => {
    const user = await person();
    const token = encodeURIComponent(signUnsubscribeToken(SECRET, user.uid, 'reminders'));
    const res = await page(`/api/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await prefs(user.uid)).toEqual({ reminders: false });
  });

  it('forged, expired and missing tokens change nothing and say so', async () => {
    const user = await person();
    const forged = signUnsubscribeToken('someone-elses-secret-123', user.uid, 'reminders');
    const expired = signUnsubscribeToken(
      SECRET,
      user.uid,
      'reminders',
      new Date(Date.now() - UNSUBSCRIBE_TOKEN_TTL_MS - 60_000),
    );
    const bad = await page(`/api/unsubscribe?token=${encodeURIComponent(forged)}`, {
      method: 'POST',
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('This link is not valid');
    const old = await page(`/api/unsubscribe?token=${encodeURIComponent(expired)}`, {
      method: 'POST',
    });
    expect(old.status).toBe(410);
    expect(old.html).toContain('This link has expired');
    expect((await page('/api/unsubscribe')).status).toBe(400);
    expect(await prefs(user.uid)).toBeUndefined();
  });

  it('a deleted account answers like any other: no error, nothing created', async () => {
    const token = encodeURIComponent(signUnsubscribeToken(SECRET, 'gone-user', 'reminders'));
    const res = await page(`/api/unsubscribe?token=${token}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await stack.store.user('gone-user').get()).exists).toBe(false);
  });
});
