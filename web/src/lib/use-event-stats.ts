// The event's stored counts (docs/performance.md, "Counters"): one listener on three small
// documents, exact and live, whatever the event's size. The dashboard, gallery, guest list and
// travel tabs all read their totals here.
import { useMemo } from 'react';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import type { StatsDoc } from './db/converters.ts';
import { statsRef } from './db/refs.ts';
import type { EventStats } from './types.ts';

export interface EventStatsState extends EventStats {
  loading: boolean;
}

/** The stats documents as one object; a document not written yet stays null ("counting"). */
export function statsFromDocs(docs: readonly StatsDoc[]): EventStats {
  const stats: EventStats = { members: null, photos: null, travel: null };
  for (const d of docs) {
    if (d.kind === 'members') stats.members = d.stats;
    else if (d.kind === 'photos') stats.photos = d.stats;
    else if (d.kind === 'travel') stats.travel = d.stats;
  }
  return stats;
}

export function useEventStats(eventId: string): EventStatsState {
  const db = useFirestore();
  const res = useFirestoreCollectionData(statsRef(db, eventId));
  const docs = res.data;
  const stats = useMemo(() => statsFromDocs(docs ?? []), [docs]);
  return { ...stats, loading: res.status === 'loading' };
}
