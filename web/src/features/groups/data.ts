// Guest groups for the hosts (docs/product.md, "Guest groups"): the event's groups, live (at
// most MAX_GROUPS_PER_EVENT documents, admins only), and their writes, which go through the API
// (names unique, at most 10, members moved in one transaction).
import { API } from '@gatherly/domain/api/endpoints';
import { MAX_GROUPS_PER_EVENT, type GuestGroup } from '@gatherly/domain/groups';
import { limit, query } from 'firebase/firestore';
import { useMemo } from 'react';
import { callApi } from '../../lib/api-client.ts';
import { groupsRef } from '../../lib/db/refs.ts';
import { useDb, useLiveQueryState } from '../../lib/live/index.ts';
import type { GroupDoc } from '../../lib/types.ts';

export interface GroupsState {
  /** By name; [] while loading or for non-admins. */
  groups: GroupDoc[];
  loading: boolean;
  /** The sentence to show when they could not be read. */
  error: string | null;
}

const byName = (a: Pick<GuestGroup, 'name'>, b: Pick<GuestGroup, 'name'>) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** The event's groups, live, when `enabled` (admins: the rules let only them read groups). */
export function useGroups(eventId: string, enabled: boolean): GroupsState {
  const db = useDb();
  const q = useMemo(
    () => (enabled ? query(groupsRef(db, eventId), limit(MAX_GROUPS_PER_EVENT)) : null),
    [db, eventId, enabled],
  );
  const state = useLiveQueryState(q);
  return useMemo(() => {
    if (!enabled) return { groups: [], loading: false, error: null };
    if (state.status === 'loading') return { groups: [], loading: true, error: null };
    if (state.status === 'failed') {
      return { groups: [], loading: false, error: 'Could not load the guest groups.' };
    }
    return { groups: [...state.data].sort(byName), loading: false, error: null };
  }, [enabled, state]);
}

/** The names of `ids` among `groups`, by name (ids of deleted groups are left out). */
export function groupNames(groups: readonly GroupDoc[], ids: readonly string[]): string[] {
  return groups.filter((g) => ids.includes(g.id)).map((g) => g.name);
}

export function createGroup(eventId: string, name: string) {
  return callApi(API.createGroup, { params: { eventId }, body: { name } });
}

export function renameGroup(eventId: string, groupId: string, name: string) {
  return callApi(API.renameGroup, { params: { eventId, groupId }, body: { name } });
}

export function deleteGroup(eventId: string, groupId: string) {
  return callApi(API.deleteGroup, { params: { eventId, groupId } });
}

/** Puts `add` in the group and takes `remove` out, all or nothing (at most 200 each). */
export function assignGroupMembers(
  eventId: string,
  groupId: string,
  change: { add?: string[]; remove?: string[] },
) {
  return callApi(API.assignGroupMembers, {
    params: { eventId, groupId },
    body: { add: change.add ?? [], remove: change.remove ?? [] },
  });
}
