// The dashboard's open-poll queries (docs/product.md, "Date polls"): a limited item's poll
// carries the item's limit and the rules are not filters, so a guest asks for the polls open to
// everyone and, per group of theirs, those limited to it; admins read every open poll.
import { initializeApp } from 'firebase/app';
import { Timestamp, getFirestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { groupLimit } from '@gatherly/domain/groups';
import { pollsRef } from '../../src/lib/db/refs.ts';
import {
  OPEN_POLLS_SHOWN,
  mergeOpenPolls,
  openPollQueries,
} from '../../src/features/polls/data.ts';
import type { PollDoc } from '../../src/lib/types.ts';

const db = getFirestore(initializeApp({ projectId: 'demo-open-polls' }, 'open-polls'));

/** A query's filters and limit, as the SDK holds them (what the rules will see). */
function shape(q: unknown): string {
  const inner = (q as { _query: { filters: unknown[]; limit: number | null } })._query;
  return JSON.stringify({ filters: inner.filters, limit: inner.limit });
}

const poll = (id: string, createdMs: number, groups: string[] = []): PollDoc => ({
  id,
  eventId: 'e1',
  target: id === 'event' ? { kind: 'event' } : { kind: 'schedule', scheduleId: id.slice(5) },
  title: '',
  ...groupLimit(groups),
  options: [],
  deadline: null,
  status: 'open',
  chosenOptionId: null,
  createdBy: 'u0',
  createdAt: Timestamp.fromMillis(createdMs),
  closedAt: null,
  reminderDueAt: null,
  announcedCount: null,
});

describe("a member's open-poll queries (rules are not filters)", () => {
  it('admins read every open poll; guests the open-to-everyone ones and one query per group', () => {
    const polls = pollsRef(db, 'e1');
    const admin = openPollQueries(polls, true, ['g1']);
    expect([...admin.keys()]).toEqual(['all']);
    expect(shape(admin.get('all'))).not.toContain('audience');
    expect(shape(admin.get('all'))).not.toContain('groupAccess');
    const guest = openPollQueries(polls, false, ['g2', 'g1', 'g2']);
    expect([...guest.keys()]).toEqual(['everyone', 'group:g1', 'group:g2']);
    expect(shape(guest.get('everyone'))).toContain('"segments":["audience"]');
    expect(shape(guest.get('everyone'))).toContain('everyone');
    expect(shape(guest.get('group:g1'))).toContain('"segments":["groupAccess","g1"]');
    // Every query is bounded and asks only for open polls.
    for (const q of [...guest.values(), ...admin.values()]) {
      expect(shape(q)).toContain(`"limit":${OPEN_POLLS_SHOWN}`);
      expect(shape(q)).toContain('"segments":["status"]');
    }
    expect([...openPollQueries(polls, false, []).keys()]).toEqual(['everyone']);
  });

  it('merges the answers: each poll once, the event first, then by when proposed, bounded', () => {
    const everyone = [poll('item-b', 3), poll('event', 9)];
    const g1 = [poll('item-c', 2, ['g1'])];
    const g2 = [poll('item-c', 2, ['g1', 'g2']), poll('item-a', 1, ['g2'])];
    expect(mergeOpenPolls([everyone, g1, g2]).map((p) => p.id)).toEqual([
      'event',
      'item-a',
      'item-c',
      'item-b',
    ]);
    const many = [...Array(OPEN_POLLS_SHOWN + 3).keys()].map((i) => poll(`item-${i}`, i));
    expect(mergeOpenPolls([many])).toHaveLength(OPEN_POLLS_SHOWN);
  });
});
