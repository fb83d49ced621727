// A member moved between guest groups: their RSVPs take the new groups, so the guest list's
// group totals stay exact (services/member-groups.ts). Idempotent, so at-least-once delivery
// and a repeated call are harmless.
import { onDocumentUpdated } from 'firebase-functions/v2/firestore';
import { TRIGGER_OPTIONS } from '../runtime.ts';
import { followMemberGroups } from '../services/member-groups.ts';

export const rsvpGroupsOnMemberGroups = onDocumentUpdated(
  { document: 'events/{eventId}/members/{uid}', ...TRIGGER_OPTIONS },
  async (event) => {
    const before: unknown = event.data?.before.get('groupIds');
    const after: unknown = event.data?.after.get('groupIds');
    if (JSON.stringify(before ?? []) === JSON.stringify(after ?? [])) return;
    await followMemberGroups(event.params.eventId, event.params.uid);
  },
);
