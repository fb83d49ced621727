import type { JoinLinkState, JoinResponse } from '@gatherly/domain/guest-access';
import { joinLinkUpdateSchema } from '@gatherly/domain/guest-access-schemas';
import { authenticate } from '../auth.ts';
import { db } from '../firebase.ts';
import { publicRoute, route, type Route } from '../router.ts';
import {
  decideJoinRequest,
  joinByLink,
  joinLinkState,
  joinLinkView,
  regenerateJoinLink,
  updateJoinLink,
} from '../services/join-links.ts';
import { validateBody } from '../validate.ts';

export const joinLinkRoutes: Route[] = [
  // The event link's settings, for admins (docs/api.md, "Event link").
  route({
    method: 'GET',
    pattern: '/events/:eventId/join-link',
    access: 'app',
    async handle({ caller, params }) {
      const body: JoinLinkState = await db().runTransaction((tx) =>
        joinLinkState(tx, caller, params.eventId),
      );
      return { body };
    },
  }),
  route({
    method: 'PUT',
    pattern: '/events/:eventId/join-link',
    access: 'app',
    async handle({ caller, params, body: request }) {
      const input = validateBody(joinLinkUpdateSchema, request);
      const body: JoinLinkState = await db().runTransaction((tx) =>
        updateJoinLink(tx, caller, params.eventId, input),
      );
      return { body };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events/:eventId/join-link/regenerate',
    access: 'app',
    async handle({ caller, params }) {
      const body: JoinLinkState = await db().runTransaction((tx) =>
        regenerateJoinLink(tx, caller, params.eventId),
      );
      return { body };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events/:eventId/join-requests/:userId/approve',
    access: 'app',
    async handle({ caller, params }) {
      await db().runTransaction((tx) =>
        decideJoinRequest(tx, caller, params.eventId, params.userId, true),
      );
      return { body: { approved: true, userId: params.userId } };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events/:eventId/join-requests/:userId/decline',
    access: 'app',
    async handle({ caller, params }) {
      await db().runTransaction((tx) =>
        decideJoinRequest(tx, caller, params.eventId, params.userId, false),
      );
      return { body: { declined: true, userId: params.userId } };
    },
  }),
  // Public: what the link opens, to whoever holds it; a signed-in viewer also learns their standing.
  publicRoute({
    method: 'GET',
    pattern: '/join/:secret',
    async handle({ req, params }) {
      const viewer = req.headers.authorization
        ? await authenticate(req, { checkRevoked: false }).catch(() => null)
        : null;
      return { body: { link: await joinLinkView(params.secret, viewer?.uid ?? null) } };
    },
  }),
  route({
    method: 'POST',
    pattern: '/join/:secret',
    access: 'app',
    async handle({ caller, params }) {
      const body: JoinResponse = await db().runTransaction((tx) =>
        joinByLink(tx, caller, params.secret),
      );
      return { body };
    },
  }),
];
