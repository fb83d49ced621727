import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { foldRsvpCounts } from '../src/services/rsvp-count.ts';
import { newUser, startStack, type Stack } from './harness.ts';
import { createEvent, eventWithRoles, grantApiAccess, login, seedSchedule } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

describe('schedule', () => {
  it("lists items with rsvpCounts and the caller's answer; PUT rsvp", async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    await grantApiAccess(stack, creator, admin, attendee, outsider);
    const itemId = await seedSchedule(stack.store, eventId);
    const empty = await stack.call<{ schedule: Body[] }>('GET', `/api/events/${eventId}/schedule`, {
      as: attendee,
    });
    expect(empty.body.schedule[0]).toMatchObject({
      id: itemId,
      title: 'Ceremony',
      rsvpCounts: { going: 0, notGoing: 0, maybe: 0 },
      userRsvp: null,
    });
    expect(
      (
        await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
          as: attendee,
          body: { status: 'going' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
          as: admin,
          body: { status: 'maybe' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
          as: creator,
          body: { status: 'going' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
          as: creator,
          body: { status: 'not_going' },
        })
      ).status,
    ).toBe(200);
    // Answers within a second of each other are folded into the item by the trigger.
    await foldRsvpCounts(eventId, itemId);
    const after = await stack.call<{ schedule: Body[] }>('GET', `/api/events/${eventId}/schedule`, {
      as: attendee,
    });
    expect(after.body.schedule[0]).toMatchObject({
      rsvpCounts: { going: 1, notGoing: 1, maybe: 1 },
      userRsvp: 'going',
    });
    expect(
      await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
        as: attendee,
        body: { status: 'yes' },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Please choose going, maybe or not going' },
    });
    // A non-member learns nothing: a real item answers like an unknown id.
    const unknownItem = { status: 404, body: { error: 'Schedule item not found' } };
    const going = { status: 'going' };
    expect(
      await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
        as: outsider,
        body: going,
      }),
    ).toEqual(unknownItem);
    expect(
      await stack.call('PUT', `/api/events/${eventId}/schedule/none/rsvp`, {
        as: outsider,
        body: going,
      }),
    ).toEqual(unknownItem);
    expect(
      await stack.call('PUT', `/api/events/${eventId}/schedule/none/rsvp`, {
        as: attendee,
        body: going,
      }),
    ).toEqual(unknownItem);
    expect(
      await stack.call('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, {
        as: attendee,
        body: { status: 'going', note: 'x' },
      }),
    ).toEqual({ status: 400, body: { error: 'Unknown field: note' } });
    expect(
      (await stack.call('GET', `/api/events/${eventId}/schedule`, { as: outsider })).status,
    ).toBe(404);
  });
});

// Issue 33, finding 2: schedule items take ids their admins' devices choose, so one id can exist
// in two events. Every nested resource is addressed with its event; an item of the same id in
// another event is a different item.
describe('an item id reused in another event', () => {
  it("never reaches the victim's item: RSVP, capacity and delete still work", async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    const itemId = await seedSchedule(stack.store, eventId, 'Dinner');

    // The attendee sees the id and makes their own event hold an item with it. Firestore lists a
    // collection group by path, so an event whose id sorts first was the one an id-only lookup
    // found: the attacker retries until theirs does (about two tries).
    let attackerEvent = '';
    for (let i = 0; i < 40 && !(attackerEvent && attackerEvent < eventId); i++) {
      const attacker = newUser('attacker');
      await login(stack, attacker);
      attackerEvent = await createEvent(stack, attacker);
    }
    expect(attackerEvent < eventId).toBe(true);
    const theirs = stack.store.schedule(attackerEvent).doc(itemId);
    const victimItem = stack.store.schedule(eventId).doc(itemId);
    const { id: _id, eventId: _e, ...fields } = (await victimItem.get()).data()!;
    await theirs.set({ ...fields, id: itemId, eventId: attackerEvent, title: 'Decoy' });

    const item = `/api/events/${eventId}/schedule/${itemId}`;
    const going = await stack.call<{ rsvp: Body }>('PUT', `${item}/rsvp`, {
      as: attendee,
      body: { status: 'going' },
    });
    expect(going.status).toBe(200);
    expect(going.body.rsvp).toMatchObject({ eventId, scheduleId: itemId, status: 'going' });
    expect((await stack.call<Body>('GET', `${item}/rsvp`, { as: attendee })).body).toMatchObject({
      status: 'going',
    });
    await grantApiAccess(stack, creator);
    expect(
      await stack.call('PUT', `${item}/capacity`, { as: admin, body: { capacity: 5 } }),
    ).toEqual({ status: 200, body: { capacity: 5, promoted: 0 } });
    expect((await victimItem.get()).data()).toMatchObject({
      capacity: 5,
      rsvpCounts: { going: 1 },
    });
    // The decoy is untouched, and the victim's item is not reachable through the decoy's event.
    const decoy = (await theirs.get()).data();
    expect(decoy?.title).toBe('Decoy');
    expect(decoy?.rsvpCounts).toBeUndefined();
    expect(decoy?.capacity).toBeUndefined();
    expect(
      await stack.call('PUT', `/api/events/${attackerEvent}/schedule/${itemId}/rsvp`, {
        as: attendee,
        body: { status: 'going' },
      }),
    ).toEqual({ status: 404, body: { error: 'Schedule item not found' } });

    expect(await stack.call('DELETE', item, { as: admin })).toEqual({
      status: 200,
      body: { deleted: true, id: itemId },
    });
    expect((await victimItem.get()).exists).toBe(false);
    expect((await theirs.get()).exists).toBe(true);
  });
});
