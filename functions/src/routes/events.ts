import { API } from '@gatherly/domain/api/endpoints';
import { requireApiAccess } from '../caller.ts';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import {
  createEvent,
  deleteEventData,
  eventView,
  listEvents,
  readEvent,
  startEventDeletion,
  updateEventSettings,
} from '../services/events.ts';
import { userSummary } from '../users.ts';

export const eventRoutes: Route[] = [
  route(API.listEvents, async ({ caller }) => {
    await requireApiAccess(caller);
    return { body: { events: await listEvents(caller) } };
  }),
  route(API.getEvent, async ({ caller, params }) => ({
    body: { event: await readEvent(caller, params.eventId) },
  })),
  route(API.createEvent, async ({ caller, body }) => {
    const creator = await userSummary(caller);
    const event = await db().runTransaction((tx) => createEvent(tx, caller, body, creator));
    return { status: 201, body: { event: eventView(event, 1, 'creator') } };
  }),
  route(API.updateEvent, async ({ caller, params, body }) => {
    await db().runTransaction((tx) => updateEventSettings(tx, caller, params.eventId, body));
    return { body: { event: await readEvent(caller, params.eventId) } };
  }),
  route(API.deleteEvent, async ({ caller, params }) => {
    await db().runTransaction((tx) => startEventDeletion(tx, caller, params.eventId));
    await deleteEventData(params.eventId);
    return { body: { deleted: true, id: params.eventId } };
  }),
];
