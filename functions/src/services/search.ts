// Search tokens (docs/performance.md, "Search"): written with the document by the functions
// that create photos and members; a caption edit (a direct client write) is followed by
// `refreshPhotoSearchTokens` from a trigger.
import { photoSearchTokens } from '@gatherly/domain/search';
import { store } from '../firebase.ts';

const sameTokens = (a: readonly string[] | undefined, b: readonly string[]) =>
  a !== undefined && a.length === b.length && a.every((token, i) => token === b[i]);

/** Recomputes a photo's tokens from its current caption; writes only when they changed. */
export async function refreshPhotoSearchTokens(eventId: string, photoId: string): Promise<void> {
  const ref = store().photos(eventId).doc(photoId);
  await store().firestore.runTransaction(async (tx) => {
    const photo = (await tx.get(ref)).data();
    if (!photo) return;
    const tokens = photoSearchTokens(photo.caption, photo.uploadedByUser.displayName);
    if (sameTokens(photo.searchTokens, tokens)) return;
    tx.update(ref, { searchTokens: tokens });
  });
}
