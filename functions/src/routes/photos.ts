import type { PhotosResponse } from '@gatherly/domain/entities';
import {
  bannerPhotoSchema,
  photoFeaturedSchema,
  photoRecordSchema,
} from '@gatherly/domain/schemas';
import { route, type Route } from '../router.ts';
import { readEvent } from '../services/events.ts';
import {
  deletePhoto,
  listPhotos,
  locatePhoto,
  photoView,
  recordPhoto,
  setBannerPhoto,
  setPhotoFeatured,
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
      return { body: await votePhoto(caller, photo, true) };
    },
  }),
  route({
    method: 'DELETE',
    pattern: '/photos/:photoId/vote',
    access: 'app',
    async handle({ caller, params }) {
      const photo = await locatePhoto(params.photoId);
      return { body: await votePhoto(caller, photo, false) };
    },
  }),
  route({
    method: 'PUT',
    pattern: '/photos/:photoId/featured',
    access: 'app',
    async handle({ caller, params, body }) {
      const { isFeatured } = validateBody(photoFeaturedSchema, body);
      const located = await locatePhoto(params.photoId);
      const photo = await setPhotoFeatured(caller, located, isFeatured);
      return { body: { id: photo.id, isFeatured: photo.isFeatured } };
    },
  }),
  route({
    method: 'DELETE',
    pattern: '/photos/:photoId',
    access: 'app',
    async handle({ caller, params }) {
      await deletePhoto(caller, await locatePhoto(params.photoId));
      return { body: { deleted: true, id: params.photoId } };
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
