// Requests to join through the event link (admins): the pending ones, live and bounded, and the
// decisions, which go through the API (the attendee cap is checked there).
import { limit, orderBy, query, where } from 'firebase/firestore';
import { JOIN_REQUESTS_PAGE } from '@gatherly/domain/guest-access';
import { API } from '@gatherly/domain/api/endpoints';
import { callApi } from '../../lib/api-client.ts';
import { joinRequestsRef } from '../../lib/db/refs.ts';
import { useDb, useLiveQuery } from '../../lib/live/index.ts';
import type { JoinRequestDoc } from '../../lib/types.ts';

/** The oldest pending requests, at most a page of them (the count badge says "50+" beyond). */
export function usePendingJoinRequests(eventId: string): {
  loading: boolean;
  requests: JoinRequestDoc[];
} {
  const db = useDb();
  const res = useLiveQuery(
    query(
      joinRequestsRef(db, eventId),
      where('status', '==', 'pending'),
      orderBy('requestedAt', 'asc'),
      limit(JOIN_REQUESTS_PAGE),
    ),
  );
  return { loading: res.loading, requests: res.data };
}

export function decideJoinRequest(
  eventId: string,
  uid: string,
  approve: boolean,
): Promise<unknown> {
  return callApi(approve ? API.approveJoinRequest : API.declineJoinRequest, {
    params: { eventId, userId: uid },
  });
}
