// RSVP data: the viewer's answer to an item (through the device's queue, rsvp-sync.ts), their
// place in a waitlist, their answers to the host's questions and their plus-one allowance.
import { useEffect, useState } from 'react';
import { API } from '@gatherly/domain/api/endpoints';
import type { RsvpRequest } from '@gatherly/domain/api/requests';
import { allowanceFor, type GuestAnswers } from '@gatherly/domain/rsvp-options';
import { callApi } from '../../lib/api-client.ts';
import { memberRef, myGuestAnswersRef } from '../../lib/db/refs.ts';
import { useDb, useLiveDoc } from '../../lib/live/index.ts';
import { useOnline } from '../../lib/offline/connectivity.ts';
import type { GatherlyEvent } from '../../lib/types.ts';
import type { RsvpOutcome, RsvpTarget } from './rsvp-queue.ts';
import { rsvpQueue } from './rsvp-sync.ts';

/**
 * The RSVP function records the answer (with a Going party and answers to the host's questions)
 * and moves the item's tallies in one transaction; 'waitlisted' when a Going waits for a spot,
 * 'queued' when it waits on this device for a connection. A 409 says how few spots are left.
 */
export function setMyRsvp(target: RsvpTarget, request: RsvpRequest): Promise<RsvpOutcome> {
  return rsvpQueue.answer(target, request);
}

/**
 * The caller's place in an item's line while waitlisted (GET /api/events/{e}/schedule/{s}/rsvp), asked
 * when they join it and whenever the line's length changes (someone ahead may have left or
 * been promoted), never polled; null when not waiting, offline or unknown.
 */
export function useWaitlistPosition(
  eventId: string,
  itemId: string,
  waitlisted: boolean,
  lineLength: number,
): number | null {
  const online = useOnline();
  const [position, setPosition] = useState<number | null>(null);
  useEffect(() => {
    if (!waitlisted || !online) return;
    let cancelled = false;
    callApi(API.myRsvp, { params: { eventId, scheduleId: itemId } })
      .then((res) => {
        if (!cancelled) setPosition(res.waitlistPosition);
      })
      .catch((err: unknown) => console.warn('Reading your place in line failed', err));
    return () => {
      cancelled = true;
    };
  }, [eventId, itemId, waitlisted, online, lineLength]);
  // The last place read stays shown while a newer one loads (a place only moves forward).
  return waitlisted ? position : null;
}

/**
 * The caller's own answers to the host's questions (one document listener): null when they
 * have none stored (their first Going asks the questions), undefined while loading.
 */
export function useMyGuestAnswers(eventId: string, uid: string): GuestAnswers | null | undefined {
  const db = useDb();
  const res = useLiveDoc(myGuestAnswersRef(db, eventId, uid));
  if (res.loading) return undefined;
  return res.data?.answers ?? null;
}

/** How many guests the caller may bring: their own allowance, else the event's. */
export function useMyAllowance(eventId: string, uid: string, event: GatherlyEvent): number {
  const db = useDb();
  const res = useLiveDoc(memberRef(db, eventId, uid));
  return allowanceFor(event, res.data ?? {});
}

/** PUT /api/events/{e}/answers: the caller's own answers, stored as the server cleaned them. */
export async function saveMyAnswers(eventId: string, answers: GuestAnswers): Promise<GuestAnswers> {
  const res = await callApi(API.setAnswers, { params: { eventId }, body: { answers } });
  return res.answers;
}
