import { useCallback, useState } from 'react';
import { showToast } from '../../lib/toast-store.ts';
import { describeError } from '../../lib/errors.ts';
import { isNoConnection, requireConnection } from '../../lib/offline/offline-toast.ts';
import { setPhotoFeatured, togglePhotoVote, type GalleryPhoto } from './data.ts';

/** Vote toggling (one request per photo at a time) and the admins' featured flag. */
export function usePhotoActions() {
  const [voting, setVoting] = useState<ReadonlySet<string>>(new Set());

  const vote = useCallback(async (photo: GalleryPhoto) => {
    if (!requireConnection('Voting')) return;
    setVoting((s) => new Set(s).add(photo.id));
    try {
      await togglePhotoVote(photo);
    } catch (err) {
      // Vote errors are not surfaced (docs/product.md, "Photos"): the live counter stays truthful.
      // A lost connection is the exception: the person can do something about it.
      console.error('Vote failed', err);
      if (isNoConnection(err)) requireConnection('Voting');
    } finally {
      setVoting((s) => {
        const next = new Set(s);
        next.delete(photo.id);
        return next;
      });
    }
  }, []);

  // The featured flag moves the featured count: the function does it (needs the server).
  const toggleFeatured = useCallback(async (photo: GalleryPhoto) => {
    if (!requireConnection('Featuring a photo')) return;
    try {
      await setPhotoFeatured(photo, !photo.isFeatured);
    } catch (err) {
      console.error('Featured toggle failed', err);
      showToast({
        title: 'Error',
        description: describeError(err, 'Could not update the featured photo. Please try again.'),
        status: 'error',
      });
    }
  }, []);

  return { voting, vote, toggleFeatured };
}
