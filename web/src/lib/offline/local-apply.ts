import { onSnapshotsInSync, type Firestore } from 'firebase/firestore';

/**
 * Resolves once every write issued before the call is applied to the local cache (and so
 * persisted on the device): the SDK runs its operations in order, and a snapshots-in-sync
 * listener first fires after the operations queued before it.
 */
export function appliedLocally(db: Firestore): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const unsubscribe = onSnapshotsInSync(db, () => {
      if (done) return;
      done = true;
      resolve();
      queueMicrotask(() => unsubscribe());
    });
  });
}
