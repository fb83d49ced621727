// The event's counters (docs/performance.md, "Counters"): read and written inside the
// transaction of each counted write, so they are exact and the tier checks read one document
// instead of counting. An event from before the counters (not yet backfilled) has no stats
// document: the first counted write counts once with aggregations, inside the same transaction,
// and stores the result.
import type { Transaction } from 'firebase-admin/firestore';
import type { MemberRole } from '@gatherly/domain/entities/members';
import type { RsvpCounts } from '@gatherly/domain/entities/schedule';
import type {
  EventStatsMembers,
  EventStatsPhotos,
  EventStatsTravel,
} from '@gatherly/domain/entities/stats';
import type { RsvpState } from '@gatherly/domain/rsvp-options';
import { toTally, type RsvpTally } from '@gatherly/domain/rsvp-counter';
import { store } from '../firebase.ts';
import { countOf } from '../tiers.ts';

type Reader = Transaction | null;

/** A count never stored below zero (a delete racing a backfill must not show -1). */
const atLeastZero = (n: number) => Math.max(0, n);

export async function countMemberStats(
  eventId: string,
  tx: Reader = null,
): Promise<EventStatsMembers> {
  const members = store().members(eventId);
  const [creator, admin, attendee] = await Promise.all([
    countOf(members.where('role', '==', 'creator'), tx),
    countOf(members.where('role', '==', 'admin'), tx),
    countOf(members.where('role', '==', 'attendee'), tx),
  ]);
  return {
    total: creator + admin + attendee,
    creator,
    admin,
    attendee,
  };
}

export async function countPhotoStats(
  eventId: string,
  tx: Reader = null,
): Promise<EventStatsPhotos> {
  const photos = store().photos(eventId);
  const [total, featured] = await Promise.all([
    countOf(photos, tx),
    countOf(photos.where('isFeatured', '==', true), tx),
  ]);
  return { total, featured };
}

export async function countTravelStats(
  eventId: string,
  tx: Reader = null,
): Promise<EventStatsTravel> {
  const [flights, carpools] = await Promise.all([
    countOf(store().flights(eventId), tx),
    countOf(store().carpools(eventId), tx),
  ]);
  return { flights, carpools };
}

/**
 * An item's counts from its RSVP documents, for items from before the counters: those predate
 * parties and the waitlist (any later RSVP stores full counts), so heads going = replies going.
 */
export async function countRsvps(
  eventId: string,
  scheduleId: string,
  tx: Reader = null,
): Promise<RsvpCounts> {
  const rsvps = store().rsvps(eventId, scheduleId);
  const [going, maybe, notGoing] = await Promise.all([
    countOf(rsvps.where('status', '==', 'going'), tx),
    countOf(rsvps.where('status', '==', 'maybe'), tx),
    countOf(rsvps.where('status', '==', 'not_going'), tx),
  ]);
  return { going, maybe, notGoing };
}

// Readers: the stored counters, or a count when the event has none yet. Call before any write
// of the transaction (Firestore transactions read first).

export async function readMemberStats(
  tx: Transaction,
  eventId: string,
): Promise<EventStatsMembers> {
  const stored = (await tx.get(store().stats.members(eventId))).data();
  if (!stored) return countMemberStats(eventId, tx);
  const { id: _id, ...stats } = stored;
  return stats;
}

export async function readTravelStats(tx: Transaction, eventId: string): Promise<EventStatsTravel> {
  const stored = (await tx.get(store().stats.travel(eventId))).data();
  if (!stored) return countTravelStats(eventId, tx);
  const { id: _id, ...stats } = stored;
  return stats;
}

// Writers: the whole document, from what the transaction read plus the change.

/** Member counts after `delta` people joined (1) or left (-1) with `role`, or a role moved. */
export function writeMemberStats(
  tx: Transaction,
  eventId: string,
  current: EventStatsMembers,
  change: { add?: MemberRole; remove?: MemberRole },
): void {
  const next = { ...current };
  if (change.add) {
    next[change.add] += 1;
    next.total += 1;
  }
  if (change.remove) {
    next[change.remove] = atLeastZero(next[change.remove] - 1);
    next.total = atLeastZero(next.total - 1);
  }
  tx.set(store().stats.members(eventId), { id: 'members', ...next });
}

export function writeTravelStats(
  tx: Transaction,
  eventId: string,
  current: EventStatsTravel,
  delta: { flights?: number; carpools?: number },
): void {
  tx.set(store().stats.travel(eventId), {
    id: 'travel',
    flights: atLeastZero(current.flights + (delta.flights ?? 0)),
    carpools: atLeastZero(current.carpools + (delta.carpools ?? 0)),
  });
}

/** The stats of a new event: its creator, nothing else. */
export function initialiseStats(tx: Transaction, eventId: string): void {
  tx.create(store().stats.members(eventId), {
    id: 'members',
    total: 1,
    creator: 1,
    admin: 0,
    attendee: 0,
  });
  tx.create(store().stats.photos(eventId), { id: 'photos', total: 0, featured: 0 });
  // The photo count's shards are written as records arrive (photo-count.ts).
  tx.create(store().stats.travel(eventId), { id: 'travel', flights: 0, carpools: 0 });
}

/** What one member's RSVP adds to the counts: their state, and their party's heads. */
export interface RsvpContribution {
  state: RsvpState;
  heads: number;
}

/**
 * The item's counts after one member's RSVP moved from `previous` (or none) to `next` (or none:
 * the member left the event). Replies and heads move together.
 */
export function movedRsvpCounts(
  counts: RsvpCounts,
  previous: RsvpContribution | null,
  next: RsvpContribution | null,
): RsvpTally {
  const out = toTally(counts);
  const apply = (c: RsvpContribution, sign: 1 | -1) => {
    switch (c.state) {
      case 'going':
        out.going = atLeastZero(out.going + sign);
        out.goingHeads = atLeastZero(out.goingHeads + sign * c.heads);
        break;
      case 'waitlisted':
        out.waitlisted = atLeastZero(out.waitlisted + sign);
        out.waitlistedHeads = atLeastZero(out.waitlistedHeads + sign * c.heads);
        break;
      case 'maybe':
        out.maybe = atLeastZero(out.maybe + sign);
        break;
      case 'not_going':
        out.notGoing = atLeastZero(out.notGoing + sign);
        break;
    }
  };
  if (previous) apply(previous, -1);
  if (next) apply(next, 1);
  return out;
}
