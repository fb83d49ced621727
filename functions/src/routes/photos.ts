import type { PhotosResponse } from '@gatherly/domain/entities';
import { bannerPhotoSchema, photoRecordSchema } from '@gatherly/domain/schemas';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import { readEvent } from '../services/events.ts';
import {
  listPhotos,
  locatePhoto,
  photoView,
  recordPhoto,
  setBannerPhoto,
  votePhoto,
} from '../services/photos.ts';
import { validateBody } from '../validate.ts';

export const photoRoutes: Route[] = [
  route({
    method: 'GET',
    pattern: '/events/:eventId/photos',
    access: 'api',
    async handle({ caller, params }) {
      const body: PhotosResponse = { photos: await listPhotos(caller, params.eventId, false) };
      return { body };
    },
  }),
  route({
    method: 'GET',
    pattern: '/events/:eventId/photos/featured',
    access: 'api',
    async handle({ caller, params }) {
      const body: PhotosResponse = { photos: await listPhotos(caller, params.eventId, true) };
      return { body };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events/:eventId/photos',
    access: 'app',
    async handle({ caller, params, body }) {
      const input = validateBody(photoRecordSchema, body);
      const photo = await recordPhoto(caller, params.eventId, input);
      return { status: 201, body: { photo: photoView(photo, false) } };
    },
  }),
  route({
    method: 'POST',
    pattern: '/photos/:photoId/vote',
    access: 'app',
    async handle({ caller, params }) {
      const photo = await locatePhoto(params.photoId);
      return { body: await db().runTransaction((tx) => votePhoto(tx, caller, photo, true)) };
    },
  }),
  route({
    method: 'DELETE',
    pattern: '/photos/:photoId/vote',
    access: 'app',
    async handle({ caller, params }) {
      const photo = await locatePhoto(params.photoId);
      return { body: await db().runTransaction((tx) => votePhoto(tx, caller, photo, false)) };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events/:eventId/banner-photo',
    access: 'app',
    async handle({ caller, params, body }) {
      const input = validateBody(bannerPhotoSchema, body);
      await setBannerPhoto(caller, params.eventId, input);
      return { body: { event: await readEvent(caller, params.eventId) } };
    },
  }),
];
