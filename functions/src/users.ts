import type { PersonSummary, UserSummary } from '@gatherly/domain/entities';
import type { AuthUser } from './auth.ts';
import { store } from './firebase.ts';

/**
 * The caller's summary for denormalised copies: the stored profile (the user may have edited
 * their display name) over the token's claims.
 */
export async function userSummary(user: AuthUser): Promise<UserSummary> {
  const profile = (await store().user(user.uid).get()).data();
  const str = (v: string | undefined, fallback: string) =>
    typeof v === 'string' && v !== '' ? v : fallback;
  return {
    displayName: str(profile?.displayName, user.displayName),
    email: str(profile?.email, user.email),
    photoURL: str(profile?.photoURL, user.photoURL),
  };
}

export function personSummary(summary: UserSummary): PersonSummary {
  return { displayName: summary.displayName, photoURL: summary.photoURL };
}
