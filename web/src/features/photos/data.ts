// Photo data for one event, read in bounded pieces (docs/performance.md, "Dashboard" and
// "Photos"): the banner's top photos, the newest few, cursor pages for the gallery, and the
// caller's votes on the photos shown only. Records, votes, the featured flag and deletions go
// through the API (they move stored counts).
import { useEffect, useMemo, useState } from 'react';
import {
  doc,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import { MAX_BANNER_SLIDES } from '@gatherly/domain/banner';
import type { CreatePhotoRequest } from '@gatherly/domain/entities';
import { apiRequest } from '../../lib/api.ts';
import { MAX_IN_VALUES, myVotesQuery, photoRef, photosRef } from '../../lib/db/refs.ts';
import type { PhotoDoc } from '../../lib/types.ts';

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
  error: Error | undefined;
  photos: PhotoDoc[];
}

function usePhotoQuery(q: Query<PhotoDoc, PhotoDoc>): PhotoListState {
  const res = useFirestoreCollectionData(q);
  return { loading: res.status === 'loading', error: res.error, photos: res.data ?? [] };
}

/**
 * The banner's photos in the banner's order (domain/src/banner.ts): featured first, then by
 * votes; the upload time breaks ties as the stable sort over all photos did.
 */
export function useBannerPhotos(eventId: string): PhotoListState {
  const db = useFirestore();
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
  const db = useFirestore();
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
 * Which of `photoIds` the caller voted for, live: one `in` listener per 30 ids, so the cost
 * follows the photos shown, not the caller's votes over the whole event.
 */
export function useMyVotes(
  eventId: string,
  uid: string,
  photoIds: readonly string[],
): ReadonlySet<string> {
  const db = useFirestore();
  // A stable key: the same ids in any order listen once.
  const key = useMemo(() => [...new Set(photoIds)].sort().join('\n'), [photoIds]);
  const [voted, setVoted] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: '',
    ids: new Set(),
  });
  useEffect(() => {
    const ids = key === '' ? [] : key.split('\n');
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += MAX_IN_VALUES)
      chunks.push(ids.slice(i, i + MAX_IN_VALUES));
    const byChunk: ReadonlySet<string>[] = chunks.map(() => new Set());
    const publish = () => setVoted({ key, ids: new Set(byChunk.flatMap((chunk) => [...chunk])) });
    const stops = chunks.map((chunk, index) =>
      onSnapshot(
        myVotesQuery(db, eventId, uid, chunk),
        (snap) => {
          byChunk[index] = new Set(snap.docs.map((d) => d.data().photoId));
          publish();
        },
        (err) => console.warn('Loading your votes failed', err),
      ),
    );
    if (chunks.length === 0) publish();
    return () => stops.forEach((stop) => stop());
  }, [db, eventId, uid, key]);
  return voted.key === key ? voted.ids : EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();

/** One photo read by its id (a deep link to a photo outside the loaded gallery pages). */
export type PhotoByIdState =
  { status: 'loading' } | { status: 'missing' } | { status: 'found'; photo: GalleryPhoto };

/**
 * The photo `photoId` of the event, live (one document listener, so a delete elsewhere shows at
 * once), with the caller's vote; null `photoId` reads nothing. Unknown, deleted and unreadable
 * photos are all `missing`: the viewer says so in a sentence.
 */
export function usePhotoById(eventId: string, uid: string, photoId: string | null): PhotoByIdState {
  const db = useFirestore();
  const [state, setState] = useState<{ id: string | null; doc: PhotoDoc | null | undefined }>({
    id: null,
    doc: undefined,
  });
  useEffect(() => {
    if (!photoId) return;
    return onSnapshot(
      photoRef(db, eventId, photoId),
      (snap) => setState({ id: photoId, doc: snap.data() ?? null }),
      (err) => {
        console.warn('Loading the photo failed', err);
        setState({ id: photoId, doc: null });
      },
    );
  }, [db, eventId, photoId]);
  const ids = useMemo(() => (photoId ? [photoId] : []), [photoId]);
  const voted = useMyVotes(eventId, uid, ids);
  if (!photoId || state.id !== photoId || state.doc === undefined) return { status: 'loading' };
  if (state.doc === null) return { status: 'missing' };
  return { status: 'found', photo: { ...state.doc, userVoted: voted.has(photoId) } };
}

/** The photos flagged with the caller's votes. */
export function withMyVotes(
  photos: readonly PhotoDoc[],
  voted: ReadonlySet<string>,
): GalleryPhoto[] {
  return photos.map((p) => ({ ...p, userVoted: voted.has(p.id) }));
}

/** Votes or takes the vote back: idempotent either way, so a busy answer is retried. */
export function togglePhotoVote(photo: Pick<GalleryPhoto, 'id' | 'userVoted'>): Promise<unknown> {
  return apiRequest(
    photo.userVoted ? 'DELETE' : 'POST',
    `/api/photos/${photo.id}/vote`,
    undefined,
    {
      idempotent: true,
    },
  );
}

/** Admins flag photos as featured through the function that keeps the featured count. */
export function setPhotoFeatured(photoId: string, isFeatured: boolean): Promise<unknown> {
  return apiRequest('PUT', `/api/photos/${photoId}/featured`, { isFeatured }, { idempotent: true });
}

/** The uploader or an admin deletes a photo (the function keeps the photo count). */
export function deletePhoto(photoId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/photos/${photoId}`);
}

export type NewPhotoRecord = CreatePhotoRequest & { size: number; contentType: string };

/** The record call's answer when the object is already recorded (docs/api.md). */
export const PHOTO_ALREADY_SAVED = 'This photo has already been saved';

/** One record per Storage object: sending it again is safe, so busy answers are retried. */
export function savePhotoRecord(eventId: string, record: NewPhotoRecord): Promise<unknown> {
  return apiRequest('POST', `/api/events/${eventId}/photos`, record, { idempotent: true });
}
