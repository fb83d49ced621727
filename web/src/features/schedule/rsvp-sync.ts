// The device's RSVP queue (rsvp-queue.ts) wired to the API, the signed-in person and the
// connection: queued answers go out when the servers answer again and on app start.
import { onAuthStateChanged } from 'firebase/auth';
import { RSVP_STATES, type RsvpState } from '@gatherly/domain/rsvp-options';
import type { ResponseOf } from '@gatherly/domain/api/contract';
import { API } from '@gatherly/domain/api/endpoints';
import { callApi } from '../../lib/api-client.ts';
import { getAppAuth } from '../../lib/firebase.ts';
import { isOnline, onReconnect, probeReachability } from '../../lib/offline/connectivity.ts';
import { isNoConnection } from '../../lib/offline/offline-toast.ts';
import { requestOf, RsvpQueue, type QueuedRsvp } from './rsvp-queue.ts';

function deviceStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled: answers queue in memory for this visit
  }
}

/**
 * The RSVP function records the answer (with its party and answers) and moves the item's
 * tallies in one transaction; it answers with the state given (a Going may wait).
 */
async function sendRsvp(entry: QueuedRsvp): Promise<RsvpState | null> {
  const answer: Partial<ResponseOf<typeof API.setRsvp>> | null = await callApi(API.setRsvp, {
    params: { eventId: entry.eventId, scheduleId: entry.itemId },
    body: requestOf(entry),
  });
  // A 200 that is not the API's answer (a captive portal's page) leaves the state unknown.
  return RSVP_STATES.find((s) => s === answer?.rsvp?.status) ?? null;
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

/** Called once at app start (web/src/app/App.tsx): sends what an earlier visit queued. */
export function startRsvpSync(): void {
  if (started) return;
  started = true;
  onAuthStateChanged(getAppAuth(), (user) => rsvpQueue.setUser(user?.uid ?? null));
  // The probe in connectivity.ts decides when an unreachable network is back (onReconnect).
  window.addEventListener('online', () => void rsvpQueue.flush());
  onReconnect(() => void rsvpQueue.flush());
}
