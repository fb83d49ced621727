import { API } from '@gatherly/domain/api/endpoints';
import type { RsvpResponse } from '@gatherly/domain/api/responses';
import type { Located } from '../access.ts';
import type { RsvpRecord } from '../db.ts';
import { db } from '../firebase.ts';
import { linkContext } from '../mail/params.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { promoteWaiting, setCapacity } from '../services/capacity.ts';
import { myRsvp, recordRsvp, setRsvp } from '../services/rsvps.ts';
import { deleteScheduleItem, listSchedule } from '../services/schedule.ts';

/** An RSVP in API form: its state (Going, Maybe, Not Going or waitlisted) and its party. */
function rsvpBody({ id: _id, ...rsvp }: RsvpRecord): RsvpResponse {
  return { rsvp: { ...apiShape(rsvp), party: rsvp.party ?? null } };
}

const itemOf = (params: { eventId: string; scheduleId: string }): Located => ({
  eventId: params.eventId,
  id: params.scheduleId,
});

/** Waitlist rounds after a capacity change; each promotes up to the line read limit. */
const MAX_PROMOTION_ROUNDS = 40;

export const scheduleRoutes: Route[] = [
  route(API.listSchedule, async ({ caller, params }) => ({
    body: { schedule: await listSchedule(caller, params.eventId) },
  })),
  route(API.myRsvp, async ({ caller, params }) => ({
    body: await myRsvp(caller, itemOf(params)),
  })),
  // The web app's one RSVP path: it keeps the counts, answer maps and waitlist exact.
  route(API.setRsvp, async ({ caller, params, body }) => {
    const rsvp = await db().runTransaction((tx) =>
      setRsvp(tx, caller, itemOf(params), body, () => linkContext()),
    );
    return { body: rsvpBody(rsvp) };
  }),
  route(API.recordRsvp, async ({ caller, params, body }) => {
    const rsvp = await db().runTransaction((tx) =>
      recordRsvp(tx, caller, itemOf(params), params.userId, body, () => linkContext()),
    );
    return { body: rsvpBody(rsvp) };
  }),
  route(API.setCapacity, async ({ caller, params, body }) => {
    const item = itemOf(params);
    const links = () => linkContext();
    const result = await db().runTransaction((tx) =>
      setCapacity(tx, caller, item, body.capacity ?? null, links),
    );
    // A limit lifted for a long line: the rest of those who now fit, round by round.
    let promoted = result.promoted;
    let more = promoted;
    for (let round = 0; more > 0 && round < MAX_PROMOTION_ROUNDS; round += 1) {
      more = await promoteWaiting(item, links);
      promoted += more;
    }
    return { body: { capacity: result.capacity, promoted } };
  }),
  route(API.deleteScheduleItem, async ({ caller, params }) => {
    await deleteScheduleItem(caller, itemOf(params));
    return { body: { deleted: true, id: params.scheduleId } };
  }),
];
