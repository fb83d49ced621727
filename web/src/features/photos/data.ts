// Photo data for one event, read in bounded pieces (docs/performance.md, "Dashboard" and
// "Photos"): the banner's top photos, the newest few, cursor pages for the gallery, and the
// caller's votes on the photos shown only. Records, votes, the featured flag and deletions go
// through the API (they move stored counts).
import { useMemo } from 'react';
import {
  doc,
  limit,
  orderBy,
  query,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { MAX_BANNER_SLIDES } from '@gatherly/domain/banner';
import { API } from '@gatherly/domain/api/endpoints';
import type { CreatePhotoRequest } from '@gatherly/domain/api/requests';
import { callApi } from '../../lib/api-client.ts';
import { myVotesQuery, photoRef, photosRef } from '../../lib/db/refs.ts';
import { useDb, useLiveDocs, useLiveDocsIn, useLiveQuery } from '../../lib/live/index.ts';
import type { PhotoDoc, PhotoVoteDoc } from '../../lib/types.ts';

/** A photo as the screens show it: the document plus whether the caller voted for it. */
export interface GalleryPhoto extends PhotoDoc {
  userVoted: boolean;
}

/** A fresh photo id, minted locally so the upload can use it in its Storage paths. */
export function newPhotoId(db: Firestore, eventId: string): string {
  return doc(photosRef(db, eventId)).id;
}

export interface PhotoListState {
  loading: boolean;
  photos: PhotoDoc[];
}

function usePhotoQuery(q: Query<PhotoDoc, PhotoDoc>): PhotoListState {
  const res = useLiveQuery(q);
  return { loading: res.loading, photos: res.data };
}

/**
 * The banner's photos in the banner's order (domain/src/banner.ts): featured first, then by
 * votes; the upload time breaks ties as the stable sort over all photos did.
 */
export function useBannerPhotos(eventId: string): PhotoListState {
  const db = useDb();
  return usePhotoQuery(
    query(
      photosRef(db, eventId),
      orderBy('isFeatured', 'desc'),
      orderBy('votes', 'desc'),
      orderBy('uploadedAt', 'desc'),
      limit(MAX_BANNER_SLIDES),
    ),
  );
}

/** The `max` newest photos (the dashboard's gallery preview). */
export function useRecentPhotos(eventId: string, max: number): PhotoListState {
  const db = useDb();
  return usePhotoQuery(query(photosRef(db, eventId), orderBy('uploadedAt', 'desc'), limit(max)));
}

/**
 * The gallery's ordered query (no limit or cursor: usePagedQuery pages it): newest first,
 * optionally featured only and/or holding a search token.
 */
export function galleryQuery(
  db: Firestore,
  eventId: string,
  options: { featured: boolean; token: string | null },
): Query<PhotoDoc, PhotoDoc> {
  const constraints: QueryConstraint[] = [];
  if (options.token !== null)
    constraints.push(where('searchTokens', 'array-contains', options.token));
  if (options.featured) constraints.push(where('isFeatured', '==', true));
  constraints.push(orderBy('uploadedAt', 'desc'));
  return query(photosRef(db, eventId), ...constraints);
}

/**
 * Which of `photoIds` the caller voted for, live: one `in` listener per 30 ids (the layer's
 * useLiveDocsIn), so the cost follows the photos shown, not the caller's votes over the whole
 * event.
 */
export function useMyVotes(
  eventId: string,
  uid: string,
  photoIds: readonly string[],
): ReadonlySet<string> {
  const db = useDb();
  const { docs } = useLiveDocsIn(myVotesQuery(db, eventId, uid), 'photoId', photoIds, photoIdOf);
  return useMemo(() => new Set(docs.keys()), [docs]);
}

const photoIdOf = (vote: QueryDocumentSnapshot<PhotoVoteDoc>) => vote.data().photoId;

/** One photo read by its id (a deep link to a photo outside the loaded gallery pages). */
export type PhotoByIdState =
  { status: 'loading' } | { status: 'missing' } | { status: 'found'; photo: GalleryPhoto };

/**
 * The photo `photoId` of the event, live (one document listener, so a delete elsewhere shows at
 * once), with the caller's vote; null `photoId` reads nothing. Unknown, deleted and unreadable
 * photos are all `missing`: the viewer says so in a sentence.
 */
export function usePhotoById(eventId: string, uid: string, photoId: string | null): PhotoByIdState {
  const db = useDb();
  const refs = useMemo(
    () => (photoId ? [photoRef(db, eventId, photoId)] : []),
    [db, eventId, photoId],
  );
  const docs = useLiveDocs(refs);
  const state = refs[0] && docs.get(refs[0].path);
  const ids = useMemo(() => (photoId ? [photoId] : []), [photoId]);
  const voted = useMyVotes(eventId, uid, ids);
  if (!photoId || !state) return { status: 'loading' };
  if (state.kind !== 'exists') return { status: 'missing' };
  return { status: 'found', photo: { ...state.data, userVoted: voted.has(photoId) } };
}

/** The photos flagged with the caller's votes. */
export function withMyVotes(
  photos: readonly PhotoDoc[],
  voted: ReadonlySet<string>,
): GalleryPhoto[] {
  return photos.map((p) => ({ ...p, userVoted: voted.has(p.id) }));
}

/** A photo as the API addresses it: inside its event. */
type PhotoAddress = Pick<GalleryPhoto, 'eventId' | 'id'>;
const photoParams = (photo: PhotoAddress) => ({ eventId: photo.eventId, photoId: photo.id });

export function togglePhotoVote(photo: PhotoAddress & Pick<GalleryPhoto, 'userVoted'>) {
  return callApi(photo.userVoted ? API.unvotePhoto : API.votePhoto, {
    params: photoParams(photo),
  });
}

/** Admins flag photos as featured through the function that keeps the featured count. */
export function setPhotoFeatured(photo: PhotoAddress, isFeatured: boolean): Promise<unknown> {
  return callApi(API.setPhotoFeatured, { params: photoParams(photo), body: { isFeatured } });
}

/** The uploader or an admin deletes a photo (the function keeps the photo count). */
export function deletePhoto(photo: PhotoAddress): Promise<unknown> {
  return callApi(API.deletePhoto, { params: photoParams(photo) });
}

/** Records an uploaded photo; the function reads its size and type from Storage itself. */
export function savePhotoRecord(eventId: string, record: CreatePhotoRequest): Promise<unknown> {
  return callApi(API.recordPhoto, { params: { eventId }, body: record });
}
