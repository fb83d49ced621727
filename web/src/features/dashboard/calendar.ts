// Add to calendar: the .ics builder loads on the click, not with the dashboard
// (docs/performance.md, "JavaScript").
import type { GatherlyEvent } from '../../lib/types.ts';
import type { ScheduleEntry } from './data.ts';

/** Saves an .ics text as a file download. */
function saveFile(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The event as an .ics download (nothing while its dates are to be decided). */
export async function downloadEventIcs(event: GatherlyEvent): Promise<void> {
  const ics = await import('@gatherly/domain/ics');
  const text = ics.eventToIcs(event, { url: window.location.href });
  if (text) saveFile(text, ics.icsFileName(event.name), ics.ICS_MIME_TYPE);
}

/** One schedule item as an .ics download. */
export async function downloadScheduleItemIcs(
  item: ScheduleEntry,
  eventName: string,
  timeZone: string,
): Promise<void> {
  const ics = await import('@gatherly/domain/ics');
  saveFile(
    ics.scheduleItemToIcs(item, { eventName, url: window.location.href, timeZone }),
    ics.icsFileName(item.title),
    ics.ICS_MIME_TYPE,
  );
}
