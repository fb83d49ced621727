import { getFirestore } from 'firebase/firestore';
import { initializeApp } from 'firebase/app';
import { describe, expect, it } from 'vitest';
import { groupLimit } from '@gatherly/domain/groups';
import { scheduleRef } from '../../src/lib/db/refs.ts';
import {
  mergeSchedule,
  visibleScheduleQueries,
} from '../../src/features/groups/visible-schedule.ts';
import type { ScheduleDoc } from '../../src/lib/types.ts';

const db = getFirestore(initializeApp({ projectId: 'demo-visible' }, 'visible-schedule'));

/** A query's filters and order, as the SDK holds them (what the rules will see). */
function shape(q: unknown): string {
  const inner = (q as { _query: { filters: unknown[]; explicitOrderBy: unknown[] } })._query;
  return JSON.stringify({ filters: inner.filters, orderBy: inner.explicitOrderBy });
}

const item = (id: string, startTime: string, groups: string[] = []): ScheduleDoc => ({
  id,
  eventId: 'e1',
  title: id,
  description: '',
  startTime,
  endTime: null,
  location: '',
  createdBy: 'u0',
  createdAt: null,
  rsvpCounts: { going: 0, maybe: 0, notGoing: 0 },
  ...groupLimit(groups),
});

describe("a member's schedule queries (rules are not filters)", () => {
  it('admins read every item; guests the open ones and one query per group of theirs', () => {
    const items = scheduleRef(db, 'e1');
    const admin = visibleScheduleQueries(items, true, ['g1']);
    expect(admin.groups.size).toBe(0);
    expect(shape(admin.main)).not.toContain('audience');
    const guest = visibleScheduleQueries(items, false, ['g2', 'g1', 'g2']);
    expect(shape(guest.main)).toContain('audience');
    expect(shape(guest.main)).toContain('everyone');
    expect([...guest.groups.keys()]).toEqual(['group:g1', 'group:g2']);
    expect(shape(guest.groups.get('group:g1'))).toContain('"segments":["groupAccess","g1"]');
    expect(visibleScheduleQueries(items, false, []).groups.size).toBe(0);
  });

  it('merges the answers: each item once, by start time', () => {
    const open = [item('b', '2030-01-02T10:00:00.000Z'), item('d', '2030-01-04T10:00:00.000Z')];
    const g1 = [item('c', '2030-01-03T10:00:00.000Z', ['g1'])];
    const g2 = [
      item('c', '2030-01-03T10:00:00.000Z', ['g1', 'g2']),
      item('a', '2030-01-01T10:00:00.000Z', ['g2']),
    ];
    expect(mergeSchedule([open, g1, g2]).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});
