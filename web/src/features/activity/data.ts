// Live activity for one event: the newest documents of each source, merged by the domain feed.
import { collection, limit, orderBy, query } from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import {
  buildActivityFeed,
  type ActivityItem,
  type ActivitySources,
} from '@gatherly/domain/activity';

export interface ActivityState {
  loading: boolean;
  error: Error | undefined;
  entries: ActivityItem[];
}

/** The `max` newest entries; each source is bounded by `max` too, so the merge is exact. */
export function useEventActivity(eventId: string, max: number): ActivityState {
  const db = useFirestore();
  const newest = (name: string, field: string) =>
    query(collection(db, 'events', eventId, name), orderBy(field, 'desc'), limit(max));
  const members = useFirestoreCollectionData(newest('members', 'joinedAt'));
  const photos = useFirestoreCollectionData(newest('photos', 'uploadedAt'), { idField: 'id' });
  const flights = useFirestoreCollectionData(newest('flights', 'createdAt'), { idField: 'id' });
  const carpools = useFirestoreCollectionData(newest('carpools', 'createdAt'), { idField: 'id' });
  const schedule = useFirestoreCollectionData(newest('schedule', 'createdAt'), { idField: 'id' });
  const all = [members, photos, flights, carpools, schedule];
  const loading = all.some((r) => r.status === 'loading');
  const error = all.find((r) => r.error)?.error;
  const entries = useMemo(() => {
    // The documents follow docs/data-model.md; Firestore Timestamps satisfy the feed's TimeLike.
    const sources = {
      members: members.data ?? [],
      photos: photos.data ?? [],
      flights: flights.data ?? [],
      carpools: carpools.data ?? [],
      schedule: schedule.data ?? [],
    } as unknown as ActivitySources;
    return buildActivityFeed(sources, max);
  }, [members.data, photos.data, flights.data, carpools.data, schedule.data, max]);
  return { loading, error, entries };
}
