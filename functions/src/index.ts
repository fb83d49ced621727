import { onRequest } from 'firebase-functions/v2/https';
import { handleApi } from './app.ts';
import { EMAIL_LINK_SECRET } from './mail/params.ts';
import { API_OPTIONS } from './runtime.ts';

/**
 * Production traffic is same-origin through the Hosting rewrite of /api/**; the CORS allowance
 * is for local dev servers calling the Functions emulator directly. Requests carry a bearer
 * token, never cookies, so allowing those origins grants nothing by itself.
 */
const LOCAL_ORIGINS = [/^http:\/\/localhost(:\d+)?$/, /^http:\/\/127\.0\.0\.1(:\d+)?$/];

/** EMAIL_LINK_SECRET: announcements sign unsubscribe links, and /api/unsubscribe checks them. */
export const api = onRequest(
  { ...API_OPTIONS, cors: LOCAL_ORIGINS, secrets: [EMAIL_LINK_SECRET] },
  handleApi,
);

export { emailScheduler, mailDelivery } from './mail/triggers.ts';
export * from './triggers/activity.ts';
export * from './triggers/votes.ts';
export { rsvpCountFold } from './triggers/rsvp-counts.ts';
export { imageAccessOnMemberRemoved } from './triggers/image-access.ts';
export { rsvpGroupsOnMemberGroups } from './triggers/member-groups.ts';
export { unrecordedUploadSweep } from './triggers/uploads.ts';
