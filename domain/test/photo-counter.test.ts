import { describe, expect, it } from 'vitest';
import {
  PHOTO_COUNT_SHARDS,
  photoShardId,
  photoShardIndex,
  roomUnderCap,
  shardShare,
  shardsWithRoom,
  sumPhotoStats,
} from '../src/photo-counter.ts';

describe('photo count shards', () => {
  it('shares add up to exactly the room under the cap', () => {
    for (const room of [0, 1, 3, 19, 20, 21, 99, 100, 1000, 10_000]) {
      let sum = 0;
      for (let k = 0; k < PHOTO_COUNT_SHARDS; k++) sum += shardShare(k, room);
      expect(sum).toBe(room);
    }
    expect(shardShare(0, -5)).toBe(0);
    expect(shardShare(7, null)).toBe(Number.POSITIVE_INFINITY);
  });

  it('room under the cap: unlimited is null, else what the base leaves', () => {
    expect(roomUnderCap(-1, 50)).toBeNull();
    expect(roomUnderCap(100, 40)).toBe(60);
    expect(roomUnderCap(100, 120)).toBe(-20);
  });

  it('lists the shards with room; none when the room is used', () => {
    // Free cap 100, nothing in the base: 5 a shard.
    const full = new Map(Array.from({ length: PHOTO_COUNT_SHARDS }, (_, k) => [k, 5]));
    expect(shardsWithRoom(full, 100)).toEqual([]);
    full.set(3, 4);
    expect(shardsWithRoom(full, 100)).toEqual([3]);
    expect(shardsWithRoom(new Map(), 2)).toEqual([0, 1]);
    expect(shardsWithRoom(new Map([[0, 1_000_000]]), null)).toHaveLength(PHOTO_COUNT_SHARDS);
  });

  it('names shards and sums them with the base', () => {
    expect(photoShardIndex(photoShardId(0))).toBe(0);
    expect(photoShardIndex(photoShardId(PHOTO_COUNT_SHARDS - 1))).toBe(PHOTO_COUNT_SHARDS - 1);
    expect(photoShardIndex(`photos-${PHOTO_COUNT_SHARDS}`)).toBeNull();
    expect(photoShardIndex('photos')).toBeNull();
    expect(photoShardIndex('members')).toBeNull();
    expect(
      sumPhotoStats([
        { total: 10, featured: 1 },
        { total: 3, featured: 0 },
        { total: 2, featured: 2 },
      ]),
    ).toEqual({ total: 15, featured: 3 });
  });
});
