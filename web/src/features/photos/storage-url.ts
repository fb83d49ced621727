// Download URLs for Storage objects, fetched once per path and shared by every image that
// shows it (a virtualised gallery remounts cards as it scrolls).
import { useEffect, useState } from 'react';
import { getDownloadURL, ref, type FirebaseStorage } from 'firebase/storage';
import { useStorage } from 'reactfire';

const cache = new Map<string, Promise<string>>();
/** URLs already known, so a card remounted by the virtual grid paints its image at once. */
const resolved = new Map<string, string>();

export function downloadUrl(storage: FirebaseStorage, path: string): Promise<string> {
  let url = cache.get(path);
  if (!url) {
    url = getDownloadURL(ref(storage, path));
    url.then(
      (u) => resolved.set(path, u),
      // A failed lookup (object not there yet, network) may succeed later: do not cache it.
      () => cache.delete(path),
    );
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
  const [state, setState] = useState<DownloadUrlState & { path: string | null }>(() => ({
    path: path ?? null,
    url: path ? (resolved.get(path) ?? null) : null,
    failed: false,
  }));
  useEffect(() => {
    if (!path) return;
    let live = true;
    downloadUrl(storage, path).then(
      // Same URL as the initial state: returning prev skips the re-render.
      (url) =>
        live &&
        setState((prev) =>
          prev.path === path && prev.url === url ? prev : { path, url, failed: false },
        ),
      () => live && setState({ path, url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [storage, path]);
  if (!path || state.path !== path) return { url: null, failed: false };
  return { url: state.url, failed: state.failed };
}
