// "Download all" (docs/product.md, "Photos"): an archive is asked for by a member (a selection
// by an admin), then streamed as a zip by a link that works for PHOTO_ARCHIVE_TTL_MS. Photos are
// read page by page and each original is copied into the zip as it is read (stored, not
// compressed: JPEGs do not shrink), so 10,000 photos never sit in memory.
import { readPhotoCounts } from './photo-count.ts';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { FieldPath, Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { ZipFile } from 'yazl';
import {
  archiveEntryName,
  archiveFileName,
  PHOTO_ARCHIVE_MESSAGES,
  PHOTO_ARCHIVE_TTL_MS,
  type PhotoArchiveResponse,
} from '@gatherly/domain/photo-archive';
import { requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { PhotoArchiveRecord, PhotoRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { badRequest, type Download } from '../http.ts';
import { objectStream } from '../storage.ts';

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
  };
  await s.photoArchives(eventId).doc(id).set(record);
  return { url: archiveUrl(eventId, id), fileName: archiveFileName(event.name), photoCount };
}

export type OpenedArchive =
  { ok: true; download: Download } | { ok: false; status: 404 | 410; message: string };

/**
 * The download behind a link: unknown links, other events' links and links of people no longer
 * in the event all answer the same 404; an expired one 410.
 */
export async function openPhotoArchive(eventId: string, id: string): Promise<OpenedArchive> {
  const s = store();
  const notFound = {
    ok: false,
    status: 404,
    message: 'This download link is not valid.',
  } as const;
  const archive = (await s.photoArchives(eventId).doc(id).get()).data();
  if (!archive) return notFound;
  const [event, member] = await Promise.all([
    s.event(eventId).get(),
    s.member(eventId, archive.createdBy).get(),
  ]);
  const name = event.data()?.name;
  if (name === undefined || event.data()?.deleting || !member.exists) return notFound;
  if (archive.expiresAt.toMillis() < Date.now()) {
    return { ok: false, status: 410, message: PHOTO_ARCHIVE_MESSAGES.expired };
  }
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
 * One file of a streamed zip: an object from Storage (opened only when the zip reaches it) or
 * bytes made here (the data export's JSON).
 */
export type ZipEntry =
  { name: string; objectPath: string; mtime: Date } | { name: string; bytes: Buffer; mtime: Date };

/** A photo's original as a zip entry named `name`, dated by its upload. */
export function photoEntry(photo: PhotoRecord, name: string): ZipEntry {
  const mtime = photo.uploadedAt instanceof Timestamp ? photo.uploadedAt.toDate() : new Date();
  return { name, objectPath: photo.objectPath, mtime };
}

/**
 * Streams `entries` into `out` as one zip, each read as the zip reaches it, so nothing is held
 * whole in memory. Photos are stored, not compressed (JPEGs do not shrink). Used by "Download
 * all" and by "Download my data".
 */
export async function writeZip(
  entries: AsyncIterable<ZipEntry>,
  out: NodeJS.WritableStream,
): Promise<void> {
  const zip = new ZipFile();
  // A failed read must never end as a valid but shorter zip: it aborts the response instead.
  const failed = new Promise<never>((_, reject) => zip.on('error', reject));
  const sent = Promise.race([pipeline(zip.outputStream, out), failed]);
  sent.catch(() => undefined);
  for await (const entry of entries) {
    if ('bytes' in entry) {
      zip.addBuffer(entry.bytes, entry.name, { compress: true, mtime: entry.mtime });
    } else {
      const path = entry.objectPath;
      zip.addReadStreamLazy(entry.name, { compress: false, mtime: entry.mtime }, (cb) =>
        cb(null, objectStream(path)),
      );
    }
  }
  zip.end();
  await sent;
}

/** The archive's files: its photos in gallery order, numbered. */
async function* archiveEntries(
  eventId: string,
  photoIds: string[] | null,
): AsyncGenerator<ZipEntry> {
  let n = 0;
  for await (const photo of photosOf(eventId, photoIds)) {
    if (!photo.objectPath) continue;
    n += 1;
    yield photoEntry(photo, archiveEntryName(n, photo.filename, photo.contentType));
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
