/**
 * Recent Activity (docs/decisions.md: built from the event's real data instead of the spec's
 * hard-coded samples): merges recent photos, flights, carpools, new members, schedule items and
 * announcements into one feed, newest first; recordedAnswerText is the line of an answer a host
 * recorded.
 */
import type { ActivityEntryKind, ActivityPhoto } from './entities/activity.ts';
import type { PersonSummary } from './entities/common.ts';
import { type TimeLike, toMillis } from './dates.ts';
import { clip, oneLine } from './email/text.ts';

export type ActivityKind = ActivityEntryKind;

export interface ActivityItem {
  /** Unique across kinds: "{kind}:{id}". */
  id: string;
  kind: ActivityKind;
  /** Epoch ms. */
  at: number;
  /** Who did it; null for items without a person (schedule items). */
  actor: PersonSummary | null;
  text: string;
  /** Event area the item belongs to, relative to /events/{id}. */
  area: 'photos' | 'travel' | 'members' | '';
  /** Photo batches: the newest few photos, shown as thumbnails that open them. */
  photos?: readonly ActivityPhoto[];
  /** Photo batches: how many photos the batch holds (the thumbnails end with "+N" beyond them). */
  photoCount?: number;
}

export interface ActivitySources {
  photos?: ReadonlyArray<{
    id: string;
    uploadedAt: TimeLike | null;
    uploadedByUser: PersonSummary;
    caption: string;
  }>;
  flights?: ReadonlyArray<{
    id: string;
    createdAt: TimeLike | null;
    user: PersonSummary;
    departure: string;
    arrival: string;
  }>;
  carpools?: ReadonlyArray<{
    id: string;
    createdAt: TimeLike | null;
    driver: PersonSummary;
    fromLocation: string;
    toLocation: string;
  }>;
  members?: ReadonlyArray<{
    userId: string;
    joinedAt: TimeLike | null;
    user: PersonSummary;
    role: string;
  }>;
  schedule?: ReadonlyArray<{ id: string; createdAt: TimeLike | null; title: string }>;
  announcements?: ReadonlyArray<{
    id: string;
    createdAt: TimeLike | null;
    author: PersonSummary;
    message: string;
    /** Set for a group audience: the line says whom it was for ("to Wedding party"). */
    audience?: { kind: string };
    audienceLabel?: string;
  }>;
}

export const DEFAULT_ACTIVITY_LIMIT = 5;

const nameOf = (p: PersonSummary) =>
  p.displayName.trim() !== '' ? p.displayName.trim() : 'Someone';

function route(from: string, to: string): string {
  const f = from.trim();
  const t = to.trim();
  if (f && t) return ` from ${f} to ${t}`;
  if (t) return ` to ${t}`;
  if (f) return ` from ${f}`;
  return '';
}

/** Items whose time is not yet known (pending server timestamps) sort as newest. */
function millisOrNow(value: TimeLike | null, now: number): number {
  if (value === null) return now;
  const ms = toMillis(value);
  return Number.isNaN(ms) ? now : ms;
}

/**
 * The newest `limit` activities. Ties keep source order: photos, flights, carpools, members,
 * schedule. Creators joining their own event at creation are included like any member.
 */
export function buildActivityFeed(
  sources: ActivitySources,
  limit: number = DEFAULT_ACTIVITY_LIMIT,
  now: Date = new Date(),
): ActivityItem[] {
  const n = now.getTime();
  const items: ActivityItem[] = [];
  for (const p of sources.photos ?? []) {
    items.push({
      id: `photo:${p.id}`,
      kind: 'photo',
      at: millisOrNow(p.uploadedAt, n),
      actor: p.uploadedByUser,
      text: onePhotoText(p.uploadedByUser, p.caption),
      area: 'photos',
    });
  }
  for (const f of sources.flights ?? []) {
    items.push({
      id: `flight:${f.id}`,
      kind: 'flight',
      at: millisOrNow(f.createdAt, n),
      actor: f.user,
      text: `${nameOf(f.user)} added a flight${route(f.departure, f.arrival)}`,
      area: 'travel',
    });
  }
  for (const c of sources.carpools ?? []) {
    items.push({
      id: `carpool:${c.id}`,
      kind: 'carpool',
      at: millisOrNow(c.createdAt, n),
      actor: c.driver,
      text: `${nameOf(c.driver)} is offering a carpool${route(c.fromLocation, c.toLocation)}`,
      area: 'travel',
    });
  }
  for (const m of sources.members ?? []) {
    items.push({
      id: `member:${m.userId}`,
      kind: 'member',
      at: millisOrNow(m.joinedAt, n),
      actor: m.user,
      text:
        m.role === 'creator'
          ? `${nameOf(m.user)} created the event`
          : `${nameOf(m.user)} joined the event`,
      area: 'members',
    });
  }
  for (const s of sources.schedule ?? []) {
    items.push({
      id: `schedule:${s.id}`,
      kind: 'schedule',
      at: millisOrNow(s.createdAt, n),
      actor: null,
      text: `New on the schedule: ${s.title.trim() || 'Untitled'}`,
      area: '',
    });
  }
  for (const a of sources.announcements ?? []) {
    items.push({
      id: `announcement:${a.id}`,
      kind: 'announcement',
      at: millisOrNow(a.createdAt, n),
      actor: a.author,
      text: `${nameOf(a.author)} sent an announcement${
        a.audience?.kind === 'groups' ? ` to ${a.audienceLabel ?? 'a guest group'}` : ''
      }: “${clip(oneLine(a.message), 120)}”`,
      area: '',
    });
  }
  return items.sort((a, b) => b.at - a.at).slice(0, Math.max(0, limit));
}

