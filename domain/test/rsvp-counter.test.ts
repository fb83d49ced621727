import { describe, expect, it } from 'vitest';
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
} from '../src/rsvp-counter.ts';

const tally = (t: Partial<RsvpTally>): RsvpTally => ({ ...NO_RSVP_TALLY, ...t });

describe('RSVP count shards', () => {
  it('a change added to the counts it was taken from gives the counts after', () => {
    const before = tally({ going: 3, goingHeads: 5, waitlisted: 1, waitlistedHeads: 2 });
    const after = tally({ going: 2, goingHeads: 3, maybe: 1, waitlisted: 1, waitlistedHeads: 2 });
    const change = tallyChange(before, after);
    expect(change).toEqual(tally({ going: -1, goingHeads: -2, maybe: 1 }));
    expect(addTally(before, change)).toEqual(after);
  });

  it('the exact counts are the base plus every shard, negative changes included', () => {
    const base = tally({ going: 10, goingHeads: 12 });
    const shards = [tally({ going: -2, goingHeads: -2, notGoing: 2 }), tally({ maybe: 4 })];
    expect(sumTallies(base, shards)).toEqual(
      tally({ going: 8, goingHeads: 10, notGoing: 2, maybe: 4 }),
    );
    expect(sumTallies(base, [])).toEqual(base);
  });

  it('reads an item from before parties as heads = replies, nobody waiting', () => {
    expect(toTally({ going: 4, maybe: 1, notGoing: 2 })).toEqual(
      tally({ going: 4, goingHeads: 4, maybe: 1, notGoing: 2 }),
    );
    expect(toTally(tally({ going: 2, goingHeads: 5, waitlisted: 1, waitlistedHeads: 3 }))).toEqual(
      tally({ going: 2, goingHeads: 5, waitlisted: 1, waitlistedHeads: 3 }),
    );
  });

  it('compares every field', () => {
    expect(sameTally(tally({ going: 1 }), tally({ going: 1 }))).toBe(true);
    expect(sameTally(tally({ going: 1 }), tally({ going: 1, waitlistedHeads: 1 }))).toBe(false);
  });

  it('chooses shards within range, all of them over many answers', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) seen.add(randomRsvpShard());
    expect([...seen].sort((a, b) => a - b)).toEqual(
      Array.from({ length: RSVP_COUNT_SHARDS }, (_, k) => k),
    );
  });
});
