// The event's photo count and cap in shards (domain/src/photo-counter.ts; docs/performance.md,
// "The reception"): a record writes one shard with room, so a burst of uploads spreads over
// PHOTO_COUNT_SHARDS documents instead of queueing on one; the count stays exact and the cap is
// never passed, because the shards' shares add up to what the base leaves under the cap and
// every decision that could pass it (no shard has room, the cap changed) is taken by one
// transaction that reads the base and every shard.
import type { Transaction } from 'firebase-admin/firestore';
import type { EventStatsPhotos } from '@gatherly/domain/entities/stats';
import {
  PHOTO_COUNT_SHARDS,
  roomUnderCap,
  shardShare,
  shardsWithRoom,
  sumPhotoStats,
} from '@gatherly/domain/photo-counter';
import { db, store } from '../firebase.ts';
import { readAll } from '../access.ts';
import { countPhotoStats } from './stats.ts';

const SHARDS = [...Array(PHOTO_COUNT_SHARDS).keys()];
/** Attempts on single shards before a transaction over all of them decides. */
const SHARD_ATTEMPTS = 4;

const randomOf = (list: readonly number[]): number | null =>
  list.length ? (list[Math.floor(Math.random() * list.length)] as number) : null;

const shardRefs = (eventId: string) => SHARDS.map((k) => store().stats.photoShard(eventId, k));

/** Outside any transaction: the base and the shards, as last committed. */
async function peek(eventId: string) {
  const [base, shards] = await Promise.all([
    store().stats.photos(eventId).get(),
    readAll(shardRefs(eventId)),
  ]);
  const shardStats = new Map<number, EventStatsPhotos>();
  shards.forEach((snap, k) => {
    const data = snap.data();
    if (data) shardStats.set(k, data);
  });
  return { base: base.data(), shards: shardStats };
}

/** The event's photo counts now: base plus shards (null = not counted yet, no base). */
export async function readPhotoCounts(eventId: string): Promise<EventStatsPhotos | null> {
  const { base, shards } = await peek(eventId);
  return base ? sumPhotoStats([base, ...shards.values()]) : null;
}

/** Where the next record should go: a shard with room, or 'fold' when none has any. */
async function nextChoice(eventId: string): Promise<number | 'fold'> {
  const { base, shards } = await peek(eventId);
  if (!base || base.shardLimit === undefined) return 'fold';
  const totals = new Map([...shards].map(([k, s]) => [k, s.total]));
  const open = shardsWithRoom(totals, roomUnderCap(base.shardLimit, base.total));
  return randomOf(open) ?? 'fold';
}

export type PhotoPlace =
  /** Counted: call `write()` with the transaction's other writes. */
  | { kind: 'counted'; write: () => void }
  /** The chosen shard had no room: try again with another choice (nothing was written). */
  | { kind: 'retry' }
  /** Every place under the cap is taken: `used` photos, exactly. */
  | { kind: 'full'; used: number };

/**
 * Takes one place for a new photo under `limit` (-1 = none), in `tx`, before any write of it.
 * `choice` is a shard index (one shard is read and written) or 'fold': the base and every shard
 * are read, the shards' counts move into the base with the new photo, and fresh shares are cut
 * for `limit`. An event without a base (from before the counters) is counted with aggregations
 * then, and its shards, which cannot hold anything the count missed, are cleared.
 */
export async function takePhotoPlace(
  tx: Transaction,
  eventId: string,
  limit: number,
  choice: number | 'fold',
): Promise<PhotoPlace> {
  const baseRef = store().stats.photos(eventId);
  const base = (await tx.get(baseRef)).data();
  if (choice !== 'fold' && base && base.shardLimit === limit) {
    const ref = store().stats.photoShard(eventId, choice);
    const shard = (await tx.get(ref)).data() ?? { id: ref.id, total: 0, featured: 0 };
    const share = shardShare(choice, roomUnderCap(limit, base.total));
    if (shard.total >= share) return { kind: 'retry' };
    return {
      kind: 'counted',
      write: () => tx.set(ref, { ...shard, id: ref.id, total: shard.total + 1 }),
    };
  }
  const refs = shardRefs(eventId);
  const shards = await readAll(refs, tx);
  const counts = base
    ? sumPhotoStats([base, ...shards.flatMap((s) => s.data() ?? [])])
    : await countPhotoStats(eventId, tx);
  if (limit >= 0 && counts.total >= limit) return { kind: 'full', used: counts.total };
  return {
    kind: 'counted',
    write: () => {
      tx.set(baseRef, {
        id: 'photos',
        total: counts.total + 1,
        featured: counts.featured,
        shardLimit: limit,
      });
      shards.forEach((snap, k) => {
        if (snap.exists) tx.set(refs[k]!, { id: snap.id, total: 0, featured: 0 });
      });
    },
  };
}

