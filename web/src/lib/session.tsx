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
import { loadAuth, whenAuthLoaded, type AuthModule, type AuthUser } from './auth-loader.ts';
import { mayBeSignedIn, onSignedInElsewhere, recordSignedIn } from './session-hint.ts';
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
  /**
   * Starts downloading what signIn needs: Google buttons call it on first touch or focus, so the
   * popup opens as close to the tap as it can (browsers allow a popup only shortly after one).
   */
  prepareSignIn(): void;
  signOut(): Promise<void>;
  /** The name the person now goes by (given on accepting an invitation), shown at once. */
  renamed(displayName: string): void;
}

/** The sign-in code could not be downloaded (the Google flow says its own failures). */
export const SIGN_IN_FAILED = 'Failed to sign in. Please try again.';
/** Auth's code could not be downloaded to find out who is signed in. */
export const AUTH_LOAD_FAILED =
  'Could not check whether you are signed in. Check your connection and reload the page.';

/** The signed-in person; the profile's name (theirs to edit) wins over the provider's. */
function toSessionUser(user: AuthUser, profileName = ''): SessionUser {
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
 * next attempt starts clean). Auth itself loads only when this device may have someone signed in
 * (session-hint.ts) or someone starts to sign in; until then a visitor is signed out at once.
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
    let live = true;
    let unwatch = () => {};
    let generation = 0;
    const watch = (auth: AuthModule) => {
      unwatch = auth.watchUser((fbUser) => {
        const mine = ++generation;
        recordSignedIn(fbUser !== null);
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
            void auth.signOut().catch(() => undefined);
          });
      });
    };
    // Whoever loads Auth (this check, a sign-in button, a sign-in link), the session follows it.
    const stopWaiting = whenAuthLoaded((auth) => {
      if (live) watch(auth);
    });
    const load = () =>
      void loadAuth().catch((err: unknown) => {
        // Only a lost connection stops the download (the service worker holds it offline).
        console.error('Firebase Auth did not load', err);
        if (!live || generation > 0) return;
        setStatus('signed-out');
        showToast({ title: AUTH_LOAD_FAILED, status: 'error' });
      });
    void mayBeSignedIn().then((maybe) => {
      if (!live) return;
      if (maybe) load();
      // Nobody can be signed in before Auth has loaded; once it has, it reports (above).
      else if (generation === 0) setStatus('signed-out');
    });
    const stopListening = onSignedInElsewhere(load);
    return () => {
      live = false;
      stopWaiting();
      stopListening();
      unwatch();
    };
  }, []);

  const signIn = useCallback(async () => {
    const mine = ++attempt.current;
    setSigningIn(true);
    setSignInAttempted(true);
    setDomainUnauthorized(false);
    welcomePending.current = true;
    try {
      // Auth downloads now unless the page has it already (prepareSignIn, a button's first touch).
      const { signInWithGoogle } = await import('./google-sign-in.ts');
      const outcome = await signInWithGoogle(() => mine !== attempt.current);
      if (outcome !== 'signed-in') welcomePending.current = false;
      if (outcome === 'domain-unauthorized') setDomainUnauthorized(true);
    } catch (err) {
      // Only a lost connection gets here: the sign-in code did not download.
      welcomePending.current = false;
      if (mine === attempt.current)
        showToast({ title: describeError(err, SIGN_IN_FAILED), status: 'error' });
    } finally {
      if (mine === attempt.current) setSigningIn(false);
    }
  }, []);

  const prepareSignIn = useCallback(() => {
    void import('./google-sign-in.ts').then(() => loadAuth()).catch(() => undefined);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await (await loadAuth()).signOut();
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
      prepareSignIn,
      signOut,
      renamed,
    }),
    [
      status,
      user,
      signingIn,
      signInAttempted,
      domainUnauthorized,
      signIn,
      prepareSignIn,
      signOut,
      renamed,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
