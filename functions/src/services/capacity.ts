// An item's capacity (Pro and Enterprise) and the promotions it allows: raising or clearing it
// lets whoever fits off the waitlist, in rounds for a long line (docs/product.md, "Plus-ones,
// questions and waitlists").
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { RsvpTally } from '@gatherly/domain/rsvp-counter';
import { RSVP_OPTION_MESSAGES } from '@gatherly/domain/rsvp-options';
import { requirePermission, type Located } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { RsvpsByUserRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { forbidden, notFound } from '../http.ts';
import type { LinkContext } from '../mail/params.ts';
import { tierOfUser } from '../tiers.ts';
import { SCHEDULE_ITEM_NOT_FOUND } from './schedule.ts';
import { readItemCounts, writeItemCounts } from './rsvp-count.ts';
import {
  applyPromotions,
  planPromotions,
  promotedUids,
  readAnswerMaps,
  writeAnswerMaps,
} from './waitlist.ts';

/** A capacity change's result: the item's limit and counts after any promotions. */
export interface CapacityResult {
  capacity: number | null;
  rsvpCounts: RsvpTally;
  promoted: number;
}

/**
 * Sets or clears an item's capacity (admins; Pro and Enterprise, by the event creator's plan).
 * Lowering it below the heads going demotes nobody (they were promised a spot); raising or
 * clearing it promotes from the waitlist in the same transaction. Clearing is allowed on every
 * plan, so an event whose creator downgraded is never stuck with a waitlist.
 */
export async function setCapacity(
  tx: Transaction,
  caller: Caller,
  { eventId, id: scheduleId }: Located,
  capacity: number | null,
  links: () => LinkContext,
): Promise<CapacityResult> {
  const { event } = await requirePermission(caller, eventId, 'manageSchedule', {
    tx,
    notFound: SCHEDULE_ITEM_NOT_FOUND,
  });
  if (capacity !== null) {
    const tier = await tierOfUser(event.createdBy, tx);
    if (!tier.advancedSchedulingEnabled) throw forbidden(RSVP_OPTION_MESSAGES.capacityNeedsPlan);
  }
  const itemRef = store().schedule(eventId).doc(scheduleId);
  const item = (await tx.get(itemRef)).data();
  if (!item) throw notFound(SCHEDULE_ITEM_NOT_FOUND);
  const read = await readItemCounts(tx, eventId, scheduleId, item);
  const counts = read.counts;
  const promoted = await planPromotions(tx, { eventId, scheduleId, capacity, counts });
  const maps = new Map<string, RsvpsByUserRecord | undefined>();
  await readAnswerMaps(tx, eventId, promotedUids(promoted), maps);
  const after = applyPromotions(tx, counts, {
    eventId,
    event,
    scheduleId,
    item: { ...item, capacity },
    promoted,
    maps,
    now: Timestamp.now(),
    links,
  });
  writeItemCounts(tx, read, after, { capacity });
  writeAnswerMaps(tx, eventId, maps, new Set(promotedUids(promoted)));
  return { capacity, rsvpCounts: after, promoted: promoted.length };
}

/**
 * Promotes whoever fits from an item's waitlist, in one transaction (a round of at most
 * LINE_READ_LIMIT parties); returns how many. A capacity lifted for a long line calls it until
 * nobody more fits.
 */
export async function promoteWaiting(
  { eventId, id: scheduleId }: Located,
  links: () => LinkContext,
): Promise<number> {
  return db().runTransaction(async (tx) => {
    const event = (await tx.get(store().event(eventId))).data();
    const itemRef = store().schedule(eventId).doc(scheduleId);
    const item = (await tx.get(itemRef)).data();
    if (!event || event.deleting || !item?.rsvpCounts) return 0;
    const read = await readItemCounts(tx, eventId, scheduleId, item);
    const counts = read.counts;
    const capacity = item.capacity ?? null;
    const promoted = await planPromotions(tx, { eventId, scheduleId, capacity, counts });
    if (promoted.length === 0) return 0;
    const maps = new Map<string, RsvpsByUserRecord | undefined>();
    await readAnswerMaps(tx, eventId, promotedUids(promoted), maps);
    const now = Timestamp.now();
    const after = applyPromotions(tx, counts, {
      eventId,
      event,
      scheduleId,
      item,
      promoted,
      maps,
      now,
      links,
    });
    writeItemCounts(tx, read, after);
    writeAnswerMaps(tx, eventId, maps, new Set(promotedUids(promoted)));
    return promoted.length;
  });
}
