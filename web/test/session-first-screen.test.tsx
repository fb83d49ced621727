// The session on a first screen (docs/decisions.md, "A light first screen"): Firebase Auth loads
// only when this device may have someone signed in or someone starts to sign in. The boundary
// is the lazily loaded Auth module itself (lib/firebase-auth.ts); whether a page loaded it is
// what that page's lib/auth-loader.ts says.
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../src/lib/session.tsx';

const auth = vi.hoisted(() => ({
  listener: null as null | ((user: unknown) => void),
  signInWithGoogle: vi.fn(),
}));

vi.mock('../src/lib/firebase-auth.ts', () => ({
  currentUser: () => null,
  watchUser: (next: (user: unknown) => void) => {
    auth.listener = next;
    return () => (auth.listener = null);
  },
  signInWithGoogle: auth.signInWithGoogle,
  signOut: async () => auth.listener?.(null),
  googleCredentialToHold: () => null,
  signInWithLink: vi.fn(),
}));
vi.mock('../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/api.ts')>()),
  apiRequest: vi.fn(async () => ({ user: { displayName: '' } })),
}));

const ada = { uid: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: null };

let session: Session;
/** Whether the page opened last has loaded Firebase Auth. */
let authLoaded = () => false;

/** A fresh page: the module state of lib/auth-loader.ts starts over, as on a new visit. */
async function openPage() {
  vi.resetModules();
  const { SessionProvider, useSession } = await import('../src/lib/session.tsx');
  const { loadedAuth } = await import('../src/lib/auth-loader.ts');
  authLoaded = () => loadedAuth() !== null;
  function Probe() {
    const current = useSession();
    useEffect(() => {
      session = current;
    });
    return <p data-testid="status">{`${current.status}|${current.user?.displayName ?? ''}`}</p>;
  }
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
}

const status = () => screen.getByTestId('status').textContent;

/** Stands in for the browser's IndexedDB listing (jsdom has none). */
function databases(names: string[] | null) {
  Object.defineProperty(globalThis, 'indexedDB', {
    configurable: true,
    value: names === null ? undefined : { databases: async () => names.map((name) => ({ name })) },
  });
}

beforeEach(() => {
  auth.listener = null;
  auth.signInWithGoogle.mockReset();
});
afterEach(() => databases(null));

describe('the session on a first screen', () => {
  it('is signed out at once where nobody signed in before, without loading Auth', async () => {
    databases([]);
    await openPage();
    await waitFor(() => expect(status()).toBe('signed-out|'));
    expect(authLoaded()).toBe(false);
  });

  it('is signed out at once after a sign-out on this device, without loading Auth', async () => {
    localStorage.setItem('signedIn', '0');
    databases(['firebaseLocalStorageDb']);
    await openPage();
    await waitFor(() => expect(status()).toBe('signed-out|'));
    expect(authLoaded()).toBe(false);
  });

  it('loads Auth where someone is signed in, and records each change for the next visit', async () => {
    localStorage.setItem('signedIn', '1');
    await openPage();
    expect(status()).toBe('loading|');
    await waitFor(() => expect(auth.listener).not.toBeNull());
    act(() => auth.listener?.(ada));
    await waitFor(() => expect(status()).toBe('signed-in|Ada Lovelace'));
    expect(authLoaded()).toBe(true);
    await act(() => session.signOut());
    expect(status()).toBe('signed-out|');
    expect(localStorage.getItem('signedIn')).toBe('0');
  });

  it('loads Auth where Firebase kept a session from before the hint existed', async () => {
    databases(['firebaseLocalStorageDb']);
    await openPage();
    await waitFor(() => expect(auth.listener).not.toBeNull());
    act(() => auth.listener?.(ada));
    await waitFor(() => expect(status()).toBe('signed-in|Ada Lovelace'));
    expect(localStorage.getItem('signedIn')).toBe('1');
  });

  it('loads Auth where the device cannot say (no IndexedDB listing)', async () => {
    databases(null);
    await openPage();
    await waitFor(() => expect(authLoaded()).toBe(true));
    expect(status()).toBe('loading|');
    act(() => auth.listener?.(null));
    expect(status()).toBe('signed-out|');
  });

  it('loads Auth on the first touch of a sign-in button, and signs in on the click', async () => {
    databases([]);
    await openPage();
    await waitFor(() => expect(status()).toBe('signed-out|'));
    act(() => session.prepareSignIn());
    await waitFor(() => expect(authLoaded()).toBe(true));
    auth.signInWithGoogle.mockImplementation(async () => auth.listener?.(ada));
    await act(() => session.signIn());
    expect(auth.signInWithGoogle).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(status()).toBe('signed-in|Ada Lovelace'));
  });

  it('follows a sign-in in another tab of the app', async () => {
    databases([]);
    await openPage();
    await waitFor(() => expect(status()).toBe('signed-out|'));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'signedIn', newValue: '1' }));
    });
    await waitFor(() => expect(auth.listener).not.toBeNull());
    act(() => auth.listener?.(ada));
    await waitFor(() => expect(status()).toBe('signed-in|Ada Lovelace'));
  });
});
