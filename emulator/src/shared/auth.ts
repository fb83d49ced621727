// Who is calling, from the Authorization header, the way the official emulators see it:
// "Bearer owner" (what firebase-admin and withSecurityRulesDisabled send) bypasses rules; any
// other bearer token is an ID token (signed by the Auth emulator, or unsigned "alg: none" from
// rules-unit-testing) decoded WITHOUT verification into the auth object rules see.

/** Decoded ID-token claims as rules see them (same shape as the rules engine's RulesAuth). */
export interface RulesAuth {
  uid: string;
  token: Record<string, unknown>;
}

export type Caller = RulesAuth | null | 'owner';

function decodeSegment(segment: string): unknown {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
}

export function decodeBearer(header: string | undefined): Caller {
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) return null;
  const token = (match[1] ?? '').trim();
  if (token === 'owner') return 'owner';
  const parts = token.split('.');
  if (parts.length < 2) return null;
  let payload: unknown;
  try {
    payload = decodeSegment(parts[1] ?? '');
  } catch {
    return null;
  }
  if (typeof payload !== 'object' || payload === null) return null;
  const claims = payload as Record<string, unknown>;
  const uid =
    typeof claims.sub === 'string'
      ? claims.sub
      : typeof claims.user_id === 'string'
        ? claims.user_id
        : '';
  if (uid === '') return null;
  return { uid, token: claims };
}
