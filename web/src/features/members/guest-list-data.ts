// The host's guest list (docs/product.md, "Guest list"): bounded queries only. Guests come in
// cursor pages of GUEST_PAGE (usePagedQuery), either members (everyone, "No answer") or the
// rsvpsByUser maps holding one answer to an item; the other half of each row (the member's
// answers, or the answering member) is read by id for the loaded rows (useLiveDocsIn, 30 ids
// per `in` query).
// Answers to the host's questions (guestAnswers) are read the same way, for the loaded rows
// only and only while the event asks questions. Totals are stored counts: the item's
// rsvpCounts and stats/members; a group's are aggregation queries (useGroupTotals).
import { GUEST_LIST_ITEMS } from '@gatherly/domain/guest-csv';
import {
  count,
  documentId,
  getAggregateFromServer,
  limit,
  orderBy,
  query,
  sum,
  where,
  type CollectionReference,
  type DocumentData,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { API } from '@gatherly/domain/api/endpoints';
import type { RsvpState, RsvpStatus } from '@gatherly/domain/rsvp-options';
import { memberSearchTokens, searchQuery } from '@gatherly/domain/search';
import { callApi } from '../../lib/api-client.ts';
import {
  answersQuery,
  guestAnswersRef,
  itemAnswersQuery,
  invitationsRef,
  membersRef,
  rsvpsByUserRef,
  scheduleRef,
} from '../../lib/db/refs.ts';
import type {
  GuestAnswersDoc,
  InvitationDoc,
  MemberDoc,
  RsvpsByUserDoc,
  ScheduleDoc,
} from '../../lib/types.ts';
import { useDb, useLiveDocsIn, useLiveQuery, usePagedQuery } from '../../lib/live/index.ts';
import { membersQuery, type MemberOrder } from './data.ts';

export const GUEST_PAGE = 25;

export type AnswerFilter = 'all' | RsvpState | 'none';

export function useScheduleItems(eventId: string): ScheduleDoc[] | null {
  const db = useDb();
  const res = useLiveQuery(
    query(scheduleRef(db, eventId), orderBy('startTime'), limit(GUEST_LIST_ITEMS)),
  );
  return res.loading ? null : res.data;
}

/** Documents of `ref` with the given ids, live (the layer's chunked `in` listeners). */
function useDocsByIds<T extends DocumentData>(
  ref: CollectionReference<T, T>,
  ids: readonly string[],
) {
  return useLiveDocsIn(ref, documentId(), ids);
}

export interface GuestRow {
  uid: string;
  member: MemberDoc | undefined;
  answers: RsvpsByUserDoc | undefined;
  /** Their answers to the host's questions (undefined: none given, none asked, or loading). */
  questionAnswers: GuestAnswersDoc | undefined;
}

const NO_IDS: readonly string[] = [];

/** The given members' answers to the host's questions; nothing is read while none are asked. */
function useQuestionAnswers(eventId: string, ids: readonly string[], asked: boolean) {
  const db = useDb();
  return useDocsByIds(guestAnswersRef(db, eventId), asked ? ids : NO_IDS).docs;
}

export interface GuestPages {
  rows: GuestRow[];
  loading: boolean;
  /** Another page may follow the loaded ones. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
  error: Error | null;
}

/**
 * The pages the host loaded stay live ("Load more guests" asks for each one), so the window
 * the pager listens to is every loaded item.
 */
function useWholeWindowLive(count: number, setVisibleRange: (a: number, b: number) => void) {
  useEffect(() => setVisibleRange(0, Math.max(count - 1, 0)), [count, setVisibleRange]);
}

/**
 * Members page by page in the chosen order, with search by word prefix (the first word in the
 * query, the others on the loaded page), each with their answers; `noAnswerTo` keeps those
 * without an answer to that item (exact; a page may show fewer rows, "Load more" walks on).
 * With a guest group, the members in it (the search then applies to the loaded pages).
 */
export function useGuestsByMember(
  eventId: string,
  noAnswerTo: string | null,
  order: MemberOrder,
  search: string,
  questionsAsked: boolean,
  groupId: string | null = null,
): GuestPages {
  const db = useDb();
  const q = useMemo(() => searchQuery(search), [search]);
  const token = groupId === null ? (q?.token ?? null) : null;
  const pages = usePagedQuery(membersQuery(db, eventId, token, order, groupId), GUEST_PAGE);
  const { items, setVisibleRange } = pages;
  useWholeWindowLive(items.length, setVisibleRange);
  const members = useMemo(
    () => (q ? items.filter((m) => q.matches(m.searchTokens)) : items),
    [items, q],
  );
  const ids = useMemo(() => members.map((m) => m.userId), [members]);
  const answers = useDocsByIds(rsvpsByUserRef(db, eventId), ids);
  const replies = useQuestionAnswers(eventId, ids, questionsAsked);
  const rows: GuestRow[] = members.map((m) => ({
    uid: m.userId,
    member: m,
    answers: answers.docs.get(m.userId),
    questionAnswers: replies.get(m.userId),
  }));
  const shown =
    noAnswerTo === null
      ? rows
      : answers.loading
        ? []
        : rows.filter((r) => !r.answers?.statuses[noAnswerTo]);
  return {
    rows: shown,
    loading: pages.loading || answers.loading,
    hasMore: pages.hasMore,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
    error: pages.error,
  };
}

/**
 * The members whose answer to `itemId` is `status`, page by page, each with their member
 * document. Search and the name order apply to the loaded pages (a query cannot order answer
 * maps by name: the filtered field is a different map key per item).
 */
export function useGuestsByAnswer(
  eventId: string,
  itemId: string,
  status: RsvpState,
  order: MemberOrder,
  search: string,
  questionsAsked: boolean,
  groupId: string | null = null,
): GuestPages {
  const db = useDb();
  const pages = usePagedQuery(answersQuery(db, eventId, itemId, status), GUEST_PAGE);
  const { items, setVisibleRange } = pages;
  useWholeWindowLive(items.length, setVisibleRange);
  const ids = useMemo(() => items.map((a) => a.id), [items]);
  const members = useDocsByIds(membersRef(db, eventId), ids);
  const replies = useQuestionAnswers(eventId, ids, questionsAsked);
  const q = useMemo(() => searchQuery(search), [search]);
  const rows: GuestRow[] = items
    .map((a) => ({
      uid: a.id,
      member: members.docs.get(a.id),
      answers: a,
      questionAnswers: replies.get(a.id),
    }))
    .filter(
      (r) =>
        !q ||
        q.matches(r.member?.searchTokens ?? memberSearchTokens(r.answers.user.displayName, '')),
    )
    // A group filter applies to the loaded page too (its member documents say their groups).
    .filter((r) => groupId === null || (r.member?.groupIds ?? []).includes(groupId));
  if (order === 'name') {
    rows.sort((a, b) => guestName(a).localeCompare(guestName(b)));
  }
  return {
    rows,
    loading: pages.loading || members.loading,
    hasMore: pages.hasMore,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
    error: pages.error,
  };
}

/** One group's totals for an item, as the guest list shows them. */
export interface GroupTotals {
  going: number;
  waitlisted: number;
  maybe: number;
  notGoing: number;
  goingHeads: number;
  waitlistedHeads: number;
  /** Members in the group (the "No answer" base). */
  members: number;
}

/** What the aggregation queries answer for one state with heads. */
export interface HeadsAggregate {
  /** Answers in the state. */
  all: number;
  /** Those with a stored party, and the sum of their sizes (an answer without one is 1 head). */
  withParty: number;
  partySizes: number;
}

/** Heads of a state: the parties' sizes, plus one for each answer without a party. */
export function headsOf(a: HeadsAggregate): number {
  return a.partySizes + Math.max(0, a.all - a.withParty);
}

/**
 * The guest list's totals for one guest group (docs/decisions.md, "Guest list"): aggregation
 * queries over the item's answers in the group (each answer carries its member's groups) and
 * over the group's members: counts and sums, a handful of reads whatever the group's size, no
 * member read. Read again when the item's stored totals move (an answer changed) or `refresh`
 * does (members moved between groups); null while loading or without a group.
 */
export function useGroupTotals(
  eventId: string,
  itemId: string | null,
  groupId: string | null,
  refresh: unknown,
): GroupTotals | null {
  const db = useDb();
  const [totals, setTotals] = useState<{ key: string; value: GroupTotals } | null>(null);
  const key = `${eventId}/${itemId ?? ''}/${groupId ?? ''}`;
  useEffect(() => {
    if (itemId === null || groupId === null) return;
    let live = true;
    const inGroup = (state: RsvpState) =>
      query(
        itemAnswersQuery(db, eventId, itemId, state),
        where('groupIds', 'array-contains', groupId),
      );
    const counted = (state: RsvpState) =>
      getAggregateFromServer(inGroup(state), { n: count() }).then((r) => r.data().n);
    const withHeads = async (state: RsvpState): Promise<HeadsAggregate> => {
      const [all, parties] = await Promise.all([
        counted(state),
        // Both aggregations of one query consider only answers with a party.
        getAggregateFromServer(inGroup(state), { n: count(), size: sum('party.size') }),
      ]);
      return { all, withParty: parties.data().n, partySizes: parties.data().size };
    };
    const members = getAggregateFromServer(
      query(membersRef(db, eventId), where('groupIds', 'array-contains', groupId)),
      { n: count() },
    ).then((r) => r.data().n);
    void Promise.all([
      withHeads('going'),
      withHeads('waitlisted'),
      counted('maybe'),
      counted('not_going'),
      members,
    ])
      .then(([going, waitlisted, maybe, notGoing, size]) => {
        if (!live) return;
        setTotals({
          key,
          value: {
            going: going.all,
            waitlisted: waitlisted.all,
            maybe,
            notGoing,
            goingHeads: headsOf(going),
            waitlistedHeads: headsOf(waitlisted),
            members: size,
          },
        });
      })
      .catch((err: unknown) => console.warn('The group totals failed', err));
    return () => {
      live = false;
    };
  }, [db, eventId, itemId, groupId, key, refresh]);
  return totals?.key === key ? totals.value : null;
}

/** The name a row shows: the member's, else the one stored with the answers. */
export function guestName(row: GuestRow): string {
  return row.member?.user.displayName || row.answers?.user.displayName || 'Guest';
}

export function recordAnswer(
  eventId: string,
  scheduleId: string,
  uid: string,
  status: RsvpStatus,
): Promise<unknown> {
  return callApi(API.recordRsvp, {
    params: { eventId, scheduleId, userId: uid },
    body: { status },
  });
}

/** A member's own plus-one allowance, or null for the event's (admins). */
export async function setMemberPlusOnes(
  eventId: string,
  uid: string,
  plusOnesAllowed: number | null,
): Promise<number | null> {
  const res = await callApi(API.setMemberPlusOnes, {
    params: { eventId, userId: uid },
    body: { plusOnesAllowed },
  });
  return res.plusOnesAllowed;
}

// ---- Pending invitations ----------------------------------------------------------------------

/** Pending invitations, newest first (index: status + invitedAt desc). */
export function pendingInvitationsQuery(
  db: Firestore,
  eventId: string,
): Query<InvitationDoc, InvitationDoc> {
  return query(
    invitationsRef(db, eventId),
    where('status', '==', 'pending'),
    orderBy('invitedAt', 'desc'),
  );
}

export interface PendingInvitationPages {
  invitations: InvitationDoc[];
  /** The inviter's name while they are a member of the event; null otherwise. */
  inviterName(invitation: InvitationDoc): string | null;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

export function usePendingInvitations(eventId: string): PendingInvitationPages {
  const db = useDb();
  const pages = usePagedQuery(pendingInvitationsQuery(db, eventId), GUEST_PAGE);
  const { items, setVisibleRange } = pages;
  useWholeWindowLive(items.length, setVisibleRange);
  // Who invited each: the loaded page's inviters, read by id (a few admins, not the guests).
  const inviterIds = useMemo(
    () => [...new Set(items.map((i) => i.invitedByUserId).filter(Boolean))].sort(),
    [items],
  );
  const inviters = useDocsByIds(membersRef(db, eventId), inviterIds);
  return {
    invitations: items,
    inviterName: (inv) => inviters.docs.get(inv.invitedByUserId)?.user.displayName ?? null,
    loading: pages.loading,
    hasMore: pages.hasMore,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
  };
}

export async function invitationLink(eventId: string, id: string): Promise<string> {
  const res = await callApi(API.invitationLink, { params: { eventId, invitationId: id } });
  return res.inviteUrl;
}

export function resendInvitation(eventId: string, id: string) {
  return callApi(API.resendInvitation, { params: { eventId, invitationId: id } });
}

export function revokeInvitation(eventId: string, id: string) {
  return callApi(API.revokeInvitation, { params: { eventId, invitationId: id } });
}
