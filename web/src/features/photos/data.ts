// Live photo data for one event: the photo documents, the caller's own votes, and the API
// calls that change them (records, votes and featured flags are server- or admin-owned).
import { useMemo } from 'react';
import { doc, orderBy, query, updateDoc, type Firestore } from 'firebase/firestore';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import type { CreatePhotoRequest } from '@gatherly/domain/entities';
import { apiRequest } from '../../lib/api.ts';
import { myVotesQuery, photoRef, photosRef } from '../../lib/db/refs.ts';
import type { PhotoDoc } from '../../lib/types.ts';

/** A photo as the screens show it: the document plus whether the caller voted for it. */
export interface GalleryPhoto extends PhotoDoc {
  userVoted: boolean;
}

export function photosQuery(db: Firestore, eventId: string) {
  return query(photosRef(db, eventId), orderBy('uploadedAt', 'desc'));
}

/** A fresh photo id, minted locally so the upload can use it in its Storage paths. */
export function newPhotoId(db: Firestore, eventId: string): string {
  return doc(photosRef(db, eventId)).id;
}

export interface PhotosState {
  loading: boolean;
  error: Error | undefined;
  photos: GalleryPhoto[];
}

/** Every photo of the event, newest first, each flagged with the caller's vote. */
export function useEventPhotos(eventId: string, uid: string): PhotosState {
  const db = useFirestore();
  const photos = useFirestoreCollectionData(photosQuery(db, eventId));
  const votes = useFirestoreCollectionData(myVotesQuery(db, eventId, uid));
  const data = photos.data;
  const voteDocs = votes.data;
  const merged = useMemo(() => {
    const voted = new Set((voteDocs ?? []).map((v) => v.photoId));
    return (data ?? []).map((p) => ({ ...p, userVoted: voted.has(p.id) }));
  }, [data, voteDocs]);
  return {
    loading: photos.status === 'loading',
    error: photos.error ?? votes.error,
    photos: merged,
  };
}

export function togglePhotoVote(photo: Pick<GalleryPhoto, 'id' | 'userVoted'>): Promise<unknown> {
  return apiRequest(photo.userVoted ? 'DELETE' : 'POST', `/api/photos/${photo.id}/vote`);
}

/** Admins flag photos as featured directly; the rules allow exactly this one-field write. */
export function setPhotoFeatured(
  db: Firestore,
  eventId: string,
  photoId: string,
  isFeatured: boolean,
): Promise<void> {
  return updateDoc(photoRef(db, eventId, photoId), { isFeatured });
}

export type NewPhotoRecord = CreatePhotoRequest & { size: number; contentType: string };

export function savePhotoRecord(eventId: string, record: NewPhotoRecord): Promise<unknown> {
  return apiRequest('POST', `/api/events/${eventId}/photos`, record);
}

/** Case-insensitive match over caption and uploader name, as the gallery search promises. */
export function filterPhotos(
  photos: readonly GalleryPhoto[],
  filter: 'all' | 'featured',
  search: string,
): GalleryPhoto[] {
  const needle = search.trim().toLowerCase();
  return photos.filter((p) => {
    if (filter === 'featured' && !p.isFeatured) return false;
    if (!needle) return true;
    return (
      p.caption.toLowerCase().includes(needle) ||
      p.uploadedByUser.displayName.toLowerCase().includes(needle)
    );
  });
}
