import { API } from '@gatherly/domain/api/endpoints';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import {
  linkWallFeed,
  memberWallFeed,
  setPhotoWallState,
  sinceOf,
  wallQueue,
} from '../services/wall-feed.ts';
import {
  createWallLink,
  eventOfWallSecret,
  revokeWallLink,
  setWallSettings,
  wallAdminView,
} from '../services/wall-links.ts';

export const wallRoutes: Route[] = [
  // Links and settings, for admins (docs/api.md, "Photo wall").
  route(API.wallAdmin, async ({ caller, params }) => ({
    body: await db().runTransaction((tx) => wallAdminView(tx, caller, params.eventId)),
  })),
  route(API.createWallLink, async ({ caller, params }) => ({
    status: 201,
    body: await db().runTransaction((tx) => createWallLink(tx, caller, params.eventId)),
  })),
  route(API.revokeWallLink, async ({ caller, params }) => {
    await db().runTransaction((tx) => revokeWallLink(tx, caller, params.eventId, params.linkId));
    return { body: { deleted: true, id: params.linkId } };
  }),
  route(API.setWallSettings, async ({ caller, params, body }) => ({
    body: await db().runTransaction((tx) => setWallSettings(tx, caller, params.eventId, body)),
  })),
  route(API.setPhotoWallState, async ({ caller, params, body }) => ({
    body: await db().runTransaction((tx) =>
      setPhotoWallState(tx, caller, { eventId: params.eventId, id: params.photoId }, body),
    ),
  })),
  route(API.wallQueue, async ({ caller, params }) => ({
    body: await wallQueue(caller, params.eventId),
  })),
  route(API.eventWall, async ({ req, caller, params }) => ({
    body: await memberWallFeed(caller, params.eventId, sinceOf(req.url)),
  })),
  // Public: whoever holds the secret sees the wall's photos and nothing else.
  route(API.linkWall, async ({ req, params }) => {
    const since = sinceOf(req.url);
    const { eventId, event } = await eventOfWallSecret(params.secret);
    return { body: await linkWallFeed(eventId, event, since) };
  }),
];
