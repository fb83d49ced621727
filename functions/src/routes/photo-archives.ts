import { API } from '@gatherly/domain/api/endpoints';
import { route, type Route } from '../router.ts';
import { createPhotoArchive, openPhotoArchive } from '../services/photo-archives.ts';

/** The page a browser shows when a download link no longer works (it was opened, not fetched). */
export function unavailablePage(message: string): string {
  const text = message.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Download unavailable</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1 style="font-size:1.4rem">Download unavailable</h1><p>${text}</p></body></html>`;
}

export const photoArchiveRoutes: Route[] = [
  route(API.createPhotoArchive, async ({ caller, params, body }) => ({
    status: 201,
    body: await createPhotoArchive(caller, params.eventId, body.photoIds),
  })),
  // Public: the browser opens the link itself (no Authorization header); the archive id is the
  // credential, checked with its expiry and the asker's membership (services/photo-archives.ts).
  route(API.openPhotoArchive, async ({ params }) => {
    const opened = await openPhotoArchive(params.eventId, params.archiveId);
    if (!opened.ok) return { status: opened.status, html: unavailablePage(opened.message) };
    return { download: opened.download };
  }),
];
