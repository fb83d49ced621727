import { onDocumentDeleted } from 'firebase-functions/v2/firestore';
import { rotateImageTokens } from '../services/image-access.ts';

/**
 * A membership ended (removed, left, account deleted): every image URL of the event gets a new
 * token, so the URLs the person saw stop working (services/image-access.ts). At least once and
 * idempotent; a retry rotates again.
 */
export const imageAccessOnMemberRemoved = onDocumentDeleted(
  {
    document: 'events/{eventId}/members/{uid}',
    region: 'us-central1',
    retry: true,
    timeoutSeconds: 540,
  },
  async (event) => {
    await rotateImageTokens(event.params.eventId);
  },
);
