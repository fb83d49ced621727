import type { PersonSummary, UserSummary } from '@gatherly/domain/entities';
import type { AuthUser } from './auth.ts';
import { db } from './firebase.ts';

/**
 * The caller's summary for denormalised copies: the stored profile (the user may have edited
 * their display name) over the token's claims.
 */
export async function userSummary(user: AuthUser): Promise<UserSummary> {
  const snap = await db().collection('users').doc(user.uid).get();
  const data = snap.data() ?? {};
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);
  return {
    displayName: str(data.displayName, user.displayName),
    email: str(data.email, user.email),
    photoURL: str(data.photoURL, user.photoURL),
  };
}

export function personSummary(summary: UserSummary): PersonSummary {
  return { displayName: summary.displayName, photoURL: summary.photoURL };
}
