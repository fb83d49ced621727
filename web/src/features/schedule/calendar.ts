// Add to calendar: the .ics builder loads on the click, not with the dashboard
// (docs/performance.md, "JavaScript").
import { saveBlob } from '../../lib/save-link.ts';
import type { ScheduleEntry } from './data.ts';

/** One schedule item as an .ics download. */
export async function downloadScheduleItemIcs(
  item: ScheduleEntry,
  eventName: string,
  timeZone: string,
): Promise<void> {
  const ics = await import('@gatherly/domain/ics');
  const text = ics.scheduleItemToIcs(item, { eventName, url: window.location.href, timeZone });
  saveBlob(new Blob([text], { type: ics.ICS_MIME_TYPE }), ics.icsFileName(item.title));
}
