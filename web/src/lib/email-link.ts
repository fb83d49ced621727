// E-mail link sign-in on this device (docs/product.md, "Sign-in"): ask for a link, and open one.
// The address asked for is remembered here, so the link opened on the same phone signs in at
// once; on another device the page asks for the address first (Firebase's guard against a link
// planted by someone else).
import { FirebaseError } from 'firebase/app';
import {
  GoogleAuthProvider,
  OAuthProvider,
  linkWithCredential,
  signInWithEmailLink,
  type OAuthCredential,
} from 'firebase/auth';
import type { EmailLinkRedeemResponse } from '@gatherly/domain/guest-access';
import { apiRequest } from './api.ts';
import { getAppAuth } from './firebase.ts';
import { PENDING_GOOGLE_LINK_KEY, SIGN_IN_ADDRESS_KEY } from './storage-keys.ts';

const normalised = (email: string) => email.trim().toLowerCase();

function store(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage off (private mode): the link then asks for the address, which still works.
  }
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The address this device last asked a sign-in link for. */
export function rememberedSignInAddress(): string | null {
  return stored(SIGN_IN_ADDRESS_KEY);
}

/** Sends a sign-in link to `email`, leading to `next` (a path of this app) once signed in. */
export async function requestSignInLink(email: string, next: string): Promise<void> {
  await apiRequest('POST', '/api/auth/email-link', { email, next });
  store(SIGN_IN_ADDRESS_KEY, normalised(email));
}

/** Sends a sign-in link to the invited address (the server knows it; the guest types nothing). */
export async function requestInvitationSignInLink(token: string, email: string): Promise<void> {
  await apiRequest('POST', `/api/invitations/${encodeURIComponent(token)}/sign-in-link`);
  store(SIGN_IN_ADDRESS_KEY, normalised(email));
}

/**
 * Opens a sign-in link: spends its token for `email` and signs in with Firebase's link. A
 * Google sign-in waiting to be added to this account (see `holdGoogleCredential`) is linked.
 * Returns where the link leads.
 */
export async function openSignInLink(token: string, email: string): Promise<string> {
  const address = normalised(email);
  const { signInLink, next } = await apiRequest<EmailLinkRedeemResponse>(
    'POST',
    '/api/auth/email-link/redeem',
    { token, email: address },
  );
  const { user } = await signInWithEmailLink(getAppAuth(), address, signInLink);
  store(SIGN_IN_ADDRESS_KEY, null);
  const pending = stored(PENDING_GOOGLE_LINK_KEY);
  if (pending) {
    store(PENDING_GOOGLE_LINK_KEY, null);
    const held = parseHeld(pending);
    if (held && held.email === address) {
      // Best effort: the person is signed in either way; Google can be linked next time.
      await linkWithCredential(user, held.credential).catch((err: unknown) =>
        console.warn('Linking the Google sign-in failed', err),
      );
    }
  }
  return next;
}

/** Stored as `{address}\n{credential JSON}`. */
function parseHeld(held: string): { email: string; credential: OAuthCredential } | null {
  const [email, json] = held.split('\n', 2);
  if (!email || !json) return null;
  try {
    return { email, credential: OAuthProvider.credentialFromJSON(json) };
  } catch {
    return null;
  }
}

/**
 * Google said this address already has an account signed in another way (an e-mail link):
 * keep Google's credential on this device until the person proves the address with a link,
 * then `openSignInLink` adds Google to that one account. Returns the address, or null when
 * the error is not that.
 */
export function holdGoogleCredential(err: unknown): string | null {
  if (!(err instanceof FirebaseError)) return null;
  if (err.code !== 'auth/account-exists-with-different-credential') return null;
  const email = err.customData?.email;
  const credential = GoogleAuthProvider.credentialFromError(err);
  if (typeof email !== 'string' || !credential) return null;
  const address = normalised(email);
  store(PENDING_GOOGLE_LINK_KEY, `${address}\n${JSON.stringify(credential.toJSON())}`);
  return address;
}
