import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { PREMIUM_REQUIRED_MESSAGE } from '@gatherly/domain/tiers';
import { newUser, startStack, type Stack } from './harness.ts';
import { ISO, createEvent, eventWithRoles, grantApiAccess, login } from './fixtures.ts';

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
    // Seeded past the functions: the counter moves with them, as the functions keep it.
    batch.update(stack.store.stats.travel(eventId), { flights: FieldValue.increment(29) });
    await batch.commit();
    const over = await stack.call<Body>('POST', `/api/events/${eventId}/carpools`, {
      as: attendee,
      body: { departureTime: ISO(9), maxSeats: 3 },
    });
    expect(over.status).toBe(403);
    expect(over.body.error).toContain(PREMIUM_REQUIRED_MESSAGE);
  });

  it("flights: times in their airports' zones, compared as instants across zones and the date line", async () => {
    const host = newUser('tz-host');
    await login(stack, host);
    const eventId = await createEvent(stack, host, { timeZone: 'America/Los_Angeles' });
    const post = (body: Record<string, unknown>) =>
      stack.call<{ flight: Body; error?: string }>('POST', `/api/events/${eventId}/flights`, {
        as: host,
        body: { airline: 'X', flightNumber: 'X 1', ...body },
      });
    // Overnight eastbound: 7:00 PM EDT at JFK, 7:00 AM BST the next day at LHR.
    const overnight = await post({
      departure: 'JFK',
      arrival: 'LHR',
      departureTime: '2027-06-10T19:00:00-04:00',
      arrivalTime: '2027-06-11T07:00:00+01:00',
      departureTimeZone: 'America/New_York',
      arrivalTimeZone: 'Europe/London',
    });
    expect(overnight.status).toBe(201);
    expect(overnight.body.flight).toMatchObject({
      departureTime: '2027-06-10T23:00:00.000Z',
      arrivalTime: '2027-06-11T06:00:00.000Z',
      departureTimeZone: 'America/New_York',
      arrivalTimeZone: 'Europe/London',
    });
    // Westbound across the date line: leaves Sydney at 10:00 AM, lands in LA at 6:30 AM the
    // same calendar day, "before" it left on the local clocks, 13.5 hours later as instants.
    const westbound = await post({
      departure: 'SYD',
      arrival: 'LAX',
      departureTime: '2027-06-10T10:00:00+10:00',
      arrivalTime: '2027-06-10T06:30:00-07:00',
      departureTimeZone: 'Australia/Sydney',
      arrivalTimeZone: 'America/Los_Angeles',
    });
    expect(westbound.status).toBe(201);
    expect(westbound.body.flight).toMatchObject({
      departureTime: '2027-06-10T00:00:00.000Z',
      arrivalTime: '2027-06-10T13:30:00.000Z',
    });
    // Genuinely backwards: 6:00 PM at SEA, 4:00 PM the same day at SFO (one zone).
    expect(
      await post({
        departure: 'SEA',
        arrival: 'SFO',
        departureTime: '2027-06-10T18:00:00-07:00',
        arrivalTime: '2027-06-10T16:00:00-07:00',
        departureTimeZone: 'America/Los_Angeles',
        arrivalTimeZone: 'America/Los_Angeles',
      }),
    ).toEqual({ status: 400, body: { error: 'Arrival must be after departure' } });
    // Zones left out: the event's zone fills in (an API client thinking in the event's time).
    const unzoned = await post({
      departure: 'SFO',
      arrival: 'LAX',
      departureTime: '2027-06-10T16:00:00.000Z',
      arrivalTime: '2027-06-10T17:30:00.000Z',
    });
    expect(unzoned.body.flight).toMatchObject({
      departureTimeZone: 'America/Los_Angeles',
      arrivalTimeZone: 'America/Los_Angeles',
    });
    const stored = (
      await stack.store
        .flights(eventId)
        .doc(unzoned.body.flight.id as string)
        .get()
    ).data();
    expect(stored).toMatchObject({
      departureTimeZone: 'America/Los_Angeles',
      arrivalTimeZone: 'America/Los_Angeles',
    });
    expect(
      await post({
        departureTime: '2027-06-10T16:00:00.000Z',
        arrivalTime: '2027-06-10T17:30:00.000Z',
        arrivalTimeZone: 'Atlantis/Main',
      }),
    ).toEqual({ status: 400, body: { error: 'Please choose a valid time zone' } });

    // A flight stored before zones existed lists with null zones (shown in the event's zone).
    const legacy = stack.store.flights(eventId).doc();
    await legacy.set({
      id: legacy.id,
      eventId,
      userId: host.uid,
      user: { displayName: host.name, photoURL: '' },
      airline: 'Old',
      flightNumber: 'O 1',
      departure: 'SFO',
      arrival: 'SEA',
      departureTime: '2027-06-09T16:00:00.000Z',
      arrivalTime: '2027-06-09T18:00:00.000Z',
      createdAt: Timestamp.now(),
    });
    await grantApiAccess(stack, host);
    const list = await stack.call<{ flights: Body[] }>('GET', `/api/events/${eventId}/flights`, {
      as: host,
    });
    expect(
      list.body.flights.map((f) => [f.departure, f.departureTimeZone, f.arrivalTimeZone]),
    ).toEqual([
      ['SFO', null, null],
      ['SYD', 'Australia/Sydney', 'America/Los_Angeles'],
      ['SFO', 'America/Los_Angeles', 'America/Los_Angeles'],
      ['JFK', 'America/New_York', 'Europe/London'],
    ]);

    // An event without a zone leaves unzoned flights without one too.
    const plainEvent = await createEvent(stack, host);
    const plain = await stack.call<{ flight: Body }>('POST', `/api/events/${plainEvent}/flights`, {
      as: host,
      body: { departureTime: ISO(9), arrivalTime: ISO(9.2) },
    });
    expect(plain.body.flight).toMatchObject({ departureTimeZone: null, arrivalTimeZone: null });
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
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/${id}/join`, { as: attendee }),
    ).toEqual({
      status: 400,
      body: { error: 'You are driving this carpool' },
    });
    const joined = await stack.call<{ carpool: Body }>(
      'POST',
      `/api/events/${eventId}/carpools/${id}/join`,
      {
        as: admin,
      },
    );
    expect(joined.status).toBe(200);
    expect(joined.body.carpool).toMatchObject({ currentSeats: 2, passengerIds: [admin.uid] });
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/${id}/join`, { as: admin }),
    ).toEqual({
      status: 409,
      body: { error: 'You have already joined this carpool' },
    });
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/${id}/join`, { as: creator }),
    ).toEqual({
      status: 409,
      body: { error: 'This carpool is full' },
    });
    // A non-member learns nothing: a real carpool answers like an unknown id.
    const unknownCarpool = { status: 404, body: { error: 'Carpool not found' } };
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/${id}/join`, { as: outsider }),
    ).toEqual(unknownCarpool);
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/none/join`, { as: outsider }),
    ).toEqual(unknownCarpool);
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/none/join`, { as: admin }),
    ).toEqual(unknownCarpool);
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

  it('carpools: a passenger leaves; the seat, passenger document and id go together', async () => {
    const { eventId, creator, admin, attendee, outsider } = await eventWithRoles(stack);
    const created = await stack.call<{ carpool: Body }>('POST', `/api/events/${eventId}/carpools`, {
      as: creator,
      body: { fromLocation: 'Hotel', toLocation: 'Venue', departureTime: ISO(9), maxSeats: 2 },
    });
    const id = created.body.carpool.id as string;
    expect(
      (await stack.call('POST', `/api/events/${eventId}/carpools/${id}/join`, { as: attendee }))
        .status,
    ).toBe(200);
    // Full: the admin cannot join until the attendee leaves.
    expect(
      (await stack.call('POST', `/api/events/${eventId}/carpools/${id}/join`, { as: admin }))
        .status,
    ).toBe(409);
    const left = await stack.call<{ carpool: Body }>(
      'POST',
      `/api/events/${eventId}/carpools/${id}/leave`,
      {
        as: attendee,
      },
    );
    expect(left.status).toBe(200);
    expect(left.body.carpool).toMatchObject({ id, currentSeats: 1, passengerIds: [] });
    const stored = (await stack.store.carpools(eventId).doc(id).get()).data();
    expect(stored).toMatchObject({ currentSeats: 1, passengerIds: [] });
    expect((await stack.store.passengers(eventId, id).doc(attendee.uid).get()).exists).toBe(false);
    // Leaving twice changes nothing and says why.
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/${id}/leave`, { as: attendee }),
    ).toEqual({
      status: 409,
      body: { error: 'You are not in this carpool' },
    });
    expect((await stack.store.carpools(eventId).doc(id).get()).data()?.currentSeats).toBe(1);
    // The freed seat is joinable again.
    const joined = await stack.call<{ carpool: Body }>(
      'POST',
      `/api/events/${eventId}/carpools/${id}/join`,
      {
        as: admin,
      },
    );
    expect(joined.body.carpool).toMatchObject({ currentSeats: 2, passengerIds: [admin.uid] });
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/${id}/leave`, { as: creator }),
    ).toEqual({
      status: 400,
      body: { error: 'You are driving this carpool: delete it instead' },
    });
    // A non-member learns nothing: a real carpool answers like an unknown id.
    const unknownCarpool = { status: 404, body: { error: 'Carpool not found' } };
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/${id}/leave`, { as: outsider }),
    ).toEqual(unknownCarpool);
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/none/leave`, { as: outsider }),
    ).toEqual(unknownCarpool);
    expect(
      await stack.call('POST', `/api/events/${eventId}/carpools/none/leave`, { as: admin }),
    ).toEqual(unknownCarpool);
    expect((await stack.store.carpools(eventId).doc(id).get()).data()).toMatchObject({
      currentSeats: 2,
      passengerIds: [admin.uid],
    });
  });
});
