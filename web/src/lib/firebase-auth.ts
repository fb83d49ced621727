// Every Firebase Auth call the session and e-mail links make, in the module that loads only when
// Auth is needed (auth-loader.ts): nothing on the eager path imports firebase/auth.
import { FirebaseError } from 'firebase/app';
import {
  GoogleAuthProvider,
  OAuthProvider,
  linkWithCredential,
  onAuthStateChanged,
  signInWithEmailLink,
  signInWithPopup,
  signOut as firebaseSignOut,
  type OAuthCredential,
  type Unsubscribe,
  type User,
} from 'firebase/auth';
import { getAppAuth, loadOfflineGapiShim } from './firebase.ts';

export type { User };

/** The signed-in person now (null until Auth has read this device's session). */
export function currentUser(): User | null {
  return getAppAuth().currentUser;
}

/** Called with the signed-in person (or null) now and on every change. */
export function watchUser(next: (user: User | null) => void): Unsubscribe {
  return onAuthStateChanged(getAppAuth(), next);
}

/** Google's popup, choosing the account each time; rejects with Firebase's error as it is. */
export async function signInWithGoogle(): Promise<void> {
  await loadOfflineGapiShim();
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  await signInWithPopup(getAppAuth(), provider);
}

export function signOut(): Promise<void> {
  return firebaseSignOut(getAppAuth());
}

/** Signs in with Firebase's e-mail link for `email`, adding the held Google sign-in if any (`held`). */
export async function signInWithLink(
  email: string,
  link: string,
  held: string | null,
): Promise<void> {
  const { user } = await signInWithEmailLink(getAppAuth(), email, link);
  const pending = held ? parseHeld(held) : null;
  if (pending && pending.email === email) {
    // Best effort: the person is signed in either way; Google can be linked next time.
    await linkWithCredential(user, pending.credential).catch((err: unknown) =>
      console.warn('Linking the Google sign-in failed', err),
    );
  }
}

/** Stored as `{address}\n{credential JSON}` (lib/email-link.ts). */
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
 * Google said this address already has an account signed in another way (an e-mail link): the
 * address and Google's credential to keep until the person proves the address, or null when the
 * error is not that.
 */
export function googleCredentialToHold(err: unknown): { email: string; credential: string } | null {
  if (!(err instanceof FirebaseError)) return null;
  if (err.code !== 'auth/account-exists-with-different-credential') return null;
  const email = err.customData?.email;
  const credential = GoogleAuthProvider.credentialFromError(err);
  if (typeof email !== 'string' || !credential) return null;
  return { email, credential: JSON.stringify(credential.toJSON()) };
}
