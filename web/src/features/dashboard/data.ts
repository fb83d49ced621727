// Dashboard data: the schedule with its stored RSVP tallies and the viewer's own answers, and
// the writes: RSVPs and deletions through the API (they move stored counts; RSVPs made offline
// wait in the device's queue, lib/offline/rsvp-sync.ts), schedule items and banner settings
// directly by admins (docs/performance.md, "Counters").
import {
  doc,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { useMemo } from 'react';
import { useFirestore, useFirestoreCollectionData, useFirestoreDocData } from 'reactfire';
import type { BannerSettings, RsvpCounts, RsvpStatus } from '@gatherly/domain/entities';
import type { RsvpState } from '@gatherly/domain/rsvp-options';
import { apiRequest } from '../../lib/api.ts';
import { eventRef, myRsvpsRef, scheduleItemRef, scheduleRef } from '../../lib/db/refs.ts';
import {
  useLocalAnswers,
  type LocalAnswer,
  type RsvpOutcome,
} from '../../lib/offline/rsvp-queue.ts';
import { rsvpQueue } from '../../lib/offline/rsvp-sync.ts';
import type { ScheduleDoc } from '../../lib/types.ts';

export interface ScheduleEntry extends ScheduleDoc {
  /** The caller's answer; null = Not Responded. */
  myStatus: RsvpState | null;
  /** The answer waits on this device for a connection (not in `rsvpCounts` yet). */
  myStatusPending: boolean;
}

export interface ScheduleState {
  loading: boolean;
  items: ScheduleEntry[];
  /** People going, over every item (the dashboard's RSVPs stat). */
  going: number;
}

/**
 * Schedule items by start time (at most 20 per event) with their stored tallies, and the
 * caller's own answers from one document: two listeners whatever the number of guests. Answers
 * given on this device and not yet on the server show instead; the tallies stay the server's.
 */
export function useSchedule(eventId: string, uid: string): ScheduleState {
  const db = useFirestore();
  const items = useFirestoreCollectionData(
    query(scheduleRef(db, eventId), orderBy('startTime', 'asc')),
  );
  const mine = useFirestoreDocData(myRsvpsRef(db, eventId, uid));
  const itemDocs = items.data;
  const statuses = mine.data?.statuses;
  const local = useLocalAnswers(rsvpQueue, uid, eventId);
  const merged = useMemo(
    () => tallySchedule(itemDocs ?? [], statuses ?? {}, local),
    [itemDocs, statuses, local],
  );
  return {
    loading: items.status === 'loading' || mine.status === 'loading',
    items: merged,
    going: merged.reduce((sum, item) => sum + item.rsvpCounts.going, 0),
  };
}

/**
 * The items with the caller's answers (the device's own, queued or just sent, over the stored
 * ones); answers to deleted items are ignored.
 */
export function tallySchedule(
  items: readonly ScheduleDoc[],
  statuses: Readonly<Partial<Record<string, RsvpState>>>,
  local: ReadonlyMap<string, LocalAnswer> = new Map(),
): ScheduleEntry[] {
  return items.map((item) => {
    const mine = local.get(item.id);
    return {
      ...item,
      myStatus: mine?.status ?? statuses[item.id] ?? null,
      myStatusPending: mine?.pending ?? false,
    };
  });
}

/** "going/total attending": total is everyone who answered. */
export function attendingText(counts: RsvpCounts): string {
  return `${counts.going}/${counts.going + counts.maybe + counts.notGoing} attending`;
}

/**
 * The RSVP function records the answer and moves the item's tallies in one transaction;
 * 'queued' when it waits on this device for a connection.
 */
export function setMyRsvp(
  target: { uid: string; eventId: string; itemId: string; title: string },
  status: RsvpStatus,
): Promise<RsvpOutcome> {
  return rsvpQueue.answer(target, status);
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
    // Not written (the converter writes the stored fields only): the RSVP function's.
    rsvpCounts: { going: 0, maybe: 0, notGoing: 0 },
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

/** The function deletes the item (its tallies go with it) and then its RSVPs: at 1,000 guests
 * more writes than one client batch may hold. */
export function deleteScheduleItem(itemId: string): Promise<unknown> {
  return apiRequest('DELETE', `/api/schedule/${itemId}`);
}

/** Admins save the whole bannerSettings object in one write, as the rules expect. */
export function saveBannerSettings(db: Firestore, eventId: string, settings: BannerSettings) {
  return updateDoc(eventRef(db, eventId), { bannerSettings: settings });
}
