// The event link's settings (admins) through the API, and its QR code, drawn in the browser.
import type { JoinLinkState } from '@gatherly/domain/guest-access';
import { apiRequest } from '../../lib/api.ts';

export function loadJoinLink(eventId: string): Promise<JoinLinkState> {
  return apiRequest<JoinLinkState>('GET', `/api/events/${encodeURIComponent(eventId)}/join-link`);
}

export function saveJoinLink(
  eventId: string,
  enabled: boolean,
  askBeforeJoin: boolean,
): Promise<JoinLinkState> {
  return apiRequest<JoinLinkState>('PUT', `/api/events/${encodeURIComponent(eventId)}/join-link`, {
    enabled,
    askBeforeJoin,
  });
}

export function regenerateJoinLink(eventId: string): Promise<JoinLinkState> {
  return apiRequest<JoinLinkState>(
    'POST',
    `/api/events/${encodeURIComponent(eventId)}/join-link/regenerate`,
  );
}

export interface QrImages {
  /** A PNG data URL, 1,024 px square: sharp on a printed card or a venue sign. */
  png: string;
  /** The same code as SVG markup, for print at any size. */
  svg: string;
}

/** The QR code of `url` (the library loads with the first code drawn). */
export async function qrImages(url: string): Promise<QrImages> {
  const QRCode = await import('qrcode');
  const options = { errorCorrectionLevel: 'M' as const, margin: 2 };
  const [png, svg] = await Promise.all([
    QRCode.toDataURL(url, { ...options, width: 1024 }),
    QRCode.toString(url, { ...options, type: 'svg' }),
  ]);
  return { png, svg };
}

/** Saves `href` (a data or blob URL) as a file named `name`. */
export function download(href: string, name: string): void {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
