// Travel: flights and carpools (one tier limit on travel entries per event) and carpool seats
// (docs/product.md, "Travel").
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { CarpoolView, Flight, UserSummary } from '@gatherly/domain/entities';
import type {
  CreateCarpoolRequestValues,
  CreateFlightRequestValues,
} from '@gatherly/domain/schemas';
import { locate, requireMember, requirePermission, type Located } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { CarpoolRecord, EventRecord, FlightRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { badRequest, conflict, notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';
import { countOf, requireWithin, tierOfUser } from '../tiers.ts';
import { personSummary } from '../users.ts';

export const CARPOOL_NOT_FOUND = 'Carpool not found';

/** Flights and carpools share the tier's travel-entry cap, paid by the event creator's tier. */
async function requireTravelRoom(
  tx: Transaction,
  eventId: string,
  event: EventRecord,
): Promise<void> {
  const tier = await tierOfUser(event.createdBy, tx);
  const [flights, carpools] = await Promise.all([
    countOf(store().flights(eventId), tx),
    countOf(store().carpools(eventId), tx),
  ]);
  requireWithin(
    flights + carpools,
    tier.maxTravelEntriesPerEvent,
    'travel entries per event',
    tier,
  );
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
  await requireTravelRoom(tx, eventId, event);
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
  await requireTravelRoom(tx, eventId, event);
  tx.create(ref, carpool);
  return carpool;
}

/** Where a carpool addressed by its id alone lives (its id field is indexed across events). */
export async function locateCarpool(carpoolId: string): Promise<Located> {
  return locate(store().groups.carpools(), carpoolId, CARPOOL_NOT_FOUND);
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
