// A photo upload as the app makes it (web/src/features/photos/upload-pipeline.ts): the image,
// and the thumbnail when there is one, into the uploader's upload folders through the Storage
// SDK (its rules), then the record call POST /api/events/{id}/photos.
import {
  connectStorageEmulator,
  getStorage,
  ref as storageRef,
  uploadBytes,
} from 'firebase/storage';
import { uploadFolder } from '@gatherly/domain/upload';
import { API, HOST, STORAGE_PORT, api, type Guest } from './guests.ts';

export interface UploadImages {
  /** PNG bytes of the stored photo. */
  image: Buffer;
  /** PNG bytes of the grid thumbnail (none: recorded without one, as an old client did). */
  thumb?: Buffer;
}

/** What the record call answers that the benches use. */
export interface RecordedPhoto {
  id: string;
  url: string;
  thumbUrl: string;
}

export async function uploadPhoto(
  baseUrl: string,
  guest: Guest,
  eventId: string,
  name: string,
  images: UploadImages,
  extra: { caption: string; batchId?: string },
): Promise<RecordedPhoto> {
  const storage = getStorage(guest.app);
  connectStorageEmulator(storage, HOST, STORAGE_PORT);
  const metadata = { contentType: 'image/png' };
  const objectPath = `${uploadFolder(eventId, 'photos', guest.uid)}${name}.png`;
  const thumbPath = images.thumb ? `${uploadFolder(eventId, 'thumbs', guest.uid)}${name}.png` : '';
  if (images.thumb) await uploadBytes(storageRef(storage, thumbPath), images.thumb, metadata);
  await uploadBytes(storageRef(storage, objectPath), images.image, metadata);
  const res = await api<{ photo: RecordedPhoto }>(baseUrl, guest, 'POST', API.photos(eventId), {
    filename: `${name}.png`,
    objectPath,
    ...(thumbPath ? { thumbPath } : {}),
    caption: extra.caption,
    ...(extra.batchId ? { batchId: extra.batchId } : {}),
  });
  return { id: res.photo.id, url: res.photo.url, thumbUrl: res.photo.thumbUrl };
}
