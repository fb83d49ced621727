// What the photo wall shows (docs/product.md, "Photo wall"): the public answer a wall link
// opens (and the same for a signed-in member), and the admins' moderation (hide, approve, the
// approval queue). Every read is bounded: the full answer is three limited queries, a poll is
// the photos whose `wallAt` moved after the wall's cursor (docs/performance.md, "Photo wall").
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { PhotoWallStateResponse } from '@gatherly/domain/api/responses';
import type { WallState } from '@gatherly/domain/entities/photos';
import type { PhotoWallStateValues } from '@gatherly/domain/wall-schemas';
import {
  WALL_CHANGES_PAGE,
  WALL_NEWEST,
  WALL_QUEUE_PAGE,
  WALL_TOP,
  isOnWall,
  type WallBranding,
  type WallFeed,
  type WallPhoto,
  type WallQueue,
} from '@gatherly/domain/wall';
import { requireMember, requirePermission, type Located } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { EventRecord, PhotoRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { badRequest, notFound } from '../http.ts';
import { appOrigin } from '../mail/params.ts';
import { joinUrlOf } from './join-links.ts';
import { PHOTO_NOT_FOUND } from './photos.ts';
import { wallSettingsOf } from './wall-links.ts';

/** Above this the upload is an uncompressed original: the wall shows its thumbnail instead. */
const DISPLAY_IMAGE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * A poll reads this far behind "now": a photo stamped just before a read but committed just
 * after it is still seen by the next poll (the screen ignores repeats).
 */
const CHANGE_OVERLAP_MS = 5_000;

/** The projection: only what the wall shows (no uploader id, e-mail, storage path or size). */
export function wallPhotoOf(photo: PhotoRecord): WallPhoto {
  const tooBig = photo.size > DISPLAY_IMAGE_MAX_BYTES && photo.thumbUrl !== '';
  return {
    id: photo.id,
    imageUrl: tooBig ? photo.thumbUrl : photo.url,
    thumbUrl: photo.thumbUrl,
    uploaderName: photo.uploadedByUser.displayName,
    caption: photo.caption,
    votes: photo.votes,
    featured: photo.isFeatured,
    uploadedAt: photo.uploadedAt.toDate().toISOString(),
  };
}

/** Where the wall's QR code leads: the event link when it is on, else the upload sheet. */
async function qrUrlOf(eventId: string): Promise<string> {
  const link = await store().joinLinks.where('eventId', '==', eventId).limit(1).get();
  const secret = link.docs[0]?.id;
  return secret
    ? `${joinUrlOf(secret)}?then=upload`
    : `${appOrigin()}/events/${encodeURIComponent(eventId)}/photos?upload=1`;
}

async function brandingOf(eventId: string, event: EventRecord): Promise<WallBranding> {
  return {
    eventName: event.name,
    colors: event.themeColors,
    logoUrl: event.customLogo,
    qrUrl: await qrUrlOf(eventId),
    paceSeconds: wallSettingsOf(event).paceSeconds,
  };
}

/** `?since=` of a wall request: milliseconds, or absent for the full answer. */
export function sinceOf(url: string | undefined): number | null {
  const raw = new URL(url ?? '/', 'http://localhost').searchParams.get('since');
  if (raw === null) return null;
  if (!/^\d{1,15}$/.test(raw)) throw badRequest('since must be a time in milliseconds');
  return Number(raw);
}

/** The newest photos, then the featured and most voted beyond them; hidden and waiting left out. */
async function fullFeed(eventId: string): Promise<Pick<WallFeed, 'photos' | 'cursor'>> {
  const photos = store().photos(eventId);
  const cursor = Date.now() - CHANGE_OVERLAP_MS;
  const [newest, featured, voted] = await Promise.all([
    photos.orderBy('uploadedAt', 'desc').limit(WALL_NEWEST).get(),
    photos.where('isFeatured', '==', true).orderBy('uploadedAt', 'desc').limit(WALL_TOP).get(),
    photos.orderBy('votes', 'desc').limit(WALL_TOP).get(),
  ]);
  const byId = new Map<string, PhotoRecord>();
  for (const snap of [newest, featured, voted]) {
    for (const doc of snap.docs) byId.set(doc.id, doc.data());
  }
  const shown = [...byId.values()].filter((p) => isOnWall(p.wallState)).map(wallPhotoOf);
  return { photos: shown, cursor };
}

/** The photos whose wall standing changed after `since`: the shown ones, and the ids that left. */
async function changesSince(
  eventId: string,
  since: number,
): Promise<Pick<WallFeed, 'photos' | 'removed' | 'cursor' | 'more'>> {
  const snap = await store()
    .photos(eventId)
    .where('wallAt', '>', Timestamp.fromMillis(since))
    .orderBy('wallAt')
    .limit(WALL_CHANGES_PAGE)
    .get();
  const changed = snap.docs.map((d) => d.data());
  const more = changed.length === WALL_CHANGES_PAGE;
  const last = changed.at(-1)?.wallAt?.toMillis() ?? since;
  const cursor = more ? last : Math.max(since, Date.now() - CHANGE_OVERLAP_MS);
  return {
    photos: changed.filter((p) => isOnWall(p.wallState)).map(wallPhotoOf),
    removed: changed.filter((p) => !isOnWall(p.wallState)).map((p) => p.id),
    cursor,
    more,
  };
}

async function feedOf(eventId: string, event: EventRecord, since: number | null) {
  const [wall, part] = await Promise.all([
    brandingOf(eventId, event),
    since === null
      ? fullFeed(eventId).then((f) => ({ ...f, removed: [], more: false }))
      : changesSince(eventId, since),
  ]);
  return { wall, full: since === null, ...part } satisfies WallFeed;
}

/** The wall a wall link opens (the link and event are checked by `eventOfWallSecret`). */
export function linkWallFeed(eventId: string, event: EventRecord, since: number | null) {
  return feedOf(eventId, event, since);
}

/** The same wall for a signed-in member of the event. */
export async function memberWallFeed(
  caller: Caller,
  eventId: string,
  since: number | null,
): Promise<WallFeed> {
  const { event } = await requireMember(caller, eventId);
  return feedOf(eventId, event, since);
}

/** An admin shows (approves) or hides a photo; an open wall sees it within a poll. */
export async function setPhotoWallState(
  tx: Transaction,
  caller: Caller,
  { eventId, id }: Located,
  values: PhotoWallStateValues,
): Promise<PhotoWallStateResponse> {
  await requirePermission(caller, eventId, 'featurePhotos', { tx, notFound: PHOTO_NOT_FOUND });
  const ref = store().photos(eventId).doc(id);
  const photo = (await tx.get(ref)).data();
  if (!photo) throw notFound(PHOTO_NOT_FOUND);
  const wallState: WallState = values.state === 'hidden' ? 'hidden' : 'shown';
  if ((photo.wallState ?? 'shown') !== wallState) {
    tx.update(ref, { wallState, wallAt: Timestamp.now() });
  }
  return { id, wallState };
}

/** The approval queue: the oldest waiting photos first and the exact count (one aggregation). */
export async function wallQueue(caller: Caller, eventId: string): Promise<WallQueue> {
  await requirePermission(caller, eventId, 'featurePhotos');
  const pending = store().photos(eventId).where('wallState', '==', 'pending');
  const [page, count] = await Promise.all([
    pending.orderBy('uploadedAt').limit(WALL_QUEUE_PAGE).get(),
    pending.count().get(),
  ]);
  return { photos: page.docs.map((d) => wallPhotoOf(d.data())), count: count.data().count };
}
