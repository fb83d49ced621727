// Schedule: the items with RSVP counts, and a member's own RSVP (docs/product.md, "Schedule and
// RSVPs"). Admins write the items themselves directly (firestore.rules).
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { RSVP_STATUSES, type RsvpStatus, type ScheduleItemView } from '@gatherly/domain/entities';
import { locate, readAll, requireMember, requirePermission, type Located } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { RsvpRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';
import { countOf } from '../tiers.ts';

export const SCHEDULE_ITEM_NOT_FOUND = 'Schedule item not found';

const isRsvpStatus = (v: unknown): v is RsvpStatus =>
  typeof v === 'string' && (RSVP_STATUSES as readonly string[]).includes(v);

/** The schedule by start time, each item with its RSVP counts and the caller's answer. */
export async function listSchedule(caller: Caller, eventId: string): Promise<ScheduleItemView[]> {
  await requireMember(caller, eventId);
  const snap = await store().schedule(eventId).orderBy('startTime').get();
  const mine = await readAll(snap.docs.map((d) => store().rsvps(eventId, d.id).doc(caller.uid)));
  return Promise.all(
    snap.docs.map(async (d, i): Promise<ScheduleItemView> => {
      const rsvps = store().rsvps(eventId, d.id);
      const [going, notGoing, maybe] = await Promise.all(
        RSVP_STATUSES.map((status) => countOf(rsvps.where('status', '==', status))),
      );
      const own = mine[i]?.data()?.status;
      return {
        ...apiShape(d.data()),
        rsvpCounts: { going: going ?? 0, notGoing: notGoing ?? 0, maybe: maybe ?? 0 },
        userRsvp: isRsvpStatus(own) ? own : null,
      };
    }),
  );
}

/** Where a schedule item addressed by its id alone lives (its id field is indexed). */
export async function locateScheduleItem(scheduleId: string): Promise<Located> {
  return locate(store().groups.schedule(), scheduleId, SCHEDULE_ITEM_NOT_FOUND);
}

/**
 * A member's own answer to a located schedule item: the document the rules let them write
 * directly. Unknown ids and items of other people's events answer the same 404.
 */
export async function setRsvp(
  tx: Transaction,
  caller: Caller,
  { eventId, id: scheduleId }: Located,
  status: RsvpStatus,
): Promise<RsvpRecord> {
  await requirePermission(caller, eventId, 'rsvp', { tx, notFound: SCHEDULE_ITEM_NOT_FOUND });
  if (!(await tx.get(store().schedule(eventId).doc(scheduleId))).exists) {
    throw notFound(SCHEDULE_ITEM_NOT_FOUND);
  }
  const rsvp: RsvpRecord = {
    id: caller.uid,
    eventId,
    scheduleId,
    userId: caller.uid,
    status,
    respondedAt: Timestamp.now(),
  };
  tx.set(store().rsvps(eventId, scheduleId).doc(caller.uid), rsvp);
  return rsvp;
}