/**
 * Runs `attempt` (a transaction body that calls `takePhotoPlace` with the choice it is given)
 * until a shard with room takes the photo: a random shard first, then one the last committed
 * counts show with room, and after SHARD_ATTEMPTS, or when none shows any, 'fold', which always
 * decides.
 */
export async function withPhotoPlace<T>(
  eventId: string,
  attempt: (tx: Transaction, choice: number | 'fold') => Promise<T | 'retry'>,
): Promise<T> {
  let choice: number | 'fold' = randomOf(SHARDS) ?? 'fold';
  for (let tries = 1; ; tries++) {
    const chosen = choice;
    const result = await db().runTransaction((tx) => attempt(tx, chosen));
    if (result !== 'retry') return result;
    choice = tries >= SHARD_ATTEMPTS ? 'fold' : await nextChoice(eventId);
  }
}

/** A change taking photos or featured marks out of the count (a delete, an unfeature). */
export interface PhotoCountDecrease {
  total: number;
  featured: number;
}

/**
 * Moves the photo counts in `tx` (reads first; returns the write): adds `add.featured` to a
 * random shard, or takes `remove` from the shard `from` when it holds that much, else from the
 * base when it does, else from the base and every shard together (all read: a count never goes
 * below zero and never drifts). Call through `withPhotoCountChange`.
 */
async function changePhotoCounts(
  tx: Transaction,
  eventId: string,
  change: { addFeatured: number; remove: PhotoCountDecrease },
  from: number | 'all',
): Promise<() => void> {
  const { addFeatured, remove } = change;
  const baseRef = store().stats.photos(eventId);
  if (from !== 'all') {
    const ref = store().stats.photoShard(eventId, from);
    const shard = (await tx.get(ref)).data() ?? { id: ref.id, total: 0, featured: 0 };
    if (shard.total >= remove.total && shard.featured >= remove.featured) {
      return () =>
        tx.set(ref, {
          id: ref.id,
          total: shard.total - remove.total,
          featured: shard.featured - remove.featured + addFeatured,
        });
    }
    const base = (await tx.get(baseRef)).data();
    if (base && base.total >= remove.total && base.featured >= remove.featured) {
      return () =>
        tx.set(baseRef, {
          ...base,
          total: base.total - remove.total,
          featured: base.featured - remove.featured + addFeatured,
        });
    }
  }
  const base = (await tx.get(baseRef)).data();
  const refs = shardRefs(eventId);
  const shards = await readAll(refs, tx);
  const counts = base
    ? sumPhotoStats([base, ...shards.flatMap((s) => s.data() ?? [])])
    : await countPhotoStats(eventId, tx);
  return () => {
    tx.set(baseRef, {
      id: 'photos',
      total: Math.max(0, counts.total - remove.total),
      featured: Math.max(0, counts.featured - remove.featured + addFeatured),
      ...(base?.shardLimit === undefined ? {} : { shardLimit: base.shardLimit }),
    });
    shards.forEach((snap, k) => {
      if (snap.exists) tx.set(refs[k]!, { id: snap.id, total: 0, featured: 0 });
    });
  };
}

/** A shard to take `remove` from, by the last committed counts (random among those holding it). */
async function shardHolding(eventId: string, remove: PhotoCountDecrease): Promise<number | 'all'> {
  const { shards } = await peek(eventId);
  const holding = [...shards]
    .filter(([, s]) => s.total >= remove.total && s.featured >= remove.featured)
    .map(([k]) => k);
  return randomOf(holding) ?? 'all';
}

/** A counted change's part of its transaction: the counts it moves, its own writes, its answer. */
export interface CountedChange<T> {
  change: { addFeatured: number; remove: PhotoCountDecrease };
  write: () => void;
  result: T;
}

/**
 * Runs `body` (reads only; it returns its writes) in a transaction with the photo counts moved
 * by the change it reports. `expected` is the removal the caller foresees (a delete of a photo
 * it read, an unfeature): the shard to take it from is picked before the transaction by the
 * last committed counts; a different change found inside (the photo changed meanwhile) is taken
 * from the base and shards together.
 */
export async function withPhotoCountChange<T>(
  eventId: string,
  expected: PhotoCountDecrease,
  body: (tx: Transaction) => Promise<CountedChange<T>>,
): Promise<T> {
  const where =
    expected.total === 0 && expected.featured === 0
      ? (randomOf(SHARDS) ?? 'all')
      : await shardHolding(eventId, expected);
  return db().runTransaction(async (tx) => {
    const { change, write, result } = await body(tx);
    const { remove, addFeatured } = change;
    if (remove.total === 0 && remove.featured === 0 && addFeatured === 0) {
      write();
      return result;
    }
    const foreseen = remove.total <= expected.total && remove.featured <= expected.featured;
    const writeCounts = await changePhotoCounts(tx, eventId, change, foreseen ? where : 'all');
    write();
    writeCounts();
    return result;
  });
}
