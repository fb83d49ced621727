import type { Access } from '@gatherly/domain/api/contract';
import { PREMIUM_REQUIRED_MESSAGE } from '@gatherly/domain/tiers';
import type { AuthUser } from './auth.ts';
import { forbidden } from './http.ts';
import { tierOfUser } from './tiers.ts';

/**
 * Who may call a signed-in route (docs/api.md, "Access"): `app` routes are what the web app
 * needs the server for, open to every account; `api` routes exist only for API clients and need
 * a tier with `apiAccessEnabled`.
 */
export type RouteAccess = Exclude<Access, 'public'>;

/** The verified caller of one request, and the kind of route it called. */
export interface Caller extends AuthUser {
  readonly access: RouteAccess;
  /** Set once the API access check passed (the router refuses an API route that skipped it). */
  apiAccessChecked: boolean;
}

export function newCaller(user: AuthUser, access: RouteAccess): Caller {
  return { ...user, access, apiAccessChecked: false };
}

/**
 * On API routes, the caller's own tier must include API access; a no-op on app routes. Runs
 * after the membership check, so an event the caller may not see stays a 404 for everyone.
 */
export async function requireApiAccess(caller: Caller): Promise<void> {
  if (caller.access !== 'api' || caller.apiAccessChecked) return;
  const tier = await tierOfUser(caller.uid);
  if (!tier.apiAccessEnabled) {
    throw forbidden(
      `${PREMIUM_REQUIRED_MESSAGE}: the ${tier.displayName} plan does not include API access`,
    );
  }
  caller.apiAccessChecked = true;
}
