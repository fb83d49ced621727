// E-mail link sign-in (docs/api.md, "Auth"): Firebase's own passwordless link, generated
// here with the Admin SDK and delivered through Gatherly's mail queue. The e-mail carries only a
// token of ours; the token is exchanged once, within the hour, for Firebase's link, so expiry,
// single use and "which address" are decided here and tested.
import { Timestamp } from 'firebase-admin/firestore';
import {
  SIGN_IN_LINK_LIMITS,
  SIGN_IN_LINK_MAX_ATTEMPTS,
  SIGN_IN_LINK_TTL_MINUTES,
  SIGN_IN_MESSAGES,
  type EmailLinkRedeemResponse,
} from '@gatherly/domain/guest-access';
import { signInEmail } from '@gatherly/domain/email/sign-in-email';
import type { SignInLinkRecord } from '../db.ts';
import { auth, db, store } from '../firebase.ts';
import { badRequest, gone, notFound, tooManyRequests, type ApiIncoming } from '../http.ts';
import { appOrigin } from '../mail/params.ts';
import { queuedMail } from '../mail/queue.ts';
import { newSecret, sha256Hex } from '../secrets.ts';
import { countOf } from '../tiers.ts';

const MINUTE_MS = 60_000;

/**
 * Who is asking, for the per-requester limit: the network address the nearest proxy saw (the
 * last X-Forwarded-For entry is appended by the platform, not the client), hashed.
 */
export function requesterOf(req: ApiIncoming): string {
  const forwarded = req.headers['x-forwarded-for'];
  const hops = typeof forwarded === 'string' ? forwarded.split(',').map((h) => h.trim()) : [];
  const address = hops.at(-1) || req.socket?.remoteAddress || 'unknown';
  return sha256Hex(`requester:${address}`);
}

export interface SignInLinkRequest {
  email: string;
  /** The app path the link leads to once signed in (already made safe). */
  next: string;
  requester: string;
  /** The event the link is about, named in the e-mail. */
  eventName?: string;
}

/**
 * Queues a sign-in e-mail, within the limits per address and per requester. Answers the same
 * whether or not the address has an account (nothing to learn from it).
 */
export async function sendSignInLink(request: SignInLinkRequest): Promise<void> {
  const s = store();
  const origin = appOrigin();
  const windowStart = Date.now() - SIGN_IN_LINK_LIMITS.windowMinutes * MINUTE_MS;
  // Per requester: a count (a venue's guests share one address, so no single hot document;
  // a burst may pass a few over, which is harmless for a fixed-text e-mail).
  const fromRequester = await countOf(
    s.signInLinks
      .where('requester', '==', request.requester)
      .where('createdAt', '>', Timestamp.fromMillis(windowStart)),
  );
  if (fromRequester >= SIGN_IN_LINK_LIMITS.perRequester) {
    throw tooManyRequests(SIGN_IN_MESSAGES.tooMany);
  }
  // Firebase's link carries its one-use code; it is never e-mailed, only handed out on redeem.
  const firebaseLink = await auth().generateSignInWithEmailLink(request.email, {
    url: `${origin}/signin/link`,
    handleCodeInApp: true,
  });
  const token = newSecret();
  const message = signInEmail({
    to: request.email,
    signInUrl: `${origin}/signin/link?token=${token}`,
    ...(request.eventName ? { eventName: request.eventName } : {}),
  });
  // Per address: exact, in the transaction that queues the e-mail (a few writes an hour).
  const limitRef = s.signInLimit(sha256Hex(request.email));
  await db().runTransaction(async (tx) => {
    const recent = ((await tx.get(limitRef)).data()?.sentAt ?? []).filter(
      (at) => at.toMillis() > windowStart,
    );
    if (recent.length >= SIGN_IN_LINK_LIMITS.perAddress) {
      throw tooManyRequests(SIGN_IN_MESSAGES.tooMany);
    }
    const now = Timestamp.now();
    const link: SignInLinkRecord = {
      id: sha256Hex(token),
      email: request.email,
      firebaseLink,
      next: request.next,
      requester: request.requester,
      createdAt: now,
      expiresAt: Timestamp.fromMillis(now.toMillis() + SIGN_IN_LINK_TTL_MINUTES * MINUTE_MS),
      usedAt: null,
      failedAttempts: 0,
    };
    tx.set(limitRef, { id: limitRef.id, sentAt: [...recent, now] });
    tx.create(s.signInLink(link.id), link);
    const mailRef = s.mail.doc();
    tx.create(mailRef, queuedMail(mailRef.id, request.email, message));
  });
}

type Redemption =
  | { ok: true; answer: EmailLinkRedeemResponse }
  | { ok: false; status: 'invalid' | 'used' | 'expired' | 'mismatch' };

/**
 * Spends a sign-in link for the address it was sent to: once, before it expires. A wrong
 * address counts as an attempt (the link is spent after a few), so holding a forwarded link
 * does not let anyone guess whose it is.
 */
export async function redeemSignInLink(
  token: string,
  email: string,
): Promise<EmailLinkRedeemResponse> {
  const s = store();
  const ref = s.signInLink(sha256Hex(token));
  const outcome = await db().runTransaction(async (tx): Promise<Redemption> => {
    const link = (await tx.get(ref)).data();
    if (!link) return { ok: false, status: 'invalid' };
    if (link.usedAt !== null) return { ok: false, status: 'used' };
    if (link.expiresAt.toMillis() <= Date.now()) return { ok: false, status: 'expired' };
    if (link.email !== email) {
      const failedAttempts = link.failedAttempts + 1;
      tx.update(ref, {
        failedAttempts,
        ...(failedAttempts >= SIGN_IN_LINK_MAX_ATTEMPTS ? { usedAt: Timestamp.now() } : {}),
      });
      return { ok: false, status: 'mismatch' };
    }
    tx.update(ref, { usedAt: Timestamp.now() });
    return { ok: true, answer: { signInLink: link.firebaseLink, next: link.next } };
  });
  if (outcome.ok) return outcome.answer;
  switch (outcome.status) {
    case 'invalid':
      throw notFound(SIGN_IN_MESSAGES.invalid);
    case 'used':
      throw gone(SIGN_IN_MESSAGES.used);
    case 'expired':
      throw gone(SIGN_IN_MESSAGES.expired);
    case 'mismatch':
      throw badRequest(SIGN_IN_MESSAGES.mismatch);
  }
}
