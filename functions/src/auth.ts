import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from './firebase.ts';
import { unauthorized, type ApiIncoming } from './http.ts';

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

export async function authenticate(req: ApiIncoming): Promise<AuthUser> {
  const token = bearer(req);
  if (!token) throw unauthorized('Authentication required');
  let decoded: DecodedIdToken;
  try {
    decoded = await auth().verifyIdToken(token);
  } catch {
    throw unauthorized('Invalid or expired ID token');
  }
  const email = (decoded.email ?? '').toLowerCase();
  const name = typeof decoded.name === 'string' ? decoded.name : '';
  const picture = typeof decoded.picture === 'string' ? decoded.picture : '';
  return { uid: decoded.uid, email, displayName: name || email, photoURL: picture, token: decoded };
}
