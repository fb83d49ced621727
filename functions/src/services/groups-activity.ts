// A schedule item limited to groups keeps no lines in the activity feed, which every member
// reads (docs/decisions.md, "A limited item stays out of the feed"): its own line, recorded
// answers and waitlist promotions. When an admin limits an item, the lines it already has go;
// when the limit is lifted, its own line comes back (answers recorded meanwhile stay unlisted).
import { FieldPath } from 'firebase-admin/firestore';
import { isLimited } from '@gatherly/domain/groups';
import { store } from '../firebase.ts';
import { activityEntryId, recordActivity } from './activity.ts';

/** Every feed line about one item: its own, and those whose ids start with the item's. */
export async function removeItemLines(eventId: string, scheduleId: string): Promise<number> {
  const s = store();
  const writer = s.firestore.bulkWriter();
  let removed = 0;
  void writer.delete(s.activity(eventId).doc(activityEntryId('schedule', scheduleId)));
  for (const kind of ['rsvp', 'waitlist'] as const) {
    const prefix = activityEntryId(kind, `${scheduleId}:`);
    const lines = await s
      .activity(eventId)
      .where(FieldPath.documentId(), '>=', prefix)
      .where(FieldPath.documentId(), '<', `${prefix}\uf8ff`)
      .get();
    for (const line of lines.docs) {
      void writer.delete(line.ref);
      removed += 1;
    }
  }
  await writer.close();
  return removed;
}

/** After an item's limit changed (the trigger): its lines follow who may see it. */
export async function followItemLimit(eventId: string, scheduleId: string): Promise<void> {
  const item = (await store().schedule(eventId).doc(scheduleId).get()).data();
  if (!item) return;
  if (isLimited(item)) await removeItemLines(eventId, scheduleId);
  else await recordActivity(eventId, 'schedule', scheduleId);
}
