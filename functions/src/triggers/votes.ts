/**
 * After each vote or unvote, the photo's `votes` is folded in from its vote documents, at most
 * once a second per photo (services/votes.ts). Delivery is at least once and the fold is
 * idempotent; the vote request tries a fold itself, so a quiet photo shows the vote at once.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { foldVoteCount } from '../services/votes.ts';

export const voteCountFold = onDocumentWritten(
  {
    document: 'events/{eventId}/photos/{photoId}/votes/{uid}',
    region: 'us-central1',
    retry: true,
  },
  (event) => foldVoteCount(event.params.eventId, event.params.photoId, { wait: true }),
);
