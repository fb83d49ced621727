// A photo's vote count (docs/performance.md, "The reception"): the vote documents are the
// truth, one per voter, so votes on one popular photo never queue on a shared document; the
// photo's `votes` field (the gallery's number, the banner's order) is folded in from them at
// most once per FOLD_SPACING_MS per photo, so a burst of votes writes the photo about once a
// second whatever its size, and the count is exact again within about a second after it.
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import type { PhotoRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { countOf } from '../tiers.ts';
import { FOLD_SPACING_MS, foldSpaced } from './fold.ts';

/** The photo's vote documents, counted (one aggregation read per 1,000 votes). */
export function countVotes(eventId: string, photoId: string): Promise<number> {
  return countOf(store().votes(eventId, photoId));
}

/**
 * Makes the photo's `votes` equal to its vote documents (the trigger after each vote, and account
 * deletion), writing the photo only when they differ and at most once per FOLD_SPACING_MS: when
 * the last fold is too recent it waits out the spacing and tries again until the count is in.
 * Concurrent folds serialise on the photo's document: one writes, the others find the count in.
 */
export function foldVoteCount(eventId: string, photoId: string): Promise<void> {
  return foldSpaced(() => foldOnce(eventId, photoId));
}

/**
 * The vote's own fold, in its transaction, after its other reads (it may write the photo): on a
 * quiet photo (last fold FOLD_SPACING_MS ago or more) the new count, `change` being the vote's
 * own (+1, -1 or 0, not yet written); else null, and the trigger folds it. One commit shows a
 * quiet photo's vote on every screen at once; in a burst, votes that all find the photo quiet
 * serialise on it, one writes, and the others find the fold fresh on their retry.
 */
export async function foldInVote(
  tx: Transaction,
  eventId: string,
  ref: DocumentReference<PhotoRecord>,
  photo: PhotoRecord,
  change: number,
): Promise<number | null> {
  if (Date.now() - (photo.votesCountedAt?.toMillis() ?? 0) < FOLD_SPACING_MS) return null;
  const count = (await countOf(store().votes(eventId, ref.id), tx)) + change;
  if (count !== photo.votes) tx.update(ref, { votes: count, votesCountedAt: Timestamp.now() });
  return count;
}

/** One fold transaction: 0 when done (or nothing to do), else how long to wait first. */
async function foldOnce(eventId: string, photoId: string): Promise<number> {
  const ref = store().photos(eventId).doc(photoId);
  return db().runTransaction(async (tx) => {
    const photo = (await tx.get(ref)).data();
    if (!photo) return 0;
    const count = await countOf(store().votes(eventId, photoId), tx);
    if (photo.votes === count) return 0;
    const since = Date.now() - (photo.votesCountedAt?.toMillis() ?? 0);
    if (since < FOLD_SPACING_MS) return FOLD_SPACING_MS - since;
    tx.update(ref, { votes: count, votesCountedAt: Timestamp.now() });
    return 0;
  });
}
