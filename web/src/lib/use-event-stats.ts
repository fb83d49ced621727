// The event's stored counts (docs/performance.md, "Counters"): one listener on the small stats
// documents (members, travel, the photo count's base and the shards it has used), exact and
// live, whatever the event's size. The dashboard, gallery, guest list and
// travel tabs all read their totals here.
import { useMemo } from 'react';
import { documentId, query, where } from 'firebase/firestore';
import type { StatsDoc } from './db/converters.ts';
import { statsRef } from './db/refs.ts';
import { useDb, useLiveQuery } from './live/index.ts';
import type { EventStats, PhotoStats } from './types.ts';
import { sumPhotoStats } from '@gatherly/domain/photo-counter';

export interface EventStatsState extends EventStats {
  loading: boolean;
}

/**
 * The stats documents as one object; a document not written yet stays null ("counting"). The
 * photo counts are the base plus its shards, counted only once the base exists.
 */
export function statsFromDocs(docs: readonly StatsDoc[]): EventStats {
  const stats: EventStats = { members: null, photos: null, travel: null };
  const shards: PhotoStats[] = [];
  for (const d of docs) {
    if (d.kind === 'members') stats.members = d.stats;
    else if (d.kind === 'photos') stats.photos = d.stats;
    else if (d.kind === 'photoShard') shards.push(d.stats);
    else if (d.kind === 'travel') stats.travel = d.stats;
  }
  if (stats.photos) stats.photos = sumPhotoStats([stats.photos, ...shards]);
  return stats;
}

/**
 * The event's stored counts, live. `only` narrows the listener to one document for screens that
 * show one area's totals (the member count in the navigation, the guest list, travel), so they
 * never receive the photo count's shards.
 */
export function useEventStats(eventId: string, only?: 'members' | 'travel'): EventStatsState {
  const db = useDb();
  const source = useMemo(() => {
    const all = statsRef(db, eventId);
    return only ? query(all, where(documentId(), '==', only)) : all;
  }, [db, eventId, only]);
  const res = useLiveQuery(source);
  const docs = res.data;
  const stats = useMemo(() => statsFromDocs(docs), [docs]);
  return { ...stats, loading: res.loading };
}
