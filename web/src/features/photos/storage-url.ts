// Download URLs for Storage objects, fetched once per path and shared by every image that
// shows it (a virtualised gallery remounts cards as it scrolls).
import { useEffect, useState } from 'react';
import { getDownloadURL, ref, type FirebaseStorage } from 'firebase/storage';
import { useStorage } from 'reactfire';

const cache = new Map<string, Promise<string>>();

export function downloadUrl(storage: FirebaseStorage, path: string): Promise<string> {
  let url = cache.get(path);
  if (!url) {
    url = getDownloadURL(ref(storage, path));
    // A failed lookup (object not there yet, network) may succeed later: do not cache it.
    url.catch(() => cache.delete(path));
    cache.set(path, url);
  }
  return url;
}

export interface DownloadUrlState {
  url: string | null;
  failed: boolean;
}

/** The download URL of `path` (null while loading or when path is empty). */
export function useDownloadUrl(path: string | null | undefined): DownloadUrlState {
  const storage = useStorage();
  const [state, setState] = useState<DownloadUrlState & { path: string | null }>({
    path: null,
    url: null,
    failed: false,
  });
  useEffect(() => {
    if (!path) return;
    let live = true;
    downloadUrl(storage, path).then(
      (url) => live && setState({ path, url, failed: false }),
      () => live && setState({ path, url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [storage, path]);
  if (!path || state.path !== path) return { url: null, failed: false };
  return { url: state.url, failed: state.failed };
}
