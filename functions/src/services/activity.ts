// The activity feed (docs/performance.md, "Activity"): one `events/{e}/activity/{kind}:{id}`
// entry per member, flight, carpool, schedule item and announcement, written by triggers after
// the document is created and removed after it is deleted, and one per photo upload batch, kept
// in the transactions that record and delete its photos (its count is exact, like the stats);
// so the screen reads `activity orderBy at desc limit 20` instead of five collections. The
// sentence is the one the feed always showed (domain/src/activity.ts), built per document.
import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import {
  PHOTO_BATCH_PREVIEW,
  activityPhoto,
  addToPhotoBatch,
  buildActivityFeed,
  photoBatchNeedsRefill,
  photoBatchSubject,
  photoBatchText,
  removeFromPhotoBatch,
  type ActivitySources,
  type PhotoBatch,
} from '@gatherly/domain/activity';
import type { ActivityEntryKind, ActivityPhoto } from '@gatherly/domain/entities/activity';
import type {
  ActivityRecord,
  AnnouncementRecord,
  CarpoolRecord,
  FlightRecord,
  MemberRecord,
  PhotoRecord,
  ScheduleItemRecord,
} from '../db.ts';
import { isLimited } from '@gatherly/domain/groups';
import { store } from '../firebase.ts';

/** The created document of each kind, as its trigger receives it. */
export type ActivitySubject =
  | { kind: 'member'; doc: MemberRecord }
  | { kind: 'flight'; doc: FlightRecord }
  | { kind: 'carpool'; doc: CarpoolRecord }
  | { kind: 'schedule'; doc: ScheduleItemRecord }
  | { kind: 'announcement'; doc: AnnouncementRecord };

/** The kinds whose entries follow their document (recorded answers are written with the answer). */
export type TriggeredActivityKind = ActivitySubject['kind'];

export const activityEntryId = (kind: ActivityEntryKind, subjectId: string) =>
  `${kind}:${subjectId}`;

function sourcesOf(subject: ActivitySubject): { sources: ActivitySources; at: Timestamp } {
  switch (subject.kind) {
    case 'member':
      return { sources: { members: [subject.doc] }, at: subject.doc.joinedAt };
    case 'flight':
      return { sources: { flights: [subject.doc] }, at: subject.doc.createdAt };
    case 'carpool':
      return { sources: { carpools: [subject.doc] }, at: subject.doc.createdAt };
    case 'schedule':
      return { sources: { schedule: [subject.doc] }, at: subject.doc.createdAt };
    case 'announcement':
      return { sources: { announcements: [subject.doc] }, at: subject.doc.createdAt };
  }
}

const subjectIdOf = (subject: ActivitySubject) =>
  subject.kind === 'member' ? subject.doc.userId || subject.doc.id : subject.doc.id;

/** The feed entry for one created document (its time is the document's own). */
export function activityEntry(subject: ActivitySubject): ActivityRecord {
  const { sources, at } = sourcesOf(subject);
  const [item] = buildActivityFeed(sources, 1, at instanceof Timestamp ? at.toDate() : new Date());
  if (!item) throw new Error(`no activity text for a ${subject.kind}`);
  const subjectId = subjectIdOf(subject);
  return {
    id: activityEntryId(subject.kind, subjectId),
    kind: subject.kind,
    actor: item.actor
      ? { displayName: item.actor.displayName, photoURL: item.actor.photoURL }
      : null,
    subjectId,
    title: item.text,
    at: at instanceof Timestamp ? at : Timestamp.now(),
  };
}

/** The document an entry is about, typed, read in `tx`; null once it is gone. */
async function readSubject(
  tx: Transaction,
  eventId: string,
  kind: TriggeredActivityKind,
  id: string,
): Promise<ActivitySubject | null> {
  const s = store();
  switch (kind) {
    case 'member': {
      const doc = (await tx.get(s.member(eventId, id))).data();
      return doc ? { kind, doc } : null;
    }
    case 'flight': {
      const doc = (await tx.get(s.flights(eventId).doc(id))).data();
      return doc ? { kind, doc } : null;
    }
    case 'carpool': {
      const doc = (await tx.get(s.carpools(eventId).doc(id))).data();
      return doc ? { kind, doc } : null;
    }
    case 'schedule': {
      const doc = (await tx.get(s.schedule(eventId).doc(id))).data();
      return doc ? { kind, doc } : null;
    }
    case 'announcement': {
      const doc = (await tx.get(s.announcements(eventId).doc(id))).data();
      return doc ? { kind, doc } : null;
    }
  }
}

/**
 * Writes the entry for a created document, read afresh. Idempotent (deterministic id; trigger
 * delivery is at least once). Nothing is written once the document is gone again (a delete
 * delivered first) or the event is gone or being deleted, so no entry outlives its subject.
 */
