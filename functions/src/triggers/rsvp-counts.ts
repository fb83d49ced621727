/**
 * After an answer writes one of its item's count shards, the item's `rsvpCounts` is folded in,
 * at most once a second per item (services/rsvp-count.ts). Delivery is at least once and the
 * fold is idempotent; an answer to a quiet item folds in its own transaction.
 */
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { TRIGGER_OPTIONS } from '../runtime.ts';
import { foldRsvpCounts } from '../services/rsvp-count.ts';

export const rsvpCountFold = onDocumentWritten(
  { document: 'events/{eventId}/schedule/{scheduleId}/rsvpCountShards/{k}', ...TRIGGER_OPTIONS },
  (event) => foldRsvpCounts(event.params.eventId, event.params.scheduleId),
);
