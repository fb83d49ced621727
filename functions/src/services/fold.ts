// Counts folded into a document that many writers' changes reach (a photo's votes, an item's
// RSVP counts; docs/performance.md, "The reception"): the document is written at most once per
// FOLD_SPACING_MS, so a burst of changes writes it about once a second whatever its size.

/**
 * Least time between two folds into one document: above Firestore's sustained one write per
 * second per document, with room for the document's other writes (a caption, a capacity).
 */
export const FOLD_SPACING_MS = 1_200;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `foldOnce` (one transaction: 0 when the count is in or nothing is to do, else how long
 * to wait for the spacing) until the count is in. A little jitter keeps the folds waiting on
 * one document from all waking at once.
 */
export async function foldSpaced(foldOnce: () => Promise<number>): Promise<void> {
  for (;;) {
    const pause = await foldOnce();
    if (pause === 0) return;
    await sleep(pause + Math.floor(Math.random() * 100));
  }
}
