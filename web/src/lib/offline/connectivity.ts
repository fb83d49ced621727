// Whether the app can reach its servers, for screens and the one place that calls the API.
// `navigator.onLine` is false only when the device is sure it has no network; venue Wi-Fi often
// says "online" with nothing behind it. So a request that gets no answer also counts as offline
// until a small probe gets through again (every few seconds, and at once on the 'online' event).
import { useSyncExternalStore } from 'react';

const PROBE_EVERY_MS = 5000;
const PROBE_TIMEOUT_MS = 5000;

let reachable = true;
/** The servers answer, but slowly or "busy" (a burst of guests): not offline. */
let busy = false;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
const reconnectCallbacks = new Set<() => void>();

function notify(): void {
  for (const l of listeners) l();
}

export function isOnline(): boolean {
  const deviceOnline = typeof navigator === 'undefined' || navigator.onLine !== false;
  return deviceOnline && reachable;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Re-renders when the app goes offline or back online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Whether the servers are answering slowly or busy right now (never while offline). */
export function isBusy(): boolean {
  return busy && isOnline();
}

/** Re-renders when the servers become busy or answer normally again. */
export function useServerBusy(): boolean {
  return useSyncExternalStore(subscribe, isBusy, () => false);
}

/** A call timed out or was answered "busy" while the network works: say so, not "offline". */
export function reportBusy(): void {
  if (!busy) {
    busy = true;
    notify();
  }
}

/** Runs `callback` whenever the servers answer again after a spell without answers. */
export function onReconnect(callback: () => void): () => void {
  reconnectCallbacks.add(callback);
  return () => reconnectCallbacks.delete(callback);
}

/**
 * A request got an answer: the servers are reachable. Any answer but "busy" (503) also ends a
 * busy spell.
 */
export function reportAnswer(status = 200): void {
  if (probeTimer) clearTimeout(probeTimer);
  probeTimer = null;
  if (busy && status !== 503) {
    busy = false;
    notify();
  }
  if (reachable) return;
  reachable = true;
  notify();
  for (const callback of reconnectCallbacks) callback();
}

/** A request got no answer although the device says it is online. */
export function reportNoAnswer(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  if (reachable) {
    reachable = false;
    notify();
  }
  probeTimer ??= setTimeout(probe, PROBE_EVERY_MS);
}

/** For tests: forget what earlier requests found. */
export function resetReachability(): void {
  if (probeTimer) clearTimeout(probeTimer);
  probeTimer = null;
  reachable = true;
  busy = false;
}

/**
 * Whether the network reaches the app's own origin, asked of a static file rather than of the
 * API: when the API is slow (a burst queued behind it) the network is still fine, and that is
 * not "offline". A unique query keeps caches and the service worker out of it.
 */
export async function networkReachesSite(): Promise<boolean> {
  try {
    await fetch(`/?reachability=${Date.now()}`, {
      method: 'HEAD',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    return true;
  } catch {
    return false;
  }
}

/** Asks the API once (any answer will do: an unknown path is a 404 from the function). */
export async function probeReachability(): Promise<boolean> {
  try {
    await fetch('/api/', {
      method: 'HEAD',
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    reportAnswer();
    return true;
  } catch {
    reportNoAnswer();
    return false;
  }
}

function probe(): void {
  probeTimer = null;
  void probeReachability();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (!reachable) void probeReachability();
  });
}

/** The upload helper's wording for a lost connection. */
export const NO_CONNECTION = 'No Internet connection';

/** Why a server action is unavailable, e.g. offlineReason('Joining a carpool'). */
export function offlineReason(action: string): string {
  return `${action} needs a connection. You're offline: try again when you're back online.`;
}

/** What an API call that could not be made offline says. */
export const OFFLINE_REQUEST_MESSAGE =
  "You're offline. This needs a connection: try again when you're back online.";

/** What an API call says when the servers answer too slowly or are busy, and retries ran out. */
export const BUSY_MESSAGE =
  'Gatherly is very busy right now and did not answer in time. Your connection is fine: please try again in a moment.';

/** What an API call that could not reach the server says. */
export const UNREACHABLE_MESSAGE = "Couldn't reach Gatherly. Check your connection and try again.";
