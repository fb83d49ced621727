// Flights and carpools of one event (bounded lists for the dashboard, cursor pages for the travel
// screen), the API calls that create, join, leave and delete them (tier limits, seats and the
// counts need the server), and the direct edits the rules decide (docs/data-model.md).
import {
  limit,
  orderBy,
  query,
  updateDoc,
  type Firestore,
  type QueryConstraint,
} from 'firebase/firestore';
import { API } from '@gatherly/domain/api/endpoints';
import type { CreateCarpoolRequest, CreateFlightRequest } from '@gatherly/domain/api/requests';
import { dateTimeLocalToIso } from '@gatherly/domain/dates';
import { callApi } from '../../lib/api-client.ts';
import {
  carpoolRef,
  carpoolsRef,
  flightRef,
  flightsRef,
  passengersRef,
} from '../../lib/db/refs.ts';
import type { CarpoolDoc, CarpoolPassengerDoc, FlightDoc } from '../../lib/types.ts';
import { useDb, useLiveQuery, useSearchPages, type SearchPages } from '../../lib/live/index.ts';

export interface ListState<T> {
  loading: boolean;
  items: T[];
}

export function flightsQuery(db: Firestore, eventId: string, max?: number) {
  const constraints: QueryConstraint[] = [orderBy('createdAt', 'desc')];
  if (max) constraints.push(limit(max));
  return query(flightsRef(db, eventId), ...constraints);
}

export function carpoolsQuery(db: Firestore, eventId: string, max?: number) {
  const constraints: QueryConstraint[] = [orderBy('createdAt', 'desc')];
  if (max) constraints.push(limit(max));
  return query(carpoolsRef(db, eventId), ...constraints);
}

/** Flights of the event, newest first; `max` bounds the list (the dashboard shows 3). */
export function useFlights(eventId: string, max?: number): ListState<FlightDoc> {
  const db = useDb();
  const res = useLiveQuery(flightsQuery(db, eventId, max));
  return { loading: res.loading, items: res.data };
}

export function useCarpools(eventId: string, max?: number): ListState<CarpoolDoc> {
  const db = useDb();
  const res = useLiveQuery(carpoolsQuery(db, eventId, max));
  return { loading: res.loading, items: res.data };
}

/** The travel screen's flights, newest first, `pageSize` at a time, live for the loaded window. */
export function useFlightPages(eventId: string, pageSize: number): SearchPages<FlightDoc> {
  const db = useDb();
  return useSearchPages(flightsQuery(db, eventId), pageSize, null);
}

export function useCarpoolPages(eventId: string, pageSize: number): SearchPages<CarpoolDoc> {
  const db = useDb();
  return useSearchPages(carpoolsQuery(db, eventId), pageSize, null);
}

/** A flight or carpool as the API addresses it: inside its event. */
interface InEvent {
  eventId: string;
  id: string;
}
const carpoolParams = (carpool: InEvent) => ({ eventId: carpool.eventId, carpoolId: carpool.id });

/** The poster or an admin deletes a flight (the function keeps the travel counts). */
export function deleteFlight(flight: InEvent): Promise<unknown> {
  return callApi(API.deleteFlight, { params: { eventId: flight.eventId, flightId: flight.id } });
}

/** The driver or an admin deletes a carpool with its passengers (the function keeps the counts). */
export function deleteCarpool(carpool: InEvent): Promise<unknown> {
  return callApi(API.deleteCarpool, { params: carpoolParams(carpool) });
}

export type NewFlight = CreateFlightRequest;
export type NewCarpool = CreateCarpoolRequest;

export function addFlight(eventId: string, flight: NewFlight): Promise<unknown> {
  return callApi(API.addFlight, { params: { eventId }, body: flight });
}

export function createCarpool(eventId: string, carpool: NewCarpool): Promise<unknown> {
  return callApi(API.addCarpool, { params: { eventId }, body: carpool });
}

export function joinCarpool(carpool: InEvent): Promise<unknown> {
  return callApi(API.joinCarpool, { params: carpoolParams(carpool) });
}

/** A passenger gives their seat back (the seat, their id and passenger document go together). */
export function leaveCarpool(carpool: InEvent): Promise<unknown> {
  return callApi(API.leaveCarpool, { params: carpoolParams(carpool) });
}

/** The six fields a flight's owner or an admin edits directly (the rules check them). */
export type FlightEdit = Required<NewFlight>;

export function updateFlight(
  db: Firestore,
  eventId: string,
  flightId: string,
  edit: FlightEdit,
): Promise<void> {
  return updateDoc(flightRef(db, eventId, flightId), { ...edit });
}

/** What a driver or an admin edits directly; the rules keep `maxSeats` ≥ the riders already in. */
export type CarpoolEdit = Pick<
  CarpoolDoc,
  'fromLocation' | 'toLocation' | 'departureTime' | 'maxSeats'
>;

export function updateCarpool(
  db: Firestore,
  eventId: string,
  carpoolId: string,
  edit: CarpoolEdit,
): Promise<void> {
  return updateDoc(carpoolRef(db, eventId, carpoolId), { ...edit });
}

/** Riders of one carpool by joining order: read only for cards on screen that have riders. */
export function usePassengers(carpool: CarpoolDoc): CarpoolPassengerDoc[] {
  const db = useDb();
  const res = useLiveQuery(
    query(
      passengersRef(db, carpool.eventId, carpool.id),
      orderBy('joinedAt'),
      limit(MAX_PASSENGERS),
    ),
  );
  return res.data;
}

/** Seats are 1..8 with the driver's: at most 7 riders. */
export const MAX_PASSENGERS = 7;

/** Join shows only while seats remain and the caller is neither driver nor passenger. */
export function canJoin(carpool: CarpoolDoc, uid: string): boolean {
  return (
    carpool.currentSeats < carpool.maxSeats &&
    carpool.driverId !== uid &&
    !carpool.passengerIds.includes(uid)
  );
}

/** A `datetime-local` value (wall-clock time in `timeZone`) as the ISO instant the API stores. */
export function localInputToIso(value: string, timeZone: string): string {
  return dateTimeLocalToIso(value, timeZone) ?? '';
}
