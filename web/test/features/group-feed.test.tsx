import { renderHook } from '@testing-library/react';
import { getFirestore, Timestamp } from 'firebase/firestore';
import { initializeApp } from 'firebase/app';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityItem } from '@gatherly/domain/activity';
import * as live from '../../src/lib/live/index.ts';
import {
  groupFeedQueries,
  mergeFeeds,
  useEventActivity,
} from '../../src/features/activity/data.ts';
import { EventScopeContext } from '../../src/lib/event-scope.tsx';
import type { ActivityDoc, MemberRole } from '../../src/lib/types.ts';
import { makeMyEvent, makeScope } from '../render.tsx';
import { testDb } from './firebase-stub.ts';

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
  useLiveQuery: vi.fn(),
  useLiveDoc: vi.fn(),
  useLiveQueries: vi.fn(),
  useLiveQueryState: vi.fn(),
}));

const db = getFirestore(initializeApp({ projectId: 'demo-group-feed' }, 'group-feed'));

const line = (id: string, at: number): ActivityItem => ({
  id,
  kind: 'announcement',
  at,
  actor: null,
  text: id,
  area: '',
});

afterEach(() => vi.clearAllMocks());

describe('merging the shared feed with the group feeds', () => {
  it('interleaves by time, each line once, newest first', () => {
    const merged = mergeFeeds([
      { entries: [line('a', 50), line('c', 10)], hasMore: false },
      { entries: [line('b', 30), line('a', 50)], hasMore: false },
    ]);
    expect(merged.entries.map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(merged.hasMore).toBe(false);
  });

  it('stops where a cut-off source stops, so nothing older can be missing between', () => {
    const merged = mergeFeeds([
      { entries: [line('s1', 90), line('s2', 40)], hasMore: true },
      { entries: [line('g1', 80), line('g2', 20)], hasMore: false },
    ]);
    // g2 is older than the shared feed's last loaded line: its neighbours may not be loaded.
    expect(merged.entries.map((e) => e.id)).toEqual(['s1', 'g1', 's2']);
    expect(merged.hasMore).toBe(true);
  });

  it("reads one feed per group, newest first and bounded (what the rules check: the path's group)", () => {
    const queries = groupFeedQueries(db, 'e1', ['g2', 'g1', 'g2'], 5);
    expect([...queries.keys()]).toEqual(['feed:g1:5', 'feed:g2:5']);
    const inner = (q: unknown) =>
      (q as { _query: { path: { segments: string[] }; limit: number } })._query;
    const first = inner(queries.get('feed:g1:5'));
    expect(first.path.segments.join('/')).toBe('events/e1/groups/g1/feed');
    expect(first.limit).toBe(5);
  });
});

describe("the dashboard's feed with group announcements", () => {
  const doc = (id: string, at: number): ActivityDoc => ({
    id,
    kind: 'announcement',
    actor: null,
    subjectId: id,
    title: id,
    at: Timestamp.fromMillis(at),
  });

  function render(role: MemberRole, groupIds: string[]) {
    const mine = makeMyEvent('e1', role);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <EventScopeContext.Provider value={makeScope(mine)}>{children}</EventScopeContext.Provider>
    );
    vi.mocked(live.useLiveQuery).mockReturnValue({
      loading: false,
      data: [doc('shared-new', 300), doc('shared-old', 100)],
    });
    vi.mocked(live.useLiveDoc).mockReturnValue({
      loading: false,
      data: { groupIds } as never,
    } as never);
    vi.mocked(live.useLiveQueryState).mockReturnValue({
      status: 'ready',
      data: [{ id: 'g9', eventId: 'e1', name: 'Family', createdAt: null }],
    });
    // Like the live layer: the same answer object while nothing changed.
    const answers = new Map<string, ReturnType<typeof live.useLiveQueries>>();
    vi.mocked(live.useLiveQueries).mockImplementation((queries) => {
      const key = [...queries.keys()].join(',');
      const answer = answers.get(key) ?? {
        loading: false,
        values: new Map(
          [...queries.keys()].map((k) => [k, k.startsWith('feed:g1:') ? [doc('to-g1', 200)] : []]),
        ),
      };
      answers.set(key, answer);
      return answer as never;
    });
    return renderHook(() => useEventActivity('e1', 5), { wrapper });
  }

  it("a member sees their group's announcements among the shared lines", () => {
    const { result } = render('attendee', ['g1']);
    expect(result.current.entries.map((e) => e.id)).toEqual(['shared-new', 'to-g1', 'shared-old']);
    const asked = vi.mocked(live.useLiveQueries).mock.calls.at(-1)?.[0];
    expect([...(asked?.keys() ?? [])]).toEqual(['feed:g1:5']);
  });

  it('a member in no group reads no group feed; admins read every group of the event', () => {
    const { result } = render('attendee', []);
    expect(result.current.entries.map((e) => e.id)).toEqual(['shared-new', 'shared-old']);
    expect([...(vi.mocked(live.useLiveQueries).mock.calls.at(-1)?.[0].keys() ?? [])]).toEqual([]);
    render('admin', []);
    expect([...(vi.mocked(live.useLiveQueries).mock.calls.at(-1)?.[0].keys() ?? [])]).toEqual([
      'feed:g9:5',
    ]);
  });
});
