// The device's RSVP queue (rsvp-queue.ts) wired to the API, the signed-in person and the
// connection: queued answers go out when the servers answer again and on app start.
import { onAuthStateChanged } from 'firebase/auth';
import { apiRequest } from '../api.ts';
import { getAppAuth } from '../firebase.ts';
import { isOnline, onReconnect, probeReachability } from './connectivity.ts';
import { isNoConnection } from './offline-toast.ts';
import { RsvpQueue, type QueuedRsvp } from './rsvp-queue.ts';

function deviceStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: answers queue in memory for this visit
  }
}

/** The RSVP function records the answer and moves the item's tallies in one transaction. */
function sendRsvp({ itemId, status }: QueuedRsvp): Promise<unknown> {
  return apiRequest('PUT', `/api/schedule/${itemId}/rsvp`, { status });
}

export const rsvpQueue = new RsvpQueue({
  storage: deviceStorage(),
  send: sendRsvp,
  isOnline,
  isNoAnswer: isNoConnection,
  onSlowAnswer: () => {
    if (isOnline()) void probeReachability();
  },
});

let started = false;

/** Called once at app start (with Firestore): sends what an earlier visit queued. */
export function startRsvpSync(): void {
  if (started) return;
  started = true;
  onAuthStateChanged(getAppAuth(), (user) => rsvpQueue.setUser(user?.uid ?? null));
  // The probe in connectivity.ts decides when an unreachable network is back (onReconnect).
  window.addEventListener('online', () => void rsvpQueue.flush());
  onReconnect(() => void rsvpQueue.flush());
}
