import type { PersonSummary, UserSummary } from '@gatherly/domain/entities/common';
import type { AuthUser } from './auth.ts';
import type { UserRecord } from './db.ts';
import { store } from './firebase.ts';

/**
 * The caller's summary for denormalised copies: a name they give now, else the stored profile
 * (the user may have edited their display name), over the token's claims.
 */
export function summaryOf(
  user: AuthUser,
  profile: UserRecord | undefined,
  givenName = '',
): UserSummary {
  const str = (v: string | undefined, fallback: string) =>
    typeof v === 'string' && v !== '' ? v : fallback;
  return {
    displayName: str(givenName, str(profile?.displayName, user.displayName)),
    email: str(profile?.email, user.email),
    photoURL: str(profile?.photoURL, user.photoURL),
  };
}

export async function userSummary(user: AuthUser): Promise<UserSummary> {
  return summaryOf(user, (await store().user(user.uid).get()).data());
}

export function personSummary(summary: UserSummary): PersonSummary {
  return { displayName: summary.displayName, photoURL: summary.photoURL };
}
