/**
 * Signed unsubscribe tokens: who (uid), from what (topic) and until when, with an HMAC-SHA256
 * over them keyed by EMAIL_LINK_SECRET, checked in constant time. Anyone holding the link can
 * unsubscribe that person from that topic and nothing else, without signing in (RFC 8058).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailTopic } from '@gatherly/domain/entities/users';
import { isEmailTopic } from '@gatherly/domain/email/preferences';

/** Links keep working for a year: people unsubscribe from old e-mails too. */
export const UNSUBSCRIBE_TOKEN_TTL_MS = 365 * 24 * 3_600_000;

export interface UnsubscribeClaims {
  uid: string;
  topic: EmailTopic;
  /** Expiry, epoch ms. */
  expiresAt: number;
}

export type TokenCheck =
  { ok: true; claims: UnsubscribeClaims } | { ok: false; reason: 'invalid' | 'expired' };

const VERSION = 'u1';

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${VERSION}.${payload}`).digest();
}

function requireSecret(secret: string): void {
  // An empty key would make every signature guessable.
  if (secret.length < 16) throw new Error('EMAIL_LINK_SECRET must be at least 16 characters');
}

export function signUnsubscribeToken(
  secret: string,
  uid: string,
  topic: EmailTopic,
  now: Date = new Date(),
): string {
  requireSecret(secret);
  const expiresAt = now.getTime() + UNSUBSCRIBE_TOKEN_TTL_MS;
  const payload = Buffer.from(JSON.stringify({ u: uid, t: topic, e: expiresAt })).toString(
    'base64url',
  );
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

export function verifyUnsubscribeToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): TokenCheck {
  requireSecret(secret);
  const match = /^([A-Za-z0-9_-]{1,1024})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const [, payload = '', sig = ''] = match;
  const given = Buffer.from(sig, 'base64url');
  const expected = signature(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { u, t, e } = (claims ?? {}) as { u?: unknown; t?: unknown; e?: unknown };
  if (typeof u !== 'string' || u === '' || !isEmailTopic(t) || typeof e !== 'number') {
    return { ok: false, reason: 'invalid' };
  }
  if (now.getTime() > e) return { ok: false, reason: 'expired' };
  return { ok: true, claims: { uid: u, topic: t, expiresAt: e } };
}
