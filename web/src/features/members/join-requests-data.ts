// Requests to join through the event link (admins): the pending ones, live and bounded, and the
// decisions, which go through the API (the attendee cap is checked there).
import { limit, orderBy, query, where } from 'firebase/firestore';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import { JOIN_REQUESTS_PAGE } from '@gatherly/domain/guest-access';
import { apiRequest } from '../../lib/api.ts';
import { joinRequestsRef } from '../../lib/db/refs.ts';
import type { JoinRequestDoc } from '../../lib/types.ts';

/** The oldest pending requests, at most a page of them (the count badge says "50+" beyond). */
export function usePendingJoinRequests(eventId: string): {
  loading: boolean;
  requests: JoinRequestDoc[];
} {
  const db = useFirestore();
  const res = useFirestoreCollectionData(
    query(
      joinRequestsRef(db, eventId),
      where('status', '==', 'pending'),
      orderBy('requestedAt', 'asc'),
      limit(JOIN_REQUESTS_PAGE),
    ),
  );
  return { loading: res.status === 'loading', requests: res.data ?? [] };
}

export function decideJoinRequest(
  eventId: string,
  uid: string,
  approve: boolean,
): Promise<unknown> {
  return apiRequest(
    'POST',
    `/api/events/${encodeURIComponent(eventId)}/join-requests/${encodeURIComponent(uid)}/${approve ? 'approve' : 'decline'}`,
  );
}
