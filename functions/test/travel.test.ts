import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { PREMIUM_REQUIRED_MESSAGE } from '@gatherly/domain/tiers';
import { startStack, type Stack } from './harness.ts';
import { ISO, eventWithRoles, grantApiAccess } from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

type Body = Record<string, unknown> & { error?: string };

describe('travel', () => {
  it('flights: create and list; validation; tier limit', async () => {
    const { eventId, attendee, outsider } = await eventWithRoles(stack);
    await grantApiAccess(stack, attendee, outsider);
    const flight = {
      airline: 'TAP',
      flightNumber: 'TP123',
      departure: 'JFK',
      arrival: 'LIS',
      departureTime: ISO(9),
      arrivalTime: ISO(9.3),
    };
    const res = await stack.call<{ flight: Body }>('POST', `/api/events/${eventId}/flights`, {
      as: attendee,
      body: flight,
    });
    expect(res.status).toBe(201);
    expect(res.body.flight).toMatchObject({
      ...flight,
      userId: attendee.uid,
      eventId,
      user: { displayName: attendee.name, photoURL: '' },
    });
    const list = await stack.call<{ flights: Body[] }>('GET', `/api/events/${eventId}/flights`, {
      as: attendee,
    });
    expect(list.body.flights).toHaveLength(1);
    expect(list.body.flights[0]?.id).toBe(res.body.flight.id);
    expect(
      await stack.call('POST', `/api/events/${eventId}/flights`, {
        as: attendee,
        body: { ...flight, departureTime: '' },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Departure time is required' },
    });
    expect(
      await stack.call('POST', `/api/events/${eventId}/flights`, {
        as: attendee,
        body: { ...flight, arrivalTime: undefined },
      }),
    ).toEqual({
      status: 400,
      body: { error: 'Arrival time is required' },
    });
    expect(
      (await stack.call('POST', `/api/events/${eventId}/flights`, { as: outsider, body: flight }))
        .status,
    ).toBe(404);
    expect(
      (await stack.call('GET', `/api/events/${eventId}/flights`, { as: outsider })).status,
    ).toBe(404);

    const batch = stack.db.batch();
    for (let i = 0; i < 29; i++) {
      const ref = stack.store.flights(eventId).doc();
      batch.set(ref, {
        ...flight,
        id: ref.id,
        eventId,
        userId: attendee.uid,
        user: { displayName: attendee.name, photoURL: '' },
        createdAt: Timestamp.now(),
      });
    }
    await batch.commit();
    const over = await stack.call<Body>('POST', `/api/events/${eventId}/carpools`, {
      as: attendee,
      body: { departureTime: ISO(9), maxSeats: 3 },
    });
    expect(over.status).toBe(403);
    expect(over.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
  });

  it('carpools: create, list with driver and passengers, join rules', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    await grantApiAccess(stack, creator);
    const created = await stack.call<{ carpool: Body }>('POST', `/api/events/${eventId}/carpools`, {
      as: attendee,
      body: { fromLocation: 'Airport', toLocation: 'Venue', departureTime: ISO(9), maxSeats: 2 },
    });
    expect(created.status).toBe(201);
    expect(created.body.carpool).toMatchObject({
      driverId: attendee.uid,
      currentSeats: 1,
      maxSeats: 2,
      passengerIds: [],
      passengers: [],
    });
    const id = created.body.carpool.id as string;
    expect(await stack.call('POST', `/api/carpools/${id}/join`, { as: attendee })).toEqual({
      status: 400,
      body: { error: 'You are driving this carpool' },
    });
    const joined = await stack.call<{ carpool: Body }>('POST', `/api/carpools/${id}/join`, {
      as: admin,
    });
    expect(joined.status).toBe(200);
    expect(joined.body.carpool).toMatchObject({ currentSeats: 2, passengerIds: [admin.uid] });
    expect(await stack.call('POST', `/api/carpools/${id}/join`, { as: admin })).toEqual({
      status: 409,
      body: { error: 'You have already joined this carpool' },
    });
    expect(await stack.call('POST', `/api/carpools/${id}/join`, { as: creator })).toEqual({
      status: 409,
      body: { error: 'This carpool is full' },
    });
    // A non-member learns nothing: a real carpool answers like an unknown id.
    const unknownCarpool = { status: 404, body: { error: 'Carpool not found' } };
    expect(await stack.call('POST', `/api/carpools/${id}/join`, { as: outsider })).toEqual(
      unknownCarpool,
    );
    expect(await stack.call('POST', '/api/carpools/none/join', { as: outsider })).toEqual(
      unknownCarpool,
    );
    expect(await stack.call('POST', '/api/carpools/none/join', { as: admin })).toEqual(
      unknownCarpool,
    );
    const list = await stack.call<{ carpools: Body[] }>('GET', `/api/events/${eventId}/carpools`, {
      as: creator,
    });
    expect(list.body.carpools[0]).toMatchObject({
      id,
      driver: { displayName: attendee.name, photoURL: '' },
      passengers: [
        expect.objectContaining({
          userId: admin.uid,
          user: { displayName: admin.name, photoURL: '' },
        }),
      ],
    });
    for (const maxSeats of [0, 9, 2.5, 'four', null]) {
      expect(
        (
          await stack.call('POST', `/api/events/${eventId}/carpools`, {
            as: attendee,
            body: { departureTime: ISO(9), maxSeats },
          })
        ).status,
      ).toBe(400);
    }
  });
});
