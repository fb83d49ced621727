// Dashboard data: schedule with RSVPs, aggregation counts, and the writes the rules let a
// member make directly (own RSVP) or an admin (schedule items, banner settings).
import { apiRequest } from '../../lib/api.ts';
import {
  doc,
  getCountFromServer,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import type { BannerSettings, RsvpCounts, RsvpStatus } from '@gatherly/domain/entities';
import {
  carpoolsRef,
  eventRef,
  eventRsvpsQuery,
  flightsRef,
  itemRsvpsRef,
  photosRef,
  scheduleItemRef,
  scheduleRef,
} from '../../lib/db/refs.ts';
import type { RsvpDoc, ScheduleDoc } from '../../lib/types.ts';
import { useOnline } from '../../lib/offline/connectivity.ts';

export interface ScheduleEntry extends ScheduleDoc {
  rsvpCounts: RsvpCounts;
  /** The caller's answer; null = Not Responded. */
  myStatus: RsvpStatus | null;
}

export interface ScheduleState {
  loading: boolean;
  items: ScheduleEntry[];
  /** Changes whenever any RSVP of the event changes (drives the RSVP count refresh). */
  rsvps: readonly unknown[] | undefined;
}

/** Schedule items by start time, with live RSVP tallies and the caller's own answer. */
export function useSchedule(eventId: string, uid: string): ScheduleState {
  const db = useFirestore();
  const items = useFirestoreCollectionData(
    query(scheduleRef(db, eventId), orderBy('startTime', 'asc')),
  );
  const rsvps = useFirestoreCollectionData(eventRsvpsQuery(db, eventId));
  const itemDocs = items.data;
  const rsvpDocs = rsvps.data;
  const merged = useMemo(
    () => tallySchedule(itemDocs ?? [], rsvpDocs ?? [], uid),
    [itemDocs, rsvpDocs, uid],
  );
  return { loading: items.status === 'loading', items: merged, rsvps: rsvpDocs };
}

export function tallySchedule(
  items: readonly ScheduleDoc[],
  rsvps: readonly RsvpDoc[],
  uid: string,
): ScheduleEntry[] {
  return items.map((item) => {
    const counts: RsvpCounts = { going: 0, notGoing: 0, maybe: 0 };
    let myStatus: RsvpStatus | null = null;
    for (const r of rsvps) {
      if (r.scheduleId !== item.id) continue;
      if (r.status === 'going') counts.going += 1;
      else if (r.status === 'maybe') counts.maybe += 1;
      else if (r.status === 'not_going') counts.notGoing += 1;
      if (r.userId === uid) myStatus = r.status;
    }
    return { ...item, rsvpCounts: counts, myStatus };
  });
}

/** "going/total attending": total is everyone who answered. */
export function attendingText(counts: RsvpCounts): string {
  return `${counts.going}/${counts.going + counts.maybe + counts.notGoing} attending`;
}

/**
 * A member's own answer, through PUT /api/schedule/{s}/rsvp: the one RSVP path, which keeps
 * the item's counts and the guest list's answer map in its transaction (the rules refuse
 * direct RSVP writes).
 */
export function setMyRsvp(scheduleId: string, status: RsvpStatus): Promise<unknown> {
  return apiRequest('PUT', `/api/schedule/${encodeURIComponent(scheduleId)}/rsvp`, { status });
}

/** The schedule item fields an admin edits; times are ISO strings (UTC) or null. */
export interface ScheduleItemInput {
  title: string;
  description: string;
  startTime: string;
  endTime: string | null;
  location: string;
}

/** Admins write schedule items directly; the rules check role, fields, sizes and ownership. */
export function addScheduleItem(
  db: Firestore,
  eventId: string,
  uid: string,
  input: ScheduleItemInput,
) {
  const ref = doc(scheduleRef(db, eventId));
  return setDoc(ref, {
    ...input,
    id: ref.id,
    eventId,
    createdBy: uid,
    createdAt: serverTimestamp(),
  });
}

export function updateScheduleItem(
  db: Firestore,
  eventId: string,
  itemId: string,
  input: ScheduleItemInput,
) {
  return updateDoc(scheduleItemRef(db, eventId, itemId), { ...input });
}

/** Deletes an item with its RSVPs in one batch (the rules allow admins exactly that), so no
 * orphaned RSVP keeps counting in the event's totals. */
export async function deleteScheduleItem(db: Firestore, eventId: string, itemId: string) {
  const itemRef = scheduleItemRef(db, eventId, itemId);
  const rsvps = await getDocs(itemRsvpsRef(db, eventId, itemId));
  const batch = writeBatch(db);
  rsvps.forEach((r) => batch.delete(r.ref));
  batch.delete(itemRef);
  await batch.commit();
}

/** Admins save the whole bannerSettings object in one write, as the rules expect. */
export function saveBannerSettings(db: Firestore, eventId: string, settings: BannerSettings) {
  return updateDoc(eventRef(db, eventId), { bannerSettings: settings });
}

/**
 * An aggregation count, re-run whenever `trigger` changes identity (a live listener over the
 * same data fired), so the number follows the data without a stored counter. `q` must be
 * memoised by the caller.
 */
export function useAggregateCount(q: Query, trigger: unknown): number | null {
  const [count, setCount] = useState<number | null>(null);
  // Counts need the server: offline the last one stays, and it is asked again once back online.
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    let live = true;
    getCountFromServer(q).then(
      (snap) => {
        if (live) setCount(snap.data().count);
      },
      (err: unknown) => console.warn('Count failed', err),
    );
    return () => {
      live = false;
    };
  }, [q, trigger, online]);
  return count;
}

export function useEventCounts(
  eventId: string,
  triggers: { photos: unknown; flights: unknown; carpools: unknown; rsvps: unknown },
) {
  const db = useFirestore();
  const queries = useMemo(
    () => ({
      going: eventRsvpsQuery(db, eventId, 'going'),
      photos: query(photosRef(db, eventId)),
      flights: query(flightsRef(db, eventId)),
      carpools: query(carpoolsRef(db, eventId)),
    }),
    [db, eventId],
  );
  return {
    going: useAggregateCount(queries.going, triggers.rsvps),
    photos: useAggregateCount(queries.photos, triggers.photos),
    flights: useAggregateCount(queries.flights, triggers.flights),
    carpools: useAggregateCount(queries.carpools, triggers.carpools),
  };
}
