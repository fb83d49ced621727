// The banner's Add to calendar: the .ics builder loads on the click, not with the dashboard
// (docs/performance.md, "JavaScript").
import { saveBlob } from '../../lib/save-link.ts';
import type { GatherlyEvent } from '../../lib/types.ts';

/** The event as an .ics download (nothing while its dates are to be decided). */
export async function downloadEventIcs(event: GatherlyEvent): Promise<void> {
  const ics = await import('@gatherly/domain/ics');
  const text = ics.eventToIcs(event, { url: window.location.href });
  if (text) saveBlob(new Blob([text], { type: ics.ICS_MIME_TYPE }), ics.icsFileName(event.name));
}
