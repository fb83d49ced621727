// One photo's way from the picker to the gallery: compress in a web worker, make a small grid
// thumbnail, upload both to Storage (the full image resumably), then ask the API to record it.
import { uploadFolder } from '@gatherly/domain/upload';
import { compressImage } from './compression.ts';
import { ref, uploadBytes, uploadBytesResumable, type UploadTask } from 'firebase/storage';
import { loadStorage } from '../../lib/firebase.ts';
import { ApiError } from '../../lib/api.ts';
import type { CreatePhotoRequest } from '@gatherly/domain/api/requests';
import { PHOTO_ALREADY_SAVED } from '@gatherly/domain/upload';
import { savePhotoRecord } from './data.ts';

/** Long edge of the stored photo and of the grid thumbnail, in pixels. */
const PHOTO_MAX_EDGE = 2560;
const THUMB_MAX_EDGE = 480;

export interface PipelineHooks {
  onPhase(phase: 'compressing' | 'uploading' | 'saving'): void;
  /**
   * The image and thumbnail are in Storage: the record that remains to be saved. Kept by the
   * queue, so a retry only sends the record again (nothing is uploaded twice or lost).
   */
  onStored(record: CreatePhotoRequest): void;
  onProgress(percent: number): void;
  /** The resumable task, so the caller can pause, resume or cancel it. */
  onTask(task: UploadTask): void;
}

export interface PipelineInput {
  eventId: string;
  uid: string;
  photoId: string;
  /** The upload batch (one Upload press): its photos share one activity line. */
  batchId: string;
  file: File;
  caption: string;
}

/** The upload folders (recording copies the files into the gallery's: docs/data-model.md). */
export function photoPaths(eventId: string, uid: string, photoId: string) {
  return {
    objectPath: `${uploadFolder(eventId, 'photos', uid)}${photoId}.jpg`,
    thumbPath: `${uploadFolder(eventId, 'thumbs', uid)}${photoId}.jpg`,
  };
}

export async function uploadPhoto(input: PipelineInput, hooks: PipelineHooks): Promise<void> {
  const { eventId, uid, photoId, batchId, file, caption } = input;
  const { objectPath, thumbPath } = photoPaths(eventId, uid, photoId);
  hooks.onPhase('compressing');
  const [photo, thumb] = await Promise.all([
    compressImage(file, {
      maxWidthOrHeight: PHOTO_MAX_EDGE,
      maxSizeMB: 4,
      initialQuality: 0.86,
      fileType: 'image/jpeg',
    }),
    compressImage(file, {
      maxWidthOrHeight: THUMB_MAX_EDGE,
      maxSizeMB: 0.08,
      fileType: 'image/jpeg',
    }),
  ]);
  hooks.onPhase('uploading');
  // Only uploads need the Storage SDK (screens show stored download URLs): it loads here.
  const storage = await loadStorage();
  const metadata = { contentType: 'image/jpeg' };
  await uploadBytes(ref(storage, thumbPath), thumb, metadata);
  const task = uploadBytesResumable(ref(storage, objectPath), photo, metadata);
  hooks.onTask(task);
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snap) =>
        hooks.onProgress(snap.totalBytes ? (snap.bytesTransferred / snap.totalBytes) * 100 : 0),
      reject,
      () => resolve(),
    );
  });
  const record: CreatePhotoRequest = {
    filename: file.name,
    objectPath,
    thumbPath,
    caption: caption.trim(),
    batchId,
  };
  hooks.onStored(record);
  hooks.onPhase('saving');
  await saveStoredPhoto(eventId, record);
}

/**
 * Records a photo already in Storage. The call is idempotent (one record per object), so a
 * busy server is asked again with backoff (lib/api.ts), and a record that a first, unanswered
 * call did save counts as saved.
 */
export async function saveStoredPhoto(eventId: string, record: CreatePhotoRequest): Promise<void> {
  try {
    await savePhotoRecord(eventId, record);
  } catch (err) {
    if (err instanceof ApiError && err.status === 409 && err.message === PHOTO_ALREADY_SAVED)
      return;
    throw err;
  }
}

/** Storage reports a cancelled task as an error with this code. */
export function isCancelled(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && 'code' in err && err.code === 'storage/canceled'
  );
}
