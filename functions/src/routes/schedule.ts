import { Timestamp } from 'firebase-admin/firestore';
import type {
  Rsvp,
  RsvpStatus,
  ScheduleItem,
  ScheduleItemView,
  ScheduleResponse,
} from '@gatherly/domain/entities';
import { RSVP_STATUSES } from '@gatherly/domain/entities';
import { rsvpSchema } from '@gatherly/domain/schemas';
import { eventRef, requireMember, requirePermission } from '../access.ts';
import { db } from '../firebase.ts';
import { notFound } from '../http.ts';
import type { Route } from '../router.ts';
import { apiShape, toJson } from '../serialize.ts';
import { countOf } from '../tiers.ts';
import { validateBody } from '../validate.ts';

const isRsvpStatus = (v: unknown): v is RsvpStatus =>
  typeof v === 'string' && (RSVP_STATUSES as string[]).includes(v);

export const scheduleRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/events/:eventId/schedule',
    async handle({ user, params }) {
      const eventId = params.eventId as string;
      await requireMember(eventId, user.uid);
      const snap = await eventRef(eventId).collection('schedule').orderBy('startTime').get();
      const mine = snap.docs.length
        ? await db().getAll(...snap.docs.map((d) => d.ref.collection('rsvps').doc(user.uid)))
        : [];
      const schedule = await Promise.all(
        snap.docs.map(async (d, i): Promise<ScheduleItemView> => {
          const rsvps = d.ref.collection('rsvps');
          const [going, notGoing, maybe] = await Promise.all(
            RSVP_STATUSES.map((status) => countOf(rsvps.where('status', '==', status))),
          );
          const own: unknown = mine[i]?.data()?.status;
          return {
            ...apiShape<ScheduleItem>(d.data()),
            id: d.id,
            rsvpCounts: { going: going ?? 0, notGoing: notGoing ?? 0, maybe: maybe ?? 0 },
            userRsvp: isRsvpStatus(own) ? own : null,
          };
        }),
      );
      const body: ScheduleResponse = { schedule };
      return { body };
    },
  },
  {
    method: 'PUT',
    pattern: '/schedule/:scheduleId/rsvp',
    async handle({ user, params, body }) {
      const scheduleId = params.scheduleId as string;
      const { status } = validateBody(rsvpSchema, body);
      const found = await db()
        .collectionGroup('schedule')
        .where('id', '==', scheduleId)
        .limit(1)
        .get();
      const doc = found.docs[0];
      const eventId = doc?.ref.parent.parent?.id;
      if (!doc || !eventId) throw notFound('Schedule item not found');
      const rsvp: Rsvp<Timestamp> = {
        eventId,
        scheduleId,
        userId: user.uid,
        status,
        respondedAt: Timestamp.now(),
      };
      await db().runTransaction(async (tx) => {
        await requirePermission(eventId, user.uid, 'rsvp', tx);
        if (!(await tx.get(doc.ref)).exists) throw notFound('Schedule item not found');
        tx.set(doc.ref.collection('rsvps').doc(user.uid), rsvp);
      });
      return { body: { rsvp: toJson(rsvp) } };
    },
  },
];
