// The admins' banner actions: saving the banner settings (a direct write, queued offline) and
// uploading a banner image (online only; the compression library loads with the first upload).
import { useState } from 'react';
import { useDb } from '../../lib/live/index.ts';
import type { BannerSettings } from '@gatherly/domain/entities/events';
import { describeError, isConnectionFailure } from '../../lib/errors.ts';
import { commitWrite } from '../../lib/offline/commit-write.ts';
import { requireConnection, showQueuedToast } from '../../lib/offline/offline-toast.ts';
import { showToast } from '../../lib/toast-store.ts';
import { saveBannerSettings } from './data.ts';

/** Saves a change to the banner settings, toasting the outcome. */
export function useBannerSettingsUpdate(eventId: string, settings: BannerSettings) {
  const db = useDb();
  return async (change: Partial<BannerSettings>) => {
    try {
      const outcome = await commitWrite(db, () =>
        saveBannerSettings(db, eventId, { ...settings, ...change }),
      );
      if (outcome === 'queued') showQueuedToast('Banner settings updated!');
      else
        showToast({
          title: 'Banner settings updated!',
          description: 'Your banner configuration has been saved.',
          status: 'success',
        });
    } catch (err) {
      console.error('Banner settings failed', err);
      showToast({
        title: 'Error',
        description: 'Could not save the banner settings. Please try again.',
        status: 'error',
      });
    }
  };
}

/**
 * Uploads a banner image with its progress (null while idle); `onUploaded` runs once the new
 * banner is live (the banner shows its first slide, the new image).
 */
export function useBannerUpload(eventId: string, onUploaded: () => void) {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) {
      showToast({
        title: 'Upload failed',
        description: 'No file was uploaded successfully',
        status: 'error',
      });
      return;
    }
    if (!requireConnection('Uploading a banner')) return;
    setProgress(0);
    // The compression library loads with the first banner upload, not with the dashboard.
    let BannerUploadError: typeof import('./banner-upload.ts').BannerUploadError | null = null;
    try {
      const uploads = await import('./banner-upload.ts');
      BannerUploadError = uploads.BannerUploadError;
      await uploads.uploadBanner(eventId, file, setProgress);
      onUploaded();
      showToast({
        title: 'Banner updated successfully!',
        description: 'Your new banner image is now live',
        status: 'success',
      });
    } catch (err) {
      console.error('Banner upload failed', err);
      const failure = BannerUploadError && err instanceof BannerUploadError ? err : null;
      const reason = failure ? failure.reason : err;
      const description =
        failure?.stage === 'rejected'
          ? failure.message
          : isConnectionFailure(reason)
            ? 'Please check your connection and try again'
            : failure?.stage === 'save'
              ? 'No file was uploaded successfully'
              : describeError(reason, 'The image could not be uploaded. Please try another photo.');
      showToast({ title: 'Upload failed', description, status: 'error' });
    } finally {
      setProgress(null);
    }
  };
  return { progress, upload };
}
