// Schedule data: the items by start time with their stored RSVP tallies merged with the
// viewer's own answers (state and party; those made offline from the device's queue,
// rsvp-sync.ts), and the item writes: admins write items directly, while capacity and deletion go
// through the API as they move stored counts and the waitlist (docs/performance.md, "Counters").
import type { MemberRole } from '@gatherly/domain/entities/members';
import { groupLimit } from '@gatherly/domain/groups';
import { pollIdFor } from '@gatherly/domain/polls';
import { useVisibleSchedule } from '../groups/visible-schedule.ts';
import {
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { useMemo } from 'react';
import { API } from '@gatherly/domain/api/endpoints';
import type { RsvpCounts } from '@gatherly/domain/entities/schedule';
import type { Party, PlusOne, RsvpState } from '@gatherly/domain/rsvp-options';
import { callApi } from '../../lib/api-client.ts';
import { myRsvpsRef, pollsRef, scheduleItemRef, scheduleRef } from '../../lib/db/refs.ts';
import { useDb, useLiveDoc } from '../../lib/live/index.ts';
import type { ScheduleDoc } from '../../lib/types.ts';
import { useLocalAnswers, type LocalAnswer } from './rsvp-queue.ts';
import { rsvpQueue } from './rsvp-sync.ts';

export interface ScheduleEntry extends ScheduleDoc {
  /** The caller's answer; null = Not Responded. */
  myStatus: RsvpState | null;
  /** The caller's named guests while going or waitlisted ([] otherwise). */
  myGuests: PlusOne[];
  /** The answer waits on this device for a connection (not in `rsvpCounts` yet). */
  myStatusPending: boolean;
}

export interface ScheduleState {
  loading: boolean;
  items: ScheduleEntry[];
  /** Heads going (members and their guests), over every item: the dashboard's RSVPs stat. */
  goingHeads: number;
}

/**
 * Schedule items by start time (at most 20 per event) with their stored tallies, and the
 * caller's own answers from one document: two listeners whatever the number of guests. Answers
 * given on this device and not yet on the server show instead; the tallies stay the server's.
 */
export function useSchedule(eventId: string, uid: string, role: MemberRole): ScheduleState {
  const db = useDb();
  // Only the items the member sees (guest groups: features/groups/visible-schedule.ts).
  const items = useVisibleSchedule(eventId, uid, role);
  const mine = useLiveDoc(myRsvpsRef(db, eventId, uid));
  const itemDocs = items.data;
  const statuses = mine.data?.statuses;
  const parties = mine.data?.parties;
  const local = useLocalAnswers(rsvpQueue, uid, eventId);
  const merged = useMemo(
    () => tallySchedule(itemDocs, statuses ?? {}, local, parties ?? {}),
    [itemDocs, statuses, local, parties],
  );
  return {
    loading: items.loading || mine.loading,
    items: merged,
    goingHeads: merged.reduce((sum, item) => sum + headsGoing(item.rsvpCounts), 0),
  };
}

/** Heads going on an item (counts stored before parties existed: one head per reply). */
export function headsGoing(counts: RsvpCounts): number {
  return counts.goingHeads ?? counts.going;
}

/**
 * The items with the caller's answers (the device's own, queued or just sent, over the stored
 * ones) and parties; answers to deleted items are ignored.
 */
export function tallySchedule(
  items: readonly ScheduleDoc[],
  statuses: Readonly<Partial<Record<string, RsvpState>>>,
  local: ReadonlyMap<string, LocalAnswer> = new Map(),
  parties: Readonly<Partial<Record<string, Party>>> = {},
): ScheduleEntry[] {
  return items.map((item) => {
    const mine = local.get(item.id);
    const myStatus = mine?.status ?? statuses[item.id] ?? null;
    const attending = myStatus === 'going' || myStatus === 'waitlisted';
    return {
      ...item,
      myStatus,
      myGuests: attending ? (mine ? mine.guests : (parties[item.id]?.guests ?? [])) : [],
      myStatusPending: mine?.pending ?? false,
    };
  });
}

/**
 * PUT /api/events/{e}/schedule/{s}/capacity (admins; setting a number needs the event
 * creator's plan): raising or clearing it promotes from the waitlist on the server.
 */
export function setItemCapacity(
  eventId: string,
  itemId: string,
  capacity: number | null,
): Promise<unknown> {
  return callApi(API.setCapacity, { params: { eventId, scheduleId: itemId }, body: { capacity } });
}

/** The schedule item fields an admin edits; times are ISO strings (UTC) or null. */
export interface ScheduleItemInput {
  title: string;
  description: string;
  startTime: string;
  endTime: string | null;
  location: string;
  /** The groups it is limited to ([] = everyone; absent = unchanged on an edit). */
  groupIds?: string[];
}

/** A new schedule item's id (known before it is written, so its capacity can follow). */
export function newScheduleItemId(db: Firestore, eventId: string): string {
  return doc(scheduleRef(db, eventId)).id;
}

/** Admins write schedule items directly; the rules check role, fields, sizes and ownership. */
export function addScheduleItem(
  db: Firestore,
  eventId: string,
  uid: string,
  input: ScheduleItemInput,
  itemId: string = newScheduleItemId(db, eventId),
) {
  const ref = scheduleItemRef(db, eventId, itemId);
  const { groupIds = [], ...fields } = input;
  return setDoc(ref, {
    ...fields,
    ...groupLimit(groupIds),
    id: ref.id,
    eventId,
    createdBy: uid,
    createdAt: serverTimestamp(),
    // Not written (the converter writes the stored fields only): the RSVP function's.
    rsvpCounts: { going: 0, maybe: 0, notGoing: 0 },
  });
}

/**
 * An item edit. A change of its limit carries its date poll along: the poll holds a copy of the
 * limit (the rules read only the poll), so both are written in one batch, which the rules
 * require of an item that has a poll.
 */
export async function updateScheduleItem(
  db: Firestore,
  eventId: string,
  itemId: string,
  input: ScheduleItemInput,
): Promise<void> {
  const { groupIds, ...fields } = input;
  const item = scheduleItemRef(db, eventId, itemId);
  if (!groupIds) return updateDoc(item, fields);
  const limit = groupLimit(groupIds);
  const poll = doc(pollsRef(db, eventId), pollIdFor({ kind: 'schedule', scheduleId: itemId }));
  const batch = writeBatch(db);
  batch.update(item, { ...fields, ...limit });
  if ((await getDoc(poll)).exists()) batch.update(poll, limit);
  return batch.commit();
}

/** The function deletes the item (its tallies go with it) and then its RSVPs: at 1,000 guests
 * more writes than one client batch may hold. */
export function deleteScheduleItem(eventId: string, itemId: string): Promise<unknown> {
  return callApi(API.deleteScheduleItem, { params: { eventId, scheduleId: itemId } });
}
