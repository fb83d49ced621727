// A member's guest groups are copied onto each of their RSVPs (Rsvp.groupIds), so the guest
// list counts one group's answers with aggregation queries instead of reading its members
// (docs/decisions.md, "Guest list"). The answer writes the copy; when an admin moves the
// member between groups, the trigger (triggers/member-groups.ts) brings every RSVP of theirs in
// line. Bounded: one RSVP per schedule item they answered (the answer map names them).
import type { DataAccess } from '../db.ts';
import { store } from '../firebase.ts';

/** Sets the member's current groups on each of their RSVPs; returns how many changed. */
export async function followMemberGroups(
  eventId: string,
  uid: string,
  s: DataAccess = store(),
): Promise<number> {
  const [member, answers] = await Promise.all([
    s.member(eventId, uid).get(),
    s.rsvpsByUser(eventId).doc(uid).get(),
  ]);
  const groupIds = member.data()?.groupIds ?? [];
  const items = Object.keys(answers.data()?.statuses ?? {});
  if (!member.exists || items.length === 0) return 0;
  const refs = items.map((id) => s.rsvps(eventId, id).doc(uid));
  const snaps = await s.firestore.getAll(...refs);
  const same = (a: readonly string[]) =>
    a.length === groupIds.length && a.every((id, i) => id === groupIds[i]);
  const batch = s.firestore.batch();
  let changed = 0;
  for (const snap of snaps) {
    const rsvp = snap.data();
    if (!rsvp || same(rsvp.groupIds ?? [])) continue;
    batch.update(snap.ref, { groupIds });
    changed += 1;
  }
  if (changed > 0) await batch.commit();
  return changed;
}
