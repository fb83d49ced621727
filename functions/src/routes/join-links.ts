import { API } from '@gatherly/domain/api/endpoints';
import { authenticate } from '../auth.ts';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import {
  decideJoinRequest,
  joinByLink,
  joinLinkState,
  joinLinkView,
  regenerateJoinLink,
  updateJoinLink,
} from '../services/join-links.ts';

export const joinLinkRoutes: Route[] = [
  // The event link's settings, for admins (docs/api.md, "Event link").
  route(API.joinLinkState, async ({ caller, params }) => ({
    body: await db().runTransaction((tx) => joinLinkState(tx, caller, params.eventId)),
  })),
  route(API.updateJoinLink, async ({ caller, params, body }) => ({
    body: await db().runTransaction((tx) => updateJoinLink(tx, caller, params.eventId, body)),
  })),
  route(API.regenerateJoinLink, async ({ caller, params }) => ({
    body: await db().runTransaction((tx) => regenerateJoinLink(tx, caller, params.eventId)),
  })),
  route(API.approveJoinRequest, async ({ caller, params }) => {
    await db().runTransaction((tx) =>
      decideJoinRequest(tx, caller, params.eventId, params.userId, true),
    );
    return { body: { approved: true, userId: params.userId } };
  }),
  route(API.declineJoinRequest, async ({ caller, params }) => {
    await db().runTransaction((tx) =>
      decideJoinRequest(tx, caller, params.eventId, params.userId, false),
    );
    return { body: { declined: true, userId: params.userId } };
  }),
  // Public: what the link opens, to whoever holds it; a signed-in viewer also learns their standing.
  route(API.joinLinkView, async ({ req, params }) => {
    const viewer = req.headers.authorization
      ? await authenticate(req, { checkRevoked: false }).catch(() => null)
      : null;
    return { body: { link: await joinLinkView(params.secret, viewer?.uid ?? null) } };
  }),
  route(API.joinByLink, async ({ caller, params }) => ({
    body: await db().runTransaction((tx) => joinByLink(tx, caller, params.secret)),
  })),
];
