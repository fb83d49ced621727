import { useState } from 'react';

/**
 * Whether the image at `url` failed to load, and the `onError` handler that says so. Images come
 * from download URLs stored on their documents (docs/decisions.md, "Stored image URLs"); an empty
 * URL (a document written before they were) counts as failed.
 */
export function useImageFailed(url: string): { failed: boolean; onError(): void } {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return { failed: url === '' || failedUrl === url, onError: () => setFailedUrl(url) };
}
