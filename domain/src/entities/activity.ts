// The activity feed and the hosts' announcements.
import type { RsvpStatus } from '../rsvp-options.ts';
import type { IsoDateString, PersonSummary } from './common.ts';

export type ActivityEntryKind =
  'photo' | 'flight' | 'carpool' | 'member' | 'schedule' | 'announcement' | 'rsvp' | 'waitlist';

/**
 * events/{e}/activity/{kind}:{subjectId}: one feed entry per member, flight, carpool,
 * schedule item or announcement, written by Firestore triggers on create and removed on delete
 * (functions/src/triggers/activity.ts); one per photo upload batch (`photo:{uid}:{batchId}`, a
 * lone photo's `photo:{photoId}`), kept in the transactions that record and delete its photos;
 * and one per answer a host recorded for a guest (`rsvp:{scheduleId}:{uid}`, written with the
 * answer); `title` is the sentence the feed shows (domain/src/activity.ts).
 */
export interface ActivityEntry<Time = IsoDateString> {
  /** `${kind}:${subjectId}`. */
  id: string;
  kind: ActivityEntryKind;
  /** Who did it; null for schedule items (no person). */
  actor: PersonSummary | null;
  /**
   * Id of the member (uid), flight, carpool, schedule item or announcement;
   * `{uid}:{batchId}` for a photo batch (a lone photo: its id); `{scheduleId}:{uid}` for a
   * recorded answer.
   */
  subjectId: string;
  title: string;
  at: Time;
  /** Photo entries (one per upload batch): how many of the batch's photos are still there. */
  count?: number;
  /** Photo entries: the batch's newest photos, newest first (at most `PHOTO_BATCH_PREVIEW`). */
  photos?: ActivityPhoto[];
}

/** A photo a feed entry shows as a thumbnail that opens it. */
export interface ActivityPhoto {
  id: string;
  /** Storage path of its thumbnail, or of the photo itself when it has none. */
  path: string;
  /** Download URL of that object. */
  url: string;
  caption: string;
}

/**
 * Who an announcement goes to: every member, those with one answer for a schedule item, or the
 * members of some guest groups (ids sorted).
 */
export type AnnouncementAudience =
  | { kind: 'all' }
  | { kind: 'rsvp'; scheduleId: string; status: RsvpStatus | 'no_response' }
  | { kind: 'groups'; groupIds: string[] };

/** events/{e}/announcements/{id}: a message from the hosts, in the activity feed and e-mailed. */
export interface Announcement<Time = IsoDateString> {
  id: string;
  eventId: string;
  authorId: string;
  author: PersonSummary;
  message: string;
  audience: AnnouncementAudience;
  /** "Everyone", "Going to Rehearsal dinner", "Wedding party, Family": as it was when sent. */
  audienceLabel: string;
  /**
   * A group audience's groups (group id -> true), what the rules check like a limited item's:
   * only their members and the admins read it. Absent on the other audiences.
   */
  groupAccess?: Partial<Record<string, true>>;
  /**
   * True while the answer audience's item is limited to guest groups: then only admins read the
   * announcement and it has no line in the shared feed (its label names the item). Always true
   * for a group audience: admins and the members of `groupAccess` read it, in their groups'
   * feeds. Absent on older ones: false.
   */
  itemLimited?: boolean;
  /** E-mails queued; null until the fan-out has finished. */
  recipientCount: number | null;
  createdAt: Time;
}
