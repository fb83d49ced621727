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
