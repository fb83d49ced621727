import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react';
import type { Firestore } from 'firebase/firestore';
import { system } from '../src/app/system.ts';
import { OfflineBadge, OfflineBanner } from '../src/components/OfflineBanner.tsx';
import { resetToasts } from '../src/lib/toast-store.ts';
import { Toaster } from '../src/components/toaster.tsx';
import { ApiError, apiRequest, errorMessage } from '../src/lib/api.ts';
import { describeError } from '../src/lib/errors.ts';
import { commitWrite } from '../src/lib/offline/commit-write.ts';
import {
  OFFLINE_REQUEST_MESSAGE,
  probeReachability,
  resetReachability,
  UNREACHABLE_MESSAGE,
} from '../src/lib/offline/connectivity.ts';
import { QUEUE_AFTER_MS, resetWriteQueue, trackWrite } from '../src/lib/offline/write-queue.ts';
import { goOffline } from './offline.ts';

// The local cache is the SDK's: here a write counts as applied on the device at once.
vi.mock('../src/lib/offline/local-apply.ts', () => ({ appliedLocally: async () => undefined }));
const db = {} as Firestore;

function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function renderShellParts() {
  return render(
    <ChakraProvider value={system}>
      <OfflineBadge />
      <OfflineBanner />
      <Toaster />
    </ChakraProvider>,
  );
}

let restoreNetwork: (() => void) | null = null;
afterEach(() => {
  restoreNetwork?.();
  restoreNetwork = null;
  resetWriteQueue();
  resetReachability();
  resetToasts();
  vi.useRealTimers();
});

/** The reachability probe (HEAD /api/) gets an answer, as from a reachable API. */
function answerProbes() {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 404 }));
}

describe('offline indicator', () => {
  it('is absent online, says what works offline, counts queued changes, and toasts once they sync', async () => {
    renderShellParts();
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    restoreNetwork = goOffline();
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveTextContent("You're offline.");
    expect(banner).toHaveTextContent('Uploading, inviting, voting and joining need a connection.');
    expect(screen.getByText('Offline')).toBeInTheDocument();

    const write = deferred();
    act(() => trackWrite(write.promise).markQueued());
    expect(banner).toHaveTextContent('(1 change waiting)');

    restoreNetwork();
    restoreNetwork = null;
    expect(await screen.findByText('Syncing 1 change saved on this phone…')).toBeInTheDocument();
    expect(screen.queryByText('Offline')).not.toBeInTheDocument();
    await act(async () => write.resolve());
    expect(await screen.findByText('All changes synced')).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });

  it('toasts a queued change the server later refuses, as a sentence', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderShellParts();
    const write = deferred();
    act(() => trackWrite(write.promise).markQueued());
    await act(async () => write.reject({ code: 'permission-denied', name: 'FirebaseError' }));
    expect(await screen.findByText('A change made offline was not saved')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to do that.")).toBeInTheDocument();
  });
});

describe('commitWrite', () => {
  it("is 'saved' when the server confirms in time", async () => {
    await expect(commitWrite(db, () => Promise.resolve())).resolves.toBe('saved');
  });

  it("is 'queued' at once offline, and the write still counts until the server has it", async () => {
    restoreNetwork = goOffline();
    const write = deferred();
    await expect(commitWrite(db, () => write.promise)).resolves.toBe('queued');
  });

  it("is 'queued' when the server is slow (weak Wi-Fi that still says online)", async () => {
    answerProbes();
    vi.useFakeTimers();
    const write = deferred();
    const outcome = commitWrite(db, () => write.promise);
    await vi.advanceTimersByTimeAsync(QUEUE_AFTER_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toBe('queued');
  });

  it('rejects when the server refuses before it counts as queued', async () => {
    const denied = { code: 'permission-denied' };
    await expect(commitWrite(db, () => Promise.reject(denied))).rejects.toBe(denied);
  });
});

describe('API calls offline', () => {
  it('fail at once with a sentence, without a request', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    restoreNetwork = goOffline();
    const call = apiRequest('POST', '/api/events/e1/carpools/c1/join');
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(call).rejects.toMatchObject({ status: 0, message: OFFLINE_REQUEST_MESSAGE });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('say the server could not be reached when the request gets no answer', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/api/subscription')).rejects.toMatchObject({
      status: 0,
      message: UNREACHABLE_MESSAGE,
    });
  });
});

describe('venue Wi-Fi that says online with nothing behind it', () => {
  it('a request without an answer makes the shell say offline until a probe gets through', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderShellParts();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockRejectedValue(new TypeError('Failed to fetch'));
    await act(async () => {
      await apiRequest('POST', '/api/auth/login').catch(() => undefined);
    });
    expect(await screen.findByText("You're offline.")).toBeInTheDocument();
    // Offline now, the next call fails at once without trying the network.
    fetchSpy.mockClear();
    await expect(apiRequest('GET', '/api/subscription')).rejects.toMatchObject({
      message: OFFLINE_REQUEST_MESSAGE,
    });
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockResolvedValue(new Response(null, { status: 404 }));
    await act(async () => {
      expect(await probeReachability()).toBe(true);
    });
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });
});

describe('error sentences', () => {
  it('never show an object, a raw SDK message or a bare status line', () => {
    const fallback = 'Failed to upload photo. Please try again.';
    expect(describeError(new Event('error'), fallback)).toBe(fallback);
    expect(describeError({ toString: () => '[object Object]' }, fallback)).toBe(fallback);
    expect(describeError(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
    expect(describeError(new ApiError(502, '502: <html>Bad gateway</html>'), fallback)).toBe(
      fallback,
    );
    expect(
      describeError(
        Object.assign(new Error('Firebase Storage: denied (storage/unauthorized)'), {
          code: 'storage/unauthorized',
        }),
        fallback,
      ),
    ).toBe("You don't have permission to upload here.");
    expect(errorMessage(new ApiError(409, 'Carpool is full'), fallback)).toBe('Carpool is full');
  });
});
