// Firebase Auth (and the Firebase app under it, ~32 KB gzip) is downloaded only when a screen
// needs it: when this device may have someone signed in (session-hint.ts), or when a person
// starts to sign in. The public first screens (an invitation, an event link, a sign-in link)
// open without it (docs/performance.md, "First screens").
import type * as AuthSdk from './firebase-auth.ts';

/** The lazily loaded Auth module (firebase-auth.ts). */
export type AuthModule = typeof AuthSdk;
export type AuthUser = AuthSdk.User;

let loading: Promise<AuthModule> | null = null;
let loaded: AuthModule | null = null;
const listeners = new Set<(sdk: AuthModule) => void>();

/** The Auth module, downloaded and initialised on the first call. */
export function loadAuth(): Promise<AuthModule> {
  loading ??= import('./firebase-auth.ts').then(
    (sdk) => {
      loaded = sdk;
      for (const listener of listeners) listener(sdk);
      listeners.clear();
      return sdk;
    },
    (err: unknown) => {
      loading = null; // a later call tries the download again
      throw err;
    },
  );
  return loading;
}

/** The Auth module if it has loaded; null means nobody can be signed in on this page yet. */
export function loadedAuth(): AuthModule | null {
  return loaded;
}

/**
 * Calls `listener` once Auth has loaded, whoever loaded it (the session watches the signed-in
 * person from then on). Returns the unsubscribe.
 */
export function whenAuthLoaded(listener: (sdk: AuthModule) => void): () => void {
  if (loaded) {
    listener(loaded);
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
