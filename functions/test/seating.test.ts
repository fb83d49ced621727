/**
 * Seating charts (docs/api.md, "Seating"): every write both ways (admins and the creator
 * allowed, attendees and outsiders refused), moves that split and rejoin parties, flags after
 * a guest withdraws, the caterer's CSV, a guest's own table, and two admins moving the same
 * people at once without losing or duplicating anyone.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SEATING_MESSAGES, type SeatingResponse } from '@gatherly/domain/seating';
import { Timestamp } from 'firebase-admin/firestore';
import { newUser, startStack, type Stack, type TestUser } from './harness.ts';
import { eventWithRoles, login, seedMember, seedSchedule } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

async function setup() {
  const roles = await eventWithRoles(stack);
  await stack.store.event(roles.eventId).update({
    plusOnesAllowed: 2,
    questions: [{ id: 'diet', label: 'Dietary needs', kind: 'text', options: [], required: false }],
  });
  const itemId = await seedSchedule(stack.store, roles.eventId, 'Reception');
  const base = `/api/events/${roles.eventId}/schedule/${itemId}/seating`;
  return { ...roles, itemId, base };
}

async function going(
  eventId: string,
  itemId: string,
  who: TestUser,
  guests: { name: string; child: boolean }[] = [],
  diet = '',
) {
  const res = await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
    as: who,
    body: { status: 'going', guests, ...(diet ? { answers: { diet } } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function guest(eventId: string, label: string): Promise<TestUser> {
  const user = newUser(label);
  await login(stack, user);
  await seedMember(stack.store, eventId, user);
  return user;
}

const chart = async (base: string, as: TestUser) => {
  const res = await stack.call<SeatingResponse>('GET', base, { as });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('seating tables', () => {
  it('admins and the creator quick-start, rename, number, reshape, reorder and delete tables', async () => {
    const { base, creator, admin } = await setup();
    const started = await stack.call<{
      tables: Array<{ id: string; name: string; number: number; seats: number; shape: string }>;
    }>('POST', `${base}/tables`, { as: admin, body: { count: 10, seats: 8, shape: 'round' } });
    expect(started.status).toBe(201);
    expect(started.body.tables).toHaveLength(10);
    expect(started.body.tables.map((t) => t.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const more = await stack.call<{ tables: Array<{ id: string; number: number; name: string }> }>(
      'POST',
      `${base}/tables`,
      {
        as: creator,
        body: { seats: 12, shape: 'long', name: 'Head table' },
      },
    );
    expect(more.body.tables.map((t) => [t.name, t.number])).toEqual([['Head table', 11]]);
    const head = more.body.tables[0]!.id;
    const patched = await stack.call<{
      table: { name: string; number: number; shape: string; seats: number };
    }>('PATCH', `${base}/tables/${head}`, {
      as: admin,
      body: { name: 'Top table', number: 1, shape: 'round', seats: 6 },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.table).toMatchObject({
      name: 'Top table',
      number: 1,
      shape: 'round',
      seats: 6,
    });
    const ids = [head, ...started.body.tables.map((t) => t.id)];
    const reordered = await stack.call('PUT', `${base}/order`, {
      as: admin,
      body: { tableIds: ids },
    });
    expect(reordered.status).toBe(200);
    expect((await chart(base, admin)).chart.tables.map((t) => t.id)).toEqual(ids);
    const missing = await stack.call('PUT', `${base}/order`, {
      as: admin,
      body: { tableIds: ids.slice(1) },
    });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: SEATING_MESSAGES.reorderMismatch });
    const deleted = await stack.call('DELETE', `${base}/tables/${head}`, { as: creator });
    expect(deleted.body).toEqual({ deleted: true, id: head, unassigned: 0 });
    expect((await chart(base, admin)).chart.tables).toHaveLength(10);
  });

  it('refuses bad input with a sentence and more tables than a chart holds', async () => {
    const { base, admin } = await setup();
    const bad = await stack.call('POST', `${base}/tables`, {
      as: admin,
      body: { seats: 0, shape: 'round' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: SEATING_MESSAGES.seatsRange });
    const shape = await stack.call('POST', `${base}/tables`, {
      as: admin,
      body: { seats: 8, shape: 'oval' },
    });
    expect(shape.body).toEqual({ error: SEATING_MESSAGES.shapeChoice });
    expect(
      (
        await stack.call('POST', `${base}/tables`, {
          as: admin,
          body: { count: 100, seats: 8, shape: 'round' },
        })
      ).status,
    ).toBe(201);
    const over = await stack.call('POST', `${base}/tables`, {
      as: admin,
      body: { count: 51, seats: 8, shape: 'round' },
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ error: SEATING_MESSAGES.tooManyTables });
    expect((await chart(base, admin)).chart.tables).toHaveLength(100);
  });

  it('attendees are refused every write and the chart; outsiders learn nothing', async () => {
    const { base, admin, attendee, outsider, eventId, itemId } = await setup();
    const made = await stack.call<{ tables: Array<{ id: string }> }>('POST', `${base}/tables`, {
      as: admin,
      body: { seats: 8, shape: 'round' },
    });
    const t = made.body.tables[0]!.id;
    const writes: Array<[string, string, unknown]> = [
      ['GET', base, undefined],
      ['POST', `${base}/tables`, { seats: 8, shape: 'round' }],
      ['PATCH', `${base}/tables/${t}`, { name: 'Mine' }],
      ['DELETE', `${base}/tables/${t}`, undefined],
      ['PUT', `${base}/order`, { tableIds: [t] }],
      ['POST', `${base}/moves`, { moves: [{ userId: attendee.uid, person: 'self', tableId: t }] }],
      ['PUT', `${base}/settings`, { showGuestsTheirTable: true }],
      ['GET', `${base.replace(/\/seating$/, '/seating.csv')}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const asAttendee = await stack.call(method, path, { as: attendee, body });
      expect(asAttendee.status, `${method} ${path}`).toBe(403);
      const asOutsider = await stack.call(method, path, { as: outsider, body });
      expect(asOutsider.status, `${method} ${path}`).toBe(404);
      expect((await stack.call(method, path, { body })).status).toBe(401);
    }
    // Nothing changed.
    const table = (await stack.store.seatingTables(eventId, itemId).doc(t).get()).data();
    expect(table?.name).toBe('Table 1');
  });
});

describe('assigning people', () => {
  it('seats a party and singles, splits a guest off, flags a withdrawal, frees the seats', async () => {
    const { base, admin, attendee, eventId, itemId } = await setup();
    await going(
      eventId,
      itemId,
      attendee,
      [
        { name: 'Ben', child: false },
        { name: 'Cleo', child: true },
      ],
      'Vegan',
    );
    const single = await guest(eventId, 'single');
    await going(eventId, itemId, single);
    const maybe = await guest(eventId, 'maybe');
    await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
      as: maybe,
      body: { status: 'maybe' },
    });
    const made = await stack.call<{ tables: Array<{ id: string }> }>('POST', `${base}/tables`, {
      as: admin,
      body: { count: 2, seats: 3, shape: 'round' },
    });
    const [t1, t2] = made.body.tables.map((t) => t.id) as [string, string];

    let view = await chart(base, admin);
    expect(view.chart.parties.map((p) => p.people.length).sort()).toEqual([1, 3]);
    expect(view.chart.unassigned).toBe(4);
    expect(view.answers[attendee.uid]).toEqual({ diet: 'Vegan' });

    const party = ['self', 'g0', 'g1'].map((person) => ({
      userId: attendee.uid,
      person,
      tableId: t1,
    }));
    const seated = await stack.call<{ moves: Array<{ from: string | null }> }>(
      'POST',
      `${base}/moves`,
      {
        as: admin,
        body: { moves: [...party, { userId: single.uid, person: 'self', tableId: t1 }] },
      },
    );
    expect(seated.status, JSON.stringify(seated.body)).toBe(200);
    view = await chart(base, admin);
    expect(view.chart.tables[0]).toMatchObject({ occupied: 4, seats: 3, overCapacity: true });
    expect(view.chart.unassigned).toBe(0);

    // Not going: refused, nothing written.
    const refused = await stack.call('POST', `${base}/moves`, {
      as: admin,
      body: { moves: [{ userId: maybe.uid, person: 'self', tableId: t2 }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: SEATING_MESSAGES.notGoing });

    // Split Cleo off to table 2; undo sends her back.
    const split = await stack.call<{
      moves: Array<{ userId: string; person: string; tableId: string; from: string }>;
    }>('POST', `${base}/moves`, {
      as: admin,
      body: { moves: [{ userId: attendee.uid, person: 'g1', tableId: t2 }] },
    });
    expect(split.body.moves).toEqual([
      { userId: attendee.uid, person: 'g1', tableId: t2, from: t1 },
    ]);
    await stack.call('POST', `${base}/moves`, {
      as: admin,
      body: { moves: [{ userId: attendee.uid, person: 'g1', tableId: t1 }] },
    });
    view = await chart(base, admin);
    expect(view.chart.tables[0]?.people.map((p) => p.name).sort()).toEqual(
      [attendee.name, 'Ben', 'Cleo', single.name].sort(),
    );
    expect(view.chart.tables[1]?.people).toEqual([]);

    // The single withdraws: flagged, their seat frees up, the table is no longer over.
    await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
      as: single,
      body: { status: 'not_going' },
    });
    view = await chart(base, admin);
    const flagged = view.chart.tables[0]?.people.find((p) => p.userId === single.uid);
    expect(flagged?.flag).toBe('withdrawn');
    expect(view.chart.tables[0]).toMatchObject({ occupied: 3, overCapacity: false });
    expect(view.chart.flagged).toBe(1);

    // The caterer's CSV leaves the withdrawn guest out and carries the answer.
    const csv = await stack.call<string>('GET', base.replace(/\/seating$/, '/seating.csv'), {
      as: admin,
    });
    expect(csv.status).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Table,Guest,Child,Party of,Dietary needs');
    expect(lines).toContain(`Table 1,${attendee.name},No,,Vegan`);
    expect(lines).toContain(`Table 1,Cleo,Yes,${attendee.name},`);
    expect(lines.some((l) => l.includes(single.name))).toBe(false);

    // Deleting the table sends everyone back to unassigned.
    const deleted = await stack.call('DELETE', `${base}/tables/${t1}`, { as: admin });
    expect(deleted.body).toMatchObject({ unassigned: 4 });
    view = await chart(base, admin);
    expect(view.chart.unassigned).toBe(3);
    expect(
      (await stack.store.seatingPlacements(eventId, itemId).doc(attendee.uid).get()).exists,
    ).toBe(false);
  });

  it("carries the event's groups with their members, for the host's filter", async () => {
    const { base, admin, attendee, eventId, itemId } = await setup();
    await going(eventId, itemId, attendee);
    const single = await guest(eventId, 'single');
    await going(eventId, itemId, single);
    expect((await chart(base, admin)).groups).toEqual([]);
    const made: Array<{ id: string }> = [];
    for (const name of ['Wedding party', 'Family']) {
      const res = await stack.call<{ group: { id: string } }>(
        'POST',
        `/api/events/${eventId}/groups`,
        { as: admin, body: { name } },
      );
      expect(res.status).toBe(201);
      made.push(res.body.group);
    }
    const [party, family] = made as [{ id: string }, { id: string }];
    const assigned = await stack.call('PUT', `/api/events/${eventId}/groups/${party.id}/members`, {
      as: admin,
      body: { add: [attendee.uid, single.uid], remove: [] },
    });
    expect(assigned.status).toBe(200);
    const view = await chart(base, admin);
    expect(view.groups.map((g) => ({ ...g, memberIds: [...g.memberIds].sort() }))).toEqual([
      { id: family.id, name: 'Family', memberIds: [] },
      { id: party.id, name: 'Wedding party', memberIds: [attendee.uid, single.uid].sort() },
    ]);
  });

  it('two admins moving the same people at once: each person ends at exactly one table', async () => {
    const { base, admin, creator, eventId, itemId } = await setup();
    const guests = await Promise.all(Array.from({ length: 6 }, (_, i) => guest(eventId, `g${i}`)));
    for (const g of guests) await going(eventId, itemId, g);
    const made = await stack.call<{ tables: Array<{ id: string }> }>('POST', `${base}/tables`, {
      as: admin,
      body: { count: 3, seats: 8, shape: 'round' },
    });
    const ids = made.body.tables.map((t) => t.id);
    const moves = (tableId: string) => ({
      moves: guests.map((g) => ({ userId: g.uid, person: 'self', tableId })),
    });
    const attempts = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        stack.call('POST', `${base}/moves`, {
          as: i % 2 ? admin : creator,
          body: moves(ids[i % 3]!),
        }),
      ),
    );
    for (const a of attempts) expect([200, 503], JSON.stringify(a.body)).toContain(a.status);
    expect(attempts.some((a) => a.status === 200)).toBe(true);
    const tables = (await stack.store.seatingTables(eventId, itemId).get()).docs.map((d) =>
      d.data(),
    );
    const seatedIds = tables.flatMap((t) => t.people.map((p) => p.userId));
    expect(seatedIds.sort()).toEqual(guests.map((g) => g.uid).sort());
    // Every placement names the one table the person is at.
    for (const g of guests) {
      const placement = (
        await stack.store.seatingPlacements(eventId, itemId).doc(g.uid).get()
      ).data();
      const at = tables.find((t) => t.people.some((p) => p.userId === g.uid));
      expect(placement?.tables.self).toBe(at?.id);
      expect(at?.memberIds).toContain(g.uid);
    }
    const view = await chart(base, admin);
    expect(view.chart.unassigned).toBe(0);
    expect(view.chart.tables.reduce((n, t) => n + t.occupied, 0)).toBe(6);
  });
});

describe('a guest’s own table', () => {
  it('hidden by default; on the day with the setting on: their table and tablemates only', async () => {
    const { base, admin, attendee, eventId, itemId } = await setup();
    await going(eventId, itemId, attendee, [{ name: 'Ben', child: false }]);
    const mate = await guest(eventId, 'mate');
    await going(eventId, itemId, mate);
    const made = await stack.call<{ tables: Array<{ id: string }> }>('POST', `${base}/tables`, {
      as: admin,
      body: { seats: 8, shape: 'round' },
    });
    const t = made.body.tables[0]!.id;
    await stack.call('POST', `${base}/moves`, {
      as: admin,
      body: {
        moves: [
          { userId: attendee.uid, person: 'self', tableId: t },
          { userId: attendee.uid, person: 'g0', tableId: t },
          { userId: mate.uid, person: 'self', tableId: t },
        ],
      },
    });
    // Today is the item's day.
    await stack.store.schedule(eventId).doc(itemId).update({ startTime: new Date().toISOString() });
    const mine = () => stack.call('GET', `${base}/mine`, { as: attendee });
    expect((await mine()).body).toEqual({ table: null, tablemates: [] });
    const on = await stack.call('PUT', `${base}/settings`, {
      as: admin,
      body: { showGuestsTheirTable: true },
    });
    expect(on.body).toEqual({ showGuestsTheirTable: true });
    expect((await mine()).body).toEqual({
      table: { name: 'Table 1', number: 1, label: 'Table 1' },
      tablemates: ['Ben', mate.name],
    });
    // Another day: nothing yet.
    await stack.store
      .schedule(eventId)
      .doc(itemId)
      .update({
        startTime: Timestamp.fromMillis(Date.now() + 3 * 86_400_000)
          .toDate()
          .toISOString(),
      });
    expect((await mine()).body).toEqual({ table: null, tablemates: [] });
  });
});

describe('deleting the schedule item', () => {
  it('deletes its chart, tables and placements with it', async () => {
    const { base, admin, attendee, eventId, itemId } = await setup();
    await going(eventId, itemId, attendee);
    const made = await stack.call<{ tables: Array<{ id: string }> }>('POST', `${base}/tables`, {
      as: admin,
      body: { count: 2, seats: 8, shape: 'long' },
    });
    await stack.call('POST', `${base}/moves`, {
      as: admin,
      body: { moves: [{ userId: attendee.uid, person: 'self', tableId: made.body.tables[0]!.id }] },
    });
    const deleted = await stack.call('DELETE', `/api/events/${eventId}/schedule/${itemId}`, {
      as: admin,
    });
    expect(deleted.status).toBe(200);
    expect((await stack.store.seatingChart(eventId, itemId).get()).exists).toBe(false);
    expect((await stack.store.seatingTables(eventId, itemId).get()).size).toBe(0);
    expect((await stack.store.seatingPlacements(eventId, itemId).get()).size).toBe(0);
  });
});
