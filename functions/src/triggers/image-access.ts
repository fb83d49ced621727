import { onDocumentDeleted } from 'firebase-functions/v2/firestore';
import { TRIGGER_OPTIONS } from '../runtime.ts';
import { rotateImageTokens } from '../services/image-access.ts';

/**
 * A membership ended (removed, left, account deleted): every image URL of the event gets a new
 * token, so the URLs the person saw stop working (services/image-access.ts). At least once and
 * idempotent; a retry rotates again.
 */
export const imageAccessOnMemberRemoved = onDocumentDeleted(
  // 10,000 photos take about a minute to rotate: more than the other triggers' 60 s.
  { document: 'events/{eventId}/members/{uid}', ...TRIGGER_OPTIONS, timeoutSeconds: 540 },
  async (event) => {
    await rotateImageTokens(event.params.eventId);
  },
);
