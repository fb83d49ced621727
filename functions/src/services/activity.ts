// The activity feed (docs/performance.md, "Activity"): one `events/{e}/activity/{kind}:{id}`
// entry per member, photo, flight, carpool, schedule item and announcement, written by triggers
// after the document is created and removed after it is deleted, so the screen reads
// `activity orderBy at desc limit 20` instead of five collections. The sentence is the one
// the feed always showed (domain/src/activity.ts), built per document.
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { buildActivityFeed, type ActivitySources } from '@gatherly/domain/activity';
import type { ActivityEntryKind } from '@gatherly/domain/entities';
import type {
  ActivityRecord,
  AnnouncementRecord,
  CarpoolRecord,
  FlightRecord,
  MemberRecord,
  PhotoRecord,
  ScheduleItemRecord,
} from '../db.ts';
import { store } from '../firebase.ts';

/** The created document of each kind, as its trigger receives it. */
export type ActivitySubject =
  | { kind: 'member'; doc: MemberRecord }
  | { kind: 'photo'; doc: PhotoRecord }
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
    case 'photo':
      return { sources: { photos: [subject.doc] }, at: subject.doc.uploadedAt };
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
    case 'photo': {
      const doc = (await tx.get(s.photos(eventId).doc(id))).data();
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
