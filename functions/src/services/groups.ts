// Guest groups (docs/product.md, "Guest groups"; docs/api.md, "Guest groups"): admins define
// up to MAX_GROUPS_PER_EVENT named groups per event and put members in them, several at once
// or through an invitation. Members carry their `groupIds` (the rules read them with the member
// document they read anyway); each write here is one transaction.
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  GROUP_MESSAGES,
  MAX_GROUPS_PER_EVENT,
  moveGroups,
  type GuestGroup,
} from '@gatherly/domain/groups';
import { isMemberRole } from '@gatherly/domain/roles';
import { readAll, requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { GroupRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { badRequest, conflict, notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';
import { countOf } from '../tiers.ts';

export function groupView(record: GroupRecord): GuestGroup {
  return apiShape(record);
}

const sameName = (a: string, b: string) =>
  a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** POST /api/events/{e}/groups: a new group (admins), names unique within the event. */
export async function createGroup(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  name: string,
): Promise<GroupRecord> {
  await requirePermission(caller, eventId, 'manageGroups', { tx });
  const existing = (await tx.get(store().guestGroups(eventId))).docs.map((d) => d.data());
  if (existing.length >= MAX_GROUPS_PER_EVENT) throw conflict(GROUP_MESSAGES.tooMany);
  if (existing.some((g) => sameName(g.name, name))) throw conflict(GROUP_MESSAGES.duplicate);
  const ref = store().guestGroups(eventId).doc();
  const group: GroupRecord = { id: ref.id, eventId, name, createdAt: Timestamp.now() };
  tx.create(ref, group);
  return group;
}

/** PATCH /api/events/{e}/groups/{g}: renames a group (admins). */
export async function renameGroup(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  groupId: string,
  name: string,
): Promise<GroupRecord> {
  await requirePermission(caller, eventId, 'manageGroups', { tx });
  const all = (await tx.get(store().guestGroups(eventId))).docs.map((d) => d.data());
  const group = all.find((g) => g.id === groupId);
  if (!group) throw notFound(GROUP_MESSAGES.notFound);
  if (all.some((g) => g.id !== groupId && sameName(g.name, name))) {
    throw conflict(GROUP_MESSAGES.duplicate);
  }
  tx.update(store().guestGroups(eventId).doc(groupId), { name });
  return { ...group, name };
}

/**
 * DELETE /api/events/{e}/groups/{g} (admins): only an unused group, so deleting never has to
 * rewrite up to 1,000 members in more than one transaction; the counts are two aggregations.
 * Announcements sent to it do not block it: they stay the admins' (docs/decisions.md,
 * "Announcements to guest groups"); the route removes its feed lines after the transaction.
 */
export async function deleteGroup(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  groupId: string,
): Promise<void> {
  await requirePermission(caller, eventId, 'manageGroups', { tx });
  const ref = store().guestGroups(eventId).doc(groupId);
  if (!(await tx.get(ref)).exists) throw notFound(GROUP_MESSAGES.notFound);
  const [members, items] = await Promise.all([
    countOf(store().members(eventId).where('groupIds', 'array-contains', groupId), tx),
    countOf(store().schedule(eventId).where(`groupAccess.${groupId}`, '==', true), tx),
  ]);
  if (members + items > 0) throw conflict(GROUP_MESSAGES.inUse);
  tx.delete(ref);
}

/** The ids among `groupIds` that are groups of the event now (read in `tx`). */
export async function existingGroupIds(
  tx: Transaction,
  eventId: string,
  groupIds: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(groupIds)];
  const snaps = await readAll(
    unique.map((id) => store().guestGroups(eventId).doc(id)),
    tx,
  );
  return snaps.filter((s) => s.exists).map((s) => s.id);
}

export interface GroupAssignment {
  groupId: string;
  /** Members whose groups changed. */
  changed: number;
}

/**
 * PUT /api/events/{e}/groups/{g}/members (admins): puts several members in the group and takes
 * others out, in one transaction (at most MAX_GROUP_ASSIGNMENT each way). Unknown uids are
 * refused as a whole, so nothing is half done.
 */
export async function assignGroupMembers(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  groupId: string,
  add: readonly string[],
  remove: readonly string[],
): Promise<GroupAssignment> {
  await requirePermission(caller, eventId, 'manageGroups', { tx });
  if (add.some((uid) => remove.includes(uid))) {
    throw badRequest('A member cannot be both added to and taken out of the group.');
  }
  if (!(await tx.get(store().guestGroups(eventId).doc(groupId))).exists) {
    throw notFound(GROUP_MESSAGES.notFound);
  }
  const uids = [...new Set([...add, ...remove])];
  const snaps = await readAll(
    uids.map((uid) => store().member(eventId, uid)),
    tx,
  );
  let changed = 0;
  for (const snap of snaps) {
    const member = snap.data();
    if (!member || !isMemberRole(member.role)) {
      throw notFound('One of the chosen members has left the event. Reload and try again.');
    }
    const current = member.groupIds ?? [];
    const next = moveGroups(
      current,
      add.includes(snap.id) ? [groupId] : [],
      remove.includes(snap.id) ? [groupId] : [],
    );
    if (next.length === current.length && next.every((id, i) => id === current[i])) continue;
    tx.update(snap.ref, {
      groupIds: next.length > 0 ? next : FieldValue.delete(),
    });
    changed += 1;
  }
  return { groupId, changed };
}
