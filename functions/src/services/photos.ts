// Photos: records of uploaded images (tier limits), the gallery lists, votes and the event
// banner (docs/product.md, "Photos", "Dashboard").
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { error as logError } from 'firebase-functions/logger';
import type { VoteResponse } from '@gatherly/domain/api/responses';
import type { PhotoView } from '@gatherly/domain/entities/photos';
import { isBannerObjectPath } from '@gatherly/domain/event-settings';
import type { BannerPhotoValues, PhotoRecordValues } from '@gatherly/domain/schemas';
import { can } from '@gatherly/domain/roles';
import { photoSearchTokens } from '@gatherly/domain/search';
import {
  MAX_IMAGE_BYTES,
  PHOTO_ALREADY_SAVED,
  recordedPathOf,
  uploadFolder,
} from '@gatherly/domain/upload';
import { requireMember, requirePermission, type Located } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { DataAccess, PhotoRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';
import {
  copyNewObject,
  deleteObject,
  downloadUrl,
  objectInfo,
  type StoredObject,
} from '../storage.ts';
import { eventLimitReached, requireStorage, storedBytesOf, tierOfUser } from '../tiers.ts';
import { personSummary, userSummary } from '../users.ts';
import { photoAddedToBatch, photoRemovedFromBatch, writePhotoBatch } from './activity.ts';
import { takePhotoPlace, withPhotoCountChange, withPhotoPlace } from './photo-count.ts';
import { countVotes, foldInVote } from './votes.ts';

export const PHOTO_NOT_FOUND = 'Photo not found';

/** A photo in API form; its search tokens are an index, not part of the answer. */
export function photoView(photo: PhotoRecord, userVoted: boolean): PhotoView {
  const { searchTokens: _tokens, votesCountedAt: _counted, ...view } = apiShape(photo);
  return { ...view, voteCount: view.votes, userVoted };
}

/** The gallery newest first (or the featured photos), each with the caller's vote. */
export async function listPhotos(
  caller: Caller,
  eventId: string,
  featuredOnly: boolean,
): Promise<PhotoView[]> {
  await requireMember(caller, eventId);
  const photos = store().photos(eventId);
  const snap = await (
    featuredOnly ? photos.where('isFeatured', '==', true) : photos.orderBy('uploadedAt', 'desc')
  ).get();
  const records = snap.docs.map((d) => d.data());
  if (featuredOnly) records.sort((a, b) => b.uploadedAt.toMillis() - a.uploadedAt.toMillis());
  // Only existence is read here, so one untyped batch read serves every photo.
  const voteRefs = records.map((p) => store().votes(eventId, p.id).doc(caller.uid));
  const votes = voteRefs.length ? await db().getAll(...voteRefs) : [];
  const voted = new Set(votes.filter((v) => v.exists).map((v) => v.ref.parent.parent?.id));
  return records.map((p) => photoView(p, voted.has(p.id)));
}

const UPLOAD_NOT_FOUND = 'The uploaded file was not found in storage';

/** An uploaded object the caller may register: right folder, present in Storage, an image. */
async function requireUpload(path: string, folder: string): Promise<StoredObject> {
  if (
    !path.startsWith(folder) ||
    path.length === folder.length ||
    path.includes('..') ||
    path.includes('//')
  ) {
    throw badRequest(`objectPath must be a file under ${folder}`);
  }
  const info = await objectInfo(path);
  if (!info) throw badRequest(UPLOAD_NOT_FOUND);
  if (!info.contentType.startsWith('image/')) throw badRequest('You can only upload: image/*');
  if (info.size > MAX_IMAGE_BYTES)
    throw badRequest(`${path.split('/').pop() ?? path} exceeds maximum allowed size of 10 MB`);
  return info;
}

/**
 * Records a photo the caller uploaded to their own upload folders: once per object, within the
 * event creator's photo limit and the uploader's storage (original and thumbnail bytes). Size
 * and type come from Storage, not the body. The files are copied to the event's gallery folders
 * (no client writes there) before the record is written, so a record always has its files; the
 * uploads are deleted either way (a refused one too, so nothing uncounted stays). The feed line
 * of its upload batch (`batchId`; none: a batch of one) counts it in the same transaction.
 */
export async function recordPhoto(
  caller: Caller,
  eventId: string,
  input: PhotoRecordValues,
): Promise<PhotoRecord> {
  await requirePermission(caller, eventId, 'uploadPhotos');
  const objectPath = recordedPathOf(input.objectPath);
  const info = await requireUpload(
    input.objectPath,
    uploadFolder(eventId, 'photos', caller.uid),
  ).catch(async (err: unknown) => {
    // A retry of a record whose first answer was lost finds its upload moved into the gallery:
    // that counts as saved (the web app's retry relies on it).
    if (err instanceof HttpError && err.message === UPLOAD_NOT_FOUND) {
      if (await isRecorded(eventId, objectPath)) throw conflict(PHOTO_ALREADY_SAVED);
    }
    throw err;
  });
  const thumbInfo = input.thumbPath
    ? await requireUpload(input.thumbPath, uploadFolder(eventId, 'thumbs', caller.uid))
    : null;
  const thumbPath = input.thumbPath ? recordedPathOf(input.thumbPath) : '';
  const uploads = [input.objectPath, input.thumbPath].filter((p) => p !== '');
  const copies: string[] = [];
  const summary = await userSummary(caller);
  try {
    const files = [{ from: input.objectPath, to: objectPath, type: info.contentType }];
    if (thumbInfo)
      files.push({ from: input.thumbPath, to: thumbPath, type: thumbInfo.contentType });
    for (const { from, to, type } of files) {
      const copied = await copyNewObject(from, to, type);
      if (copied === 'exists') throw conflict(PHOTO_ALREADY_SAVED);
      if (copied === 'missing') throw badRequest(UPLOAD_NOT_FOUND);
      copies.push(to);
    }
    const [url, thumbUrl] = await Promise.all([
      downloadUrl(objectPath),
      thumbPath ? downloadUrl(thumbPath) : '',
    ]);
    const ref = store().photos(eventId).doc();
    const photo: PhotoRecord = {
      id: ref.id,
      eventId,
      uploadedBy: caller.uid,
      uploadedByUser: personSummary(summary),
      filename: input.filename,
      objectPath,
      thumbPath,
      url,
      thumbUrl,
      caption: input.caption,
      size: info.size,
      thumbSize: thumbInfo?.size ?? 0,
      contentType: info.contentType,
      votes: 0,
      isFeatured: false,
      uploadedAt: Timestamp.now(),
      searchTokens: photoSearchTokens(input.caption, summary.displayName),
      ...(input.batchId ? { batchId: input.batchId } : {}),
    };
    // The count and cap in shards (photo-count.ts): `choice` is the shard this attempt writes.
    await withPhotoPlace(eventId, async (tx, choice) => {
      const { event } = await requirePermission(caller, eventId, 'uploadPhotos', { tx });
      const duplicate = await tx.get(
        store().photos(eventId).where('objectPath', '==', objectPath).limit(1),
      );
      if (!duplicate.empty) throw conflict(PHOTO_ALREADY_SAVED);
      const eventTier = await tierOfUser(event.createdBy, tx);
      const limit = eventTier.maxPhotosPerEvent;
      const place = await takePhotoPlace(tx, eventId, limit, choice);
      if (place.kind === 'retry') return 'retry';
      if (place.kind === 'full') {
        throw eventLimitReached(
          limit,
          { what: 'photos per event', more: 'more photos' },
          eventTier,
          caller.uid === event.createdBy,
        );
      }
      const uploaderTier = await tierOfUser(caller.uid, tx);
      requireStorage(
        await storedBytesOf(caller.uid, tx),
        info.size + (thumbInfo?.size ?? 0),
        uploaderTier,
      );
      const feed = await photoAddedToBatch(tx, photo);
      // "Approve photos before they appear on the wall" holds it back (services/wall-feed.ts).
      photo.wallState = event.wallSettings?.approveFirst ? 'pending' : 'shown';
      // Stamped at the commit's attempt, not at `uploadedAt` (before the files were copied): an
      // open wall asks for changes since a few seconds ago, and a record slower than that
      // would otherwise never reach it (services/wall-feed.ts).
      photo.wallAt = Timestamp.now();
      tx.create(ref, photo);
      place.write();
      writePhotoBatch(tx, feed);
      return 'recorded';
    });
    await deleteQuietly(uploads);
    return photo;
  } catch (err) {
    // A copy without its record would be stored but never counted.
    await deleteQuietly(copies);
    if (err instanceof HttpError && err.status === 403) await deleteQuietly(uploads);
    throw err;
  }
}

/** Whether a photo of the event records `objectPath` (a gallery path). */
async function isRecorded(eventId: string, objectPath: string): Promise<boolean> {
  const found = await store().photos(eventId).where('objectPath', '==', objectPath).limit(1).get();
  return !found.empty;
}

/** Deletes objects whose deletion may fail without failing the request (the sweep retries). */
async function deleteQuietly(paths: readonly string[]): Promise<void> {
  try {
    await Promise.all(paths.map((p) => deleteObject(p)));
  } catch (err) {
    logError('Deleting uploaded files failed', err);
  }
}

/**
 * Votes (or takes the vote back) on a located photo. Idempotent. Only the caller's own vote
 * document is written, so votes on one popular photo never queue on a shared document; the
 * photo's `votes` is folded in at most once per 1.2 s (votes.ts): by this transaction on a quiet
 * photo, else by the trigger within about a second. The answer's `voteCount` is the vote
 * documents counted after the change.
 * Unknown ids and photos of other people's events answer the same 404.
 */
export async function votePhoto(
  caller: Caller,
  located: Located,
  on: boolean,
): Promise<VoteResponse> {
  const { eventId, id: photoId } = located;
  const voteRef = store().votes(eventId, photoId).doc(caller.uid);
  const folded = await db().runTransaction(async (tx) => {
    await requirePermission(caller, eventId, 'votePhotos', { tx, notFound: PHOTO_NOT_FOUND });
    const [photoSnap, voteSnap] = await Promise.all([
      tx.get(store().photos(eventId).doc(photoId)),
      tx.get(voteRef),
    ]);
    const photo = photoSnap.data();
    if (!photo) throw notFound(PHOTO_NOT_FOUND);
    const change = on && !voteSnap.exists ? 1 : !on && voteSnap.exists ? -1 : 0;
    const count = await foldInVote(tx, eventId, photoSnap.ref, photo, change);
    if (change > 0) {
      tx.create(voteRef, {
        id: caller.uid,
        eventId,
        photoId,
        userId: caller.uid,
        votedAt: Timestamp.now(),
      });
    } else if (change < 0) {
      tx.delete(voteRef);
    }
    return count;
  });
  return { voteCount: folded ?? (await countVotes(eventId, photoId)), userVoted: on };
}

/**
 * Features a located photo or takes it off the featured set (admins), moving the featured
 * count (photo-count.ts) in the same transaction. Setting the current value changes nothing.
 */
export async function setPhotoFeatured(
  caller: Caller,
  located: Located,
  isFeatured: boolean,
): Promise<PhotoRecord> {
  const { eventId, id: photoId } = located;
  const ref = store().photos(eventId).doc(photoId);
  return withPhotoCountChange(eventId, { total: 0, featured: isFeatured ? 0 : 1 }, async (tx) => {
    await requirePermission(caller, eventId, 'featurePhotos', { tx, notFound: PHOTO_NOT_FOUND });
    const photo = (await tx.get(ref)).data();
    if (!photo) throw notFound(PHOTO_NOT_FOUND);
    const changes = photo.isFeatured !== isFeatured;
    return {
      change: {
        addFeatured: changes && isFeatured ? 1 : 0,
        remove: { total: 0, featured: changes && !isFeatured ? 1 : 0 },
      },
      write: () => {
        // wallAt: an open photo wall picks the change up (services/wall-feed.ts).
        if (changes) tx.update(ref, { isFeatured, wallAt: Timestamp.now() });
      },
      result: { ...photo, isFeatured },
    };
  });
}

/** The photo if the caller may delete it: its uploader or an admin (else 403; gone: 404). */
async function requireDeletable(
  caller: Caller,
  { eventId, id: photoId }: Located,
  tx: Transaction,
): Promise<PhotoRecord> {
  const { role } = await requireMember(caller, eventId, { tx, notFound: PHOTO_NOT_FOUND });
  const found = (await tx.get(store().photos(eventId).doc(photoId))).data();
  if (!found) throw notFound(PHOTO_NOT_FOUND);
  if (found.uploadedBy !== caller.uid && !can(role, 'deleteAnyPhoto')) {
    throw forbidden('Only the uploader or event admins can delete this photo');
  }
  return found;
}

export const PHOTO_DELETE_FAILED = 'The photo could not be deleted right now. Please try again.';

/**
 * Deletes a located photo (its uploader or admins): its image and thumbnail in Storage and its
 * votes first, then the record, the votes cast meanwhile, the counters and its batch's feed line
 * in one transaction.
 * In that order a failure part-way leaves the record in place, so deleting again finishes the
 * job (deleting a missing object or vote is a no-op); the other way round a failure would leave
 * files and votes no request could reach. A second delete of the same photo answers 404.
 */
export async function deletePhoto(caller: Caller, located: Located): Promise<void> {
  const { eventId, id: photoId } = located;
  const photo = await db().runTransaction((tx) => requireDeletable(caller, located, tx));
  try {
    await Promise.all([
      deleteObject(photo.objectPath),
      photo.thumbPath ? deleteObject(photo.thumbPath) : null,
    ]);
    await db().recursiveDelete(store().votes(eventId, photoId));
  } catch (err) {
    logError("Deleting a photo's files or votes failed", err);
    throw new HttpError(503, PHOTO_DELETE_FAILED);
  }
  await withPhotoCountChange(
    eventId,
    { total: 1, featured: photo.isFeatured ? 1 : 0 },
    async (tx) => {
      const found = await requireDeletable(caller, located, tx);
      // Votes cast after the sweep above (the photo was still there to vote on).
      const late = await tx.get(store().votes(eventId, photoId));
      const feed = await photoRemovedFromBatch(tx, found);
      return {
        change: { addFeatured: 0, remove: { total: 1, featured: found.isFeatured ? 1 : 0 } },
        write: () => {
          tx.delete(store().photos(eventId).doc(photoId));
          for (const vote of late.docs) tx.delete(vote.ref);
          writePhotoBatch(tx, feed);
        },
        result: undefined,
      };
    },
  );
}

/**
 * Makes an uploaded banner image the event's banner (`setBanner`), or clears it if it was this
 * image; the image no longer referenced is deleted from Storage.
 */
export async function setBannerPhoto(
  caller: Caller,
  eventId: string,
  input: BannerPhotoValues,
): Promise<void> {
  await requirePermission(caller, eventId, 'manageBanner');
  if (!isBannerObjectPath(eventId, input.objectPath)) {
    throw badRequest(`objectPath must be a file under events/${eventId}/banner/`);
  }
  if (input.setBanner) await requireUpload(input.objectPath, `events/${eventId}/banner/`);
  const previous = await db().runTransaction(async (tx) => {
    const { event } = await requirePermission(caller, eventId, 'manageBanner', { tx });
    const current = event.bannerSettings.customBannerImage;
    const ref = store().event(eventId);
    if (input.setBanner) {
      tx.update(ref, { 'bannerSettings.customBannerImage': input.objectPath });
    } else if (current === input.objectPath) {
      tx.update(ref, { 'bannerSettings.customBannerImage': null });
    }
    return current;
  });
  await refreshBannerImageUrl(eventId);
  const unused = input.setBanner ? previous : input.objectPath;
  if (unused && unused !== (input.setBanner ? input.objectPath : null)) {
    if (isBannerObjectPath(eventId, unused)) await deleteObject(unused);
  }
}

/**
 * Makes `bannerImageUrl` the download URL of the event's current `customBannerImage` (null when
 * none, or when the object is not in Storage). Idempotent: called after the banner function's
 * write and by a trigger after settings writes that change the image (rules let admins set it).
 */
export async function refreshBannerImageUrl(
  eventId: string,
  access: DataAccess = store(),
): Promise<void> {
  const ref = access.event(eventId);
  const path = (await ref.get()).data()?.bannerSettings.customBannerImage ?? null;
  const url = path && (await objectInfo(path)) ? await downloadUrl(path) : null;
  await access.firestore.runTransaction(async (tx) => {
    const event = (await tx.get(ref)).data();
    // Gone, or the image changed meanwhile (the write after it refreshes again).
    if (!event || event.bannerSettings.customBannerImage !== path) return;
    if (event.bannerImageUrl !== url) tx.update(ref, { bannerImageUrl: url });
  });
}
