// A schedule item's RSVP counts (domain/src/rsvp-counter.ts, docs/performance.md, "The
// reception"): exact for every transaction that moves them (the base plus the item's shards,
// read together), while the item's document is written at most once per FOLD_SPACING_MS: a
// burst of answers to one item writes its shards, and a fold brings `rsvpCounts` up to date.
import {
  addTally,
  NO_RSVP_TALLY,
  randomRsvpShard,
  RSVP_COUNT_SHARDS,
  sameTally,
  sumTallies,
  tallyChange,
  toTally,
  type RsvpTally,
} from '@gatherly/domain/rsvp-counter';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { readAll } from '../access.ts';
import type { ScheduleItemRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { countRsvps } from './stats.ts';
import { FOLD_SPACING_MS, foldSpaced } from './fold.ts';

/** An item's counts as one transaction read them: what its count writes start from. */
export interface ItemCounts {
  eventId: string;
  scheduleId: string;
  /** The exact counts. */
  counts: RsvpTally;
  /** Null on an item from before the shards (its next write folds and stores the base). */
  base: RsvpTally | null;
  /** Every shard by index (zeros where not written yet). */
  shards: RsvpTally[];
  /** `rsvpCounts` as screens see it, and when it was folded in (ms; 0 = never). */
  shown: RsvpTally | null;
  countedAt: number;
}

const shardRef = (eventId: string, scheduleId: string, k: number) =>
  store().rsvpCountShards(eventId, scheduleId).doc(String(k));

/**
 * The item's exact counts: its base and every shard (10 reads), in `tx` before its writes. Items
 * from before the counters (not backfilled) are counted from their RSVP documents once.
 */
export async function readItemCounts(
  tx: Transaction,
  eventId: string,
  scheduleId: string,
  item: ScheduleItemRecord,
): Promise<ItemCounts> {
  const refs = Array.from({ length: RSVP_COUNT_SHARDS }, (_, k) =>
    shardRef(eventId, scheduleId, k),
  );
  const snaps = await readAll(refs, tx);
  const shards = snaps.map((snap) => {
    const stored = snap.data();
    return stored ? toTally(stored) : NO_RSVP_TALLY;
  });
  const shown = item.rsvpCounts ? toTally(item.rsvpCounts) : null;
  const base = item.rsvpBase ? toTally(item.rsvpBase) : null;
  const start = base ?? shown ?? toTally(await countRsvps(eventId, scheduleId, tx));
  return {
    eventId,
    scheduleId,
    counts: sumTallies(start, base ? shards : []),
    base,
    shards,
    shown,
    countedAt: item.rsvpCountedAt?.toMillis() ?? 0,
  };
}

/**
 * Moves the item's counts to `after` (exact: `read.counts` moved by this transaction's answers).
 * The item is written when it is quiet (last fold FOLD_SPACING_MS ago or more), when it has no
 * base yet, or when the transaction writes the item anyway (`itemFields`, e.g. a capacity): then
 * `rsvpCounts` becomes exact and the change goes into the base. Else the change goes to one
 * shard, chosen at random, and the item is left alone (the trigger's fold follows).
 */
export function writeItemCounts(
  tx: Transaction,
  read: ItemCounts,
  after: RsvpTally,
  itemFields?: Partial<ScheduleItemRecord>,
): void {
  const change = tallyChange(read.counts, after);
  const quiet = Date.now() - read.countedAt >= FOLD_SPACING_MS;
  if (itemFields || !read.base || quiet) {
    const upToDate = read.base && read.shown && sameTally(read.shown, after);
    if (!itemFields && upToDate && sameTally(change, NO_RSVP_TALLY)) return;
    tx.update(store().schedule(read.eventId).doc(read.scheduleId), {
      ...itemFields,
      rsvpCounts: after,
      rsvpBase: addTally(read.base ?? read.counts, change),
      rsvpCountedAt: Timestamp.now(),
    });
    return;
  }
  if (sameTally(change, NO_RSVP_TALLY)) return;
  const k = randomRsvpShard();
  const shard = read.shards[k] ?? NO_RSVP_TALLY;
  tx.set(shardRef(read.eventId, read.scheduleId, k), { id: String(k), ...addTally(shard, change) });
}

/**
 * Makes the item's `rsvpCounts` equal to its exact counts (the trigger after each shard write),
 * writing the item only when they differ and at most once per FOLD_SPACING_MS: when the last
 * fold is too recent it waits out the spacing and tries again. Concurrent folds serialise on
 * the item: one writes, the others find the counts in.
 */
export function foldRsvpCounts(eventId: string, scheduleId: string): Promise<void> {
  return foldSpaced(() => foldOnce(eventId, scheduleId));
}

/** One fold transaction: 0 when done (or nothing to do), else how long to wait first. */
async function foldOnce(eventId: string, scheduleId: string): Promise<number> {
  return db().runTransaction(async (tx) => {
    const item = (await tx.get(store().schedule(eventId).doc(scheduleId))).data();
    if (!item?.rsvpBase) return 0;
    const read = await readItemCounts(tx, eventId, scheduleId, item);
    if (read.shown && sameTally(read.shown, read.counts)) return 0;
    const since = Date.now() - read.countedAt;
    if (since < FOLD_SPACING_MS) return FOLD_SPACING_MS - since;
    tx.update(store().schedule(eventId).doc(scheduleId), {
      rsvpCounts: read.counts,
      rsvpCountedAt: Timestamp.now(),
    });
    return 0;
  });
}
