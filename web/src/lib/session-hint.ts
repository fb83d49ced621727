// Whether this device may have someone signed in, known without downloading Firebase Auth: the
// session writes a hint on every change of the signed-in person (lib/session.tsx), so a signed-out
// visitor's first screen never loads Auth just to learn that nobody is signed in
// (docs/decisions.md, "A light first screen").
import { SIGNED_IN_HINT_KEY } from './storage-keys.ts';

/** The IndexedDB database in which Firebase Auth keeps the signed-in person on this device. */
const FIREBASE_AUTH_DB = 'firebaseLocalStorageDb';

export function recordSignedIn(signedIn: boolean): void {
  try {
    localStorage.setItem(SIGNED_IN_HINT_KEY, signedIn ? '1' : '0');
  } catch {
    // Storage off: every visit then asks Firebase Auth, as before the hint existed.
  }
}

function readHint(): string | null {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY);
  } catch {
    return null;
  }
}

/**
 * True when Auth must load to tell who is signed in. Without a hint (storage off, or a device
 * that signed in before hints were written) a device on which Firebase Auth never stored anything
 * has nobody signed in; where that cannot be checked, Auth loads.
 */
export async function mayBeSignedIn(): Promise<boolean> {
  const hint = readHint();
  if (hint === '1') return true;
  if (hint === '0') return false;
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
    const databases = await indexedDB.databases();
    return databases.some((d) => d.name === FIREBASE_AUTH_DB);
  } catch {
    return true;
  }
}

/** Calls `listener` when another tab of this app records that someone signed in. */
export function onSignedInElsewhere(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === SIGNED_IN_HINT_KEY && e.newValue === '1') listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
