// Removal ends access to an event's images (docs/decisions.md, "Image access after removal").
// Screens load images from stored download URLs, whose token works without sign-in; a removed
// member may hold any of them. When a membership ends, every image object of the event gets a
// new token and every document that holds a URL (photos, photo feed lines, the event's banner)
// is rewritten with it, so every URL the removed member saw stops working.
import { FieldPath, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { ActivityRecord, PhotoRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { currentDownloadUrl, rotateDownloadToken } from '../storage.ts';
import { refreshBannerImageUrl } from './photos.ts';

const PAGE = 300;
/** Photos rotated at once: 10,000 photos take about a minute, well within a trigger's timeout. */
const PARALLEL = 32;

export interface RotationSummary {
  photos: number;
  feedLines: number;
  banner: boolean;
}

/**
 * Gives every image of the event a new download token and rewrites the stored URLs. Idempotent
 * and safe to run twice at once: each document is rewritten in a transaction from the token
 * Storage holds at that moment, so the last writer stores the last token. Skips an event that is
 * gone or being deleted (its cascade removes members, and the files with them).
 */
export async function rotateImageTokens(eventId: string): Promise<RotationSummary> {
  const event = (await store().event(eventId).get()).data();
  if (!event || event.deleting) return { photos: 0, feedLines: 0, banner: false };
  const photos = await eachPage<PhotoRecord>(
    (after) => {
      const page = store().photos(eventId).orderBy(FieldPath.documentId()).limit(PAGE);
      return (after ? page.startAfter(after) : page).get();
    },
    (doc) => rotatePhoto(eventId, doc.data()),
  );
  const feedLines = await eachPage<ActivityRecord>(
    (after) => {
      const page = store()
        .activity(eventId)
        .where('kind', '==', 'photo')
        .orderBy(FieldPath.documentId())
        .limit(PAGE);
      return (after ? page.startAfter(after) : page).get();
    },
    (doc) => refreshFeedLine(eventId, doc.id),
  );
  const bannerPath = event.bannerSettings.customBannerImage;
  if (bannerPath) await rotateDownloadToken(bannerPath);
  await refreshBannerImageUrl(eventId);
  return { photos, feedLines, banner: bannerPath !== null };
}

async function eachPage<T>(
  read: (after: QueryDocumentSnapshot<T> | undefined) => Promise<{
    docs: QueryDocumentSnapshot<T>[];
  }>,
  handle: (doc: QueryDocumentSnapshot<T>) => Promise<void>,
): Promise<number> {
  let after: QueryDocumentSnapshot<T> | undefined;
  let count = 0;
  for (;;) {
    const { docs } = await read(after);
    for (let i = 0; i < docs.length; i += PARALLEL) {
      await Promise.all(docs.slice(i, i + PARALLEL).map(handle));
    }
    count += docs.length;
    if (docs.length < PAGE) return count;
    after = docs[docs.length - 1];
  }
}

async function rotatePhoto(eventId: string, photo: PhotoRecord): Promise<void> {
  await Promise.all([
    rotateDownloadToken(photo.objectPath),
    photo.thumbPath ? rotateDownloadToken(photo.thumbPath) : null,
  ]);
  const ref = store().photos(eventId).doc(photo.id);
  await store().firestore.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) return;
    const [url, thumbUrl] = await Promise.all([
      currentDownloadUrl(current.objectPath),
      current.thumbPath ? currentDownloadUrl(current.thumbPath) : null,
    ]);
    const update = { url: url ?? '', thumbUrl: thumbUrl ?? '' };
    if (update.url !== current.url || update.thumbUrl !== current.thumbUrl) tx.update(ref, update);
  });
}

/** A photo feed line's thumbnails carry URLs copied from their photos: read them again. */
async function refreshFeedLine(eventId: string, id: string): Promise<void> {
  const ref = store().activity(eventId).doc(id);
  await store().firestore.runTransaction(async (tx) => {
    const line: ActivityRecord | undefined = (await tx.get(ref)).data();
    if (!line?.photos?.length) return;
    const photos = await Promise.all(
      line.photos.map(async (p) => ({ ...p, url: (await currentDownloadUrl(p.path)) ?? '' })),
    );
    if (photos.some((p, i) => p.url !== line.photos?.[i]?.url)) tx.update(ref, { photos });
  });
}
