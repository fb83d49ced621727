// Every guest gets in (issue "no Google account needed"): e-mail sign-in links, the invitation's
// "E-mail me a link", the event link with approvals, and links that come only from configuration.
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  JOIN_MESSAGES,
  SIGN_IN_LINK_LIMITS,
  SIGN_IN_MESSAGES,
} from '@gatherly/domain/guest-access';
import { LINKS_UNAVAILABLE } from '../src/mail/params.ts';
import { sha256Hex } from '../src/secrets.ts';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { createEvent, eventWithRoles, invite, login, seedMember } from './fixtures.ts';

let stack: Stack;
let authHost: string;
beforeAll(async () => {
  authHost = inject('authEmulatorHost');
  stack = await startStack({ authEmulatorHost: authHost });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

/** The e-mails queued to an address, newest last. */
async function mailTo(email: string) {
  const snap = await stack.store.mail.where('to', '==', email).get();
  return snap.docs
    .map((d) => d.data())
    .sort((a, b) => a.message.text.localeCompare(b.message.text) * 0 || 0);
}

/** The token of the sign-in link in the latest sign-in e-mail to `email`. */
async function signInToken(email: string): Promise<string> {
  const mails = (await mailTo(email)).filter((m) => m.message.subject.startsWith('Sign in'));
  const last = mails.at(-1);
  if (!last) throw new Error(`no sign-in e-mail to ${email}`);
  const match = /http:\/\/app\.test\/signin\/link\?token=([A-Za-z0-9_-]+)/.exec(last.message.text);
  if (!match?.[1]) throw new Error(`no link in ${last.message.text}`);
  return match[1];
}

/** Signs in at the Auth emulator with Firebase's link, as the web SDK's signInWithEmailLink does. */
async function signInWithFirebaseLink(email: string, link: string) {
  const oobCode = new URL(link).searchParams.get('oobCode');
  const res = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithEmailLink?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, oobCode }),
    },
  );
  return { status: res.status, body: (await res.json()) as Body };
}

const uniqueAddress = (label: string) =>
  `${label}-${Math.random().toString(36).slice(2, 10)}@outlook.example`;

