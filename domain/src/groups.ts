// Guest groups and items limited to them (docs/product.md, "Guest groups"; docs/data-model.md,
// "Guest groups"). A member document carries its `groupIds`; a schedule item carries its
// `audience` and, when limited, `groupAccess` (group id -> true). The rules decide with those
// two documents only (one member read, which they already make): O(1) per read.
import * as yup from 'yup';

/** Most groups per event; also the most a member or an item can name (the rules unroll it). */
export const MAX_GROUPS_PER_EVENT = 10;
export const MAX_GROUP_NAME = 60;
/** Most members one assignment request moves (one transaction, far below 500 writes). */
export const MAX_GROUP_ASSIGNMENT = 200;

/** Who sees a schedule item: every member, or the members of its groups (and the admins). */
export const ITEM_AUDIENCES = ['everyone', 'groups'] as const;
export type ItemAudience = (typeof ITEM_AUDIENCES)[number];

/** The schedule item fields that hold its limit (admins write them with the item). */
export const ITEM_LIMIT_FIELDS = ['audience', 'groupAccess'] as const;

/** events/{e}/groups/{groupId}: a named set of members, defined by the admins. */
export interface GuestGroup<Time = string> {
  id: string;
  eventId: string;
  name: string;
  createdAt: Time;
}

/** The visibility fields of a schedule item (absent on items from before groups: everyone). */
export interface ItemGroupLimit {
  audience?: ItemAudience;
  groupAccess?: Partial<Record<string, true>>;
}

/** The group ids an item is limited to, in a stable order ([] = everyone). */
export function itemGroupIds(item: ItemGroupLimit): string[] {
  if (item.audience !== 'groups') return [];
  return Object.keys(item.groupAccess ?? {})
    .filter((id) => item.groupAccess?.[id] === true)
    .sort();
}

/** The stored visibility fields for a list of group ids (empty = everyone). */
export function groupLimit(groupIds: readonly string[]): Required<ItemGroupLimit> {
  const unique = [...new Set(groupIds)];
  if (unique.length === 0) return { audience: 'everyone', groupAccess: {} };
  return {
    audience: 'groups',
    groupAccess: Object.fromEntries(unique.map((id) => [id, true as const])),
  };
}

/** Whether an item is limited to groups. */
export function isLimited(item: ItemGroupLimit): boolean {
  return itemGroupIds(item).length > 0;
}

/**
 * The rules' decision, for the functions (reminders, announcements, RSVPs): admins see every
 * item, other members an item open to everyone or limited to one of their groups.
 */
export function seesItem(
  viewer: { role: string; groupIds?: readonly string[] },
  item: ItemGroupLimit,
): boolean {
  if (viewer.role === 'admin' || viewer.role === 'creator') return true;
  const limit = itemGroupIds(item);
  if (limit.length === 0) return true;
  return (viewer.groupIds ?? []).some((id) => limit.includes(id));
}

/** "Only: Wedding party, Family" for an item's admins; '' when open to everyone. */
export function groupLimitLabel(
  item: ItemGroupLimit,
  groups: ReadonlyArray<Pick<GuestGroup, 'id' | 'name'>>,
): string {
  const ids = itemGroupIds(item);
  if (ids.length === 0) return '';
  const names = ids.map((id) => groups.find((g) => g.id === id)?.name ?? 'a deleted group');
  return `Only: ${names.join(', ')}`;
}

/** The member's group ids after adding and removing some (no duplicates, order kept). */
export function moveGroups(
  current: readonly string[] | undefined,
  add: readonly string[],
  remove: readonly string[],
): string[] {
  const next = (current ?? []).filter((id) => !remove.includes(id));
  for (const id of add) if (!next.includes(id) && !remove.includes(id)) next.push(id);
  return next;
}

export const GROUP_MESSAGES = {
  nameRequired: 'Give the group a name.',
  nameTooLong: `A group name can be at most ${MAX_GROUP_NAME} characters.`,
  tooMany: `An event can have at most ${MAX_GROUPS_PER_EVENT} groups.`,
  duplicate: 'There is already a group with that name.',
  notFound: 'That group does not exist (any more).',
  noMembers: 'Choose at least one member.',
  tooManyMembers: `Assign at most ${MAX_GROUP_ASSIGNMENT} members at once.`,
  unknownGroups: 'One of the chosen groups does not exist (any more).',
  notInItemGroups: 'This guest is not in the groups this item is limited to.',
  inUse: 'Take its members out of the group and lift its item limits first.',
} as const;

/** POST /api/events/{e}/groups and PATCH /api/events/{e}/groups/{g}. */
export const groupNameSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(GROUP_MESSAGES.nameRequired)
    .max(MAX_GROUP_NAME, GROUP_MESSAGES.nameTooLong),
});

const ids = (max: number, message: string) =>
  yup.array(yup.string().required().max(200)).max(max, message).default([]);

/** PUT /api/events/{e}/groups/{g}/members: add and remove several members at once. */
export const groupAssignmentSchema = yup
  .object({
    add: ids(MAX_GROUP_ASSIGNMENT, GROUP_MESSAGES.tooManyMembers),
    remove: ids(MAX_GROUP_ASSIGNMENT, GROUP_MESSAGES.tooManyMembers),
  })
  .test('some', GROUP_MESSAGES.noMembers, (v) => v.add.length + v.remove.length > 0);

/** The groups named in an invitation or an item's limit. */
export const groupIdsSchema = ids(MAX_GROUPS_PER_EVENT, GROUP_MESSAGES.tooMany);
