import { API } from '@gatherly/domain/api/endpoints';
import type { Located } from '../access.ts';
import { route, type Route } from '../router.ts';
import { readEvent } from '../services/events.ts';
import {
  deletePhoto,
  listPhotos,
  photoView,
  recordPhoto,
  setBannerPhoto,
  setPhotoFeatured,
  votePhoto,
} from '../services/photos.ts';

const photoOf = (params: { eventId: string; photoId: string }): Located => ({
  eventId: params.eventId,
  id: params.photoId,
});

export const photoRoutes: Route[] = [
  route(API.listPhotos, async ({ caller, params, page }) => ({
    body: await listPhotos(caller, params.eventId, false, page),
  })),
  route(API.listFeaturedPhotos, async ({ caller, params, page }) => ({
    body: await listPhotos(caller, params.eventId, true, page),
  })),
  route(API.recordPhoto, async ({ caller, params, body }) => {
    const photo = await recordPhoto(caller, params.eventId, body);
    return { status: 201, body: { photo: photoView(photo, false) } };
  }),
  route(API.votePhoto, async ({ caller, params }) => ({
    body: await votePhoto(caller, photoOf(params), true),
  })),
  route(API.unvotePhoto, async ({ caller, params }) => ({
    body: await votePhoto(caller, photoOf(params), false),
  })),
  route(API.setPhotoFeatured, async ({ caller, params, body }) => {
    const photo = await setPhotoFeatured(caller, photoOf(params), body.isFeatured);
    return { body: { id: photo.id, isFeatured: photo.isFeatured } };
  }),
  route(API.deletePhoto, async ({ caller, params }) => {
    await deletePhoto(caller, photoOf(params));
    return { body: { deleted: true, id: params.photoId } };
  }),
  route(API.setBannerPhoto, async ({ caller, params, body }) => {
    await setBannerPhoto(caller, params.eventId, body);
    return { body: { event: await readEvent(caller, params.eventId) } };
  }),
];
