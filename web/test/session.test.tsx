import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../src/app/system.ts';
import { resetToasts } from '../src/lib/toast-store.ts';
import { Toaster } from '../src/components/toaster.tsx';
import { ApiError, apiRequest } from '../src/lib/api.ts';
import { SessionProvider, useSession, type Session } from '../src/lib/session.tsx';

// The data layer boundary here is Firebase Auth itself: its popup and state callback are
// driven by the test; the backend login goes through the mocked apiRequest.
const auth = vi.hoisted(() => ({
  listener: null as null | ((user: unknown) => void),
  signInWithPopup: vi.fn(),
  signOut: vi.fn(),
  providerParams: [] as unknown[],
}));

vi.mock('firebase/auth', () => ({
  onAuthStateChanged: (_auth: unknown, cb: (user: unknown) => void) => {
    auth.listener = cb;
    return () => (auth.listener = null);
  },
  signInWithPopup: auth.signInWithPopup,
  signOut: auth.signOut,
  GoogleAuthProvider: class {
    setCustomParameters(p: unknown) {
      auth.providerParams.push(p);
    }
  },
}));
vi.mock('../src/lib/firebase.ts', () => ({
  getAppAuth: () => ({}),
  loadOfflineGapiShim: async () => undefined,
}));
vi.mock('../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const fbUser = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  photoURL: null,
} as unknown as User;

let session: Session;
function Probe() {
  const current = useSession();
  // Handed to the test after each commit, so rendering stays pure.
  useEffect(() => {
    session = current;
  });
  return (
    <p data-testid="status">{`${current.status}|${current.user?.displayName ?? ''}|${current.signingIn}|${current.domainUnauthorized}`}</p>
  );
}

beforeEach(async () => {
  auth.signInWithPopup.mockReset();
  auth.signOut.mockReset().mockResolvedValue(undefined);
  auth.providerParams.length = 0;
  api.mockReset().mockResolvedValue({ user: {} });
  render(
    <ChakraProvider value={system}>
      <SessionProvider>
        <Probe />
        <Toaster />
      </SessionProvider>
    </ChakraProvider>,
  );
  // Auth loads on its own chunk (lib/auth-loader.ts); the session watches it once it has.
  await waitFor(() => expect(auth.listener).not.toBeNull());
});
afterEach(() => act(() => resetToasts()));

const status = () => screen.getByTestId('status').textContent;
const popupError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code });

describe('SessionProvider', () => {
  it('is loading until Auth reports, then signed out', () => {
    expect(status()).toBe('loading||false|false');
    act(() => auth.listener?.(null));
    expect(status()).toBe('signed-out||false|false');
  });

  it('logs in to the backend on identity change and welcomes after a popup sign-in', async () => {
    act(() => auth.listener?.(null));
    auth.signInWithPopup.mockImplementation(async () => {
      auth.listener?.(fbUser);
      return { user: fbUser };
    });
    await act(() => session.signIn());
    expect(auth.providerParams).toEqual([{ prompt: 'select_account' }]);
    await waitFor(() => expect(status()).toBe('signed-in|Ada Lovelace|false|false'));
    expect(api).toHaveBeenCalledWith('POST', '/api/auth/login', undefined, { idempotent: true });
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText('Signed in as Ada Lovelace')).toBeInTheDocument();
  });

  it('treats a failed backend login as signed out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.mockRejectedValue(new Error('500: Internal Server Error'));
    act(() => auth.listener?.(fbUser));
    await waitFor(() => expect(status()).toBe('signed-out||false|false'));
    expect(auth.signOut).toHaveBeenCalled();
  });

  it('stays signed in when the backend login gets no answer (an offline reload)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.mockRejectedValue(new ApiError(0, "You're offline. This needs a connection."));
    act(() => auth.listener?.(fbUser));
    await waitFor(() => expect(status()).toBe('signed-in|Ada Lovelace|false|false'));
    expect(auth.signOut).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/popup-closed-by-user', 'Sign in was cancelled'],
    ['auth/popup-blocked', 'Please allow popups for this site to sign in'],
    ['auth/cancelled-popup-request', 'Another sign in attempt in progress'],
    ['auth/internal-error', 'Failed to sign in. Please try again.'],
  ])('toasts %s as "%s"', async (code, message) => {
    act(() => auth.listener?.(null));
    auth.signInWithPopup.mockRejectedValue(popupError(code));
    await act(() => session.signIn());
    expect(screen.getByText(message).closest('[data-status]')).toHaveAttribute(
      'data-status',
      'error',
    );
    expect(status()).toBe('signed-out||false|false');
    expect(session.signInAttempted).toBe(true);
  });

  it('does not toast an unauthorised domain but flags it for the setup guide', async () => {
    act(() => auth.listener?.(null));
    auth.signInWithPopup.mockRejectedValue(popupError('auth/unauthorized-domain'));
    await act(() => session.signIn());
    expect(status()).toBe('signed-out||false|true');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps signingIn on while the popup is open', async () => {
    act(() => auth.listener?.(null));
    let close: (e: unknown) => void = () => undefined;
    auth.signInWithPopup.mockImplementation(() => new Promise((_r, reject) => (close = reject)));
    let pending: Promise<void> = Promise.resolve();
    act(() => {
      pending = session.signIn();
    });
    await waitFor(() => expect(status()).toBe('signed-out||true|false'));
    await act(async () => {
      close(popupError('auth/popup-closed-by-user'));
      await pending;
    });
    expect(status()).toBe('signed-out||false|false');
  });

  it('signs out, clearing the stored current event, with a toast', async () => {
    localStorage.setItem('currentEventId', 'e1');
    act(() => auth.listener?.(fbUser));
    await waitFor(() => expect(status()).toContain('signed-in'));
    auth.signOut.mockImplementation(async () => auth.listener?.(null));
    await act(() => session.signOut());
    expect(localStorage.getItem('currentEventId')).toBeNull();
    expect(status()).toBe('signed-out||false|false');
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('You have been signed out successfully')).toBeInTheDocument();
  });

  it('toasts when sign-out fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => auth.listener?.(fbUser));
    await waitFor(() => expect(status()).toContain('signed-in'));
    auth.signOut.mockRejectedValue(new Error('network'));
    await act(() => session.signOut());
    expect(screen.getByText('Failed to sign out. Please try again.')).toBeInTheDocument();
  });
});
