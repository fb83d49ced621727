// The event's activity feed (docs/performance.md, "Activity"): entries written by triggers when
// members join and photos, travel and schedule items are added, read newest first in pages.
import { limit, orderBy, query, type Firestore, type Query } from 'firebase/firestore';
import { useMemo } from 'react';
import type { ActivityItem } from '@gatherly/domain/activity';
import { activityRef } from '../../lib/db/refs.ts';
import type { ActivityDoc } from '../../lib/types.ts';
import { useDb, useLiveQuery, usePagedQuery } from '../../lib/live/index.ts';

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

/** The `max` newest entries, live (the dashboard's card). */
export function useEventActivity(eventId: string, max: number): ActivityState {
  const db = useDb();
  const res = useLiveQuery(query(activityQuery(db, eventId), limit(max)));
  const docs = res.data;
  const entries = useMemo(() => docs.map((d) => activityItem(d)), [docs]);
  return { loading: res.loading, error: undefined, entries };
}

export interface ActivityPages extends ActivityState {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/** The feed `pageSize` entries at a time, live for the loaded pages (the activity screen). */
export function useActivityPages(eventId: string, pageSize: number): ActivityPages {
  const db = useDb();
  const pages = usePagedQuery(activityQuery(db, eventId), pageSize);
  const entries = useMemo(() => pages.items.map((d) => activityItem(d)), [pages.items]);
  return {
    loading: pages.loading,
    error: pages.error ?? undefined,
    entries,
    hasMore: pages.hasMore,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
  };
}
