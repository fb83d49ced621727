// Dashboard data: the schedule with its stored RSVP tallies and the viewer's own answers (state
// and party), their answers to the host's questions and their plus-one allowance, and the
// writes: RSVPs, answers, capacity and deletions through the API (they move stored counts and
// the waitlist; RSVPs made offline wait in the device's queue, lib/offline/rsvp-sync.ts),
// schedule items and banner settings directly by admins (docs/performance.md, "Counters").
import {
  doc,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { useFirestore, useFirestoreCollectionData, useFirestoreDocData } from 'reactfire';
import type { BannerSettings, RsvpCounts, RsvpRequest } from '@gatherly/domain/entities';
import {
  allowanceFor,
  type CapacityRequest,
  type GuestAnswers,
  type GuestAnswersRequest,
  type MyRsvpResponse,
  type Party,
  type PlusOne,
  type RsvpState,
} from '@gatherly/domain/rsvp-options';
import { apiRequest } from '../../lib/api.ts';
import {
  eventRef,
  memberRef,
  myGuestAnswersRef,
  myRsvpsRef,
  scheduleItemRef,
  scheduleRef,
} from '../../lib/db/refs.ts';
import { useOnline } from '../../lib/offline/connectivity.ts';
import {
  useLocalAnswers,
  type LocalAnswer,
  type RsvpOutcome,
} from '../../lib/offline/rsvp-queue.ts';
import { rsvpQueue } from '../../lib/offline/rsvp-sync.ts';
import type { GatherlyEvent, ScheduleDoc } from '../../lib/types.ts';

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
export function useSchedule(eventId: string, uid: string): ScheduleState {
  const db = useFirestore();
  const items = useFirestoreCollectionData(
    query(scheduleRef(db, eventId), orderBy('startTime', 'asc')),
  );
  const mine = useFirestoreDocData(myRsvpsRef(db, eventId, uid));
  const itemDocs = items.data;
  const statuses = mine.data?.statuses;
  const parties = mine.data?.parties;
  const local = useLocalAnswers(rsvpQueue, uid, eventId);
  const merged = useMemo(
    () => tallySchedule(itemDocs ?? [], statuses ?? {}, local, parties ?? {}),
    [itemDocs, statuses, local, parties],
  );
  return {
    loading: items.status === 'loading' || mine.status === 'loading',
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

/** Whom and what an RSVP is for (the item's title names it if the server later refuses it). */
export interface RsvpTarget {
  uid: string;
  eventId: string;
  itemId: string;
  title: string;
}

/**
 * The RSVP function records the answer (with a Going party and answers to the host's questions)
 * and moves the item's tallies in one transaction; 'waitlisted' when a Going waits for a spot,
 * 'queued' when it waits on this device for a connection. A 409 says how few spots are left.
 */
export function setMyRsvp(target: RsvpTarget, request: RsvpRequest): Promise<RsvpOutcome> {
  return rsvpQueue.answer(target, request);
}

/**
 * The caller's place in an item's line while waitlisted (GET /api/schedule/{s}/rsvp), asked
 * when they join it and whenever the line's length changes (someone ahead may have left or
 * been promoted), never polled; null when not waiting, offline or unknown.
 */
export function useWaitlistPosition(
  itemId: string,
  waitlisted: boolean,
  lineLength: number,
): number | null {
  const online = useOnline();
  const [position, setPosition] = useState<number | null>(null);
  useEffect(() => {
    if (!waitlisted || !online) return;
    let cancelled = false;
    apiRequest<MyRsvpResponse>('GET', `/api/schedule/${itemId}/rsvp`)
      .then((res) => {
        if (!cancelled) setPosition(res.waitlistPosition);
      })
      .catch((err: unknown) => console.warn('Reading your place in line failed', err));
    return () => {
      cancelled = true;
    };
  }, [itemId, waitlisted, online, lineLength]);
  // The last place read stays shown while a newer one loads (a place only moves forward).
  return waitlisted ? position : null;
}

/**
 * The caller's own answers to the host's questions (one document listener): null when they
 * have none stored (their first Going asks the questions), undefined while loading.
 */
export function useMyGuestAnswers(eventId: string, uid: string): GuestAnswers | null | undefined {
  const db = useFirestore();
  const res = useFirestoreDocData(myGuestAnswersRef(db, eventId, uid));
  if (res.status === 'loading') return undefined;
  return res.data?.answers ?? null;
}

/** How many guests the caller may bring: their own allowance, else the event's. */
export function useMyAllowance(eventId: string, uid: string, event: GatherlyEvent): number {
  const db = useFirestore();
  const res = useFirestoreDocData(memberRef(db, eventId, uid));
  return allowanceFor(event, res.data ?? {});
}

/** PUT /api/events/{e}/answers: the caller's own answers, stored as the server cleaned them. */
export async function saveMyAnswers(eventId: string, answers: GuestAnswers): Promise<GuestAnswers> {
  const body: GuestAnswersRequest = { answers };
  const res = await apiRequest<GuestAnswersRequest>('PUT', `/api/events/${eventId}/answers`, body, {
    idempotent: true,
  });
  return res.answers;
}

/**
 * PUT /api/schedule/{s}/capacity (admins; setting a number needs the event creator's plan):
 * raising or clearing it promotes from the waitlist on the server.
 */
export function setItemCapacity(itemId: string, capacity: number | null): Promise<unknown> {
  const body: CapacityRequest = { capacity };
  return apiRequest('PUT', `/api/schedule/${itemId}/capacity`, body);
}

/** The schedule item fields an admin edits; times are ISO strings (UTC) or null. */
export interface ScheduleItemInput {
  title: string;
  description: string;
  startTime: string;
  endTime: string | null;
  location: string;
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
