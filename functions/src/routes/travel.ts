import { Timestamp } from 'firebase-admin/firestore';
import type {
  Carpool,
  CarpoolPassenger,
  CarpoolView,
  CarpoolsResponse,
  Flight,
  FlightsResponse,
} from '@gatherly/domain/entities';
import { createCarpoolRequestSchema, createFlightRequestSchema } from '@gatherly/domain/schemas';
import type { Transaction } from 'firebase-admin/firestore';
import { eventRef, requireMember, requirePermission, type EventDoc } from '../access.ts';
import { db } from '../firebase.ts';
import { badRequest, conflict, notFound } from '../http.ts';
import type { Route } from '../router.ts';
import { apiShape, toJson } from '../serialize.ts';
import { countOf, requireWithin, tierOfUser } from '../tiers.ts';
import { personSummary, userSummary } from '../users.ts';
import { validateBody } from '../validate.ts';

type FlightDoc = Flight<Timestamp>;
type CarpoolDoc = Carpool<Timestamp>;
type PassengerDoc = CarpoolPassenger<Timestamp>;

/** Flights and carpools share the tier's travel-entry cap, paid by the event creator's tier. */
async function requireTravelRoom(eventId: string, event: EventDoc, tx: Transaction): Promise<void> {
  const tier = await tierOfUser(event.createdBy, tx);
  const [flights, carpools] = await Promise.all([
    countOf(eventRef(eventId).collection('flights'), tx),
    countOf(eventRef(eventId).collection('carpools'), tx),
  ]);
  requireWithin(
    flights + carpools,
    tier.maxTravelEntriesPerEvent,
    'travel entries per event',
    tier,
  );
}

const byDeparture = (a: { departureTime?: string }, b: { departureTime?: string }) =>
  String(a.departureTime ?? '').localeCompare(String(b.departureTime ?? ''));

export const travelRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/events/:eventId/flights',
    async handle({ user, params }) {
      const eventId = params.eventId as string;
      await requireMember(eventId, user.uid);
      const snap = await eventRef(eventId).collection('flights').get();
      const flights = snap.docs
        .map((d) => ({ ...apiShape<Flight>(d.data()), id: d.id }))
        .sort(byDeparture);
      const body: FlightsResponse = { flights };
      return { body };
    },
  },
  {
    method: 'POST',
    pattern: '/events/:eventId/flights',
    async handle({ user, params, body }) {
      const eventId = params.eventId as string;
      const input = validateBody(createFlightRequestSchema, body);
      const summary = await userSummary(user);
      const ref = eventRef(eventId).collection('flights').doc();
      const flight: FlightDoc = {
        id: ref.id,
        eventId,
        userId: user.uid,
        user: personSummary(summary),
        airline: input.airline,
        flightNumber: input.flightNumber,
        departure: input.departure,
        arrival: input.arrival,
        departureTime: input.departureTime,
        arrivalTime: input.arrivalTime,
        createdAt: Timestamp.now(),
      };
      await db().runTransaction(async (tx) => {
        const { event } = await requirePermission(eventId, user.uid, 'addTravel', tx);
        await requireTravelRoom(eventId, event, tx);
        tx.create(ref, flight);
      });
      return { status: 201, body: { flight: toJson(flight) } };
    },
  },
  {
    method: 'GET',
    pattern: '/events/:eventId/carpools',
    async handle({ user, params }) {
      const eventId = params.eventId as string;
      await requireMember(eventId, user.uid);
      const snap = await eventRef(eventId).collection('carpools').get();
      const carpools = await Promise.all(
        snap.docs.map(async (d): Promise<CarpoolView> => {
          const passengers = await d.ref.collection('passengers').orderBy('joinedAt').get();
          return {
            ...apiShape<Carpool>(d.data()),
            id: d.id,
            passengers: passengers.docs.map((p) => apiShape<CarpoolPassenger>(p.data())),
          };
        }),
      );
      const body: CarpoolsResponse = { carpools: carpools.sort(byDeparture) };
      return { body };
    },
  },
  {
    method: 'POST',
    pattern: '/events/:eventId/carpools',
    async handle({ user, params, body }) {
      const eventId = params.eventId as string;
      const input = validateBody(createCarpoolRequestSchema, body);
      const summary = await userSummary(user);
      const ref = eventRef(eventId).collection('carpools').doc();
      const carpool: CarpoolDoc = {
        id: ref.id,
        eventId,
        driverId: user.uid,
        driver: personSummary(summary),
        fromLocation: input.fromLocation,
        toLocation: input.toLocation,
        departureTime: input.departureTime,
        maxSeats: input.maxSeats,
        currentSeats: 1,
        passengerIds: [],
        createdAt: Timestamp.now(),
      };
      await db().runTransaction(async (tx) => {
        const { event } = await requirePermission(eventId, user.uid, 'addTravel', tx);
        await requireTravelRoom(eventId, event, tx);
        tx.create(ref, carpool);
      });
      const view: CarpoolView = { ...apiShape<Carpool>(carpool), passengers: [] };
      return { status: 201, body: { carpool: view } };
    },
  },
  {
    method: 'POST',
    pattern: '/carpools/:carpoolId/join',
    async handle({ user, params }) {
      const carpoolId = params.carpoolId as string;
      const found = await db()
        .collectionGroup('carpools')
        .where('id', '==', carpoolId)
        .limit(1)
        .get();
      const doc = found.docs[0];
      const eventId = doc?.ref.parent.parent?.id;
      if (!doc || !eventId) throw notFound('Carpool not found');
      const summary = await userSummary(user);
      const carpool = await db().runTransaction(async (tx) => {
        await requirePermission(eventId, user.uid, 'joinCarpool', tx);
        const passengerRef = doc.ref.collection('passengers').doc(user.uid);
        const [snap, passengerSnap] = await Promise.all([tx.get(doc.ref), tx.get(passengerRef)]);
        const current = snap.data() as CarpoolDoc | undefined;
        if (!current) throw notFound('Carpool not found');
        if (current.driverId === user.uid) throw badRequest('You are driving this carpool');
        if (passengerSnap.exists || current.passengerIds.includes(user.uid)) {
          throw conflict('You have already joined this carpool');
        }
        if (current.currentSeats >= current.maxSeats) throw conflict('This carpool is full');
        const passenger: PassengerDoc = {
          eventId,
          carpoolId,
          userId: user.uid,
          user: personSummary(summary),
          joinedAt: Timestamp.now(),
        };
        const next = {
          currentSeats: current.currentSeats + 1,
          passengerIds: [...current.passengerIds, user.uid],
        };
        tx.create(passengerRef, passenger);
        tx.update(doc.ref, next);
        return { ...current, ...next };
      });
      return { body: { carpool: { ...apiShape<Carpool>(carpool), id: carpoolId } } };
    },
  },
];
