import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import type {
  Photo,
  PhotoView,
  PhotosResponse,
  PhotoVote,
  VoteResponse,
} from '@gatherly/domain/entities';
import { bannerPhotoSchema, photoRecordSchema } from '@gatherly/domain/schemas';
import { eventRef, requireMember, requirePermission } from '../access.ts';
import type { AuthUser } from '../auth.ts';
import { db } from '../firebase.ts';
import { HttpError, badRequest, conflict, notFound } from '../http.ts';
import type { Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { deleteObject, objectInfo } from '../storage.ts';
import {
  countOf,
  photosUploadedBy,
  requireStorage,
  requireWithin,
  sumOf,
  tierOfUser,
} from '../tiers.ts';
import { personSummary, userSummary } from '../users.ts';
import { validateBody } from '../validate.ts';
import { eventView, isBannerPath } from './events.ts';

type PhotoDoc = Omit<Photo<Timestamp>, 'id'> & { id: string };

/** Per-file cap of the upload rules (spec §5), re-checked against the stored object. */
export const MAX_PHOTO_BYTES = 10485760;

function photoView(data: PhotoDoc, userVoted: boolean): PhotoView {
  const photo = apiShape<Photo>(data);
  return { ...photo, voteCount: photo.votes, userVoted };
}

async function photoList(
  eventId: string,
  uid: string,
  featuredOnly: boolean,
): Promise<PhotosResponse> {
  await requireMember(eventId, uid);
  let query = eventRef(eventId).collection('photos').orderBy('uploadedAt', 'desc');
  if (featuredOnly) query = eventRef(eventId).collection('photos').where('isFeatured', '==', true);
  const snap = await query.get();
  const docs = snap.docs.map((d) => d.data() as PhotoDoc);
  if (featuredOnly) docs.sort((a, b) => b.uploadedAt.toMillis() - a.uploadedAt.toMillis());
  const voteRefs = snap.docs.map((d) => d.ref.collection('votes').doc(uid));
  const votes = voteRefs.length ? await db().getAll(...voteRefs) : [];
  const voted = new Set(votes.filter((v) => v.exists).map((v) => v.ref.parent.parent?.id));
  return { photos: docs.map((d) => photoView(d, voted.has(d.id))) };
}

/** Photos are addressed by id alone; each carries its id so a collection-group query finds it. */
async function findPhoto(photoId: string): Promise<{ ref: DocumentReference; eventId: string }> {
  const snap = await db().collectionGroup('photos').where('id', '==', photoId).limit(1).get();
  const doc = snap.docs[0];
  const eventId = doc?.ref.parent.parent?.id;
  if (!doc || !eventId) throw notFound('Photo not found');
  return { ref: doc.ref, eventId };
}

async function vote(user: AuthUser, photoId: string, on: boolean): Promise<VoteResponse> {
  const { ref, eventId } = await findPhoto(photoId);
  return db().runTransaction(async (tx) => {
    await requirePermission(eventId, user.uid, 'votePhotos', tx);
    const voteRef = ref.collection('votes').doc(user.uid);
    const [photoSnap, voteSnap] = await Promise.all([tx.get(ref), tx.get(voteRef)]);
    const photo = photoSnap.data() as PhotoDoc | undefined;
    if (!photo) throw notFound('Photo not found');
    const votes = typeof photo.votes === 'number' ? photo.votes : 0;
    // Idempotent: voting twice or unvoting without a vote changes nothing.
    if (on && !voteSnap.exists) {
      const doc: PhotoVote<Timestamp> = {
        eventId,
        photoId,
        userId: user.uid,
        votedAt: Timestamp.now(),
      };
      tx.create(voteRef, doc);
      tx.update(ref, { votes: votes + 1 });
      return { voteCount: votes + 1, userVoted: true };
    }
    if (!on && voteSnap.exists) {
      tx.delete(voteRef);
      tx.update(ref, { votes: Math.max(0, votes - 1) });
      return { voteCount: Math.max(0, votes - 1), userVoted: false };
    }
    return { voteCount: votes, userVoted: on };
  });
}

/** An uploaded object the caller may register: right folder, present in Storage, an image. */
async function requireUpload(path: string, folder: string) {
  if (
    !path.startsWith(folder) ||
    path.length === folder.length ||
    path.includes('..') ||
    path.includes('//')
  ) {
    throw badRequest(`objectPath must be a file under ${folder}`);
  }
  const info = await objectInfo(path);
  if (!info) throw badRequest('The uploaded file was not found in storage');
  if (!info.contentType.startsWith('image/')) throw badRequest('You can only upload: image/*');
  if (info.size > MAX_PHOTO_BYTES)
    throw badRequest(`${path.split('/').pop() ?? path} exceeds maximum allowed size of 10 MB`);
  return info;
}

export const photoRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/events/:eventId/photos',
    async handle({ user, params }) {
      return { body: await photoList(params.eventId as string, user.uid, false) };
    },
  },
  {
    method: 'GET',
    pattern: '/events/:eventId/photos/featured',
    async handle({ user, params }) {
      return { body: await photoList(params.eventId as string, user.uid, true) };
    },
  },
  {
    method: 'POST',
    pattern: '/events/:eventId/photos',
    async handle({ user, params, body }) {
      const eventId = params.eventId as string;
      const input = validateBody(photoRecordSchema, body);
      await requirePermission(eventId, user.uid, 'uploadPhotos');
      const info = await requireUpload(input.objectPath, `events/${eventId}/photos/${user.uid}/`);
      if (input.thumbPath)
        await requireUpload(input.thumbPath, `events/${eventId}/thumbs/${user.uid}/`);
      const summary = await userSummary(user);
      const ref = eventRef(eventId).collection('photos').doc();
      const photo: PhotoDoc = {
        id: ref.id,
        eventId,
        uploadedBy: user.uid,
        uploadedByUser: personSummary(summary),
        filename: input.filename,
        objectPath: input.objectPath,
        thumbPath: input.thumbPath,
        caption: input.caption,
        size: info.size,
        contentType: info.contentType,
        votes: 0,
        isFeatured: false,
        uploadedAt: Timestamp.now(),
      };
      try {
        await db().runTransaction(async (tx) => {
          const { event } = await requirePermission(eventId, user.uid, 'uploadPhotos', tx);
          const duplicate = await tx.get(
            eventRef(eventId)
              .collection('photos')
              .where('objectPath', '==', input.objectPath)
              .limit(1),
          );
          if (!duplicate.empty) throw conflict('This photo has already been saved');
          const eventTier = await tierOfUser(event.createdBy, tx);
          const photos = await countOf(eventRef(eventId).collection('photos'), tx);
          requireWithin(photos, eventTier.maxPhotosPerEvent, 'photos per event', eventTier);
          const uploaderTier = await tierOfUser(user.uid, tx);
          requireStorage(
            await sumOf(photosUploadedBy(user.uid), 'size', tx),
            info.size,
            uploaderTier,
          );
          tx.create(ref, photo);
        });
      } catch (err) {
        // A file that can never be registered would be orphaned: remove it.
        if (err instanceof HttpError && err.status === 403) {
          await Promise.all([
            deleteObject(input.objectPath),
            input.thumbPath ? deleteObject(input.thumbPath) : null,
          ]);
        }
        throw err;
      }
      return { status: 201, body: { photo: photoView(photo, false) } };
    },
  },
  {
    method: 'POST',
    pattern: '/photos/:photoId/vote',
    async handle({ user, params }) {
      return { body: await vote(user, params.photoId as string, true) };
    },
  },
  {
    method: 'DELETE',
    pattern: '/photos/:photoId/vote',
    async handle({ user, params }) {
      return { body: await vote(user, params.photoId as string, false) };
    },
  },
  {
    method: 'POST',
    pattern: '/events/:eventId/banner-photo',
    async handle({ user, params, body }) {
      const eventId = params.eventId as string;
      const input = validateBody(bannerPhotoSchema, body);
      await requirePermission(eventId, user.uid, 'manageBanner');
      if (!isBannerPath(eventId, input.objectPath)) {
        throw badRequest(`objectPath must be a file under events/${eventId}/banner/`);
      }
      if (input.setBanner) await requireUpload(input.objectPath, `events/${eventId}/banner/`);
      const previous = await db().runTransaction(async (tx) => {
        const { event } = await requirePermission(eventId, user.uid, 'manageBanner', tx);
        const current = event.bannerSettings?.customBannerImage ?? null;
        if (input.setBanner) {
          tx.update(eventRef(eventId), { 'bannerSettings.customBannerImage': input.objectPath });
        } else if (current === input.objectPath) {
          tx.update(eventRef(eventId), { 'bannerSettings.customBannerImage': null });
        }
        return current;
      });
      // The replaced (or removed) banner file is no longer referenced anywhere.
      const unused = input.setBanner ? previous : input.objectPath;
      if (
        unused &&
        unused !== (input.setBanner ? input.objectPath : null) &&
        isBannerPath(eventId, unused)
      ) {
        await deleteObject(unused);
      }
      return { body: { event: await eventView(eventId, user.uid) } };
    },
  },
];
