// Travel: flights and carpools (one tier limit on travel entries per event) and carpool seats
// (docs/product.md, "Travel").
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { UserSummary } from '@gatherly/domain/entities/common';
import type { EventStatsTravel } from '@gatherly/domain/entities/stats';
import type { CarpoolView, Flight } from '@gatherly/domain/entities/travel';
import { can } from '@gatherly/domain/roles';
import type {
  CreateCarpoolRequestValues,
  CreateFlightRequestValues,
} from '@gatherly/domain/schemas';
import { requireMember, requirePermission, type Located } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { CarpoolRecord, EventRecord, FlightRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { badRequest, conflict, forbidden, notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';
import { requireEventWithin, tierOfUser } from '../tiers.ts';
import { personSummary } from '../users.ts';
import { readTravelStats, writeTravelStats } from './stats.ts';

export const CARPOOL_NOT_FOUND = 'Carpool not found';
export const FLIGHT_NOT_FOUND = 'Flight not found';

/**
 * Flights and carpools share the tier's travel-entry cap, paid by the event creator's tier;
 * the counts come from `stats/travel`, read in the transaction that adds the entry.
 */
async function requireTravelRoom(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  event: EventRecord,
): Promise<EventStatsTravel> {
  const tier = await tierOfUser(event.createdBy, tx);
  const stats = await readTravelStats(tx, eventId);
  requireEventWithin(
    stats.flights + stats.carpools,
    tier.maxTravelEntriesPerEvent,
    { what: 'travel entries per event', more: 'more travel entries' },
    tier,
    caller.uid === event.createdBy,
  );
  return stats;
}

const byDeparture = (a: { departureTime: string }, b: { departureTime: string }) =>
  a.departureTime.localeCompare(b.departureTime);

/**
 * A flight in its API shape; both zones always present (null on flights added before zones,
 * which show in the event's zone).
 */
export function flightView(flight: FlightRecord): Flight {
  return {
    ...apiShape(flight),
    departureTimeZone: flight.departureTimeZone ?? null,
    arrivalTimeZone: flight.arrivalTimeZone ?? null,
  };
}

export async function listFlights(caller: Caller, eventId: string): Promise<Flight[]> {
  await requireMember(caller, eventId);
  const snap = await store().flights(eventId).get();
  return snap.docs.map((d) => flightView(d.data())).sort(byDeparture);
}

export function carpoolView(carpool: CarpoolRecord, passengers: CarpoolView['passengers']) {
  const view: CarpoolView = { ...apiShape(carpool), passengers };
  return view;
}

export async function listCarpools(caller: Caller, eventId: string): Promise<CarpoolView[]> {
  await requireMember(caller, eventId);
  const snap = await store().carpools(eventId).get();
  const carpools = await Promise.all(
    snap.docs.map(async (d) => {
      const passengers = await store().passengers(eventId, d.id).orderBy('joinedAt').get();
      return carpoolView(
        d.data(),
        passengers.docs.map((p) => {
          const { id: _id, ...passenger } = apiShape(p.data());
          return passenger;
        }),
      );
    }),
  );
  return carpools.sort(byDeparture);
}

/** A member adds their flight, within the travel-entry limit. */
export async function addFlight(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  input: CreateFlightRequestValues,
  traveller: UserSummary,
): Promise<FlightRecord> {
  const { event } = await requirePermission(caller, eventId, 'addTravel', { tx });
  const stats = await requireTravelRoom(tx, caller, eventId, event);
  const ref = store().flights(eventId).doc();
  // A body without zones means times the caller thinks of in the event's zone.
  const eventZone = event.timeZone ?? null;
  const flight: FlightRecord = {
    id: ref.id,
    eventId,
    userId: caller.uid,
    user: personSummary(traveller),
    airline: input.airline,
    flightNumber: input.flightNumber,
    departure: input.departure,
    arrival: input.arrival,
    departureTime: input.departureTime,
    arrivalTime: input.arrivalTime,
    departureTimeZone: input.departureTimeZone ?? eventZone,
    arrivalTimeZone: input.arrivalTimeZone ?? eventZone,
    createdAt: Timestamp.now(),
  };
  tx.create(ref, flight);
  writeTravelStats(tx, eventId, stats, { flights: 1 });
  return flight;
}

/** A member offers a carpool as its driver (the driver takes the first seat). */
export async function addCarpool(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  input: CreateCarpoolRequestValues,
  driver: UserSummary,
): Promise<CarpoolRecord> {
  const ref = store().carpools(eventId).doc();
  const carpool: CarpoolRecord = {
    id: ref.id,
    eventId,
    driverId: caller.uid,
    driver: personSummary(driver),
    fromLocation: input.fromLocation,
    toLocation: input.toLocation,
    departureTime: input.departureTime,
    maxSeats: input.maxSeats,
    currentSeats: 1,
    passengerIds: [],
    createdAt: Timestamp.now(),
  };
  const { event } = await requirePermission(caller, eventId, 'addTravel', { tx });
  const stats = await requireTravelRoom(tx, caller, eventId, event);
  tx.create(ref, carpool);
  writeTravelStats(tx, eventId, stats, { carpools: 1 });
  return carpool;
}

/**
 * Deletes a located flight: its traveller or event admins; the count goes in the same
 * transaction. Unknown ids and flights of other people's events answer the same 404.
 */
export async function deleteFlight(
  tx: Transaction,
  caller: Caller,
  { eventId, id: flightId }: Located,
): Promise<void> {
  const { role } = await requireMember(caller, eventId, { tx, notFound: FLIGHT_NOT_FOUND });
  const ref = store().flights(eventId).doc(flightId);
  const flight = (await tx.get(ref)).data();
  if (!flight) throw notFound(FLIGHT_NOT_FOUND);
  if (flight.userId !== caller.uid && !can(role, 'editAnyTravel')) {
    throw forbidden('Only the traveller or event admins can delete this flight');
  }
  const stats = await readTravelStats(tx, eventId);
  tx.delete(ref);
  writeTravelStats(tx, eventId, stats, { flights: -1 });
}

/**
 * Deletes a located carpool: its driver or event admins, with the count in the same
 * transaction; its passenger documents follow in bulk.
 */
export async function deleteCarpool(caller: Caller, located: Located): Promise<void> {
  const { eventId, id: carpoolId } = located;
  const ref = store().carpools(eventId).doc(carpoolId);
  await db().runTransaction(async (tx) => {
    const { role } = await requireMember(caller, eventId, { tx, notFound: CARPOOL_NOT_FOUND });
    const carpool = (await tx.get(ref)).data();
    if (!carpool) throw notFound(CARPOOL_NOT_FOUND);
    if (carpool.driverId !== caller.uid && !can(role, 'editAnyTravel')) {
      throw forbidden('Only the driver or event admins can delete this carpool');
    }
    const stats = await readTravelStats(tx, eventId);
    tx.delete(ref);
    writeTravelStats(tx, eventId, stats, { carpools: -1 });
  });
  await db().recursiveDelete(store().passengers(eventId, carpoolId));
}

/**
 * A member takes a seat in a located carpool: never beyond `maxSeats`, never
 * twice, not the driver. Unknown ids and carpools of other people's events answer the same 404.
 */
export async function joinCarpool(
  tx: Transaction,
  caller: Caller,
  { eventId, id: carpoolId }: Located,
  passenger: UserSummary,
): Promise<CarpoolRecord> {
  await requirePermission(caller, eventId, 'joinCarpool', { tx, notFound: CARPOOL_NOT_FOUND });
  const ref = store().carpools(eventId).doc(carpoolId);
  const passengerRef = store().passengers(eventId, carpoolId).doc(caller.uid);
  const [carpoolSnap, passengerSnap] = await Promise.all([tx.get(ref), tx.get(passengerRef)]);
  const current = carpoolSnap.data();
  if (!current) throw notFound(CARPOOL_NOT_FOUND);
  const joined = passengerSnap.exists;
  if (current.driverId === caller.uid) throw badRequest('You are driving this carpool');
  if (joined || current.passengerIds.includes(caller.uid)) {
    throw conflict('You have already joined this carpool');
  }
  if (current.currentSeats >= current.maxSeats) throw conflict('This carpool is full');
  const next = {
    currentSeats: current.currentSeats + 1,
    passengerIds: [...current.passengerIds, caller.uid],
  };
  tx.create(passengerRef, {
    id: caller.uid,
    eventId,
    carpoolId,
    userId: caller.uid,
    user: personSummary(passenger),
    joinedAt: Timestamp.now(),
  });
  tx.update(ref, next);
  return { ...current, ...next };
}

/**
 * A passenger gives their seat back: the passenger document, the `passengerIds` entry and the
 * seat go in one transaction, so a seat freed is a seat someone else can join at once. Unknown
 * ids and carpools of other people's events answer the same 404.
 */
export async function leaveCarpool(
  tx: Transaction,
  caller: Caller,
  { eventId, id: carpoolId }: Located,
): Promise<CarpoolRecord> {
  await requireMember(caller, eventId, { tx, notFound: CARPOOL_NOT_FOUND });
  const ref = store().carpools(eventId).doc(carpoolId);
  const passengerRef = store().passengers(eventId, carpoolId).doc(caller.uid);
  const [carpoolSnap, passengerSnap] = await Promise.all([tx.get(ref), tx.get(passengerRef)]);
  const current = carpoolSnap.data();
  if (!current) throw notFound(CARPOOL_NOT_FOUND);
  if (current.driverId === caller.uid) {
    throw badRequest('You are driving this carpool: delete it instead');
  }
  const riding = current.passengerIds.includes(caller.uid);
  if (!riding && !passengerSnap.exists) throw conflict('You are not in this carpool');
  const next = {
    // The driver's seat always stays taken.
    currentSeats: riding ? Math.max(1, current.currentSeats - 1) : current.currentSeats,
    passengerIds: current.passengerIds.filter((id) => id !== caller.uid),
  };
  tx.delete(passengerRef);
  tx.update(ref, next);
  return { ...current, ...next };
}
