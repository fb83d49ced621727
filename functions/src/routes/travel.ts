import type { CarpoolsResponse, FlightsResponse } from '@gatherly/domain/entities';
import { createCarpoolRequestSchema, createFlightRequestSchema } from '@gatherly/domain/schemas';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import {
  addCarpool,
  addFlight,
  carpoolView,
  deleteCarpool,
  deleteFlight,
  flightView,
  joinCarpool,
  leaveCarpool,
  listCarpools,
  listFlights,
  locateCarpool,
  locateFlight,
} from '../services/travel.ts';
import { userSummary } from '../users.ts';
import { validateBody } from '../validate.ts';

export const travelRoutes: Route[] = [
  route({
    method: 'GET',
    pattern: '/events/:eventId/flights',
    access: 'api',
    async handle({ caller, params }) {
      const body: FlightsResponse = { flights: await listFlights(caller, params.eventId) };
      return { body };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events/:eventId/flights',
    access: 'app',
    async handle({ caller, params, body }) {
      const input = validateBody(createFlightRequestSchema, body);
      const traveller = await userSummary(caller);
      const flight = await db().runTransaction((tx) =>
        addFlight(tx, caller, params.eventId, input, traveller),
      );
      return { status: 201, body: { flight: flightView(flight) } };
    },
  }),
  route({
    method: 'GET',
    pattern: '/events/:eventId/carpools',
    access: 'api',
    async handle({ caller, params }) {
      const body: CarpoolsResponse = { carpools: await listCarpools(caller, params.eventId) };
      return { body };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events/:eventId/carpools',
    access: 'app',
    async handle({ caller, params, body }) {
      const input = validateBody(createCarpoolRequestSchema, body);
      const driver = await userSummary(caller);
      const carpool = await db().runTransaction((tx) =>
        addCarpool(tx, caller, params.eventId, input, driver),
      );
      return { status: 201, body: { carpool: carpoolView(carpool, []) } };
    },
  }),
  route({
    method: 'POST',
    pattern: '/carpools/:carpoolId/join',
    access: 'app',
    async handle({ caller, params }) {
      const located = await locateCarpool(params.carpoolId);
      const passenger = await userSummary(caller);
      const carpool = await db().runTransaction((tx) =>
        joinCarpool(tx, caller, located, passenger),
      );
      return { body: { carpool: apiShape(carpool) } };
    },
  }),
  route({
    method: 'POST',
    pattern: '/carpools/:carpoolId/leave',
    access: 'app',
    async handle({ caller, params }) {
      const located = await locateCarpool(params.carpoolId);
      const carpool = await db().runTransaction((tx) => leaveCarpool(tx, caller, located));
      return { body: { carpool: apiShape(carpool) } };
    },
  }),
  route({
    method: 'DELETE',
    pattern: '/flights/:flightId',
    access: 'app',
    async handle({ caller, params }) {
      const located = await locateFlight(params.flightId);
      await db().runTransaction((tx) => deleteFlight(tx, caller, located));
      return { body: { deleted: true, id: params.flightId } };
    },
  }),
  route({
    method: 'DELETE',
    pattern: '/carpools/:carpoolId',
    access: 'app',
    async handle({ caller, params }) {
      await deleteCarpool(caller, await locateCarpool(params.carpoolId));
      return { body: { deleted: true, id: params.carpoolId } };
    },
  }),
];
