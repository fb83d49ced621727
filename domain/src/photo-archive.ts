/**
 * "Download all" (docs/product.md, "Photos"): the event's photos as one zip, streamed by a
 * function. The web asks for an archive (POST /api/events/{e}/photo-archives, every member; a
 * selection of photo ids: admins), gets a short-lived link and lets the browser download it
 * (its download bar shows progress and can cancel). Pure: names, limits and the request schema.
 */
import * as yup from 'yup';

/**
 * A link must be opened within this long after it was asked for, and works once: the web opens
 * it at once, so a link copied elsewhere is of no use (docs/decisions.md, "Download all photos").
 */
export const PHOTO_ARCHIVE_TTL_MS = 2 * 60 * 1000;
/** Most photos an admin may pick for one download (the whole gallery needs no list). */
export const MAX_ARCHIVE_SELECTION = 500;

export const PHOTO_ARCHIVE_MESSAGES = {
  selection: `Choose between 1 and ${MAX_ARCHIVE_SELECTION} photos`,
  selectionAdminsOnly: 'Only event admins can download a selection of photos',
  noPhotos: 'There are no photos to download yet',
  expired: 'This download link has expired. Go back to the gallery and start the download again.',
  used: 'This download link has already been used. Go back to the gallery and start the download again.',
} as const;

/** POST /api/events/{e}/photo-archives: no ids = every photo of the event. */
export const photoArchiveRequestSchema = yup
  .object({
    photoIds: yup
      .array(yup.string().strict().required().max(200))
      // Ids as sent: a number is not a photo id, not something to cast.
      .strict()
      .min(1, PHOTO_ARCHIVE_MESSAGES.selection)
      .max(MAX_ARCHIVE_SELECTION, PHOTO_ARCHIVE_MESSAGES.selection)
      .optional(),
  })
  .noUnknown('Unknown field: ${unknown}');

/**
 * `events/{e}/photoArchives/{id}`: one asked-for download, written and read by functions only
 * (no client access). The id (144 random bits) is the link's credential until `expiresAt`.
 */
export interface PhotoArchive<Time> {
  id: string;
  eventId: string;
  createdBy: string;
  /** The admin's selection in gallery order; null = every photo of the event. */
  photoIds: string[] | null;
  photoCount: number;
  createdAt: Time;
  expiresAt: Time;
  /** When the link was opened (it works once); null until then. */
  openedAt: Time | null;
}

export interface PhotoArchiveResponse {
  /** Relative to the app's origin: /api/events/{e}/photo-archives/{id}. */
  url: string;
  fileName: string;
  photoCount: number;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .replace(/-$/, '');
}

/** "garden-wedding-photos.zip". */
export function archiveFileName(eventName: string): string {
  return `${slug(eventName) || 'event'}-photos.zip`;
}

/**
 * The name of the n-th photo (1-based) inside the zip: numbered so names never collide and the
 * files sort in gallery order, with the uploaded file's own name kept readable
 * ("00042-beach-sunset.jpg").
 */
export function archiveEntryName(n: number, filename: string, contentType: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = slug(dot > 0 ? base.slice(0, dot) : base) || 'photo';
  const fromName = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const ext = /^[a-z0-9]{1,5}$/.test(fromName) ? fromName : extensionFor(contentType);
  return `${String(n).padStart(5, '0')}-${stem}.${ext}`;
}

function extensionFor(contentType: string): string {
  switch (contentType) {
    case 'image/png':
      return 'png';
    case 'image/gif':
      return 'gif';
    case 'image/webp':
      return 'webp';
    default:
      return 'jpg';
  }
}

/** The entry that lists the photos a zip could not include; it comes last. */
export const ARCHIVE_MISSING_ENTRY = 'MISSING.txt';

/** A photo left out of a zip because its file could not be read from Storage. */
export interface MissingArchivePhoto {
  filename: string;
  uploadedBy: string;
}

/** The text of MISSING.txt (CRLF: it opens cleanly in every system's text editor). */
export function missingPhotosText(missing: readonly MissingArchivePhoto[]): string {
  const lines = [
    `${missing.length === 1 ? 'This photo' : `These ${missing.length} photos`} could not be read from storage when the download was made, so ${missing.length === 1 ? 'it is' : 'they are'} not in this archive:`,
    '',
    ...missing.map((p) => `- ${p.filename} (uploaded by ${p.uploadedBy})`),
    '',
  ];
  return lines.join('\r\n');
}
