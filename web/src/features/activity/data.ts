// The event's activity feed (docs/performance.md, "Activity"): entries written by triggers when
// members join and photos, travel and schedule items are added, read newest first in pages.
// Announcements to guest groups are in their groups' feeds (`groups/{g}/feed`), which only their
// members and the admins read: the viewer's feed merges those of their groups (admins: every
// group's; at most MAX_GROUPS_PER_EVENT listeners) into the shared one by time.
import { limit, orderBy, query, type Firestore, type Query } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import type { ActivityItem } from '@gatherly/domain/activity';
import { isAdminRole } from '@gatherly/domain/roles';
import { activityRef, groupFeedRef, memberRef } from '../../lib/db/refs.ts';
import { useEventScope } from '../../lib/event-scope.tsx';
import type { ActivityDoc } from '../../lib/types.ts';
import {
  useDb,
  useLiveDoc,
  useLiveQueries,
  useLiveQuery,
  usePagedQuery,
} from '../../lib/live/index.ts';
import { useGroups } from '../groups/data.ts';

export interface ActivityState {
  loading: boolean;
  error: Error | undefined;
  entries: ActivityItem[];
}

const AREA: Record<ActivityItem['kind'], ActivityItem['area']> = {
  photo: 'photos',
  flight: 'travel',
  carpool: 'travel',
  member: 'members',
  schedule: '',
  announcement: '',
  rsvp: 'members',
  waitlist: '',
};

/**
 * A feed entry as the list shows it; an entry whose time is still pending sorts as now. A photo
 * line (one per upload batch) brings its thumbnails and the batch's count.
 */
export function activityItem(entry: ActivityDoc, now = Date.now()): ActivityItem {
  const item: ActivityItem = {
    id: entry.id,
    kind: entry.kind,
    at: entry.at?.toMillis() ?? now,
    actor: entry.actor,
    text: entry.title,
    area: AREA[entry.kind],
  };
  if (entry.kind === 'photo' && entry.photos?.length) {
    return { ...item, photos: entry.photos, photoCount: entry.count ?? entry.photos.length };
  }
  return item;
}

export function activityQuery(db: Firestore, eventId: string): Query<ActivityDoc, ActivityDoc> {
  return query(activityRef(db, eventId), orderBy('at', 'desc'));
}

/** One source of the merged feed: its newest entries, and whether older ones were left out. */
export interface FeedSource {
  entries: readonly ActivityItem[];
  /** More entries older than the last one exist (a page or a limit cut them). */
  hasMore: boolean;
}

/**
 * Several newest-first sources as one feed: each entry once, newest first, and only as far back
 * as every cut-off source reaches (an entry older than a source's last loaded one could be
 * missing its neighbours from that source). `hasMore`: some source has more.
 */
export function mergeFeeds(sources: readonly FeedSource[]): {
  entries: ActivityItem[];
  hasMore: boolean;
} {
  let horizon = -Infinity;
  for (const s of sources) {
    const last = s.entries[s.entries.length - 1];
    if (s.hasMore && last) horizon = Math.max(horizon, last.at);
  }
  const byId = new Map<string, ActivityItem>();
  for (const s of sources) for (const e of s.entries) if (e.at >= horizon) byId.set(e.id, e);
  const entries = [...byId.values()].sort((a, b) => b.at - a.at || a.id.localeCompare(b.id));
  return { entries, hasMore: sources.some((s) => s.hasMore) };
}

/** The group feeds a viewer reads: admins every group's, others their own groups'. */
export function groupFeedQueries(
  db: Firestore,
  eventId: string,
  groupIds: readonly string[],
  max: number,
): Map<string, Query<ActivityDoc, ActivityDoc>> {
  const queries = new Map<string, Query<ActivityDoc, ActivityDoc>>();
  for (const id of [...new Set(groupIds)].sort()) {
    queries.set(
      `feed:${id}:${max}`,
      query(groupFeedRef(db, eventId, id), orderBy('at', 'desc'), limit(max)),
    );
  }
  return queries;
}

/** The `max` newest lines of each group feed the signed-in member reads, live. */
function useGroupFeeds(eventId: string, max: number): { loading: boolean; sources: FeedSource[] } {
  const db = useDb();
  const { uid, role } = useEventScope();
  const admin = isAdminRole(role);
  const me = useLiveDoc(memberRef(db, eventId, uid));
  const groups = useGroups(eventId, admin);
  const ids = admin ? groups.groups.map((g) => g.id) : (me.data?.groupIds ?? []);
  const key = [...ids].sort().join(',');
  const queries = useMemo(
    () => groupFeedQueries(db, eventId, key === '' ? [] : key.split(','), max),
    [db, eventId, key, max],
  );
  const feeds = useLiveQueries(queries, eventId);
  const sources = useMemo(
    () =>
      [...feeds.values.values()].map((docs) => ({
        entries: docs.map((d) => activityItem(d)),
        hasMore: docs.length >= max,
      })),
    [feeds.values, max],
  );
  const loading = (admin ? groups.loading : me.loading) || (queries.size > 0 && feeds.loading);
  // A grown limit (Load more) re-listens: the lines already shown stay until it answers, and
  // only the first load counts as loading.
  const [settled, setSettled] = useState<FeedSource[] | null>(null);
  if (!loading && settled !== sources) setSettled(sources);
  return { loading: loading && settled === null, sources: loading && settled ? settled : sources };
}

/** The `max` newest entries, live (the dashboard's card). */
export function useEventActivity(eventId: string, max: number): ActivityState {
  const db = useDb();
  const res = useLiveQuery(query(activityQuery(db, eventId), limit(max)));
  const docs = res.data;
  const groupFeeds = useGroupFeeds(eventId, max);
  const entries = useMemo(() => {
    const shared = { entries: docs.map((d) => activityItem(d)), hasMore: false };
    // Each source holds its `max` newest: the first `max` of the merge are exact.
    return mergeFeeds([shared, ...groupFeeds.sources]).entries.slice(0, max);
  }, [docs, groupFeeds.sources, max]);
  return { loading: res.loading || groupFeeds.loading, error: undefined, entries };
}

export interface ActivityPages extends ActivityState {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/**
 * The feed `pageSize` entries at a time, live for the loaded pages (the activity screen); the
 * group feeds grow a page at a time with it.
 */
export function useActivityPages(eventId: string, pageSize: number): ActivityPages {
  const db = useDb();
  const pages = usePagedQuery(activityQuery(db, eventId), pageSize);
  const [groupLimit, setGroupLimit] = useState(pageSize);
  const groupFeeds = useGroupFeeds(eventId, groupLimit);
  const merged = useMemo(
    () =>
      mergeFeeds([
        { entries: pages.items.map((d) => activityItem(d)), hasMore: pages.hasMore },
        ...groupFeeds.sources,
      ]),
    [pages.items, pages.hasMore, groupFeeds.sources],
  );
  const { loadMore: loadMorePages, hasMore: moreInPages } = pages;
  const loadMore = useMemo(
    () => () => {
      if (moreInPages) loadMorePages();
      setGroupLimit((n) => n + pageSize);
    },
    [moreInPages, loadMorePages, pageSize],
  );
  return {
    loading: pages.loading || groupFeeds.loading,
    error: pages.error ?? undefined,
    entries: merged.entries,
    hasMore: merged.hasMore,
    loadingMore: pages.loadingMore,
    loadMore,
  };
}
