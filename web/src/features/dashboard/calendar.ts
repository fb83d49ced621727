import { ICS_MIME_TYPE } from '@gatherly/domain/ics';

/** Saves an .ics text as a file download (Add to calendar). */
export function downloadIcs(ics: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([ics], { type: ICS_MIME_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
