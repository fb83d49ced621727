// The photo wall through the API (docs/api.md, "Photo wall"): the feed a wall polls, the admins'
// links and settings, and moderation.
import { API } from '@gatherly/domain/api/endpoints';
import type { PhotoWallStateResponse } from '@gatherly/domain/api/responses';
import type {
  WallAdminView,
  WallFeed,
  WallLinkCreated,
  WallQueue,
  WallSettings,
} from '@gatherly/domain/wall';
import { callApi } from '../../lib/api-client.ts';

/** Where a wall's answers come from: a wall link's secret, or a member's event. */
export type WallSource = { kind: 'link'; secret: string } | { kind: 'event'; eventId: string };

/** The full answer (`since` null) or the changes after a cursor. */
export function loadWallFeed(source: WallSource, since: number | null): Promise<WallFeed> {
  const query = since === null ? undefined : { since: String(since) };
  return source.kind === 'link'
    ? callApi(API.linkWall, { params: { secret: source.secret }, query })
    : callApi(API.eventWall, { params: { eventId: source.eventId }, query });
}

export const loadWallAdmin = (eventId: string): Promise<WallAdminView> =>
  callApi(API.wallAdmin, { params: { eventId } });

export const createWallLink = (eventId: string): Promise<WallLinkCreated> =>
  callApi(API.createWallLink, { params: { eventId } });

export const revokeWallLink = (eventId: string, linkId: string) =>
  callApi(API.revokeWallLink, { params: { eventId, linkId } });

export const saveWallSettings = (eventId: string, settings: WallSettings): Promise<WallSettings> =>
  callApi(API.setWallSettings, { params: { eventId }, body: settings });

export const setPhotoWallState = (
  eventId: string,
  photoId: string,
  state: 'shown' | 'hidden',
): Promise<PhotoWallStateResponse> =>
  callApi(API.setPhotoWallState, { params: { eventId, photoId }, body: { state } });

export const loadWallQueue = (eventId: string): Promise<WallQueue> =>
  callApi(API.wallQueue, { params: { eventId } });
