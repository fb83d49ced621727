import {
  GoogleAuthProvider,
  onAuthStateChanged,
  signInWithPopup,
  signOut as firebaseSignOut,
  type User,
} from 'firebase/auth';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { showToast } from './toast-store.ts';
import { API } from '@gatherly/domain/api/endpoints';
import { ApiError } from './api.ts';
import { callApi } from './api-client.ts';
import { describeError } from './errors.ts';
import { getAppAuth, loadOfflineGapiShim } from './firebase.ts';
import { holdGoogleCredential, requestSignInLink } from './email-link.ts';
import { CURRENT_EVENT_STORAGE_KEY } from './storage-keys.ts';

export interface SessionUser {
  uid: string;
  email: string;
  displayName: string;
  photoURL: string;
}

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  user: SessionUser | null;
  /** True while the popup flow runs. */
  signingIn: boolean;
  /** True once a sign-in was attempted (the landing shows the enable-popups notice). */
  signInAttempted: boolean;
  /** The last attempt failed because this host is not an authorised domain (show the guide). */
  domainUnauthorized: boolean;
  signIn(): Promise<void>;
  signOut(): Promise<void>;
  /** The name the person now goes by (given on accepting an invitation), shown at once. */
  renamed(displayName: string): void;
}

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

/** The signed-in person; the profile's name (theirs to edit) wins over the provider's. */
function toSessionUser(user: User, profileName = ''): SessionUser {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: profileName || user.displayName || user.email || '',
    photoURL: user.photoURL ?? '',
  };
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/**
 * Firebase Auth state plus the backend login: on every identity change POST /api/auth/login
 * runs; if it fails the user is treated as signed out (and the Firebase session dropped so the
 * next attempt starts clean).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [signInAttempted, setSignInAttempted] = useState(false);
  const [domainUnauthorized, setDomainUnauthorized] = useState(false);
  const attempt = useRef(0);
  const welcomePending = useRef(false);

  useEffect(() => {
    const auth = getAppAuth();
    let generation = 0;
    return onAuthStateChanged(auth, (fbUser) => {
      const mine = ++generation;
      if (!fbUser) {
        setUser(null);
        setStatus('signed-out');
        return;
      }
      setStatus('loading');
      callApi(API.login)
        .then(({ user: profile }) => {
          if (mine !== generation) return;
          const sessionUser = toSessionUser(fbUser, profile.displayName);
          setUser(sessionUser);
          setStatus('signed-in');
          if (welcomePending.current) {
            welcomePending.current = false;
            showToast({
              title: 'Welcome back!',
              description: `Signed in as ${sessionUser.displayName}`,
              status: 'success',
            });
          }
        })
        .catch((err: unknown) => {
          if (mine !== generation) return;
          // Offline (venue Wi-Fi, a reload without network) or a server too busy to answer in
          // time: the Firebase session is still valid and the app works from its local cache
          // (the header says which); the profile sync runs next time.
          if (err instanceof ApiError && err.status === 0) {
            console.warn('Backend login skipped: no connection', err);
            welcomePending.current = false;
            setUser(toSessionUser(fbUser));
            setStatus('signed-in');
            return;
          }
          console.error('Backend login failed; treating the user as signed out', err);
          welcomePending.current = false;
          setUser(null);
          setStatus('signed-out');
          void firebaseSignOut(auth).catch(() => undefined);
        });
    });
  }, []);

  const signIn = useCallback(async () => {
    const mine = ++attempt.current;
    setSigningIn(true);
    setSignInAttempted(true);
    setDomainUnauthorized(false);
    try {
      await loadOfflineGapiShim();
      const provider = new GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      welcomePending.current = true;
      await signInWithPopup(getAppAuth(), provider).catch((err: unknown) => {
        throw mapPopupError(err);
      });
    } catch (err) {
      welcomePending.current = false;
      // A newer attempt replaced this one: its own outcome is what the user sees.
      if (mine !== attempt.current) return;
      const existing = holdGoogleCredential(err);
      if (existing) {
        await offerLinkToExistingAccount(existing);
      } else if (isUnauthorizedDomainError(err)) {
        setDomainUnauthorized(true);
      } else {
        showToast({ title: signInToastMessage(err), status: 'error' });
      }
    } finally {
      if (mine === attempt.current) setSigningIn(false);
    }
  }, []);

  const signOut = useCallback(async () => {
    try {
      await firebaseSignOut(getAppAuth());
      // The events cache lives in the signed-in data layer, which unmounts with the user.
      localStorage.removeItem(CURRENT_EVENT_STORAGE_KEY);
      showToast({
        title: 'Signed out',
        description: 'You have been signed out successfully',
        status: 'success',
      });
    } catch (err) {
      console.error('Sign out failed', err);
      showToast({ title: 'Failed to sign out. Please try again.', status: 'error' });
    }
  }, []);

  const renamed = useCallback(
    (displayName: string) => setUser((u) => (u && displayName ? { ...u, displayName } : u)),
    [],
  );

  const value = useMemo<Session>(
    () => ({
      status,
      user,
      signingIn,
      signInAttempted,
      domainUnauthorized,
      signIn,
      signOut,
      renamed,
    }),
    [status, user, signingIn, signInAttempted, domainUnauthorized, signIn, signOut, renamed],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
