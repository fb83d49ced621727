// The schedule items the signed-in member sees (docs/web.md, "Guest groups"). The rules are
// not filters, so a guest's queries say what they read: the items open to everyone (by start
// time) and, per group of theirs, the items limited to it (at most MAX_GROUPS_PER_EVENT
// listeners, unordered: a per-group composite index cannot be declared); admins read them all.
import { isAdminRole } from '@gatherly/domain/roles';
import { orderBy, query, where, type Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { memberRef, scheduleRef } from '../../lib/db/refs.ts';
import { useEventScope } from '../../lib/event-scope.tsx';
import { useDb, useLiveDoc, useLiveQueries } from '../../lib/live/index.ts';
import type { ScheduleDoc } from '../../lib/types.ts';

export interface VisibleSchedule {
  loading: boolean;
  /** By start time. */
  data: ScheduleDoc[];
}

/** The queries a viewer's schedule is made of (pure: the tests check their shapes). */
export function visibleScheduleQueries(
  items: Query<ScheduleDoc>,
  admin: boolean,
  groupIds: readonly string[],
): Map<string, Query<ScheduleDoc>> {
  const out = new Map<string, Query<ScheduleDoc>>();
  if (admin) return out.set('all', query(items, orderBy('startTime', 'asc')));
  out.set('everyone', query(items, where('audience', '==', 'everyone'), orderBy('startTime')));
  for (const id of [...new Set(groupIds)].sort()) {
    out.set(`group:${id}`, query(items, where(`groupAccess.${id}`, '==', true)));
  }
  return out;
}

/** The answers of several queries as one schedule: each item once, by start time. */
export function mergeSchedule(lists: Iterable<readonly ScheduleDoc[]>): ScheduleDoc[] {
  const byId = new Map<string, ScheduleDoc>();
  for (const list of lists) for (const item of list) byId.set(item.id, item);
  return [...byId.values()].sort(
    (a, b) => a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id),
  );
}

/** The items `uid` sees in the open event, live. */
export function useVisibleSchedule(eventId: string, uid: string): VisibleSchedule {
  const db = useDb();
  const { role } = useEventScope();
  const admin = isAdminRole(role);
  // The member's own document says their groups (admins need not wait for it).
  const me = useLiveDoc(memberRef(db, eventId, uid));
  const groupKey = admin ? '' : (me.data?.groupIds ?? []).join(',');
  const queries = useMemo(
    () =>
      visibleScheduleQueries(
        scheduleRef(db, eventId),
        admin,
        groupKey === '' ? [] : groupKey.split(','),
      ),
    [db, eventId, admin, groupKey],
  );
  const { values, loading } = useLiveQueries(queries, `${eventId}/${String(admin)}`);
  const data = useMemo(() => mergeSchedule(values.values()), [values]);
  return { loading: loading || (!admin && me.loading), data };
}