/**
 * The feed's line for an answer a host recorded for a guest (said in person, by phone). Every
 * member reads the feed, so it never says what the answer was: that stays with the guest and the
 * admins, and with attendees only while "Guests can see who's going" is on.
 */
export function recordedAnswerText(
  host: PersonSummary,
  guest: PersonSummary,
  itemTitle: string,
): string {
  return `${nameOf(host)} recorded ${nameOf(guest)}'s answer to ${itemTitle.trim() || 'Untitled'}`;
}

// ---- Photo upload batches ---------------------------------------------------------------------
//
// One feed entry per upload batch (docs/decisions.md, "Activity groups an upload batch"), kept
// in the transactions that record and delete the batch's photos, so its count is exact.

/** Thumbnails a batch's line shows, newest first; more photos read as "+N". */
export const PHOTO_BATCH_PREVIEW = 4;

/** What a batch's feed entry holds beyond its sentence. */
export interface PhotoBatch {
  /** Photos of the batch still there. */
  count: number;
  /** The newest `min(count, PHOTO_BATCH_PREVIEW)` of them, newest first. */
  photos: ActivityPhoto[];
}

function onePhotoText(uploader: PersonSummary, caption: string): string {
  const c = caption.trim();
  return c
    ? `${nameOf(uploader)} uploaded a photo: “${c}”`
    : `${nameOf(uploader)} uploaded a photo`;
}

/** "Priya uploaded 5 photos"; a batch of one keeps the single photo's line with its caption. */
export function photoBatchText(uploader: PersonSummary, batch: PhotoBatch): string {
  if (batch.count === 1) return onePhotoText(uploader, batch.photos[0]?.caption ?? '');
  return `${nameOf(uploader)} uploaded ${batch.count} photos`;
}

/**
 * The subject id of a photo's batch entry: the uploader's batch (scoped by their uid, so nobody
 * can add to another person's line), or the photo itself when it came without a batch.
 */
export function photoBatchSubject(photo: {
  id: string;
  uploadedBy: string;
  batchId?: string | undefined;
}): string {
  return photo.batchId ? `${photo.uploadedBy}:${photo.batchId}` : photo.id;
}

/** A photo as its batch's thumbnail. */
export function activityPhoto(photo: {
  id: string;
  thumbPath: string;
  objectPath: string;
  url: string;
  thumbUrl: string;
  caption: string;
}): ActivityPhoto {
  return photo.thumbPath
    ? { id: photo.id, path: photo.thumbPath, url: photo.thumbUrl, caption: photo.caption }
    : { id: photo.id, path: photo.objectPath, url: photo.url, caption: photo.caption };
}

/** The batch once `photo` is recorded in it as its newest (`current` null: the first one). */
export function addToPhotoBatch(current: PhotoBatch | null, photo: ActivityPhoto): PhotoBatch {
  const others = (current?.photos ?? []).filter((p) => p.id !== photo.id);
  return {
    count: (current?.count ?? 0) + 1,
    photos: [photo, ...others].slice(0, PHOTO_BATCH_PREVIEW),
  };
}

/**
 * Whether deleting `photoId` leaves a gap in the thumbnails that photos not shown could fill:
 * then the batch's newest photos are read to fill it.
 */
export function photoBatchNeedsRefill(current: PhotoBatch, photoId: string): boolean {
  return current.photos.some((p) => p.id === photoId) && current.count > current.photos.length;
}

/**
 * The batch once `photoId` is deleted from it; null when it was the last. `newest`: the batch's
 * newest photos as stored (read when `photoBatchNeedsRefill`; may still include `photoId`).
 */
export function removeFromPhotoBatch(
  current: PhotoBatch,
  photoId: string,
  newest?: readonly ActivityPhoto[],
): PhotoBatch | null {
  const count = current.count - 1;
  if (count <= 0) return null;
  const photos = (newest ?? current.photos)
    .filter((p) => p.id !== photoId)
    .slice(0, Math.min(count, PHOTO_BATCH_PREVIEW));
  return { count, photos };
}
