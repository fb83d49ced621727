// The host's guest list (docs/product.md, "Guest list"): bounded queries only. Member pages
// and answer filters grow by pages of GUEST_PAGE; each shown member's answers come from their
// rsvpsByUser document (read by id, 30 per query), never from every RSVP of the event.
import {
  documentId,
  getCountFromServer,
  limit,
  onSnapshot,
  orderBy,
  query,
  where,
  type CollectionReference,
  type Firestore,
} from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { useFirestore, useFirestoreCollectionData } from 'reactfire';
import type { InvitationLinkResponse, RsvpStatus } from '@gatherly/domain/entities';
import { apiRequest } from '../../lib/api.ts';
import { invitationsRef, membersRef, rsvpsByUserRef, scheduleRef } from '../../lib/db/refs.ts';
import type { InvitationDoc, MemberDoc, RsvpsByUserDoc, ScheduleDoc } from '../../lib/types.ts';

export const GUEST_PAGE = 25;
/** The schedule is at most 20 items by design. */
export const MAX_SCHEDULE_ITEMS = 20;
const IN_QUERY_MAX = 30;

export type AnswerFilter = 'all' | RsvpStatus | 'none';
export type GuestSort = 'joined' | 'name';

/** The Firestore instance, for the CSV export's own page reads. */
export function useExportDb(): Firestore {
  return useFirestore();
}

export function useScheduleItems(eventId: string): ScheduleDoc[] {
  const db = useFirestore();
  const res = useFirestoreCollectionData(
    query(scheduleRef(db, eventId), orderBy('startTime'), limit(MAX_SCHEDULE_ITEMS)),
  );
  return res.data ?? [];
}

/** Documents of `ref` with the given ids, live, in chunks of 30 (`in` queries). */
export function useDocsByIds<T extends { id: string }>(
  ref: CollectionReference<T, T>,
  ids: readonly string[],
): { docs: Map<string, T>; loading: boolean } {
  const key = ids.join('|');
  const [state, setState] = useState<{ key: string; docs: Map<string, T> }>({
    key: '',
    docs: new Map(),
  });
  useEffect(() => {
    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += IN_QUERY_MAX) chunks.push(ids.slice(i, i + IN_QUERY_MAX));
    const parts: Map<string, T>[] = chunks.map(() => new Map());
    const seen = new Set<number>();
    const publish = () =>
      setState({
        key: seen.size === chunks.length ? key : '',
        docs: new Map(parts.flatMap((p) => [...p])),
      });
    const stops = chunks.map((chunk, i) =>
      onSnapshot(
        query(ref, where(documentId(), 'in', chunk)),
        (snap) => {
          parts[i] = new Map(snap.docs.map((d) => [d.id, d.data()]));
          seen.add(i);
          publish();
        },
        (err) => console.error('guest list read failed', err),
      ),
    );
    return () => stops.forEach((stop) => stop());
    // `key` stands for `ids`; `ref` is stable per event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ref.path]);
  if (ids.length === 0) return { docs: new Map(), loading: false };
  return { docs: state.docs, loading: state.key !== key };
}

export interface GuestRow {
  uid: string;
  member: MemberDoc | undefined;
  answers: RsvpsByUserDoc | undefined;
}

/**
 * One window of the guest list: members by joining time or name ("all", "no answer"), or the
 * members whose answer to `itemId` is `filter`. "No answer" walks member pages and keeps those
 * without an answer (exact; a page may show fewer rows, "Load more" walks on).
 */
export function useGuestRows(
  eventId: string,
  itemId: string | null,
  filter: AnswerFilter,
  sort: GuestSort,
  pages: number,
) {
  const db = useFirestore();
  const size = GUEST_PAGE * pages;
  const byAnswer = filter !== 'all' && filter !== 'none' && itemId !== null;
  const membersQuery = query(
    membersRef(db, eventId),
    orderBy(sort === 'name' ? 'user.displayName' : 'joinedAt'),
    limit(size),
  );
  const answerQuery = query(
    rsvpsByUserRef(db, eventId),
    where(`statuses.${itemId ?? '-'}`, '==', byAnswer ? filter : 'going'),
    limit(size),
  );
  const memberPage = useFirestoreCollectionData(membersQuery, { idField: 'id' });
  const answerPage = useFirestoreCollectionData(answerQuery, { idField: 'id' });
  const base = byAnswer ? answerPage : memberPage;
  const baseDocs = useMemo(() => base.data ?? [], [base.data]);
  const uids = useMemo(() => baseDocs.map((d) => d.id), [baseDocs]);
  const answers = useDocsByIds(rsvpsByUserRef(db, eventId), byAnswer ? [] : uids);
  const members = useDocsByIds(membersRef(db, eventId), byAnswer ? uids : []);
  const rows: GuestRow[] = uids.map((uid, i) =>
    byAnswer
      ? { uid, member: members.docs.get(uid), answers: baseDocs[i] as RsvpsByUserDoc }
      : { uid, member: baseDocs[i] as MemberDoc, answers: answers.docs.get(uid) },
  );
  const shown =
    filter === 'none' && itemId ? rows.filter((r) => !r.answers?.statuses[itemId]) : rows;
  if (byAnswer && sort === 'name') {
    shown.sort((a, b) =>
      (a.member?.user.displayName ?? '').localeCompare(b.member?.user.displayName ?? ''),
    );
  }
  return {
    rows: shown,
    loading: base.status === 'loading' || answers.loading || members.loading,
    /** Another page may exist (the window came back full). */
    hasMore: baseDocs.length >= size,
  };
}

/** The event's member count, read once per open (one aggregation read per 1,000 members). */
export function useMemberCount(eventId: string, refreshKey: number): number | null {
  const db = useFirestore();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let cancelled = false;
    getCountFromServer(membersRef(db, eventId))
      .then((snap) => {
        if (!cancelled) setCount(snap.data().count);
      })
      .catch((err: unknown) => console.error('member count failed', err));
    return () => {
      cancelled = true;
    };
  }, [db, eventId, refreshKey]);
  return count;
}

