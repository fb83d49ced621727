// A schedule item limited to groups keeps no lines in the activity feed, which every member
// reads (docs/decisions.md, "A limited item stays out of the feed"): its own line, recorded
// answers, waitlist promotions and announcements to those answering it. When an admin limits an
// item, the lines it already has go and its announcements become the admins' (`itemLimited`);
// when the limit is lifted, its own line and its announcements' lines come back (answers
// recorded meanwhile stay unlisted).
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

/**
 * The item's announcements take its limit, each with its feed line (recordActivity writes or
 * removes it by `itemLimited`). Bounded: announcements are capped per event and day.
 */
async function followAnnouncements(eventId: string, scheduleId: string, limited: boolean) {
  const about = await store()
    .announcements(eventId)
    .where('audience.scheduleId', '==', scheduleId)
    .get();
  for (const doc of about.docs) {
    if ((doc.data().itemLimited ?? false) !== limited) {
      await doc.ref.update({ itemLimited: limited });
    }
    await recordActivity(eventId, 'announcement', doc.id);
  }
}

/** After an item's limit changed (the trigger): its lines follow who may see it. */
export async function followItemLimit(eventId: string, scheduleId: string): Promise<void> {
  const item = (await store().schedule(eventId).doc(scheduleId).get()).data();
  if (!item) return;
  const limited = isLimited(item);
  // Announcements first: while the item is limited, their lines must not be written back.
  await followAnnouncements(eventId, scheduleId, limited);
  if (limited) await removeItemLines(eventId, scheduleId);
  else await recordActivity(eventId, 'schedule', scheduleId);
}