describe('e-mail link sign-in', () => {
  it('sends a link that signs in once, for its own address only', async () => {
    const email = uniqueAddress('grandma');
    const sent = await stack.call<Body>('POST', '/api/auth/email-link', {
      body: { email: email.toUpperCase(), next: '/events/abc' },
    });
    expect(sent).toMatchObject({ status: 202, body: { sent: true } });
    const mails = await mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.message.subject).toBe('Sign in to Gatherly');
    expect(mails[0]?.message.html).toContain('http://app.test/signin/link?token=');
    // Firebase's own link (its one-use code) is never in the e-mail.
    expect(mails[0]?.message.text).not.toContain('oobCode');
    const token = await signInToken(email);

    const wrong = await stack.call<Body>('POST', '/api/auth/email-link/redeem', {
      body: { token, email: 'someone-else@example.com' },
    });
    expect(wrong).toEqual({ status: 400, body: { error: SIGN_IN_MESSAGES.mismatch } });

    const redeemed = await stack.call<{ signInLink: string; next: string }>(
      'POST',
      '/api/auth/email-link/redeem',
      { body: { token, email } },
    );
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.next).toBe('/events/abc');
    const signedIn = await signInWithFirebaseLink(email, redeemed.body.signInLink);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ email, isNewUser: true });

    const again = await stack.call<Body>('POST', '/api/auth/email-link/redeem', {
      body: { token, email },
    });
    expect(again).toEqual({ status: 410, body: { error: SIGN_IN_MESSAGES.used } });
    // And Firebase's code itself is spent.
    expect((await signInWithFirebaseLink(email, redeemed.body.signInLink)).status).toBe(400);
  });

  it('refuses an expired link, an unknown one, and guessing whose a link is', async () => {
    const email = uniqueAddress('late');
    await stack.call('POST', '/api/auth/email-link', { body: { email } });
    const token = await signInToken(email);
    await stack.store
      .signInLink(sha256Hex(token))
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    expect(
      await stack.call('POST', '/api/auth/email-link/redeem', { body: { token, email } }),
    ).toEqual({ status: 410, body: { error: SIGN_IN_MESSAGES.expired } });
    const unknown = 'x'.repeat(43);
    expect(
      await stack.call('POST', '/api/auth/email-link/redeem', { body: { token: unknown, email } }),
    ).toEqual({ status: 404, body: { error: SIGN_IN_MESSAGES.invalid } });

    const target = uniqueAddress('target');
    await stack.call('POST', '/api/auth/email-link', { body: { email: target } });
    const held = await signInToken(target);
    for (let i = 0; i < 3; i++) {
      const guess = await stack.call('POST', '/api/auth/email-link/redeem', {
        body: { token: held, email: `guess${i}@example.com` },
      });
      expect(guess.status).toBe(400);
    }
    // Three wrong guesses spend the link, even for its owner.
    expect(
      await stack.call('POST', '/api/auth/email-link/redeem', {
        body: { token: held, email: target },
      }),
    ).toEqual({ status: 410, body: { error: SIGN_IN_MESSAGES.used } });
  });

  it('leads only to paths of this app, and answers bad input with a sentence', async () => {
    for (const next of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:x',
    ]) {
      const email = uniqueAddress('next');
      await stack.call('POST', '/api/auth/email-link', { body: { email, next } });
      const token = await signInToken(email);
      const res = await stack.call<{ next: string }>('POST', '/api/auth/email-link/redeem', {
        body: { token, email },
      });
      expect(res.body.next).toBe('/');
    }
    expect(
      await stack.call('POST', '/api/auth/email-link', { body: { email: 'not an address' } }),
    ).toEqual({ status: 400, body: { error: 'Please enter a valid email address' } });
    expect(
      (await stack.call('POST', '/api/auth/email-link', { rawBody: '{', headers: {} })).status,
    ).toBe(400);
  });

  it('limits e-mails per address, and answers alike whether or not an account exists', async () => {
    const known = newUser('known');
    await login(stack, known);
    const stranger = uniqueAddress('nobody');
    const forKnown = await stack.call('POST', '/api/auth/email-link', {
      body: { email: known.email },
    });
    const forStranger = await stack.call('POST', '/api/auth/email-link', {
      body: { email: stranger },
    });
    expect(forKnown).toEqual(forStranger);

    const bombed = uniqueAddress('bombed');
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_LINK_LIMITS.perAddress + 3 }, () =>
        stack.call('POST', '/api/auth/email-link', { body: { email: bombed } }),
      ),
    );
    const accepted = answers.filter((a) => a.status === 202).length;
    expect(accepted).toBe(SIGN_IN_LINK_LIMITS.perAddress);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    const later = await stack.call('POST', '/api/auth/email-link', { body: { email: bombed } });
    expect(later).toEqual({ status: 429, body: { error: SIGN_IN_MESSAGES.tooMany } });
    expect((await mailTo(bombed)).length).toBe(accepted);
  });

  it('limits e-mails per requester (a spam relay through our sender)', async () => {
    const requester = { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` };
    const since = Timestamp.fromMillis(Date.now());
    // Fill the requester's hour with tickets as if sent, then one more is refused.
    const batch = stack.db.batch();
    const key = sha256Hex(`requester:${requester['x-forwarded-for']}`);
    for (let i = 0; i < SIGN_IN_LINK_LIMITS.perRequester; i++) {
      batch.create(stack.store.signInLink(`fill-${key.slice(0, 8)}-${i}`), {
        id: `fill-${i}`,
        email: `fill${i}@example.com`,
        firebaseLink: 'http://x.test/?oobCode=1',
        next: '/',
        requester: key,
        createdAt: since,
        expiresAt: since,
        usedAt: null,
        failedAttempts: 0,
      });
    }
    await batch.commit();
    const res = await stack.call('POST', '/api/auth/email-link', {
      body: { email: uniqueAddress('relay') },
      headers: requester,
    });
    expect(res).toEqual({ status: 429, body: { error: SIGN_IN_MESSAGES.tooMany } });
  });
});

describe('one person, one account', () => {
  it('an e-mail-link account takes its name from Google at the next Google sign-in, never over an edit', async () => {
    const { mintToken } = await import('./harness.ts');
    const email = uniqueAddress('ivy');
    const user = { ...newUser('ivy'), email, name: '' };
    user.token = mintToken(user.uid, email, '', {
      firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
    });
    await login(stack, user);
    expect((await stack.store.user(user.uid).get()).data()?.displayName).toBe(email);
    const viaGoogle = { ...user, name: 'Ivy Lane', token: mintToken(user.uid, email, 'Ivy Lane') };
    await login(stack, viaGoogle);
    expect((await stack.store.user(user.uid).get()).data()?.displayName).toBe('Ivy Lane');
    await stack.store.user(user.uid).update({ displayName: 'Ivy L.' });
    await login(stack, { ...viaGoogle, token: mintToken(user.uid, email, 'Ivy Lane Google') });
    expect((await stack.store.user(user.uid).get()).data()?.displayName).toBe('Ivy L.');
  });
});

describe('links come from configuration, never from the request', () => {
  it('an invitation sent with a forged Origin and Host still links to the app', async () => {
    const creator = newUser('phisher');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator);
    const guest = newUser('phished');
    const res = await stack.call<{ inviteUrl: string }>('POST', `/api/events/${eventId}/members`, {
      as: creator,
      body: { userEmail: guest.email, role: 'attendee' },
      headers: {
        origin: 'https://evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.inviteUrl).toMatch(/^http:\/\/app\.test\/invite\//);
    const [mail] = await mailTo(guest.email);
    expect(mail?.message.html).not.toContain('evil.example');
    expect(mail?.message.text).not.toContain('evil.example');
    expect(mail?.message.text).toContain('http://app.test/invite/');
  });

  it('without APP_ORIGIN nothing that carries a link goes out, whatever the headers say', async () => {
    const creator = newUser('unconfigured');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator);
    const guest = newUser('unreached');
    const saved = process.env.APP_ORIGIN;
    delete process.env.APP_ORIGIN;
    try {
      const res = await stack.call<Body>('POST', `/api/events/${eventId}/members`, {
        as: creator,
        body: { userEmail: guest.email, role: 'attendee' },
        headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(res).toEqual({ status: 503, body: { error: LINKS_UNAVAILABLE } });
      const link = await stack.call('POST', '/api/auth/email-link', {
        body: { email: guest.email },
        headers: { origin: 'https://evil.example' },
      });
      expect(link.status).toBe(503);
    } finally {
      process.env.APP_ORIGIN = saved;
    }
    expect(await mailTo(guest.email)).toHaveLength(0);
    expect((await stack.store.invitations(eventId).get()).size).toBe(0);
  });
});

describe('the invitation gets a guest in', () => {
  it('e-mails a sign-in link to the invited address only, leading back to the invitation', async () => {
    const { eventId, creator } = await eventWithRoles(stack);
    const guest = { ...newUser('grandma'), email: uniqueAddress('grandma') };
    const token = await invite(stack, eventId, creator, guest, 'attendee', false);
    // Whoever holds the (forwarded) link can ask, but the link goes to the invited inbox.
    const res = await stack.call('POST', `/api/invitations/${token}/sign-in-link`, {
      body: { email: 'forwardee@example.com' },
    });
    expect(res).toEqual({ status: 202, body: { sent: true } });
    expect(await mailTo('forwardee@example.com')).toHaveLength(0);
    const signIn = (await mailTo(guest.email)).filter((m) =>
      m.message.subject.startsWith('Sign in'),
    );
    expect(signIn).toHaveLength(1);
    expect(signIn[0]?.message.subject).toBe('Sign in to Gatherly for Summer Wedding');
    const link = await signInToken(guest.email);
    const redeemed = await stack.call<{ next: string }>('POST', '/api/auth/email-link/redeem', {
      body: { token: link, email: guest.email },
    });
    expect(redeemed.body.next).toBe(`/invite/${token}`);
    expect(
      (await stack.call('POST', '/api/invitations/not-a-real-token-at-all-000/sign-in-link'))
        .status,
    ).toBe(404);
  });

  it('a guest without a name gives one on Accept, and it is their profile and member name', async () => {
    const { eventId, creator } = await eventWithRoles(stack);
    const email = uniqueAddress('noname');
    const guest: TestUser = { ...newUser('noname'), email };
    const bare = { ...guest, name: '' };
    const { mintToken } = await import('./harness.ts');
    bare.token = mintToken(guest.uid, email, '', {
      firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
    });
    const token = await invite(stack, eventId, creator, bare, 'attendee', false);
    await login(stack, bare);
    const tooLong = await stack.call<Body>('POST', `/api/invitations/${token}/accept`, {
      as: bare,
      body: { displayName: 'x'.repeat(101) },
    });
    expect(tooLong.status).toBe(400);
    const ok = await stack.call('POST', `/api/invitations/${token}/accept`, {
      as: bare,
      body: { displayName: '  Rose Abbott ' },
    });
    expect(ok.status).toBe(200);
    expect((await stack.store.user(guest.uid).get()).data()?.displayName).toBe('Rose Abbott');
    expect((await stack.store.member(eventId, guest.uid).get()).data()?.user.displayName).toBe(
      'Rose Abbott',
    );
  });

  it('a used link tells a signed-out visitor, an outsider or a removed invitee nothing', async () => {
    const { eventId, creator, outsider } = await eventWithRoles(stack);
    const guest = newUser('leaver');
    const token = await invite(stack, eventId, creator, guest, 'attendee', true);
    const view = async (as?: TestUser) =>
      (await stack.call<{ invitation: Body }>('GET', `/api/invitations/${token}`, { as })).body
        .invitation;
    expect(await view()).toEqual({ status: 'accepted' });
    expect(await view(outsider)).toEqual({ status: 'accepted' });
    expect(await view(guest)).toEqual({ status: 'accepted', eventId, eventName: 'Summer Wedding' });
    expect(
      (await stack.call('DELETE', `/api/events/${eventId}/members/${guest.uid}`, { as: creator }))
        .status,
    ).toBe(200);
    expect(await view(guest)).toEqual({ status: 'accepted' });
  });

  it("a removed or demoted admin's pending invitations stop working; resent by an admin, they work again", async () => {
    const { eventId, creator, admin } = await eventWithRoles(stack);
    const second = newUser('second-account');
    const third = newUser('third');
    const adminToken = await invite(stack, eventId, admin, second, 'admin', false);
    const attendeeToken = await invite(stack, eventId, admin, third, 'attendee', false);
    expect((await stack.call('GET', `/api/invitations/${adminToken}`)).status).toBe(200);
    // Demoted: neither of their invitations may be accepted any more.
    expect(
      (
        await stack.call('PATCH', `/api/events/${eventId}/members/${admin.uid}/role`, {
          as: creator,
          body: { role: 'attendee' },
        })
      ).status,
    ).toBe(200);
    for (const token of [adminToken, attendeeToken]) {
      expect((await stack.call('GET', `/api/invitations/${token}`)).status).toBe(404);
      const accept = await stack.call<Body>('POST', `/api/invitations/${token}/accept`, {
        as: token === adminToken ? second : third,
      });
      expect(accept).toEqual({ status: 404, body: { error: 'Invitation not found' } });
    }
    expect((await stack.store.member(eventId, second.uid).get()).exists).toBe(false);
    // Removed altogether: same.
    await stack.call('DELETE', `/api/events/${eventId}/members/${admin.uid}`, { as: creator });
    expect((await stack.call('GET', `/api/invitations/${adminToken}`)).status).toBe(404);
    // The creator resends one: it is theirs now and works.
    const pending = await stack.store.invitations(eventId).where('email', '==', third.email).get();
    const invitationId = pending.docs[0]?.id ?? '';
    expect(
      (
        await stack.call('POST', `/api/events/${eventId}/invitations/${invitationId}/resend`, {
          as: creator,
        })
      ).status,
    ).toBe(200);
    expect(
      (await stack.call('POST', `/api/invitations/${attendeeToken}/accept`, { as: third })).status,
    ).toBe(200);
  });
});

describe('the event link', () => {
  async function linkOf(eventId: string, as: TestUser, askBeforeJoin = false) {
    const res = await stack.call<{ url: string | null; askBeforeJoin: boolean }>(
      'PUT',
      `/api/events/${eventId}/join-link`,
      { as, body: { enabled: true, askBeforeJoin } },
    );
    expect(res.status).toBe(200);
    const url = res.body.url ?? '';
    expect(url).toMatch(/^http:\/\/app\.test\/join\/[A-Za-z0-9_-]{43}$/);
    return url.split('/join/')[1] as string;
  }

  it('is off by default, only admins manage it, and it joins people as attendees', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    expect(await stack.call('GET', `/api/events/${eventId}/join-link`, { as: creator })).toEqual({
      status: 200,
      body: { url: null, askBeforeJoin: false },
    });
    for (const who of [attendee, outsider]) {
      const denied = await stack.call('PUT', `/api/events/${eventId}/join-link`, {
        as: who,
        body: { enabled: true },
      });
      expect(denied.status).toBe(who === attendee ? 403 : 404);
      expect(
        (await stack.call('GET', `/api/events/${eventId}/join-link`, { as: who })).status,
      ).toBe(who === attendee ? 403 : 404);
    }
    const secret = await linkOf(eventId, admin);
    // Turning it on again keeps the same link.
    expect(await linkOf(eventId, creator)).toBe(secret);

    const view = await stack.call<{ link: Body }>('GET', `/api/join/${secret}`);
    expect(view.body.link).toMatchObject({
      eventName: 'Summer Wedding',
      askBeforeJoin: false,
      standing: 'none',
    });
    expect(view.body.link).not.toHaveProperty('eventId');
    expect((await stack.call('POST', `/api/join/${secret}`)).status).toBe(401);
    const joined = await stack.call('POST', `/api/join/${secret}`, { as: outsider });
    expect(joined).toEqual({
      status: 200,
      body: { status: 'joined', event: { id: eventId, name: 'Summer Wedding' } },
    });
    expect((await stack.store.member(eventId, outsider.uid).get()).data()?.role).toBe('attendee');
    // Again: still one membership, same answer.
    expect((await stack.call('POST', `/api/join/${secret}`, { as: outsider })).status).toBe(200);
    const stats = (await stack.store.stats.members(eventId).get()).data();
    expect(stats).toMatchObject({ total: 4, attendee: 2 });
  });

  it('regenerated, the old link is dead at once; turned off, so is the new one', async () => {
    const { eventId, creator } = await eventWithRoles(stack);
    const old = await linkOf(eventId, creator);
    const regenerated = await stack.call<{ url: string }>(
      'POST',
      `/api/events/${eventId}/join-link/regenerate`,
      { as: creator },
    );
    const fresh = regenerated.body.url.split('/join/')[1] as string;
    expect(fresh).not.toBe(old);
    const person = newUser('late');
    await login(stack, person);
    for (const method of ['GET', 'POST'] as const) {
      expect(await stack.call(method, `/api/join/${old}`, { as: person })).toEqual({
        status: 404,
        body: { error: JOIN_MESSAGES.linkNotFound },
      });
    }
    expect((await stack.call('GET', `/api/join/${fresh}`)).status).toBe(200);
    await stack.call('PUT', `/api/events/${eventId}/join-link`, {
      as: creator,
      body: { enabled: false },
    });
    expect((await stack.call('GET', `/api/join/${fresh}`)).status).toBe(404);
    expect((await stack.call('POST', `/api/join/${fresh}`, { as: person })).status).toBe(404);
    expect((await stack.store.member(eventId, person.uid).get()).exists).toBe(false);
  });

  it('with approval on, people ask; admins approve or decline; a declined person stays out', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const secret = await linkOf(eventId, creator, true);
    const asker = newUser('asker');
    const declined = newUser('declined');
    for (const u of [asker, declined]) {
      await login(stack, u);
      expect(await stack.call('POST', `/api/join/${secret}`, { as: u })).toEqual({
        status: 200,
        body: { status: 'requested' },
      });
    }
    expect(
      (await stack.call<{ link: Body }>('GET', `/api/join/${secret}`, { as: asker })).body.link
        .standing,
    ).toBe('requested');
    const requests = await stack.store.joinRequests(eventId).where('status', '==', 'pending').get();
    expect(requests.docs.map((d) => d.id).sort()).toEqual([asker.uid, declined.uid].sort());
    const approveAs = (who: TestUser, uid: string) =>
      stack.call('POST', `/api/events/${eventId}/join-requests/${uid}/approve`, { as: who });
    expect((await approveAs(attendee, asker.uid)).status).toBe(403);
    expect((await approveAs(admin, asker.uid)).status).toBe(200);
    expect((await stack.store.member(eventId, asker.uid).get()).data()?.role).toBe('attendee');
    expect((await stack.store.joinRequests(eventId).doc(asker.uid).get()).exists).toBe(false);
    expect((await approveAs(admin, asker.uid)).status).toBe(404);

    expect(
      (
        await stack.call('POST', `/api/events/${eventId}/join-requests/${declined.uid}/decline`, {
          as: creator,
        })
      ).status,
    ).toBe(200);
    expect(await stack.call('POST', `/api/join/${secret}`, { as: declined })).toEqual({
      status: 403,
      body: { error: JOIN_MESSAGES.declined },
    });
    expect((await stack.store.member(eventId, declined.uid).get()).exists).toBe(false);
  });

  it('counts toward the attendee cap exactly, under concurrency (joins and approvals)', async () => {
    const creator = newUser('capped');
    await login(stack, creator);
    const eventId = await createEvent(stack, creator);
    // Free: 25 attendees per event. Fill to 20, then 10 people race for the 5 places.
    for (let i = 0; i < 19; i++) await seedMember(stack.store, eventId, newUser(`filler${i}`));
    const secret = await linkOf(eventId, creator);
    const racers = Array.from({ length: 10 }, (_, i) => newUser(`racer${i}`));
    for (const r of racers) await login(stack, r);
    const results = await Promise.all(
      racers.map((r) => stack.call<Body>('POST', `/api/join/${secret}`, { as: r })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(403);
      // A joiner is not told which plan the creator is on.
      expect(refused.body.error).toBe(
        "Premium subscription required: this event cannot take more attendees on its creator's plan",
      );
    }
    const members = await stack.store.members(eventId).count().get();
    expect(members.data().count).toBe(25);
    expect((await stack.store.stats.members(eventId).get()).data()?.total).toBe(25);

    // Approvals at the cap are refused with the same sentence and leave the request pending.
    await stack.call('PUT', `/api/events/${eventId}/join-link`, {
      as: creator,
      body: { enabled: true, askBeforeJoin: true },
    });
    const waiting = newUser('waiting');
    await login(stack, waiting);
    await stack.call('POST', `/api/join/${secret}`, { as: waiting });
    const approve = await stack.call<Body>(
      'POST',
      `/api/events/${eventId}/join-requests/${waiting.uid}/approve`,
      { as: creator },
    );
    expect(approve.status).toBe(403);
    expect((await stack.store.joinRequests(eventId).doc(waiting.uid).get()).data()?.status).toBe(
      'pending',
    );
  });

  it('reveals nothing to someone without the link; deleting the event kills it', async () => {
    const { eventId, creator } = await eventWithRoles(stack);
    const secret = await linkOf(eventId, creator);
    expect(await stack.call('GET', `/api/join/${'A'.repeat(43)}`)).toEqual({
      status: 404,
      body: { error: JOIN_MESSAGES.linkNotFound },
    });
    expect((await stack.call('GET', '/api/join/short')).status).toBe(404);
    expect((await stack.call('DELETE', `/api/events/${eventId}`, { as: creator })).status).toBe(
      200,
    );
    expect((await stack.call('GET', `/api/join/${secret}`)).status).toBe(404);
    expect((await stack.store.joinLink(secret).get()).exists).toBe(false);
  });
});
