import { API } from '@gatherly/domain/api/endpoints';
import type { Located } from '../access.ts';
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
} from '../services/travel.ts';
import { userSummary } from '../users.ts';

const carpoolOf = (params: { eventId: string; carpoolId: string }): Located => ({
  eventId: params.eventId,
  id: params.carpoolId,
});

export const travelRoutes: Route[] = [
  route(API.listFlights, async ({ caller, params }) => ({
    body: { flights: await listFlights(caller, params.eventId) },
  })),
  route(API.addFlight, async ({ caller, params, body }) => {
    const traveller = await userSummary(caller);
    const flight = await db().runTransaction((tx) =>
      addFlight(tx, caller, params.eventId, body, traveller),
    );
    return { status: 201, body: { flight: flightView(flight) } };
  }),
  route(API.deleteFlight, async ({ caller, params }) => {
    const flight = { eventId: params.eventId, id: params.flightId };
    await db().runTransaction((tx) => deleteFlight(tx, caller, flight));
    return { body: { deleted: true, id: params.flightId } };
  }),
  route(API.listCarpools, async ({ caller, params }) => ({
    body: { carpools: await listCarpools(caller, params.eventId) },
  })),
  route(API.addCarpool, async ({ caller, params, body }) => {
    const driver = await userSummary(caller);
    const carpool = await db().runTransaction((tx) =>
      addCarpool(tx, caller, params.eventId, body, driver),
    );
    return { status: 201, body: { carpool: carpoolView(carpool, []) } };
  }),
  route(API.joinCarpool, async ({ caller, params }) => {
    const passenger = await userSummary(caller);
    const carpool = await db().runTransaction((tx) =>
      joinCarpool(tx, caller, carpoolOf(params), passenger),
    );
    return { body: { carpool: apiShape(carpool) } };
  }),
  route(API.leaveCarpool, async ({ caller, params }) => {
    const carpool = await db().runTransaction((tx) => leaveCarpool(tx, caller, carpoolOf(params)));
    return { body: { carpool: apiShape(carpool) } };
  }),
  route(API.deleteCarpool, async ({ caller, params }) => {
    await deleteCarpool(caller, carpoolOf(params));
    return { body: { deleted: true, id: params.carpoolId } };
  }),
];
