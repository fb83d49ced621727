// A schedule item's RSVP counts, spread so that a room answering one item at once never writes
// the item's document faster than Firestore sustains (about once a second), while a capacity
// stays exact (docs/performance.md, "The reception").
//
// The exact counts are the item's `rsvpBase` plus every shard
// (`events/{e}/schedule/{s}/rsvpCountShards/{k}`): a shard holds the changes of the answers
// written through it, summed, never reset (so only answers write it). The item's `rsvpCounts`
// is what screens read: the exact counts as of its last fold (`rsvpCountedAt`). An answer reads
// the base and every shard in its transaction (the capacity check needs the exact heads), then
// either folds (the item quiet for FOLD_SPACING_MS: `rsvpCounts` = the new exact counts, its
// change added to the base, no shard written) or adds its change to one shard chosen at random.
import type { RsvpCounts } from './entities/schedule.ts';

/** Shards of one item: ~1 answer/s each sustained, far above a reception's peak per item. */
export const RSVP_COUNT_SHARDS = 10;

/** Every count present; the stored form of the base, a shard and the folded counts. */
export type RsvpTally = Required<RsvpCounts>;

export const NO_RSVP_TALLY: RsvpTally = {
  going: 0,
  maybe: 0,
  notGoing: 0,
  goingHeads: 0,
  waitlisted: 0,
  waitlistedHeads: 0,
};

const FIELDS = Object.keys(NO_RSVP_TALLY) as (keyof RsvpTally)[];

/**
 * Stored counts with every field: an item not answered since parties existed lacks the heads and
 * the waitlist (heads going = replies going, nobody waiting).
 */
export function toTally(counts: RsvpCounts): RsvpTally {
  return {
    going: counts.going,
    maybe: counts.maybe,
    notGoing: counts.notGoing,
    goingHeads: counts.goingHeads ?? counts.going,
    waitlisted: counts.waitlisted ?? 0,
    waitlistedHeads: counts.waitlistedHeads ?? 0,
  };
}

/** Field-wise a + sign × b. */
function combine(a: RsvpTally, b: RsvpTally, sign: 1 | -1): RsvpTally {
  const out = { ...a };
  for (const f of FIELDS) out[f] = a[f] + sign * b[f];
  return out;
}

export const addTally = (a: RsvpTally, b: RsvpTally): RsvpTally => combine(a, b, 1);

/** The change from `before` to `after` (fields may be negative). */
export const tallyChange = (before: RsvpTally, after: RsvpTally): RsvpTally =>
  combine(after, before, -1);

export const sameTally = (a: RsvpTally, b: RsvpTally): boolean =>
  FIELDS.every((f) => a[f] === b[f]);

/** The exact counts: the base plus every shard. */
export const sumTallies = (base: RsvpTally, shards: readonly RsvpTally[]): RsvpTally =>
  shards.reduce(addTally, base);

/** A shard chosen at random, so concurrent answers spread over the shards. */
export const randomRsvpShard = (): number => Math.floor(Math.random() * RSVP_COUNT_SHARDS);
