/**
 * Both paths of each shared write agree: every row of WRITE_FIXTURES goes through the direct
 * path (the web SDK against the real firestore.rules) and the HTTP API. Settings rows: both must
 * accept or both refuse as the row says, and accepted rows store the same values. RSVP rows: the
 * API answers as the row says and the direct path refuses every one (the function keeps the
 * counters, so a direct RSVP would make them drift).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import { directPath } from './direct.ts';
import { eventWithRoles, grantApiAccess, seedSchedule } from './fixtures.ts';
import { startStack, type Stack, type TestUser } from './harness.ts';
import {
  BASELINE_EVENT_FIELDS,
  WRITE_FIXTURES,
  type FixtureRole,
  type WriteFixture,
} from './write-fixtures.ts';

let stack: Stack;
let direct: Awaited<ReturnType<typeof directPath>>;
let eventId: string;
let itemId: string;
let people: Record<FixtureRole, TestUser>;

beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
  direct = await directPath();
  const { creator, admin, attendee, outsider, ...roles } = await eventWithRoles(stack);
  eventId = roles.eventId;
  people = { creator, admin, attendee, outsider };
  // API clients are on a tier with API access (docs/api.md, "Access").
  await grantApiAccess(stack, creator, admin, attendee, outsider);
  itemId = await seedSchedule(stack.store, eventId);
});
afterAll(async () => {
  await direct?.env.cleanup();
  await stack?.stop();
});

/** Puts the event back as every row expects it, and removes every RSVP and its counts. */
async function reset(): Promise<void> {
  // Fields no baseline has: back to absent (no plus-ones, no questions).
  await stack.store.event(eventId).update({
    ...BASELINE_EVENT_FIELDS,
    plusOnesAllowed: FieldValue.delete(),
    questions: FieldValue.delete(),
  });
  const rsvps = await stack.store.rsvps(eventId, itemId).get();
  await Promise.all(rsvps.docs.map((d) => d.ref.delete()));
  await stack.store.schedule(eventId).doc(itemId).update({
    rsvpCounts: FieldValue.delete(),
    rsvpBase: FieldValue.delete(),
    rsvpCountedAt: FieldValue.delete(),
  });
  await stack.store.firestore.recursiveDelete(stack.store.rsvpCountShards(eventId, itemId));
  const maps = await stack.store.rsvpsByUser(eventId).get();
  await Promise.all(maps.docs.map((d) => d.ref.delete()));
  const answers = await stack.store.guestAnswers(eventId).get();
  await Promise.all(answers.docs.map((d) => d.ref.delete()));
}

/** What the write left in the database: the written fields (settings) or the RSVP. */
async function stored(row: WriteFixture, payload: Record<string, unknown>): Promise<unknown> {
  if (row.write === 'settings') {
    const event = (await stack.store.event(eventId).get()).data() ?? {};
    return Object.fromEntries(
      Object.keys(payload).map((k) => [k, (event as Record<string, unknown>)[k]]),
    );
  }
  return (await stack.store.rsvps(eventId, itemId).doc(people[row.as].uid).get()).data()?.status;
}

async function viaRules(row: WriteFixture, payload: Record<string, unknown>): Promise<boolean> {
  const user = people[row.as];
  const db = direct.as(user).firestore();
  const write =
    row.write === 'settings'
      ? db.doc(stack.store.event(eventId).path).update(payload)
      : db.doc(stack.store.rsvps(eventId, itemId).doc(user.uid).path).set({
          eventId,
          scheduleId: itemId,
          userId: user.uid,
          respondedAt: firebase.firestore.FieldValue.serverTimestamp(),
          ...payload,
        });
  return write.then(
    () => true,
    (err: { code?: string }) => {
      if (err.code !== 'permission-denied') throw err;
      return false;
    },
  );
}

async function viaApi(row: WriteFixture, payload: Record<string, unknown>): Promise<boolean> {
  const path =
    row.write === 'settings'
      ? `/api/events/${eventId}`
      : `/api/events/${eventId}/schedule/${itemId}/rsvp`;
  const res = await stack.call<{ error?: string }>('PUT', path, {
    as: people[row.as],
    body: payload,
  });
  // Refusals are the caller's fault (4xx with a sentence), never a crash.
  if (res.status >= 300) {
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(typeof res.body.error).toBe('string');
  }
  return res.status === 200;
}

describe('direct writes and /api agree on every payload of the shared table', () => {
  it('covers valid and invalid rows of both writes', () => {
    const kinds = new Set(WRITE_FIXTURES.map((r) => `${r.write}:${r.accept}`));
    expect([...kinds].sort()).toEqual([
      'rsvp:false',
      'rsvp:true',
      'settings:false',
      'settings:true',
    ]);
    const names = WRITE_FIXTURES.map((r) => `${r.write}: ${r.name}`);
    expect(new Set(names).size).toBe(names.length);
  });

  for (const row of WRITE_FIXTURES) {
    it(`${row.write}: ${row.name} (${row.as}) → ${row.accept ? 'accepted' : 'refused'} both ways`, async () => {
      const payload = row.payload({ eventId });
      await reset();
      const direct = await viaRules(row, payload);
      const directResult = await stored(row, payload);
      await reset();
      const api = await viaApi(row, payload);
      const apiResult = await stored(row, payload);
      if (row.write === 'rsvp') {
        expect({ direct, api }).toEqual({ direct: false, api: row.accept });
        expect(directResult).toBeUndefined();
        if (row.accept) expect(apiResult).toEqual(payload.status);
        return;
      }
      expect({ direct, api }).toEqual({ direct: row.accept, api: row.accept });
      if (row.accept) expect(apiResult).toEqual(directResult);
    });
  }
});
