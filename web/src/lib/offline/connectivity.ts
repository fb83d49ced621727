// What the device knows about its network, for screens and the one place that calls the API.
// `navigator.onLine` is false only when the device is sure it has no network; a weak venue
// Wi-Fi may still say online, so writes also count as queued when the server is slow to answer
// (pending-writes.ts) and API calls time out (api.ts).
import { useSyncExternalStore } from 'react';

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Re-renders when the device goes offline or back online. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
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

/** What an API call that could not reach the server says. */
export const UNREACHABLE_MESSAGE =
  "Couldn't reach Gatherly. Check your connection and try again.";
