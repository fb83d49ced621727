import type { EventResponse, EventsResponse } from '@gatherly/domain/entities';
import {
  isEventSettingsField,
  settingsKeysError,
  type EventSettingsPatch,
} from '@gatherly/domain/event-settings';
import { createEventRequestSchema, eventUpdateFieldSchemas } from '@gatherly/domain/schemas';
import { requireApiAccess } from '../caller.ts';
import { db } from '../firebase.ts';
import { badRequest } from '../http.ts';
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
import { requireObject, validate, validateBody } from '../validate.ts';

/**
 * A settings write as its body says it: one field (or the two dates), each value checked with
 * the field's shared schema and JSON type; unknown keys are refused, as the rules refuse them.
 */
function parseSettingsPatch(body: unknown): EventSettingsPatch {
  const fields = requireObject(body);
  const keys = Object.keys(fields);
  const keysProblem = settingsKeysError(keys);
  if (keysProblem) throw badRequest(keysProblem);
  const patch: EventSettingsPatch = {};
  for (const key of keys) {
    if (!isEventSettingsField(key)) continue;
    const value: unknown = validate(eventUpdateFieldSchemas[key], fields[key], key);
    Object.assign(patch, { [key]: value ?? null });
  }
  return patch;
}

export const eventRoutes: Route[] = [
  route({
    method: 'GET',
    pattern: '/events',
    access: 'api',
    async handle({ caller }) {
      await requireApiAccess(caller);
      const body: EventsResponse = { events: await listEvents(caller) };
      return { body };
    },
  }),
  route({
    method: 'GET',
    pattern: '/events/:eventId',
    access: 'api',
    async handle({ caller, params }) {
      const body: EventResponse = { event: await readEvent(caller, params.eventId) };
      return { body };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events',
    access: 'app',
    async handle({ caller, body }) {
      const input = validateBody(createEventRequestSchema, body);
      const creator = await userSummary(caller);
      const event = await db().runTransaction((tx) => createEvent(tx, caller, input, creator));
      const response: EventResponse = { event: eventView(event, 1, 'creator') };
      return { status: 201, body: response };
    },
  }),
  route({
    method: 'PUT',
    pattern: '/events/:eventId',
    access: 'api',
    async handle({ caller, params, body }) {
      const patch = parseSettingsPatch(body);
      await db().runTransaction((tx) => updateEventSettings(tx, caller, params.eventId, patch));
      const response: EventResponse = { event: await readEvent(caller, params.eventId) };
      return { body: response };
    },
  }),
  route({
    method: 'DELETE',
    pattern: '/events/:eventId',
    access: 'app',
    async handle({ caller, params }) {
      await db().runTransaction((tx) => startEventDeletion(tx, caller, params.eventId));
      await deleteEventData(params.eventId);
      return { body: { deleted: true, id: params.eventId } };
    },
  }),
];
