/**
 * Hands a download link to the browser's own downloader, so its download bar shows the progress
 * and can cancel, and nothing is held in the page's memory (photo archives, "Download my data").
 */
export function saveLink(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Saves what the page built (an .ics, a CSV) as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveLink(url, fileName);
  // Revoked once the browser has taken the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
