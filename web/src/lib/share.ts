// Sharing a link: the system share sheet where the device has one (phones), else the clipboard.

/** True where the browser offers the system share sheet (Web Share API). */
export function canShare(): boolean {
  return typeof navigator.share === 'function';
}

/**
 * Opens the share sheet for `url` (or copies it where there is none). 'cancelled' when the
 * person closed the sheet: not a failure, nothing to say.
 */
export async function shareLink(
  url: string,
  title: string,
  text: string,
): Promise<'shared' | 'copied' | 'cancelled'> {
  if (canShare()) {
    try {
      await navigator.share({ url, title, text });
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
      throw err;
    }
  }
  await navigator.clipboard.writeText(url);
  return 'copied';
}