export async function recordActivity(
  eventId: string,
  kind: TriggeredActivityKind,
  subjectId: string,
): Promise<void> {
  await store().firestore.runTransaction(async (tx) => {
    const event = (await tx.get(store().event(eventId))).data();
    if (!event || event.deleting) return;
    const subject = await readSubject(tx, eventId, kind, subjectId);
    if (!subject) return;
    // An announcement to guest groups: a line in each of its groups' feeds, which only their
    // members and the admins read (a group deleted meanwhile gets none), none in the shared one.
    if (subject.kind === 'announcement' && subject.doc.audience.kind === 'groups') {
      const entry = activityEntry(subject);
      const groupIds = subject.doc.audience.groupIds;
      const groups = await Promise.all(
        groupIds.map((g) => tx.get(store().guestGroups(eventId).doc(g))),
      );
      for (const g of groups)
        if (g.exists) tx.set(store().groupFeed(eventId, g.id).doc(entry.id), entry);
      return;
    }
    // An item limited to groups has no line in the shared feed (services/groups-activity.ts).
    // Nor an announcement to those answering such an item (its text names the item).
    if (
      (subject.kind === 'schedule' && isLimited(subject.doc)) ||
      (subject.kind === 'announcement' && subject.doc.itemLimited === true)
    ) {
      tx.delete(store().activity(eventId).doc(activityEntryId(kind, subjectId)));
      return;
    }
    const entry = activityEntry(subject);
    tx.set(store().activity(eventId).doc(entry.id), entry);
  });
}

/** Removes the entry of a deleted document (nothing to do when there is none). */
export async function removeActivity(
  eventId: string,
  kind: TriggeredActivityKind,
  subjectId: string,
): Promise<void> {
  await store().activity(eventId).doc(activityEntryId(kind, subjectId)).delete();
}

// ---- Photo upload batches (docs/decisions.md, "Activity groups an upload batch") ----------------

/** What a photo write makes of its batch's entry: written, or deleted when null. */
export interface PhotoBatchChange {
  ref: DocumentReference<ActivityRecord>;
  entry: ActivityRecord | null;
}

const batchRef = (photo: PhotoRecord) =>
  store()
    .activity(photo.eventId)
    .doc(activityEntryId('photo', photoBatchSubject(photo)));

/** A stored entry as a batch; entries written before batches stood for one photo, not shown. */
const storedBatch = (entry: ActivityRecord): PhotoBatch => ({
  count: entry.count ?? 1,
  photos: entry.photos ?? [],
});

function batchEntry(
  subjectId: string,
  batch: PhotoBatch,
  uploader: PhotoRecord['uploadedByUser'],
  at: Timestamp,
): ActivityRecord {
  return {
    id: activityEntryId('photo', subjectId),
    kind: 'photo',
    actor: { displayName: uploader.displayName, photoURL: uploader.photoURL },
    subjectId,
    title: photoBatchText(uploader, batch),
    at,
    count: batch.count,
    photos: batch.photos,
  };
}

/**
 * Reads, in the transaction that records `photo` (before it writes), its batch's entry with the
 * photo added as the newest: the line moves to the top with the batch's latest upload.
 */
export async function photoAddedToBatch(
  tx: Transaction,
  photo: PhotoRecord,
): Promise<PhotoBatchChange> {
  const ref = batchRef(photo);
  const stored = (await tx.get(ref)).data();
  const batch = addToPhotoBatch(stored ? storedBatch(stored) : null, activityPhoto(photo));
  return {
    ref,
    entry: batchEntry(photoBatchSubject(photo), batch, photo.uploadedByUser, photo.uploadedAt),
  };
}

/**
 * Reads, in the transaction that deletes `photo` (before it writes), its batch's entry without
 * it: one fewer, its thumbnail replaced by the batch's next newest photo, gone with the last
 * photo. Null when there is no entry (an event from before the feed). The entry keeps its time.
 */
export async function photoRemovedFromBatch(
  tx: Transaction,
  photo: PhotoRecord,
): Promise<PhotoBatchChange | null> {
  const ref = batchRef(photo);
  const stored = (await tx.get(ref)).data();
  if (!stored) return null;
  const current = storedBatch(stored);
  let newest: ActivityPhoto[] | undefined;
  if (photo.batchId && photoBatchNeedsRefill(current, photo.id)) {
    const snap = await tx.get(
      store()
        .photos(photo.eventId)
        .where('uploadedBy', '==', photo.uploadedBy)
        .where('batchId', '==', photo.batchId)
        .orderBy('uploadedAt', 'desc')
        .limit(PHOTO_BATCH_PREVIEW + 1),
    );
    newest = snap.docs.map((d) => activityPhoto(d.data()));
  }
  const batch = removeFromPhotoBatch(current, photo.id, newest);
  if (!batch) return { ref, entry: null };
  const actor = stored.actor ?? photo.uploadedByUser;
  return { ref, entry: batchEntry(stored.subjectId, batch, actor, stored.at) };
}

export function writePhotoBatch(tx: Transaction, change: PhotoBatchChange | null): void {
  if (!change) return;
  if (change.entry) tx.set(change.ref, change.entry);
  else tx.delete(change.ref);
}

/**
 * The entries of an event's photos recomputed from the photos themselves (the backfill): one
 * per batch, its newest photos first, at its latest upload.
 */
export function photoBatchEntries(photos: readonly PhotoRecord[]): ActivityRecord[] {
  const batches = new Map<string, PhotoRecord[]>();
  for (const photo of photos) {
    const subject = photoBatchSubject(photo);
    batches.set(subject, [...(batches.get(subject) ?? []), photo]);
  }
  return [...batches].map(([subjectId, members]) => {
    const newestFirst = [...members].sort(
      (a, b) => b.uploadedAt.toMillis() - a.uploadedAt.toMillis(),
    );
    const [newest] = newestFirst as [PhotoRecord, ...PhotoRecord[]];
    const batch: PhotoBatch = {
      count: newestFirst.length,
      photos: newestFirst.slice(0, PHOTO_BATCH_PREVIEW).map(activityPhoto),
    };
    return batchEntry(subjectId, batch, newest.uploadedByUser, newest.uploadedAt);
  });
}
