// "Download all" / "Download selected" (docs/product.md, "Photos"): the function streams the
// zip behind a short-lived link, and the browser downloads it itself, so its download bar shows
// the progress and can cancel, and nothing is held in this page's memory.
import { useState } from 'react';
import { API } from '@gatherly/domain/api/endpoints';
import { MAX_ARCHIVE_SELECTION, type PhotoArchiveResponse } from '@gatherly/domain/photo-archive';
import { showToast } from '../../lib/toast-store.ts';
import { errorMessage } from '../../lib/api.ts';
import { callApi } from '../../lib/api-client.ts';
import { requireConnection } from '../../lib/offline/offline-toast.ts';
import { saveLink } from '../../lib/save-link.ts';

export function requestPhotoArchive(
  eventId: string,
  photoIds?: readonly string[],
): Promise<PhotoArchiveResponse> {
  return callApi(API.createPhotoArchive, {
    params: { eventId },
    body: photoIds ? { photoIds: [...photoIds] } : {},
  });
}

export function usePhotoDownload(eventId: string) {
  const [preparing, setPreparing] = useState(false);
  const download = async (photoIds?: readonly string[]) => {
    if (!requireConnection('Downloading photos')) return false;
    if (photoIds && photoIds.length > MAX_ARCHIVE_SELECTION) {
      showToast({
        title: 'Too many photos selected',
        description: `Choose at most ${MAX_ARCHIVE_SELECTION} photos, or download all of them.`,
        status: 'error',
      });
      return false;
    }
    setPreparing(true);
    try {
      const archive = await requestPhotoArchive(eventId, photoIds);
      saveLink(archive.url, archive.fileName);
      const count = `${archive.photoCount} ${archive.photoCount === 1 ? 'photo' : 'photos'}`;
      showToast({
        title: 'Download started',
        description: `${count} in ${archive.fileName}. Your browser shows the progress and can cancel it.`,
        status: 'success',
      });
      return true;
    } catch (err) {
      showToast({
        title: 'Download failed',
        description: errorMessage(err, 'Could not start the download. Please try again.'),
        status: 'error',
      });
      return false;
    } finally {
      setPreparing(false);
    }
  };
  return { preparing, download };
}
