import type { ScheduleResponse } from '@gatherly/domain/entities';
import type { MyRsvpResponse } from '@gatherly/domain/rsvp-options';
import { capacitySchema, rsvpSchema } from '@gatherly/domain/schemas';
import { db } from '../firebase.ts';
import { linkContext } from '../mail/params.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import {
  deleteScheduleItem,
  listSchedule,
  locateScheduleItem,
  myRsvp,
  promoteWaiting,
  recordRsvp,
  setCapacity,
  setRsvp,
} from '../services/schedule.ts';
import type { RsvpRecord } from '../db.ts';
import { validateBody } from '../validate.ts';

/** An RSVP in API form: its state (Going, Maybe, Not Going or waitlisted) and its party. */
function rsvpBody({ id: _id, ...rsvp }: RsvpRecord) {
  return { rsvp: { ...apiShape(rsvp), party: rsvp.party ?? null } };
}

/** Waitlist rounds after a capacity change; each promotes up to the line read limit. */
const MAX_PROMOTION_ROUNDS = 40;

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
    method: 'GET',
    pattern: '/schedule/:scheduleId/rsvp',
    access: 'app',
    async handle({ caller, params }) {
      const item = await locateScheduleItem(params.scheduleId);
      const body: MyRsvpResponse = await myRsvp(caller, item);
      return { body };
    },
  }),
  route({
    method: 'PUT',
    pattern: '/schedule/:scheduleId/rsvp',
    // The web app's one RSVP path: it keeps the counts, answer maps and waitlist exact.
    access: 'app',
    async handle({ caller, params, body }) {
      const input = validateBody(rsvpSchema, body);
      const item = await locateScheduleItem(params.scheduleId);
      const rsvp = await db().runTransaction((tx) =>
        setRsvp(tx, caller, item, input, () => linkContext()),
      );
      return { body: rsvpBody(rsvp) };
    },
  }),
  route({
    method: 'PUT',
    pattern: '/schedule/:scheduleId/rsvps/:userId',
    access: 'app',
    async handle({ caller, params, body }) {
      const input = validateBody(rsvpSchema, body);
      const item = await locateScheduleItem(params.scheduleId);
      const rsvp = await db().runTransaction((tx) =>
        recordRsvp(tx, caller, item, params.userId, input, () => linkContext()),
      );
      return { body: rsvpBody(rsvp) };
    },
  }),
  route({
    method: 'PUT',
    pattern: '/schedule/:scheduleId/capacity',
    access: 'app',
    async handle({ caller, params, body }) {
      const { capacity } = validateBody(capacitySchema, body);
      const item = await locateScheduleItem(params.scheduleId);
      const links = () => linkContext();
      const result = await db().runTransaction((tx) =>
        setCapacity(tx, caller, item, capacity ?? null, links),
      );
      // A limit lifted for a long line: the rest of those who now fit, round by round.
      let promoted = result.promoted;
      let more = promoted;
      for (let round = 0; more > 0 && round < MAX_PROMOTION_ROUNDS; round += 1) {
        more = await promoteWaiting(item, links);
        promoted += more;
      }
      return { body: { capacity: result.capacity, promoted } };
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
