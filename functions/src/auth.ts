import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from './firebase.ts';
import { warn as logWarn } from 'firebase-functions/logger';
import { busy, unauthorized, type ApiIncoming } from './http.ts';

/** The caller as proven by a verified Firebase ID token. Never taken from x-user-* headers. */
export interface AuthUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
  token: DecodedIdToken;
}

function bearer(req: ApiIncoming): string | null {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

const REVOKED_MESSAGES: Record<string, string> = {
  'auth/user-disabled': 'This account has been disabled',
  'auth/id-token-revoked': 'This sign-in has been revoked; please sign in again',
  'auth/user-not-found': 'This account no longer exists',
};

function codeOf(err: unknown): string {
  if (typeof err !== 'object' || err === null) return '';
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

/**
 * Verifies the bearer ID token. With `checkRevoked` (every write, docs/api.md "Auth") the
 * account is also looked up, so a disabled account or revoked sessions lose access at once
 * instead of when the token expires (up to an hour).
 */
export async function authenticate(
  req: ApiIncoming,
  { checkRevoked }: { checkRevoked: boolean },
): Promise<AuthUser> {
  const token = bearer(req);
  if (!token) throw unauthorized('Authentication required');
  let decoded: DecodedIdToken;
  try {
    decoded = await auth().verifyIdToken(token, checkRevoked);
  } catch (err) {
    const code = codeOf(err);
    // Auth itself not answering (a network error, its internal error) says nothing about the
    // token: the caller is asked to try again, not signed out.
    if (!code.startsWith('auth/') || code === 'auth/internal-error') {
      logWarn('Verifying an ID token failed without a verdict', err);
      throw busy();
    }
    throw unauthorized(REVOKED_MESSAGES[code] ?? 'Invalid or expired ID token');
  }
  const email = (decoded.email ?? '').toLowerCase();
  const name = typeof decoded.name === 'string' ? decoded.name : '';
  const picture = typeof decoded.picture === 'string' ? decoded.picture : '';
  return { uid: decoded.uid, email, displayName: name || email, photoURL: picture, token: decoded };
}
