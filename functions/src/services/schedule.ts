// Schedule items: the list with each item's RSVP counts and the caller's answer, and an item's
// deletion with its RSVPs and feed lines (docs/product.md, "Schedule and RSVPs"). Admins create
// and edit the items directly (firestore.rules); answers are rsvps.ts's, capacity and the
// waitlist capacity.ts's and waitlist.ts's.
import { seesItem } from '@gatherly/domain/groups';
import { FieldPath } from 'firebase-admin/firestore';
import type { ScheduleItemView } from '@gatherly/domain/entities/schedule';
import { pollIdFor } from '@gatherly/domain/polls';
import { RSVP_STATES, type RsvpState } from '@gatherly/domain/rsvp-options';
import { readAll, requireMember, requirePermission, type Located } from '../access.ts';
import type { Caller } from '../caller.ts';
import { db, store } from '../firebase.ts';
import { notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';
import { activityEntryId } from './activity.ts';
import { promotionEntryId } from './waitlist.ts';

export const SCHEDULE_ITEM_NOT_FOUND = 'Schedule item not found';

const NO_RSVPS = { going: 0, maybe: 0, notGoing: 0 } as const;

/** A stored RSVP state this code knows (documents are read as written). */
export const isRsvpState = (v: unknown): v is RsvpState =>
  typeof v === 'string' && (RSVP_STATES as readonly string[]).includes(v);

/** The schedule by start time, each item with its RSVP counts and the caller's answer. */
export async function listSchedule(caller: Caller, eventId: string): Promise<ScheduleItemView[]> {
  const { member } = await requireMember(caller, eventId);
  const snap = await store().schedule(eventId).orderBy('startTime').get();
  // Items limited to groups the caller is not in are left out (domain/src/groups.ts).
  const docs = snap.docs.filter((d) => seesItem(member, d.data()));
  const mine = await readAll(docs.map((d) => store().rsvps(eventId, d.id).doc(caller.uid)));
  return docs.map((d, i): ScheduleItemView => {
    const { rsvpCounts, ...item } = d.data();
    const own = mine[i]?.data()?.status;
    return {
      ...apiShape(item),
      rsvpCounts: rsvpCounts ?? { ...NO_RSVPS },
      userRsvp: isRsvpState(own) ? own : null,
    };
  });
}

/**
 * The feed's entry for a recorded answer: one per guest and item, the latest recording. Its id
 * starts with the item's, so an item's deletion finds its lines by prefix.
 */
export const recordedAnswerEntryId = (scheduleId: string, uid: string) =>
  activityEntryId('rsvp', `${scheduleId}:${uid}`);

/**
 * Deletes a schedule item (admins): first the item with its date poll, so every dashboard drops
 * them and the counts at once, then its RSVPs and the poll's ballots and tallies in bulk (1,000
 * at Enterprise size, beyond one batch). Answers in
 * members' `rsvpsByUser` maps are left: readers ignore keys of items they do not list, and the
 * member's next RSVP drops them. The feed's recorded-answer and promotion lines for the item go
 * too (their ids share the item's prefix).
 */
export async function deleteScheduleItem(
  caller: Caller,
  { eventId, id: scheduleId }: Located,
): Promise<void> {
  const itemRef = store().schedule(eventId).doc(scheduleId);
  const pollId = pollIdFor({ kind: 'schedule', scheduleId });
  await db().runTransaction(async (tx) => {
    await requirePermission(caller, eventId, 'manageSchedule', {
      tx,
      notFound: SCHEDULE_ITEM_NOT_FOUND,
    });
    if (!(await tx.get(itemRef)).exists) throw notFound(SCHEDULE_ITEM_NOT_FOUND);
    tx.delete(itemRef);
    tx.delete(store().polls(eventId).doc(pollId));
  });
  await db().recursiveDelete(store().pollBallots(eventId, pollId));
  await db().recursiveDelete(store().pollTallies(eventId, pollId));
  await db().recursiveDelete(store().rsvps(eventId, scheduleId));
  await db().recursiveDelete(store().rsvpCountShards(eventId, scheduleId));
  // Its seating chart, tables and placements (services/seating.ts).
  await db().recursiveDelete(store().seatingChart(eventId, scheduleId));
  const writer = db().bulkWriter();
  for (const prefix of [recordedAnswerEntryId(scheduleId, ''), promotionEntryId(scheduleId, '')]) {
    const entries = store()
      .activity(eventId)
      .where(FieldPath.documentId(), '>=', prefix)
      .where(FieldPath.documentId(), '<', `${prefix}\uf8ff`);
    for (const entry of (await entries.get()).docs) void writer.delete(entry.ref);
  }
  await writer.close();
}
