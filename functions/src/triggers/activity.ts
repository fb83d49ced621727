/**
 * Firestore triggers that follow writes where a second of delay is invisible
 * (docs/performance.md, "Principles"): the activity feed entries of members, flights, carpools,
 * schedule items and announcements, a photo's search tokens after its caption changed
 * (captions are edited directly by their uploader), and the banner image's URL after a settings
 * write changed the image. Delivery is at least once; every handler is
 * idempotent. Photo entries are not here: one line per upload batch with an exact count is a
 * counter, kept in the photo's own transactions (services/photos.ts).
 */
import {
  onDocumentCreated,
  onDocumentDeleted,
  onDocumentUpdated,
} from 'firebase-functions/v2/firestore';
import {
  recordActivity,
  removeActivity,
  type TriggeredActivityKind,
} from '../services/activity.ts';
import { TRIGGER_OPTIONS } from '../runtime.ts';
import { followItemLimit } from '../services/groups-activity.ts';
import { refreshBannerImageUrl } from '../services/photos.ts';
import { refreshPhotoSearchTokens } from '../services/search.ts';

const OPTIONS = TRIGGER_OPTIONS;

type SubjectEvent = { params: { eventId: string; subjectId: string } };
const record = (kind: TriggeredActivityKind) => (event: SubjectEvent) =>
  recordActivity(event.params.eventId, kind, event.params.subjectId);
const remove = (kind: TriggeredActivityKind) => (event: SubjectEvent) =>
  removeActivity(event.params.eventId, kind, event.params.subjectId);

const MEMBER = 'events/{eventId}/members/{subjectId}';
const FLIGHT = 'events/{eventId}/flights/{subjectId}';
const CARPOOL = 'events/{eventId}/carpools/{subjectId}';
const SCHEDULE = 'events/{eventId}/schedule/{subjectId}';
const ANNOUNCEMENT = 'events/{eventId}/announcements/{subjectId}';

export const activityMemberCreated = onDocumentCreated(
  { document: MEMBER, ...OPTIONS },
  record('member'),
);
export const activityMemberDeleted = onDocumentDeleted(
  { document: MEMBER, ...OPTIONS },
  remove('member'),
);
export const activityFlightCreated = onDocumentCreated(
  { document: FLIGHT, ...OPTIONS },
  record('flight'),
);
export const activityFlightDeleted = onDocumentDeleted(
  { document: FLIGHT, ...OPTIONS },
  remove('flight'),
);
export const activityCarpoolCreated = onDocumentCreated(
  { document: CARPOOL, ...OPTIONS },
  record('carpool'),
);
export const activityCarpoolDeleted = onDocumentDeleted(
  { document: CARPOOL, ...OPTIONS },
  remove('carpool'),
);
export const activityScheduleCreated = onDocumentCreated(
  { document: SCHEDULE, ...OPTIONS },
  record('schedule'),
);
export const activityScheduleDeleted = onDocumentDeleted(
  { document: SCHEDULE, ...OPTIONS },
  remove('schedule'),
);
/** An item limited to groups (or opened again) takes its feed lines out (or back). */
export const activityScheduleLimitChanged = onDocumentUpdated(
  { document: SCHEDULE, ...OPTIONS },
  async (event) => {
    const before: unknown = event.data?.before.get('groupAccess');
    const after: unknown = event.data?.after.get('groupAccess');
    const was: unknown = event.data?.before.get('audience');
    const is: unknown = event.data?.after.get('audience');
    // A repeated call is harmless (idempotent), so a key-order difference may trigger one.
    if (was === is && JSON.stringify(before) === JSON.stringify(after)) return;
    await followItemLimit(event.params.eventId, event.params.subjectId);
  },
);
export const activityAnnouncementCreated = onDocumentCreated(
  { document: ANNOUNCEMENT, ...OPTIONS },
  record('announcement'),
);

/** A caption edit makes the photo findable by its new words (a second later). */
export const photoSearchTokensOnCaption = onDocumentUpdated(
  { document: 'events/{eventId}/photos/{photoId}', ...OPTIONS },
  async (event) => {
    const before: unknown = event.data?.before.get('caption');
    const after: unknown = event.data?.after.get('caption');
    if (before === after) return;
    await refreshPhotoSearchTokens(event.params.eventId, event.params.photoId);
  },
);

/** A settings write that changes the banner image gives it its download URL (a second later). */
export const bannerImageUrlOnChange = onDocumentUpdated(
  { document: 'events/{eventId}', ...OPTIONS },
  async (event) => {
    const before: unknown = event.data?.before.get('bannerSettings.customBannerImage');
    const after: unknown = event.data?.after.get('bannerSettings.customBannerImage');
    if (before === after) return;
    await refreshBannerImageUrl(event.params.eventId);
  },
);
