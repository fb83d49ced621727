/**
 * The Seating screen's cost at Enterprise size (docs/performance.md, "Seating"): one
 * `GET …/seating` of a chart with 1,000 members Going (a fifth of them bringing a guest) and 100
 * tables, against the same guests with 10 tables. Document reads are counted where the functions
 * make them (firebase-admin's `getAll` and query `get`, as production bills them: one per
 * document returned, one for a query that returns none) and printed with the round trips and
 * the time. The chart is read once and bounded: the 90 extra tables cost exactly their 90
 * documents and no extra round trip (nothing is read per table).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Firestore, Query, Timestamp, type WriteBatch } from 'firebase-admin/firestore';
import type { SeatedPerson, SeatingResponse } from '@gatherly/domain/seating';
import { guestKey, SELF } from '@gatherly/domain/seating';
import { startStack, type Stack } from './harness.ts';
import { eventWithRoles, seedSchedule } from './fixtures.ts';

const GOING = 1000;
const SEATS = 10;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

interface Count {
  reads: number;
  roundTrips: number;
}

/** Counts the document reads and round trips firebase-admin makes while `run` runs. */
async function counted<T>(run: () => Promise<T>): Promise<{ result: T } & Count> {
  const count: Count = { reads: 0, roundTrips: 0 };
  const getAll = Firestore.prototype.getAll;
  const get = Query.prototype.get;
  Firestore.prototype.getAll = async function (this: Firestore, ...args) {
    const snaps = await getAll.apply(this, args);
    count.roundTrips += 1;
    count.reads += snaps.length;
    return snaps;
  } as typeof getAll;
  Query.prototype.get = async function (this: Query) {
    const snap = await get.apply(this);
    count.roundTrips += 1;
    count.reads += Math.max(1, snap.size);
    return snap;
  } as typeof get;
  try {
    return { result: await run(), ...count };
  } finally {
    Firestore.prototype.getAll = getAll;
    Query.prototype.get = get;
  }
}

/** Writes in batches of 500 (Firestore's limit). */
async function inBatches(writes: Array<(b: WriteBatch) => void>): Promise<void> {
  for (let i = 0; i < writes.length; i += 500) {
    const batch = stack.store.firestore.batch();
    for (const w of writes.slice(i, i + 500)) w(batch);
    await batch.commit();
  }
}

describe('the seating chart at Enterprise size', () => {
  it('reads 1,000 guests and 100 tables once, bounded, never per table', async () => {
    const { eventId, creator } = await eventWithRoles(stack);
    await stack.store.event(eventId).update({
      plusOnesAllowed: 1,
      questions: [
        { id: 'diet', label: 'Dietary needs', kind: 'text', options: [], required: false },
      ],
    });
    const big = await seedSchedule(stack.store, eventId, 'Reception');
    const small = await seedSchedule(stack.store, eventId, 'Rehearsal dinner');
    const now = Timestamp.now();
    const uids = Array.from({ length: GOING }, (_, i) => `guest-${String(i).padStart(4, '0')}`);
    const party = (i: number) =>
      i % 5 === 0 ? { size: 2, guests: [{ name: `Plus ${i}`, child: i % 10 === 0 }] } : undefined;
    const people: SeatedPerson[] = uids.flatMap((uid, i) => [
      { userId: uid, person: SELF, name: `Guest ${i}`, child: false },
      ...(party(i)?.guests ?? []).map((g, k) => ({
        userId: uid,
        person: guestKey(k),
        name: g.name,
        child: g.child,
      })),
    ]);
    const writes: Array<(b: WriteBatch) => void> = [];
    uids.forEach((uid, i) => {
      const p = party(i);
      writes.push((b) =>
        b.set(stack.store.rsvpsByUser(eventId).doc(uid), {
          id: uid,
          eventId,
          userId: uid,
          user: { displayName: `Guest ${i}`, photoURL: '' },
          statuses: { [big]: 'going', [small]: 'going' },
          ...(p ? { parties: { [big]: p, [small]: p } } : {}),
          respondedAt: { [big]: now, [small]: now },
          recordedBy: {},
        }),
      );
      writes.push((b) =>
        b.set(stack.store.guestAnswers(eventId).doc(uid), {
          id: uid,
          eventId,
          userId: uid,
          answers: { diet: i % 3 === 0 ? 'Vegetarian' : '' },
          updatedAt: now,
        }),
      );
    });
    // Tables filled in order, SEATS people each (the last ones over: a chart as a host leaves it).
    const tablesOf = (scheduleId: string, count: number) =>
      Array.from({ length: count }, (_, t) => {
        const seated = people.slice(
          Math.floor((t * people.length) / count),
          Math.floor(((t + 1) * people.length) / count),
        );
        const doc = stack.store.seatingTables(eventId, scheduleId).doc();
        writes.push((b) =>
          b.set(doc, {
            id: doc.id,
            eventId,
            scheduleId,
            name: `Table ${t + 1}`,
            number: t + 1,
            shape: 'round',
            seats: SEATS,
            order: t,
            // A table holds at most 60 people: with 10 tables only the first 60 of each.
            people: seated.slice(0, 60),
            memberIds: [...new Set(seated.slice(0, 60).map((p) => p.userId))].sort(),
            updatedAt: now,
          }),
        );
      });
    tablesOf(big, 100);
    tablesOf(small, 10);
    for (const [scheduleId, tableCount] of [
      [big, 100],
      [small, 10],
    ] as const) {
      writes.push((b) =>
        b.set(stack.store.seatingChart(eventId, scheduleId), {
          id: scheduleId,
          eventId,
          scheduleId,
          showGuestsTheirTable: false,
          tableCount,
          nextOrder: tableCount,
          updatedAt: now,
        }),
      );
    }
    await inBatches(writes);

    const open = async (scheduleId: string) => {
      const t0 = performance.now();
      const { result, ...count } = await counted(() =>
        stack.call<SeatingResponse>(
          'GET',
          `/api/events/${eventId}/schedule/${scheduleId}/seating`,
          { as: creator },
        ),
      );
      expect(result.status, JSON.stringify(result.body).slice(0, 200)).toBe(200);
      return { ...count, ms: Math.round(performance.now() - t0), body: result.body };
    };
    await open(small); // the first call warms the function's modules and caches
    const hundred = await open(big);
    const ten = await open(small);

    expect(hundred.body.chart.tables).toHaveLength(100);
    expect(hundred.body.chart.parties).toHaveLength(GOING);
    expect(hundred.body.chart.unassigned).toBe(0);
    expect(Object.keys(hundred.body.answers)).toHaveLength(GOING);
    console.log(
      [
        `Seating chart, GET …/seating as the creator (${GOING} members Going, ${people.length} people, answers on):`,
        `  100 tables: ${hundred.reads} document reads in ${hundred.roundTrips} round trips, ${hundred.ms} ms, ${JSON.stringify(hundred.body).length} bytes of JSON`,
        `   10 tables: ${ten.reads} document reads in ${ten.roundTrips} round trips, ${ten.ms} ms`,
      ].join('\n'),
    );
    // Once and bounded: the tables (one query), the Going members (pages of 300), their answers
    // (one getAll), the caller's membership and the item: about 2,100 reads at this size.
    expect(hundred.reads).toBeLessThanOrEqual(2 * GOING + 150);
    // Never per table: 90 more tables are 90 more documents, in the same round trips.
    expect(hundred.reads - ten.reads).toBe(90);
    expect(hundred.roundTrips).toBe(ten.roundTrips);
  }, 180_000);
});
