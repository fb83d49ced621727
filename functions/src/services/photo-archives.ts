// "Download all" (docs/product.md, "Photos"): an archive is asked for by a member (a selection
// by an admin), then streamed as a zip by a link that works for PHOTO_ARCHIVE_TTL_MS. Photos are
// read page by page and one original at a time is read whole, then written into the zip (stored,
// not compressed: JPEGs do not shrink) before the next is read, so 10,000 photos never sit in
// memory. A file that cannot be read is left out and named in MISSING.txt, the last entry. The
// zip writer also serves "Download my data" (data-export.ts).
import { readPhotoCounts } from './photo-count.ts';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { error as logError } from 'firebase-functions/logger';
import { FieldPath, Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { ZipFile } from 'yazl';
import {
  ARCHIVE_MISSING_ENTRY,
  archiveEntryName,
  archiveFileName,
  missingPhotosText,
  PHOTO_ARCHIVE_MESSAGES,
  PHOTO_ARCHIVE_TTL_MS,
  type MissingArchivePhoto,
  type PhotoArchiveResponse,
} from '@gatherly/domain/photo-archive';
import { requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { PhotoArchiveRecord, PhotoRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { badRequest, type Download } from '../http.ts';
import { objectBytes } from '../storage.ts';

const PAGE = 300;
/** Firestore's most ids in one `in` query. */
const IN_LIMIT = 30;

export const archiveUrl = (eventId: string, id: string) =>
  `/api/events/${encodeURIComponent(eventId)}/photo-archives/${encodeURIComponent(id)}`;

/** Records a download of every photo (any member) or of `photoIds` (admins). */
export async function createPhotoArchive(
  caller: Caller,
  eventId: string,
  photoIds: string[] | undefined,
): Promise<PhotoArchiveResponse> {
  const { event } = await requirePermission(
    caller,
    eventId,
    photoIds ? 'downloadPhotoSelection' : 'downloadPhotos',
  );
  const s = store();
  let selection: string[] | null = null;
  let photoCount: number;
  if (photoIds) {
    // Unknown or deleted ids drop out; the gallery order is kept.
    const found = new Set<string>();
    const unique = [...new Set(photoIds)];
    for (let i = 0; i < unique.length; i += IN_LIMIT) {
      const chunk = unique.slice(i, i + IN_LIMIT);
      const snap = await s.photos(eventId).where(FieldPath.documentId(), 'in', chunk).get();
      snap.forEach((d) => found.add(d.id));
    }
    selection = unique.filter((id) => found.has(id));
    photoCount = selection.length;
  } else {
    photoCount = (await readPhotoCounts(eventId))?.total ?? 0;
  }
  if (photoCount === 0) throw badRequest(PHOTO_ARCHIVE_MESSAGES.noPhotos);
  const id = randomBytes(18).toString('base64url');
  const now = Timestamp.now();
  const record: PhotoArchiveRecord = {
    id,
    eventId,
    createdBy: caller.uid,
    photoIds: selection,
    photoCount,
    createdAt: now,
    expiresAt: Timestamp.fromMillis(now.toMillis() + PHOTO_ARCHIVE_TTL_MS),
    openedAt: null,
  };
  await s.photoArchives(eventId).doc(id).set(record);
  return { url: archiveUrl(eventId, id), fileName: archiveFileName(event.name), photoCount };
}

export type OpenedArchive =
  { ok: true; download: Download } | { ok: false; status: 404 | 410; message: string };

/**
 * The download behind a link, which works once: unknown links, other events' links and links of
 * people no longer in the event all answer the same 404; an expired or used one 410. Opening it
 * is recorded in the transaction that checks it, so two requests cannot both use it.
 */
export async function openPhotoArchive(eventId: string, id: string): Promise<OpenedArchive> {
  const s = store();
  const notFound = {
    ok: false,
    status: 404,
    message: 'This download link is not valid.',
  } as const;
  const ref = s.photoArchives(eventId).doc(id);
  const opened = await s.firestore.runTransaction(async (tx) => {
    const archive = (await tx.get(ref)).data();
    if (!archive) return notFound;
    const [event, member] = await Promise.all([
      tx.get(s.event(eventId)),
      tx.get(s.member(eventId, archive.createdBy)),
    ]);
    const name = event.data()?.name;
    if (name === undefined || event.data()?.deleting || !member.exists) return notFound;
    if (archive.openedAt) {
      return { ok: false, status: 410, message: PHOTO_ARCHIVE_MESSAGES.used } as const;
    }
    if (archive.expiresAt.toMillis() < Date.now()) {
      return { ok: false, status: 410, message: PHOTO_ARCHIVE_MESSAGES.expired } as const;
    }
    tx.update(ref, { openedAt: Timestamp.now() });
    return { ok: true, name, archive } as const;
  });
  if (!opened.ok) return opened;
  const { name, archive } = opened;
  return {
    ok: true,
    download: {
      fileName: archiveFileName(name),
      contentType: 'application/zip',
      write: (out) => writeZip(archiveEntries(eventId, archive.photoIds), out),
    },
  };
}

/**
 * One file of a streamed zip: bytes to store under `name` (an original read whole, or the data
 * export's JSON), or a photo whose file could not be read, named in MISSING.txt.
 */
export type ZipEntry =
  | { name: string; bytes: Buffer; mtime: Date; compress: boolean }
  | { missing: MissingArchivePhoto };

/**
 * A photo's original as a zip entry named `name`, dated by its upload; a missing entry when its
 * file is gone or unreadable. Read whole, so a read failing part-way has written nothing yet
 * (originals are at most 10 MB).
 */
export async function photoEntry(photo: PhotoRecord, name: string): Promise<ZipEntry> {
  const bytes = await readOriginal(photo.objectPath);
  if (!bytes) {
    return { missing: { filename: photo.filename, uploadedBy: photo.uploadedByUser.displayName } };
  }
  const mtime = photo.uploadedAt instanceof Timestamp ? photo.uploadedAt.toDate() : new Date();
  return { name, bytes, mtime, compress: false };
}

/**
 * Streams `entries` into `out` as one zip. The next entry is asked for only once the browser has
 * taken the previous one (back-pressure), so at most one original is held in memory. Photos are
 * stored, not compressed (JPEGs do not shrink). Missing photos are listed in MISSING.txt, the
 * last entry. Used by "Download all" and by "Download my data".
 */
export async function writeZip(
  entries: AsyncIterable<ZipEntry>,
  out: NodeJS.WritableStream,
): Promise<void> {
  const zip = new ZipFile();
  // yazl writes into a PassThrough without heeding back-pressure; its writable side tells when
  // the browser has caught up.
  const output = zip.outputStream;
  if (!(output instanceof PassThrough)) throw new Error("yazl's output is not a PassThrough");
  // The response failing (the browser cancelled) ends the loop below through `sent`.
  const failed = new Promise<never>((_, reject) => zip.on('error', reject));
  const sent = Promise.race([pipeline(output, out), failed]);
  sent.catch(() => undefined);
  const missing: MissingArchivePhoto[] = [];
  const reader = entries[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await Promise.race([reader.next(), sent]);
      if (!next || next.done) break;
      const entry = next.value;
      if ('missing' in entry) {
        missing.push(entry.missing);
        continue;
      }
      zip.addBuffer(entry.bytes, entry.name, { compress: entry.compress, mtime: entry.mtime });
      if (output.writableNeedDrain) await Promise.race([once(output, 'drain'), sent]);
    }
  } finally {
    // A cancelled download stops the entries too (a read under way finishes first).
    reader.return?.().catch(() => undefined);
  }
  if (missing.length > 0) {
    zip.addBuffer(Buffer.from(missingPhotosText(missing), 'utf8'), ARCHIVE_MISSING_ENTRY, {
      mtime: new Date(),
    });
  }
  zip.end();
  await sent;
}

/** The archive's files: its photos in gallery order, numbered without gaps for missing ones. */
async function* archiveEntries(
  eventId: string,
  photoIds: string[] | null,
): AsyncGenerator<ZipEntry> {
  let n = 0;
  for await (const photo of photosOf(eventId, photoIds)) {
    if (!photo.objectPath) continue;
    const entry = await photoEntry(
      photo,
      archiveEntryName(n + 1, photo.filename, photo.contentType),
    );
    if (!('missing' in entry)) n += 1;
    yield entry;
  }
}

/** An original's bytes; null when it is missing or unreadable (after the client's retries). */
async function readOriginal(path: string): Promise<Buffer | null> {
  try {
    return await objectBytes(path);
  } catch (err) {
    logError(`Zip download: ${path} could not be read; it is listed in MISSING.txt`, err);
    return null;
  }
}

/** The photos of the archive in gallery order (newest first), a page at a time. */
async function* photosOf(eventId: string, ids: string[] | null): AsyncGenerator<PhotoRecord> {
  const photos = store().photos(eventId);
  if (ids) {
    for (let i = 0; i < ids.length; i += IN_LIMIT) {
      const chunk = ids.slice(i, i + IN_LIMIT);
      const snap = await photos.where(FieldPath.documentId(), 'in', chunk).get();
      const byId = new Map(snap.docs.map((d) => [d.id, d.data()]));
      for (const id of chunk) {
        const photo = byId.get(id);
        if (photo) yield photo;
      }
    }
    return;
  }
  let after: QueryDocumentSnapshot<PhotoRecord> | undefined;
  for (;;) {
    let page = photos.orderBy('uploadedAt', 'desc').limit(PAGE);
    if (after) page = page.startAfter(after);
    const snap = await page.get();
    for (const d of snap.docs) yield d.data();
    if (snap.size < PAGE) return;
    after = snap.docs[snap.docs.length - 1];
  }
}
