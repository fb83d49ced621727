// The event's photo count, spread over shard documents so that a room full of guests uploading
// at once never writes one document faster than Firestore sustains (about once a second), while
// the tier's photo cap stays exact (docs/performance.md, "The reception").
//
// `stats/photos` is the base: the count folded in so far (events from before the shards keep
// their whole count there) and `shardLimit`, the cap the shards' shares were cut for.
// `stats/photos-0` … `stats/photos-{N-1}` each count photos recorded through them. The count
// is base + every shard. A record writes one shard, chosen at random among those with room;
// shard k has room while its total is below its share of what the base leaves under the cap.
// The shares add up to exactly that, so the shards together can never pass the cap, and far
// from it N records commit side by side. When no shard has room (at the cap, or after the cap
// changed), one transaction folds every shard into the base and cuts fresh shares.
import type { EventStatsPhotos } from './entities/stats.ts';

/** Shards: records per second the count sustains at about one write per shard per second. */
export const PHOTO_COUNT_SHARDS = 20;

export const PHOTO_STATS_BASE_ID = 'photos';

/** The document id of shard `k` in `events/{e}/stats`. */
export const photoShardId = (k: number) => `photos-${k}`;

/** The shard index of a stats document id, or null when it is not a photo shard. */
export function photoShardIndex(id: string): number | null {
  const match = /^photos-(\d+)$/.exec(id);
  if (!match) return null;
  const k = Number(match[1]);
  return k < PHOTO_COUNT_SHARDS ? k : null;
}

/**
 * Shard k's share of `room` records (the cap less the base), split as evenly as whole numbers
 * allow; null = no cap.
 */
export function shardShare(k: number, room: number | null, shards = PHOTO_COUNT_SHARDS): number {
  if (room === null) return Number.POSITIVE_INFINITY;
  const free = Math.max(0, room);
  return Math.floor(free / shards) + (k < free % shards ? 1 : 0);
}

/** The room under a tier's photo cap (-1 = unlimited) left by the base's total. */
export function roomUnderCap(limit: number, baseTotal: number): number | null {
  return limit < 0 ? null : limit - baseTotal;
}

/** The shards (by index) with room for one more record, given their totals. */
export function shardsWithRoom(
  totals: ReadonlyMap<number, number>,
  room: number | null,
  shards = PHOTO_COUNT_SHARDS,
): number[] {
  const open: number[] = [];
  for (let k = 0; k < shards; k++) {
    if ((totals.get(k) ?? 0) < shardShare(k, room, shards)) open.push(k);
  }
  return open;
}

/** The event's photo counts: the base plus every shard (documents not written yet count 0). */
export function sumPhotoStats(parts: readonly EventStatsPhotos[]): EventStatsPhotos {
  let total = 0;
  let featured = 0;
  for (const p of parts) {
    total += p.total;
    featured += p.featured;
  }
  return { total, featured };
}
