/**
 * After each vote or unvote, the photo's `votes` is folded in from its vote documents, at most
 * once a second per photo (services/votes.ts). Delivery is at least once and the fold is
 * idempotent; the vote request tries a fold itself, so a quiet photo shows the vote at once.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { TRIGGER_OPTIONS } from '../runtime.ts';
import { foldVoteCount } from '../services/votes.ts';

export const voteCountFold = onDocumentWritten(
  { document: 'events/{eventId}/photos/{photoId}/votes/{uid}', ...TRIGGER_OPTIONS },
  (event) => foldVoteCount(event.params.eventId, event.params.photoId),
);
