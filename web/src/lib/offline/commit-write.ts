// Direct Firestore writes that stay honest offline. The SDK applies a write to the local cache
// (persisted in IndexedDB) at once and resolves its promise only when the server confirms, which
// offline is never: a screen awaiting it would spin forever. commitWrite resolves as soon as the
// write is saved on the device and the server has confirmed it ('saved'), the device is offline,
// or the server is slow ('queued'). See docs/decisions.md, "Venue Wi-Fi".
import { waitForPendingWrites, type Firestore } from 'firebase/firestore';
import { isOnline, probeReachability } from './connectivity.ts';
import { appliedLocally } from './local-apply.ts';
import { QUEUE_AFTER_MS, trackWrite } from './write-queue.ts';

export type WriteOutcome = 'saved' | 'queued';

/**
 * Runs a Firestore write; 'saved' when the server confirmed it, 'queued' when it is saved on
 * this device and will sync later. Rejects when the server (or the SDK) refuses it first.
 */
export async function commitWrite(
  db: Firestore,
  write: () => Promise<unknown>,
  queueAfterMs = QUEUE_AFTER_MS,
): Promise<WriteOutcome> {
  const ack = write();
  const tracked = trackWrite(ack);
  const outcome = new Promise<WriteOutcome>((resolve, reject) => {
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (): boolean => {
      if (done) return false;
      done = true;
      if (timer) clearTimeout(timer);
      window.removeEventListener('offline', queue);
      return true;
    };
    function queue() {
      if (!finish()) return;
      tracked.markQueued();
      resolve('queued');
      // No answer while the device says online: find out whether the servers are reachable at
      // all, so the shell can say "offline" on a venue Wi-Fi with nothing behind it.
      if (isOnline()) void probeReachability();
    }
    ack.then(
      () => finish() && resolve('saved'),
      (err: unknown) => finish() && reject(err),
    );
    void appliedLocally(db).then(() => {
      if (done) return;
      if (!isOnline()) return queue();
      timer = setTimeout(queue, queueAfterMs);
      window.addEventListener('offline', queue);
    });
  });
  return outcome;
}

/**
 * Writes queued before a reload (persisted in IndexedDB by the SDK) count as queued until the
 * server has them all, so the indicator says so after a reload offline too. (RSVPs queued on the
 * device go through the API; the app starts their sync, features/schedule/rsvp-sync.ts.)
 */
export function trackEarlierWrites(db: Firestore): void {
  const ack = waitForPendingWrites(db);
  const tracked = trackWrite(ack.catch(() => undefined));
  setTimeout(() => tracked.markQueued(), 1000);
}