export function recordAnswer(scheduleId: string, uid: string, status: RsvpStatus) {
  return apiRequest(
    'PUT',
    `/api/schedule/${encodeURIComponent(scheduleId)}/rsvps/${encodeURIComponent(uid)}`,
    { status },
  );
}

// ---- Pending invitations ----------------------------------------------------------------------

export function pendingInvitationsQuery(db: Firestore, eventId: string, max: number) {
  return query(
    invitationsRef(db, eventId),
    where('status', '==', 'pending'),
    orderBy('invitedAt', 'desc'),
    limit(max),
  );
}

export function usePendingInvitations(eventId: string, pages: number) {
  const db = useFirestore();
  const size = GUEST_PAGE * pages;
  const res = useFirestoreCollectionData(pendingInvitationsQuery(db, eventId, size), {
    idField: 'id',
  });
  const invitations: InvitationDoc[] = res.data ?? [];
  return { invitations, loading: res.status === 'loading', hasMore: invitations.length >= size };
}

const invitationPath = (eventId: string, id: string) =>
  `/api/events/${encodeURIComponent(eventId)}/invitations/${encodeURIComponent(id)}`;

export async function invitationLink(eventId: string, id: string): Promise<string> {
  const res = await apiRequest<InvitationLinkResponse>(
    'GET',
    `${invitationPath(eventId, id)}/link`,
  );
  return res.inviteUrl;
}

export function resendInvitation(eventId: string, id: string) {
  return apiRequest<InvitationLinkResponse>('POST', `${invitationPath(eventId, id)}/resend`);
}

export function revokeInvitation(eventId: string, id: string) {
  return apiRequest('DELETE', invitationPath(eventId, id));
}
