// Schedule: the items with RSVP counts, a member's own RSVP and item deletion (docs/product.md,
// "Schedule and RSVPs"). Admins create and edit the items directly (firestore.rules).
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { RSVP_STATUSES, type RsvpStatus, type ScheduleItemView } from '@gatherly/domain/entities';
import { locate, readAll, requireMember, requirePermission, type Located } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { RsvpRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';
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
 * A member's own answer to a located schedule item (the only way to RSVP: the rules refuse
 * direct writes). In one transaction: the RSVP document (the source of truth), the item's
 * `rsvpCounts` moved by one unit from the previous answer, and the member's `rsvpsByUser` map,
 * from which answers to deleted items are dropped here. Unknown ids and items of other
 * people's events answer the same 404.
 */
export async function setRsvp(
  tx: Transaction,
  caller: Caller,
  { eventId, id: scheduleId }: Located,
  status: RsvpStatus,
): Promise<RsvpRecord> {
  await requirePermission(caller, eventId, 'rsvp', { tx, notFound: SCHEDULE_ITEM_NOT_FOUND });
  const itemRef = store().schedule(eventId).doc(scheduleId);
  const rsvpRef = store().rsvps(eventId, scheduleId).doc(caller.uid);
  const byUserRef = store().rsvpsByUser(eventId).doc(caller.uid);
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
  const statuses = { ...(byUserSnap.data()?.statuses ?? {}) };
  const others = Object.keys(statuses).filter((id) => id !== scheduleId);
  const otherItems = await readAll(
    others.map((id) => store().schedule(eventId).doc(id)),
    tx,
  );
  for (const snap of otherItems) if (!snap.exists) delete statuses[snap.id];
  statuses[scheduleId] = status;

  const rsvp: RsvpRecord = {
    id: caller.uid,
    eventId,
    scheduleId,
    userId: caller.uid,
    status,
    respondedAt: Timestamp.now(),
  };
  tx.set(rsvpRef, rsvp);
  tx.update(itemRef, { rsvpCounts: movedRsvpCounts(counts, previous, status) });
  tx.set(byUserRef, { id: caller.uid, statuses });
  return rsvp;
}

/**
 * Deletes a schedule item (admins): first the item, so every dashboard drops it and its counts
 * at once, then its RSVPs in bulk (1,000 at Enterprise size, beyond one batch). Answers in
 * members' `rsvpsByUser` maps are left: readers ignore keys of items they do not list, and the
 * member's next RSVP drops them.
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
}
