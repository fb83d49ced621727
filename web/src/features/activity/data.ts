// Live activity for one event: the newest documents of each source, merged by the domain feed.
import {
  limit,
  orderBy,
  query,
  type CollectionReference,
  type DocumentData,
} from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import { buildActivityFeed, type ActivityItem } from '@gatherly/domain/activity';
import { carpoolsRef, flightsRef, membersRef, photosRef, scheduleRef } from '../../lib/db/refs.ts';

export interface ActivityState {
  loading: boolean;
  error: Error | undefined;
  entries: ActivityItem[];
}

/** The `max` newest entries; each source is bounded by `max` too, so the merge is exact. */
export function useEventActivity(eventId: string, max: number): ActivityState {
  const db = useFirestore();
  const newest = <T extends DocumentData>(
    ref: CollectionReference<T, T>,
    field: keyof T & string,
  ) => query(ref, orderBy(field, 'desc'), limit(max));
  const members = useFirestoreCollectionData(newest(membersRef(db, eventId), 'joinedAt'));
  const photos = useFirestoreCollectionData(newest(photosRef(db, eventId), 'uploadedAt'));
  const flights = useFirestoreCollectionData(newest(flightsRef(db, eventId), 'createdAt'));
  const carpools = useFirestoreCollectionData(newest(carpoolsRef(db, eventId), 'createdAt'));
  const schedule = useFirestoreCollectionData(newest(scheduleRef(db, eventId), 'createdAt'));
  const all = [members, photos, flights, carpools, schedule];
  const loading = all.some((r) => r.status === 'loading');
  const error = all.find((r) => r.error)?.error;
  const entries = useMemo(
    () =>
      buildActivityFeed(
        {
          members: members.data ?? [],
          photos: photos.data ?? [],
          flights: flights.data ?? [],
          carpools: carpools.data ?? [],
          schedule: schedule.data ?? [],
        },
        max,
      ),
    [members.data, photos.data, flights.data, carpools.data, schedule.data, max],
  );
  return { loading, error, entries };
}
