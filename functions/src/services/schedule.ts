// Schedule: the items with RSVP counts, and a member's own RSVP (docs/product.md, "Schedule and
// RSVPs"). Admins write the items themselves directly (firestore.rules).
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  NO_RSVPS,
  RSVP_COUNT_KEYS,
  RSVP_STATUSES,
  type RsvpStatus,
  type ScheduleItemView,
} from '@gatherly/domain/entities';
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
import { store } from '../firebase.ts';
import { notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';

export const SCHEDULE_ITEM_NOT_FOUND = 'Schedule item not found';

const isRsvpStatus = (v: unknown): v is RsvpStatus =>
  typeof v === 'string' && (RSVP_STATUSES as readonly string[]).includes(v);

/** The schedule by start time, each item with its RSVP counts and the caller's answer. */
export async function listSchedule(caller: Caller, eventId: string): Promise<ScheduleItemView[]> {
  await requireMember(caller, eventId);
  const snap = await store().schedule(eventId).orderBy('startTime').get();
  const mine = await readAll(snap.docs.map((d) => store().rsvps(eventId, d.id).doc(caller.uid)));
  return snap.docs.map((d, i): ScheduleItemView => {
    const own = mine[i]?.data()?.status;
    const { rsvpCounts, ...item } = d.data();
    return {
      ...apiShape(item),
      rsvpCounts: { ...NO_RSVPS, ...rsvpCounts },
      userRsvp: isRsvpStatus(own) ? own : null,
    };
  });
}

/** Where a schedule item addressed by its id alone lives (its id field is indexed). */
export async function locateScheduleItem(scheduleId: string): Promise<Located> {
  return locate(store().groups.schedule(), scheduleId, SCHEDULE_ITEM_NOT_FOUND);
}

/**
 * A member's own answer to a located schedule item. Unknown ids and items of other people's
 * events answer the same 404. Answering yourself clears "recorded by the host".
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
  await requirePermission(caller, eventId, 'recordRsvps', {
    tx,
    notFound: SCHEDULE_ITEM_NOT_FOUND,
  });
  const target = (await tx.get(store().member(eventId, targetId))).data();
  if (!target || !isMemberRole(target.role)) throw notFound(MEMBER_NOT_FOUND);
  const recordedBy = targetId === caller.uid ? null : caller.uid;
  return writeAnswer(tx, { eventId, scheduleId, member: target, status, recordedBy });
}

interface Answer {
  eventId: string;
  scheduleId: string;
  member: MemberRecord;
  status: RsvpStatus;
  recordedBy: string | null;
}

/**
 * The one write of an answer: the RSVP document, the member's answers map (rsvpsByUser) and the
 * item's exact counts, moved by one unit from the previous answer, all in `tx`.
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
  const before = rsvpSnap.data()?.status;
  const counts = { ...NO_RSVPS, ...item.rsvpCounts };
  if (isRsvpStatus(before))
    counts[RSVP_COUNT_KEYS[before]] = Math.max(0, counts[RSVP_COUNT_KEYS[before]] - 1);
  counts[RSVP_COUNT_KEYS[status]] += 1;
  const now = Timestamp.now();
  const rsvp: RsvpRecord = {
    id: uid,
    eventId,
    scheduleId,
    userId: uid,
    status,
    respondedAt: now,
    recordedBy,
  };
  const previous = byUserSnap.data();
  const { [scheduleId]: _dropped, ...othersRecorded } = previous?.recordedBy ?? {};
  tx.set(rsvpRef, rsvp);
  tx.set(byUserRef, {
    id: uid,
    eventId,
    userId: uid,
    user: { displayName: member.user.displayName, photoURL: member.user.photoURL },
    statuses: { ...previous?.statuses, [scheduleId]: status },
    respondedAt: { ...previous?.respondedAt, [scheduleId]: now },
    recordedBy: recordedBy ? { ...othersRecorded, [scheduleId]: recordedBy } : othersRecorded,
  });
  tx.update(itemRef, { rsvpCounts: counts });
  return rsvp;
}

/**
 * A member leaves: their answers stop counting. Reads in `tx` (call before its writes);
 * returns the writes to apply.
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
  return () => {
    items.forEach((snap, i) => {
      const item = snap.data();
      const id = ids[i] as string;
      const status = answers?.statuses[id];
      if (!item || !isRsvpStatus(status)) return;
      const counts = { ...NO_RSVPS, ...item.rsvpCounts };
      counts[RSVP_COUNT_KEYS[status]] = Math.max(0, counts[RSVP_COUNT_KEYS[status]] - 1);
      tx.update(snap.ref, { rsvpCounts: counts });
      tx.delete(s.rsvps(eventId, id).doc(uid));
    });
    if (answers) tx.delete(byUserRef);
  };
}
