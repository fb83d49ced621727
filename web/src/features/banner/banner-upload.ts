// Banner upload: one image, compressed in a web worker, stored under the event's banner folder,
// then made the custom banner by the API (which also removes the previous banner file).
import { compressImage } from '../photos/compression.ts';
import { ref, uploadBytesResumable } from 'firebase/storage';
import { BANNER_RESTRICTIONS } from '@gatherly/domain/upload';
import { API } from '@gatherly/domain/api/endpoints';
import { callApi } from '../../lib/api-client.ts';
import { loadStorage } from '../../lib/firebase.ts';
import { screenImageFiles } from '../../lib/image-files.ts';

/**
 * Why a banner upload failed, mapped to the toast descriptions by the caller (docs/product.md, "Dashboard"); `cause`
 * keeps the original failure (a Storage or API error) to tell a lost connection from the rest.
 */
export class BannerUploadError extends Error {
  constructor(
    readonly stage: 'rejected' | 'transfer' | 'save',
    message: string,
    readonly reason?: unknown,
  ) {
    super(message);
    this.name = 'BannerUploadError';
  }
}

export async function uploadBanner(
  eventId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<void> {
  const { messages } = await screenImageFiles([file], [], BANNER_RESTRICTIONS);
  if (messages[0]) throw new BannerUploadError('rejected', messages[0]);
  const objectPath = `events/${eventId}/banner/${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}.jpg`;
  try {
    const image = await compressImage(file, {
      maxWidthOrHeight: 2560,
      maxSizeMB: 3,
      fileType: 'image/jpeg',
    });
    const task = uploadBytesResumable(ref(await loadStorage(), objectPath), image, {
      contentType: 'image/jpeg',
    });
    await new Promise<void>((resolve, reject) => {
      task.on(
        'state_changed',
        (s) => onProgress(s.totalBytes ? (s.bytesTransferred / s.totalBytes) * 100 : 0),
        reject,
        () => resolve(),
      );
    });
  } catch (err) {
    throw new BannerUploadError('transfer', 'The banner image did not upload', err);
  }
  try {
    await callApi(API.setBannerPhoto, {
      params: { eventId },
      body: { filename: file.name, objectPath, setBanner: true },
    });
  } catch (err) {
    throw new BannerUploadError('save', 'The banner was uploaded but not saved', err);
  }
}
