// A photo's vote count (docs/performance.md, "The reception"): the vote documents are the
// truth, one per voter, so votes on one popular photo never queue on a shared document; the
// photo's `votes` field (the gallery's number, the banner's order) is folded in from them at
// most once per FOLD_SPACING_MS per photo, so a burst of votes writes the photo about once a
// second whatever its size, and the count is exact again within about a second after it.
import { Timestamp } from 'firebase-admin/firestore';
import { warn as logWarn } from 'firebase-functions/logger';
import { db, store } from '../firebase.ts';
import { countOf } from '../tiers.ts';

/**
 * Least time between two folds of one photo: above Firestore's sustained one write per second
 * per document, with room for the photo's other writes (a caption, the featured mark).
 */
export const FOLD_SPACING_MS = 1_200;

/** The photo's vote documents, counted (one aggregation read per 1,000 votes). */
export function countVotes(eventId: string, photoId: string): Promise<number> {
  return countOf(store().votes(eventId, photoId));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Makes the photo's `votes` equal to its vote documents, writing the photo only when they
 * differ and at most once per FOLD_SPACING_MS. When the last fold is too recent: with `wait`
 * (the trigger after each vote) it waits out the spacing and tries again until the count is
 * in; without (the vote request, which must not stall), it leaves the fold to the trigger.
 * Concurrent folds serialise on the photo's document: one writes, the others find the count in.
 */
export async function foldVoteCount(
  eventId: string,
  photoId: string,
  { wait }: { wait: boolean },
): Promise<void> {
  const ref = store().photos(eventId).doc(photoId);
  if (!wait) {
    // The vote request's quick try: only on a quiet photo (a plain read first, so a burst of
    // votes does not add transactions on the photo), one attempt (losing to the trigger's fold
    // means the count is being folded: the SDK's retry would only make the vote wait its
    // backoff), and never failing the vote already made.
    try {
      const folded = (await ref.get()).data()?.votesCountedAt?.toMillis() ?? 0;
      if (Date.now() - folded >= FOLD_SPACING_MS) await foldOnce(eventId, photoId, 1);
    } catch (err) {
      logWarn('Folding the vote count after a vote failed; the trigger folds it', err);
    }
    return;
  }
  for (;;) {
    const pause = await foldOnce(eventId, photoId);
    if (pause === 0) return;
    // A little jitter so the folds waiting on one photo do not all wake at once.
    await sleep(pause + Math.floor(Math.random() * 100));
  }
}

/**
 * One fold transaction, tried at most `maxAttempts` times (the SDK's default): 0 when done (or
 * nothing to do), else how long to wait first.
 */
async function foldOnce(eventId: string, photoId: string, maxAttempts = 5): Promise<number> {
  const ref = store().photos(eventId).doc(photoId);
  return db().runTransaction(
    async (tx) => {
      const photo = (await tx.get(ref)).data();
      if (!photo) return 0;
      const count = await countOf(store().votes(eventId, photoId), tx);
      if (photo.votes === count) return 0;
      const since = Date.now() - (photo.votesCountedAt?.toMillis() ?? 0);
      if (since < FOLD_SPACING_MS) return FOLD_SPACING_MS - since;
      tx.update(ref, { votes: count, votesCountedAt: Timestamp.now() });
      return 0;
    },
    { maxAttempts },
  );
}
