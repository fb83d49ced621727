// E-mail link sign-in on this device (docs/product.md, "Sign-in"): ask for a link, and open one.
// The address asked for is remembered here, so the link opened on the same phone signs in at
// once; on another device the page asks for the address first (Firebase's guard against a link
// planted by someone else).
// Firebase Auth itself loads only to open a link (auth-loader.ts): asking for one is an API call.
import { API } from '@gatherly/domain/api/endpoints';
import { callApi } from './api-client.ts';
import { loadAuth, type AuthModule } from './auth-loader.ts';
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
  await callApi(API.requestSignInLink, { body: { email, next } });
  store(SIGN_IN_ADDRESS_KEY, normalised(email));
}

/** Sends a sign-in link to the invited address (the server knows it; the guest types nothing). */
export async function requestInvitationSignInLink(token: string, email: string): Promise<void> {
  await callApi(API.invitationSignInLink, { params: { token } });
  store(SIGN_IN_ADDRESS_KEY, normalised(email));
}

/**
 * Opens a sign-in link: spends its token for `email` and signs in with Firebase's link. A
 * Google sign-in waiting to be added to this account (see `holdGoogleCredential`) is linked.
 * Returns where the link leads.
 */
export async function openSignInLink(token: string, email: string): Promise<string> {
  const address = normalised(email);
  // Auth downloads while the server redeems the token.
  const auth = loadAuth();
  auth.catch(() => undefined);
  const { signInLink, next } = await callApi(API.redeemSignInLink, {
    body: { token, email: address },
  });
  const pending = stored(PENDING_GOOGLE_LINK_KEY);
  await (await auth).signInWithLink(address, signInLink, pending);
  store(SIGN_IN_ADDRESS_KEY, null);
  if (pending) store(PENDING_GOOGLE_LINK_KEY, null);
  return next;
}

/**
 * Google said this address already has an account signed in another way (an e-mail link):
 * keep Google's credential on this device until the person proves the address with a link,
 * then `openSignInLink` adds Google to that one account. Returns the address, or null when
 * the error is not that.
 */
export function holdGoogleCredential(auth: AuthModule, err: unknown): string | null {
  const held = auth.googleCredentialToHold(err);
  if (!held) return null;
  const address = normalised(held.email);
  store(PENDING_GOOGLE_LINK_KEY, `${address}\n${held.credential}`);
  return address;
}
