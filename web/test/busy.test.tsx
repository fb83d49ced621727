// A busy server is not a lost connection (issue 34): idempotent calls answered "busy" (503) are
// retried with backoff and only the last failure reaches the caller; a call that times out while
// the site itself answers says "busy" and leaves the app online; only no answer at all from the
// site is "offline".
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../src/app/system.ts';
import { OfflineBadge, OfflineBanner } from '../src/components/OfflineBanner.tsx';
import { ApiError, BUSY_RETRY_DELAYS_MS, apiRequest } from '../src/lib/api.ts';
import {
  BUSY_MESSAGE,
  isBusy,
  isOnline,
  resetReachability,
  UNREACHABLE_MESSAGE,
} from '../src/lib/offline/connectivity.ts';

const busy = () =>
  new Response(JSON.stringify({ error: 'Gatherly is busy' }), {
    status: 503,
    headers: { 'Retry-After': '1' },
  });
const ok = () => new Response(JSON.stringify({ done: true }), { status: 200 });

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  resetReachability();
});

describe('busy answers', () => {
  it('retries an idempotent call answered 503 and returns its eventual answer', async () => {
    vi.useFakeTimers();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(busy())
      .mockResolvedValueOnce(ok());
    const call = apiRequest('POST', '/api/photos/p1/vote', undefined, { idempotent: true });
    await vi.runAllTimersAsync();
    await expect(call).resolves.toEqual({ done: true });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(isBusy()).toBe(false); // the answer ended the busy spell
  });

  it('gives up after the last pause with the server sentence, and never retries the rest', async () => {
    vi.useFakeTimers();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => busy());
    const call = apiRequest('PUT', '/api/schedule/s/rsvp', {}, { idempotent: true });
    const failed = expect(call).rejects.toMatchObject({ status: 503, message: 'Gatherly is busy' });
    await vi.runAllTimersAsync();
    await failed;
    expect(fetch).toHaveBeenCalledTimes(BUSY_RETRY_DELAYS_MS.length + 1);

    fetch.mockClear();
    await expect(apiRequest('POST', '/api/carpools/c/join')).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a timeout while the site answers is "busy", online, with the busy sentence and badge', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input).startsWith('/?reachability=')) return new Response(null, { status: 200 });
      throw new DOMException('signal timed out', 'TimeoutError');
    });
    await expect(apiRequest('POST', '/api/auth/login')).rejects.toMatchObject({
      status: 0,
      message: BUSY_MESSAGE,
    });
    expect(isOnline()).toBe(true);
    expect(isBusy()).toBe(true);
    render(
      <ChakraProvider value={system}>
        <OfflineBadge />
        <OfflineBanner />
      </ChakraProvider>,
    );
    expect(screen.getByText('Busy, still trying')).toBeTruthy();
    expect(screen.getByTestId('busy-banner').textContent).toContain('Your connection is fine');
    expect(screen.queryByText('Offline')).toBeNull();
  });

  it('no answer from the site either is a lost connection', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('POST', '/api/auth/login')).rejects.toMatchObject({
      status: 0,
      message: UNREACHABLE_MESSAGE,
    });
    expect(isOnline()).toBe(false);
    expect(isBusy()).toBe(false);
  });
});
