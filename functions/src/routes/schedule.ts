import type { ScheduleResponse } from '@gatherly/domain/entities';
import { rsvpSchema } from '@gatherly/domain/schemas';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import {
  deleteScheduleItem,
  listSchedule,
  locateScheduleItem,
  setRsvp,
} from '../services/schedule.ts';
import { validateBody } from '../validate.ts';

export const scheduleRoutes: Route[] = [
  route({
    method: 'GET',
    pattern: '/events/:eventId/schedule',
    access: 'api',
    async handle({ caller, params }) {
      const body: ScheduleResponse = { schedule: await listSchedule(caller, params.eventId) };
      return { body };
    },
  }),
  route({
    method: 'PUT',
    pattern: '/schedule/:scheduleId/rsvp',
    access: 'app',
    async handle({ caller, params, body }) {
      const { status } = validateBody(rsvpSchema, body);
      const item = await locateScheduleItem(params.scheduleId);
      const { id: _id, ...rsvp } = await db().runTransaction((tx) =>
        setRsvp(tx, caller, item, status),
      );
      return { body: { rsvp: apiShape(rsvp) } };
    },
  }),
  route({
    method: 'DELETE',
    pattern: '/schedule/:scheduleId',
    access: 'app',
    async handle({ caller, params }) {
      const item = await locateScheduleItem(params.scheduleId);
      await deleteScheduleItem(caller, item);
      return { body: { deleted: true, id: params.scheduleId } };
    },
  }),
];
