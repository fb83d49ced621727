// Google sign-in (docs/product.md, "Sign-in"): the popup and what each way it can end tells the
// person. Loaded with Firebase Auth when someone starts to sign in (lib/session.tsx), not with
// the first screen.
import { showToast } from './toast-store.ts';
import { loadAuth } from './auth-loader.ts';
import { holdGoogleCredential, requestSignInLink } from './email-link.ts';
import { describeError } from './errors.ts';

/** Sign-in popup outcomes as thrown messages (docs/product.md, "Sign-in"). */
export const SIGN_IN_CANCELLED = 'Sign in cancelled';
export const POPUP_BLOCKED = 'Please allow popups for this site to sign in';
export const SIGN_IN_IN_PROGRESS = 'Another sign in attempt in progress';
export const DOMAIN_NOT_AUTHORIZED = 'Domain not authorized';

export class SignInError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'SignInError';
    this.code = code;
  }
}

function errorCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string'
    ? err.code
    : '';
}

/** Maps a popup failure to its message; unknown errors are rethrown as they are. */
export function mapPopupError(err: unknown): unknown {
  switch (errorCode(err)) {
    case 'auth/popup-closed-by-user':
      return new SignInError(SIGN_IN_CANCELLED, 'auth/popup-closed-by-user');
    case 'auth/popup-blocked':
      return new SignInError(POPUP_BLOCKED, 'auth/popup-blocked');
    case 'auth/cancelled-popup-request':
      return new SignInError(SIGN_IN_IN_PROGRESS, 'auth/cancelled-popup-request');
    case 'auth/unauthorized-domain':
      return new SignInError(DOMAIN_NOT_AUTHORIZED, 'unauthorized-domain');
    default:
      return err;
  }
}

export function isUnauthorizedDomainError(err: unknown): boolean {
  const code = errorCode(err);
  if (code === 'auth/unauthorized-domain' || code === 'unauthorized-domain') return true;
  const message = err instanceof Error ? err.message : '';
  return message.includes('authorized') || message.includes('domain');
}

/** The destructive toast text for a failed sign-in (docs/product.md, "Sign-in"). */
export function signInToastMessage(err: unknown): string {
  if (err instanceof SignInError) {
    if (err.message === SIGN_IN_CANCELLED) return 'Sign in was cancelled';
    return err.message;
  }
  return 'Failed to sign in. Please try again.';
}

/**
 * Google sign-in for an address whose account was made with an e-mail link: Firebase keeps one
 * account per address, so the person proves the address with a link and Google is added to that
 * account as it opens (lib/email-link.ts).
 */
async function offerLinkToExistingAccount(email: string): Promise<void> {
  try {
    await requestSignInLink(email, window.location.pathname + window.location.search);
    showToast({
      title: 'Check your inbox',
      description: `You already have a Gatherly account for ${email}. We e-mailed you a sign-in link: open it and Google sign-in will be added to that account.`,
      status: 'info',
    });
  } catch (err) {
    showToast({
      title: describeError(err, 'Failed to sign in. Please try again.'),
      status: 'error',
    });
  }
}

export type GoogleSignInOutcome = 'signed-in' | 'failed' | 'domain-unauthorized';

/**
 * Google's popup. A failure is told here (a toast, or a sign-in link to the address's existing
 * account) unless `replaced()` says a newer attempt took over; an unauthorised domain is only
 * returned, for the landing page's setup guide.
 */
export async function signInWithGoogle(replaced: () => boolean): Promise<GoogleSignInOutcome> {
  const auth = await loadAuth();
  try {
    await auth.signInWithGoogle().catch((err: unknown) => {
      throw mapPopupError(err);
    });
    return 'signed-in';
  } catch (err) {
    if (replaced()) return 'failed';
    const existing = holdGoogleCredential(auth, err);
    if (existing) {
      await offerLinkToExistingAccount(existing);
    } else if (isUnauthorizedDomainError(err)) {
      return 'domain-unauthorized';
    } else {
      showToast({ title: signInToastMessage(err), status: 'error' });
    }
    return 'failed';
  }
}
