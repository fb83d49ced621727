import { describe, expect, it } from 'vitest';
import { statsFromDocs } from '../../src/lib/use-event-stats.ts';

describe('the stats documents as one object', () => {
  it('adds the photo count shards to the base, and counts nothing before the base exists', () => {
    const shard = (total: number, featured = 0) => ({
      kind: 'photoShard' as const,
      stats: { total, featured },
    });
    expect(
      statsFromDocs([
        { kind: 'photos', stats: { total: 80, featured: 2 } },
        shard(5, 1),
        shard(3),
        { kind: 'members', stats: { total: 9, creator: 1, admin: 1, attendee: 7 } },
        { kind: 'unknown' },
      ]),
    ).toEqual({
      members: { total: 9, creator: 1, admin: 1, attendee: 7 },
      photos: { total: 88, featured: 3 },
      travel: null,
    });
    // Shards without the base: an event not counted yet ("counting…"), never a partial sum.
    expect(statsFromDocs([shard(4)]).photos).toBeNull();
  });
});
