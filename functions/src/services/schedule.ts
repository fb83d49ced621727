// Schedule: the items with RSVP counts, a member's own RSVP, answers the host records for a
// guest, and item deletion (docs/product.md, "Schedule and RSVPs", "Guest list"). Admins create
// and edit the items directly (firestore.rules).
import { FieldPath, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { recordedAnswerText } from '@gatherly/domain/activity';
import { RSVP_STATUSES, type RsvpStatus, type ScheduleItemView } from '@gatherly/domain/entities';
import { isMemberRole } from '@gatherly/domain/roles';
import {
  MEMBER_NOT_FOUND,
  locate,
  readAll,
  requireMember,
  requirePermission,
  type Located,
} from '../access.ts';
import type { Caller } from '../caller.ts';
import type { MemberRecord, RsvpRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';
import { activityEntryId } from './activity.ts';
import { countRsvps, movedRsvpCounts } from './stats.ts';

export const SCHEDULE_ITEM_NOT_FOUND = 'Schedule item not found';

const NO_RSVPS = { going: 0, maybe: 0, notGoing: 0 } as const;

const isRsvpStatus = (v: unknown): v is RsvpStatus =>
  typeof v === 'string' && (RSVP_STATUSES as readonly string[]).includes(v);

/** The schedule by start time, each item with its RSVP counts and the caller's answer. */
export async function listSchedule(caller: Caller, eventId: string): Promise<ScheduleItemView[]> {
  await requireMember(caller, eventId);
  const snap = await store().schedule(eventId).orderBy('startTime').get();
  const mine = await readAll(snap.docs.map((d) => store().rsvps(eventId, d.id).doc(caller.uid)));
  return snap.docs.map((d, i): ScheduleItemView => {
    const { rsvpCounts, ...item } = d.data();
    const own = mine[i]?.data()?.status;
    return {
      ...apiShape(item),
      rsvpCounts: rsvpCounts ?? { ...NO_RSVPS },
      userRsvp: isRsvpStatus(own) ? own : null,
    };
  });
}

/** Where a schedule item addressed by its id alone lives (its id field is indexed). */
export async function locateScheduleItem(scheduleId: string): Promise<Located> {
  return locate(store().groups.schedule(), scheduleId, SCHEDULE_ITEM_NOT_FOUND);
}

/**
 * A member's own answer to a located schedule item (the rules refuse direct RSVP writes).
 * Unknown ids and items of other people's events answer the same 404. Answering yourself
 * clears "recorded by the host".
 */
export async function setRsvp(
  tx: Transaction,
  caller: Caller,
  { eventId, id: scheduleId }: Located,
  status: RsvpStatus,
): Promise<RsvpRecord> {
  const { member } = await requirePermission(caller, eventId, 'rsvp', {
    tx,
    notFound: SCHEDULE_ITEM_NOT_FOUND,
  });
  return writeAnswer(tx, { eventId, scheduleId, member, status, recordedBy: null });
}

/**
 * An admin records a guest's answer (said in person, by phone): the same documents as the
 * guest's own answer, marked with who recorded it; the guest can still change it
 * (docs/product.md, "Guest list").
 */
export async function recordRsvp(
  tx: Transaction,
  caller: Caller,
  { eventId, id: scheduleId }: Located,
  targetId: string,
  status: RsvpStatus,
): Promise<RsvpRecord> {
  const { member: host } = await requirePermission(caller, eventId, 'recordRsvps', {
    tx,
    notFound: SCHEDULE_ITEM_NOT_FOUND,
  });
  const target = (await tx.get(store().member(eventId, targetId))).data();
  if (!target || !isMemberRole(target.role)) throw notFound(MEMBER_NOT_FOUND);
  if (targetId === caller.uid) {
    return writeAnswer(tx, { eventId, scheduleId, member: target, status, recordedBy: null });
  }
  return writeAnswer(tx, { eventId, scheduleId, member: target, status, recordedBy: host });
}

/** The feed's entry for a recorded answer: one per guest and item, the latest recording. */
export const recordedAnswerEntryId = (scheduleId: string, uid: string) =>
  activityEntryId('rsvp', `${scheduleId}:${uid}`);

interface Answer {
  eventId: string;
  scheduleId: string;
  /** Whose answer it is. */
  member: MemberRecord;
  status: RsvpStatus;
  /** The admin who records it for the member; null when the member answers. */
  recordedBy: MemberRecord | null;
}

/**
 * The one write of an answer, in `tx`: the RSVP document (the source of truth), the item's
 * `rsvpCounts` moved by one unit from the previous answer, and the member's `rsvpsByUser` map,
 * from which answers to deleted items are dropped here. A recorded answer also gets its line in
 * the activity feed (docs/product.md, "Guest list").
 */
async function writeAnswer(
  tx: Transaction,
  { eventId, scheduleId, member, status, recordedBy }: Answer,
): Promise<RsvpRecord> {
  const s = store();
  const uid = member.userId;
  const itemRef = s.schedule(eventId).doc(scheduleId);
  const rsvpRef = s.rsvps(eventId, scheduleId).doc(uid);
  const byUserRef = s.rsvpsByUser(eventId).doc(uid);
  const [itemSnap, rsvpSnap, byUserSnap] = await Promise.all([
    tx.get(itemRef),
    tx.get(rsvpRef),
    tx.get(byUserRef),
  ]);
  const item = itemSnap.data();
  if (!item) throw notFound(SCHEDULE_ITEM_NOT_FOUND);
  // Items from before the counters (not backfilled) are counted once, here.
  const counts = item.rsvpCounts ?? (await countRsvps(eventId, scheduleId, tx));
  const stored = rsvpSnap.data()?.status;
  const previous = isRsvpStatus(stored) ? stored : null;
  const before = byUserSnap.data();
  const statuses = { ...before?.statuses };
  const respondedAt = { ...before?.respondedAt };
  const recorded = { ...before?.recordedBy };
  const others = Object.keys(statuses).filter((id) => id !== scheduleId);
  const otherItems = await readAll(
    others.map((id) => s.schedule(eventId).doc(id)),
    tx,
  );
  for (const snap of otherItems) {
    if (snap.exists) continue;
    delete statuses[snap.id];
    delete respondedAt[snap.id];
    delete recorded[snap.id];
  }
  const now = Timestamp.now();
  statuses[scheduleId] = status;
  respondedAt[scheduleId] = now;
  if (recordedBy) recorded[scheduleId] = recordedBy.userId;
  else delete recorded[scheduleId];

  const rsvp: RsvpRecord = {
    id: uid,
    eventId,
    scheduleId,
    userId: uid,
    status,
    respondedAt: now,
    recordedBy: recordedBy?.userId ?? null,
  };
  tx.set(rsvpRef, rsvp);
  tx.update(itemRef, { rsvpCounts: movedRsvpCounts(counts, previous, status) });
  tx.set(byUserRef, {
    id: uid,
    eventId,
    userId: uid,
    user: summary(member),
    statuses,
    respondedAt,
    recordedBy: recorded,
  });
  if (recordedBy) {
    const host = summary(recordedBy);
    tx.set(s.activity(eventId).doc(recordedAnswerEntryId(scheduleId, uid)), {
      id: recordedAnswerEntryId(scheduleId, uid),
      kind: 'rsvp',
      actor: host,
      subjectId: `${scheduleId}:${uid}`,
      title: recordedAnswerText(host, summary(member), item.title),
      at: now,
    });
  }
  return rsvp;
}

const summary = (m: MemberRecord) => ({
  displayName: m.user.displayName,
  photoURL: m.user.photoURL,
});

/**
 * A member leaves: their answers stop counting. Reads in `tx` (call before its writes);
 * returns the writes to apply. Items from before the counters keep no stored counts to move:
 * their RSVP document goes and the next answer counts them.
 */
export async function forgetAnswers(
  tx: Transaction,
  eventId: string,
  uid: string,
): Promise<() => void> {
  const s = store();
  const byUserRef = s.rsvpsByUser(eventId).doc(uid);
  const answers = (await tx.get(byUserRef)).data();
  const ids = Object.keys(answers?.statuses ?? {});
  const items = await readAll(
    ids.map((id) => s.schedule(eventId).doc(id)),
    tx,
  );
  const rsvps = await readAll(
    ids.map((id) => s.rsvps(eventId, id).doc(uid)),
    tx,
  );
  return () => {
    items.forEach((snap, i) => {
      const item = snap.data();
      const stored = rsvps[i]?.data()?.status;
      if (!item || !rsvps[i]?.exists) return;
      if (item.rsvpCounts && isRsvpStatus(stored)) {
        tx.update(snap.ref, { rsvpCounts: movedRsvpCounts(item.rsvpCounts, stored, null) });
      }
      tx.delete(s.rsvps(eventId, snap.id).doc(uid));
    });
    for (const id of ids) tx.delete(s.activity(eventId).doc(recordedAnswerEntryId(id, uid)));
    if (answers) tx.delete(byUserRef);
  };
}

/**
 * Deletes a schedule item (admins): first the item, so every dashboard drops it and its counts
 * at once, then its RSVPs in bulk (1,000 at Enterprise size, beyond one batch). Answers in
 * members' `rsvpsByUser` maps are left: readers ignore keys of items they do not list, and the
 * member's next RSVP drops them. The feed's recorded-answer lines for the item go too (their ids
 * share the item's prefix).
 */
export async function deleteScheduleItem(
  caller: Caller,
  { eventId, id: scheduleId }: Located,
): Promise<void> {
  const itemRef = store().schedule(eventId).doc(scheduleId);
  await db().runTransaction(async (tx) => {
    await requirePermission(caller, eventId, 'manageSchedule', {
      tx,
      notFound: SCHEDULE_ITEM_NOT_FOUND,
    });
    if (!(await tx.get(itemRef)).exists) throw notFound(SCHEDULE_ITEM_NOT_FOUND);
    tx.delete(itemRef);
  });
  await db().recursiveDelete(store().rsvps(eventId, scheduleId));
  const prefix = recordedAnswerEntryId(scheduleId, '');
  const recorded = store()
    .activity(eventId)
    .where(FieldPath.documentId(), '>=', prefix)
    .where(FieldPath.documentId(), '<', `${prefix}\uf8ff`);
  const writer = db().bulkWriter();
  for (const entry of (await recorded.get()).docs) void writer.delete(entry.ref);
  await writer.close();
}
