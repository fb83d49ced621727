import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startStack, type Stack } from './harness.ts';
import { eventWithRoles, grantApiAccess, seedSchedule } from './fixtures.ts';

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
        await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
          as: attendee,
          body: { status: 'going' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
          as: admin,
          body: { status: 'maybe' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
          as: creator,
          body: { status: 'going' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
          as: creator,
          body: { status: 'not_going' },
        })
      ).status,
    ).toBe(200);
    const after = await stack.call<{ schedule: Body[] }>('GET', `/api/events/${eventId}/schedule`, {
      as: attendee,
    });
    expect(after.body.schedule[0]).toMatchObject({
      rsvpCounts: { going: 1, notGoing: 1, maybe: 1 },
      userRsvp: 'going',
    });
    expect(
      await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
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
      await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, { as: outsider, body: going }),
    ).toEqual(unknownItem);
    expect(
      await stack.call('PUT', '/api/schedule/none/rsvp', { as: outsider, body: going }),
    ).toEqual(unknownItem);
    expect(
      await stack.call('PUT', '/api/schedule/none/rsvp', { as: attendee, body: going }),
    ).toEqual(unknownItem);
    expect(
      await stack.call('PUT', `/api/schedule/${itemId}/rsvp`, {
        as: attendee,
        body: { status: 'going', note: 'x' },
      }),
    ).toEqual({ status: 400, body: { error: 'Unknown field: note' } });
    expect(
      (await stack.call('GET', `/api/events/${eventId}/schedule`, { as: outsider })).status,
    ).toBe(404);
  });
});
