// "Download my data" (docs/product.md, "Your data"): everything stored about the person as one
// zip, `gatherly-data.json` and the originals of their photos, streamed by the same zip writer
// as "Download all" (photo-archives.ts). The link works once, for 15 minutes: it carries
// personal data and needs no header, because the browser's own downloader opens it.
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { archiveEntryName } from '@gatherly/domain/photo-archive';
import {
  DATA_EXPORT_JSON,
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_TTL_MS,
  dataExportFileName,
  type DataExportFile,
  type DataExportResponse,
  type ExportedEvent,
  type ExportedInvitation,
  type ExportedPhoto,
} from '@gatherly/domain/data-export';
import { readAll } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { EventRecord, InvitationRecord, PhotoRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import type { Download } from '../http.ts';
import { countOf, photosUploadedBy } from '../tiers.ts';
import { photoEntry, writeZip, type ZipEntry } from './photo-archives.ts';

export const dataExportUrl = (id: string) => `/api/user/data-exports/${encodeURIComponent(id)}`;

/** POST /api/user/data-export: a one-time link to the caller's data. */
export async function createDataExport(caller: Caller): Promise<DataExportResponse> {
  const id = randomBytes(18).toString('base64url');
  const now = Timestamp.now();
  await store()
    .dataExports.doc(id)
    .create({
      id,
      userId: caller.uid,
      createdAt: now,
      expiresAt: Timestamp.fromMillis(now.toMillis() + DATA_EXPORT_TTL_MS),
      openedAt: null,
    });
  return {
    url: dataExportUrl(id),
    fileName: dataExportFileName(now.toDate()),
    photoCount: await countOf(photosUploadedBy(caller.uid)),
  };
}

export type OpenedExport =
  { ok: true; download: Download } | { ok: false; status: 404 | 410; message: string };

/**
 * The download behind a link, marked opened in the same transaction that checks it, so a link
 * works once. Unknown links and links of a deleted account answer 404; used or expired ones 410.
 */
export async function openDataExport(id: string): Promise<OpenedExport> {
  const s = store();
  const ref = s.dataExports.doc(id);
  const opened = await db().runTransaction(async (tx) => {
    const found = (await tx.get(ref)).data();
    if (!found) return { ok: false, status: 404, message: DATA_EXPORT_MESSAGES.invalid } as const;
    const profile = await tx.get(s.user(found.userId));
    if (!profile.exists) {
      return { ok: false, status: 404, message: DATA_EXPORT_MESSAGES.invalid } as const;
    }
    if (found.openedAt) {
      return { ok: false, status: 410, message: DATA_EXPORT_MESSAGES.used } as const;
    }
    if (found.expiresAt.toMillis() < Date.now()) {
      return { ok: false, status: 410, message: DATA_EXPORT_MESSAGES.expired } as const;
    }
    tx.update(ref, { openedAt: Timestamp.now() });
    return { ok: true, uid: found.userId, createdAt: found.createdAt } as const;
  });
  if (!opened.ok) return opened;
  return {
    ok: true,
    download: {
      fileName: dataExportFileName(opened.createdAt.toDate()),
      contentType: 'application/zip',
      write: (out) => writeZip(exportEntries(opened.uid), out),
    },
  };
}

/** The JSON first, then each photo's original under photos/{eventId}/. */
async function* exportEntries(uid: string): AsyncGenerator<ZipEntry> {
  const { file, photos } = await collectData(uid);
  const now = new Date();
  yield {
    name: DATA_EXPORT_JSON,
    bytes: Buffer.from(JSON.stringify(file, null, 2)),
    mtime: now,
    compress: true,
  };
  // Pulled one at a time by writeZip (back-pressure); an unreadable file goes to MISSING.txt.
  for (const { photo, name } of photos) yield await photoEntry(photo, name);
}

const iso = (t: Timestamp | null | undefined): string | null =>
  t instanceof Timestamp ? t.toDate().toISOString() : null;

const eventOf = (ref: { path: string }): string => ref.path.split('/')[1] ?? '';

function invitationOut(inv: InvitationRecord): ExportedInvitation {
  return {
    eventId: inv.eventId,
    email: inv.email,
    role: inv.role,
    status: inv.status,
    invitedAt: iso(inv.invitedAt) ?? '',
    respondedAt: iso(inv.respondedAt),
  };
}

function emptyEvent(id: string, event: EventRecord | undefined): ExportedEvent {
  return {
    id,
    name: event?.name ?? '',
    startDate: event?.startDate ?? null,
    endDate: event?.endDate ?? null,
    timeZone: event?.timeZone ?? null,
    location: event?.location ?? '',
    role: null,
    joinedAt: null,
    plusOnesAllowed: null,
    rsvps: [],
    answers: [],
    votes: [],
    flights: [],
    carpoolsDriven: [],
    carpoolSeats: [],
    announcements: [],
  };
}

/**
 * Everything stored about the person, by one query per kind on their uid across every event
 * (the same queries account deletion uses), grouped by event.
 */
export async function collectData(
  uid: string,
): Promise<{ file: DataExportFile; photos: { photo: PhotoRecord; name: string }[] }> {
  const s = store();
  const user = (await s.user(uid).get()).data();
  const email = user?.email ?? '';
  const [
    members,
    photoSnap,
    votes,
    flights,
    driven,
    seats,
    rsvps,
    answers,
    announcements,
    sent,
    received,
  ] = await Promise.all([
    s.groups.members().where('userId', '==', uid).get(),
    photosUploadedBy(uid).get(),
    s.groups.votes().where('userId', '==', uid).get(),
    s.groups.flights().where('userId', '==', uid).get(),
    s.groups.carpools().where('driverId', '==', uid).get(),
    s.groups.passengers().where('userId', '==', uid).get(),
    s.groups.rsvps().where('userId', '==', uid).get(),
    s.groups.guestAnswers().where('userId', '==', uid).get(),
    s.groups.announcements().where('authorId', '==', uid).get(),
    s.groups.invitations().where('invitedByUserId', '==', uid).get(),
    email ? s.groups.invitations().where('email', '==', email).get() : null,
  ]);
  const ids = new Set<string>();
  for (const snap of [members, photoSnap, votes, flights, driven, seats, rsvps, answers]) {
    for (const doc of snap.docs) ids.add(eventOf(doc.ref));
  }
  for (const doc of announcements.docs) ids.add(eventOf(doc.ref));
  const eventSnaps = await readAll([...ids].map((id) => s.event(id)));
  const events = new Map<string, ExportedEvent>();
  const stored = new Map<string, EventRecord>();
  for (const snap of eventSnaps) {
    const data = snap.data();
    if (data) stored.set(snap.id, data);
    events.set(snap.id, emptyEvent(snap.id, data));
  }
  const at = (eventId: string): ExportedEvent => {
    const found = events.get(eventId) ?? emptyEvent(eventId, undefined);
    events.set(eventId, found);
    return found;
  };

  for (const doc of members.docs) {
    const m = doc.data();
    const out = at(eventOf(doc.ref));
    out.role = m.role;
    out.joinedAt = iso(m.joinedAt);
    out.plusOnesAllowed = m.plusOnesAllowed ?? null;
  }
  const items = await readAll(
    rsvps.docs.map((d) => s.schedule(d.data().eventId).doc(d.data().scheduleId)),
  );
  rsvps.docs.forEach((doc, i) => {
    const r = doc.data();
    const item = items[i]?.data();
    at(eventOf(doc.ref)).rsvps.push({
      scheduleItemId: r.scheduleId,
      title: item?.title ?? '',
      startTime: item?.startTime ?? null,
      status: r.status,
      party: r.party ?? null,
      respondedAt: iso(r.respondedAt),
      recordedByHost: typeof r.recordedBy === 'string' && r.recordedBy !== '',
    });
  });
  for (const doc of answers.docs) {
    const eventId = eventOf(doc.ref);
    const questions = stored.get(eventId)?.questions ?? [];
    for (const [questionId, answer] of Object.entries(doc.data().answers)) {
      if (answer === undefined) continue;
      const label = questions.find((q) => q.id === questionId)?.label ?? questionId;
      at(eventId).answers.push({ question: label, answer });
    }
  }
  for (const doc of votes.docs) {
    at(eventOf(doc.ref)).votes.push({
      photoId: doc.data().photoId,
      votedAt: iso(doc.data().votedAt),
    });
  }
  for (const doc of flights.docs) {
    const f = doc.data();
    at(eventOf(doc.ref)).flights.push({
      id: f.id,
      airline: f.airline,
      flightNumber: f.flightNumber,
      departure: f.departure,
      arrival: f.arrival,
      departureTime: f.departureTime,
      arrivalTime: f.arrivalTime,
      departureTimeZone: f.departureTimeZone ?? null,
      arrivalTimeZone: f.arrivalTimeZone ?? null,
    });
  }
  for (const doc of driven.docs) {
    const c = doc.data();
    at(eventOf(doc.ref)).carpoolsDriven.push({
      id: c.id,
      fromLocation: c.fromLocation,
      toLocation: c.toLocation,
      departureTime: c.departureTime,
      maxSeats: c.maxSeats,
      currentSeats: c.currentSeats,
    });
  }
  const rides = await readAll(
    seats.docs.map((d) => s.carpools(d.data().eventId).doc(d.data().carpoolId)),
  );
  seats.docs.forEach((doc, i) => {
    const ride = rides[i]?.data();
    at(eventOf(doc.ref)).carpoolSeats.push({
      carpoolId: doc.data().carpoolId,
      driver: ride?.driver.displayName ?? '',
      fromLocation: ride?.fromLocation ?? '',
      toLocation: ride?.toLocation ?? '',
      departureTime: ride?.departureTime ?? null,
      joinedAt: iso(doc.data().joinedAt),
    });
  });
  for (const doc of announcements.docs) {
    const a = doc.data();
    at(eventOf(doc.ref)).announcements.push({
      id: a.id,
      message: a.message,
      audienceLabel: a.audienceLabel,
      createdAt: iso(a.createdAt) ?? '',
    });
  }

  const numbered = new Map<string, number>();
  const photos = photoSnap.docs
    .map((d) => d.data())
    .sort((a, b) => a.uploadedAt.toMillis() - b.uploadedAt.toMillis())
    .map((photo) => {
      const n = (numbered.get(photo.eventId) ?? 0) + 1;
      numbered.set(photo.eventId, n);
      const name = photo.objectPath
        ? `photos/${photo.eventId}/${archiveEntryName(n, photo.filename, photo.contentType)}`
        : null;
      return { photo, name };
    });
  const exportedPhotos: ExportedPhoto[] = photos.map(({ photo, name }) => ({
    id: photo.id,
    eventId: photo.eventId,
    filename: photo.filename,
    caption: photo.caption,
    size: photo.size,
    contentType: photo.contentType,
    uploadedAt: iso(photo.uploadedAt) ?? '',
    votes: photo.votes,
    isFeatured: photo.isFeatured,
    fileInZip: name,
  }));

  const file: DataExportFile = {
    exportedAt: new Date().toISOString(),
    account: {
      uid,
      email,
      displayName: user?.displayName ?? '',
      photoURL: user?.photoURL ?? '',
      phoneNumber: user?.phoneNumber ?? '',
      venmoUsername: user?.venmoUsername ?? '',
      subscriptionTier: user?.subscriptionTier ?? 'free',
      subscriptionStatus: user?.subscriptionStatus ?? 'free',
      subscriptionExpiresAt: iso(user?.subscriptionExpiresAt),
      emailPreferences: user?.emailPreferences ?? {},
      createdAt: iso(user?.createdAt),
      updatedAt: iso(user?.updatedAt),
    },
    events: [...events.values()].sort((a, b) => a.name.localeCompare(b.name)),
    photos: exportedPhotos,
    invitationsSent: sent.docs.map((d) => invitationOut(d.data())),
    invitationsReceived: (received?.docs ?? []).map((d) => invitationOut(d.data())),
  };
  return {
    file,
    photos: photos.flatMap(({ photo, name }) => (name ? [{ photo, name }] : [])),
  };
}
