// The schedule items the signed-in member sees (docs/web.md, "Guest groups"). The rules are
// not filters, so a guest's queries say what they read: the items open to everyone (by start
// time) and, per group of theirs, the items limited to it (at most MAX_GROUPS_PER_EVENT
// listeners, unordered: a per-group composite index cannot be declared); admins read them all.
import type { MemberRole } from '@gatherly/domain/entities/members';
import { isAdminRole } from '@gatherly/domain/roles';
import { orderBy, query, where, type Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { memberRef, scheduleRef } from '../../lib/db/refs.ts';
import { useDb, useLiveDoc, useLiveQueries, useLiveQuery } from '../../lib/live/index.ts';
import type { ScheduleDoc } from '../../lib/types.ts';

export interface VisibleSchedule {
  loading: boolean;
  /** By start time. */
  data: ScheduleDoc[];
}

/**
 * The first query of a viewer's schedule (admins: every item; others: the items open to
 * everyone), by start time, and one per group of a guest's (pure: the tests check the shapes).
 */
export function visibleScheduleQueries(
  items: Query<ScheduleDoc>,
  admin: boolean,
  groupIds: readonly string[],
): { main: Query<ScheduleDoc>; groups: Map<string, Query<ScheduleDoc>> } {
  const groups = new Map<string, Query<ScheduleDoc>>();
  if (admin) return { main: query(items, orderBy('startTime', 'asc')), groups };
  for (const id of [...new Set(groupIds)].sort()) {
    groups.set(`group:${id}`, query(items, where(`groupAccess.${id}`, '==', true)));
  }
  return {
    main: query(items, where('audience', '==', 'everyone'), orderBy('startTime', 'asc')),
    groups,
  };
}

/** The answers of several queries as one schedule: each item once, by start time. */
export function mergeSchedule(lists: Iterable<readonly ScheduleDoc[]>): ScheduleDoc[] {
  const byId = new Map<string, ScheduleDoc>();
  for (const list of lists) for (const item of list) byId.set(item.id, item);
  return [...byId.values()].sort(
    (a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id),
  );
}

/** The items `uid` (with `role`) sees in the event, live. */
export function useVisibleSchedule(
  eventId: string,
  uid: string,
  role: MemberRole,
): VisibleSchedule {
  const db = useDb();
  const admin = isAdminRole(role);
  // The member's own document says their groups (admins need none).
  const me = useLiveDoc(memberRef(db, eventId, uid));
  const groupKey = admin ? '' : (me.data?.groupIds ?? []).join(',');
  const { main, groups } = useMemo(
    () =>
      visibleScheduleQueries(
        scheduleRef(db, eventId),
        admin,
        groupKey === '' ? [] : groupKey.split(','),
      ),
    [db, eventId, admin, groupKey],
  );
  const open = useLiveQuery(main);
  const limited = useLiveQueries(groups, `${eventId}/${String(admin)}`);
  const data = useMemo(
    () => mergeSchedule([open.data, ...limited.values.values()]),
    [open.data, limited.values],
  );
  const loading = open.loading || (groups.size > 0 && limited.loading) || (!admin && me.loading);
  return { loading, data };
}
