// Writes the device has saved but the server has not confirmed yet ("queued"), for the shell's
// offline indicator. No Firebase import: commit-write.ts feeds it.
import { useSyncExternalStore } from 'react';
import { showToast } from '../toast-store.ts';
import { describeError } from '../errors.ts';

/** What a write saved on the device but not yet on the server says. */
export const QUEUED_MESSAGE = 'Saved on this phone, will sync when online';

/** A write not confirmed by the server within this long counts as queued (weak Wi-Fi). */
export const QUEUE_AFTER_MS = 2500;

export interface TrackedWrite {
  /** Marks the write as reported to the person as queued: it now shows in the indicator. */
  markQueued(): void;
  /** Stops counting it without a toast (e.g. another person's change, kept for their return). */
  forget(): void;
}

let queued = 0;
/** Whether a queued write was refused since the queue was last empty (then no "all synced"). */
let refused = false;
const listeners = new Set<() => void>();

function setQueued(next: number) {
  queued = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many queued writes wait for the server. */
export function useQueuedWrites(): number {
  return useSyncExternalStore(
    subscribe,
    () => queued,
    () => 0,
  );
}

/** For tests: forget every tracked write. */
export function resetWriteQueue(): void {
  refused = false;
  setQueued(0);
}

/** The last queued write is on the server: say so once, unless one of them was refused. */
function drained(): void {
  if (!refused)
    showToast({
      title: 'All changes synced',
      description: 'Everything you changed offline is saved for everyone.',
      status: 'success',
    });
  refused = false;
}

/**
 * Follows a write's server acknowledgement. Once marked queued it counts in the indicator until
 * the server answers; if the server then refuses it, a toast says so (the screen that made it
 * has long said "saved on this phone").
 */
export function trackWrite(ack: Promise<unknown>): TrackedWrite {
  let isQueued = false;
  let settled = false;
  const settle = () => {
    settled = true;
    if (!isQueued) return;
    setQueued(Math.max(0, queued - 1));
    if (queued === 0) drained();
  };
  ack.then(settle, (err: unknown) => {
    if (!isQueued) return settle();
    refused = true;
    settle();
    console.error('A queued write was refused by the server', err);
    showToast({
      title: 'A change made offline was not saved',
      description: describeError(err, 'The server refused it. Please make the change again.'),
      status: 'error',
    });
  });
  return {
    markQueued() {
      if (isQueued || settled) return;
      isQueued = true;
      setQueued(queued + 1);
    },
    forget() {
      if (settled) return;
      settled = true;
      if (!isQueued) return;
      isQueued = false;
      setQueued(Math.max(0, queued - 1));
      if (queued === 0) refused = false;
    },
  };
}
