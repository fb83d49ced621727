// Date poll data (docs/product.md, "Date polls"; docs/performance.md, "Date poll screen"): the
// event's open polls, each poll's tally shards and the caller's ballot live — a fixed number of
// documents whatever the event's size — "who answered what" a page at a time when asked for, and
// the writes, all through the API (the rules refuse direct writes).
import { doc, limit, orderBy, query, where, type Query } from 'firebase/firestore';
import { useMemo } from 'react';
import { API } from '@gatherly/domain/api/endpoints';
import type { PollAnswer } from '@gatherly/domain/entities/polls';
import {
  POLL_TALLY_SHARDS,
  rankOptions,
  sumTallies,
  type PollOptionInput,
  type RankedOption,
} from '@gatherly/domain/polls';
import { callApi } from '../../lib/api-client.ts';
import { memberRef, pollBallotsRef, pollTalliesRef, pollsRef } from '../../lib/db/refs.ts';
import { useDb, useLiveDoc, useLiveQueries, useLiveQuery } from '../../lib/live/index.ts';
import type { PollBallotDoc, PollDoc } from '../../lib/types.ts';

/**
 * Open polls the dashboard shows at once: the event's own and a few schedule items'. Bounded
 * queries; an event with more open polls shows the first ones (docs/decisions.md, "Date polls").
 */
export const OPEN_POLLS_SHOWN = 5;

/** Names per page in "who answered what": one bounded read however many answered. */
export const BALLOT_PAGE = 20;

/**
 * The open-poll queries of a viewer (pure: the tests check the shapes). The rules are not
 * filters and a limited item's poll carries the item's limit: admins read every open poll;
 * a guest asks for those open to everyone and, per group of theirs, those limited to it (as
 * the schedule does, features/groups/visible-schedule.ts). Each is bounded.
 */
export function openPollQueries(
  polls: Query<PollDoc>,
  admin: boolean,
  groupIds: readonly string[],
): Map<string, Query<PollDoc>> {
  const open = query(polls, where('status', '==', 'open'));
  const out = new Map<string, Query<PollDoc>>();
  if (admin) {
    out.set('all', query(open, limit(OPEN_POLLS_SHOWN)));
    return out;
  }
  out.set('everyone', query(open, where('audience', '==', 'everyone'), limit(OPEN_POLLS_SHOWN)));
  for (const id of [...new Set(groupIds)].sort()) {
    out.set(
      `group:${id}`,
      query(open, where(`groupAccess.${id}`, '==', true), limit(OPEN_POLLS_SHOWN)),
    );
  }
  return out;
}

/** The answers of several queries as one list: each poll once, the event's own first, then
 * by when they were proposed, at most OPEN_POLLS_SHOWN. */
export function mergeOpenPolls(lists: Iterable<readonly PollDoc[]>): PollDoc[] {
  const byId = new Map<string, PollDoc>();
  for (const list of lists) for (const poll of list) byId.set(poll.id, poll);
  return [...byId.values()]
    .sort(
      (a, b) =>
        Number(b.target.kind === 'event') - Number(a.target.kind === 'event') ||
        (a.createdAt?.toMillis() ?? 0) - (b.createdAt?.toMillis() ?? 0) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, OPEN_POLLS_SHOWN);
}

/** The open polls `uid` sees in the event (a limited item's only in its groups), live. */
export function useOpenPolls(
  eventId: string,
  uid: string,
  admin: boolean,
): { loading: boolean; polls: PollDoc[] } {
  const db = useDb();
  // The member's own document says their groups (admins need none).
  const me = useLiveDoc(memberRef(db, eventId, uid));
  const groupKey = admin ? '' : (me.data?.groupIds ?? []).join(',');
  const queries = useMemo(
    () => openPollQueries(pollsRef(db, eventId), admin, groupKey === '' ? [] : groupKey.split(',')),
    [db, eventId, admin, groupKey],
  );
  const res = useLiveQueries(queries, `${eventId}/${String(admin)}`);
  const polls = useMemo(() => mergeOpenPolls(res.values.values()), [res.values]);
  return { loading: res.loading || (!admin && me.loading), polls };
}

export interface PollTallies {
  loading: boolean;
  /** Best first, with exact counts summed over the shards. */
  ranked: RankedOption[];
  /** Members who answered at least one date. */
  voters: number;
  /** The caller's ballot; undefined before their first answer. */
  mine: PollBallotDoc | undefined;
}

/** One poll's tallies (its ≤ 20 shards) and the caller's ballot, live. */
export function usePollTallies(eventId: string, poll: PollDoc, uid: string): PollTallies {
  const db = useDb();
  const shards = useLiveQuery(
    query(pollTalliesRef(db, eventId, poll.id), limit(POLL_TALLY_SHARDS)),
  );
  const mine = useLiveDoc(doc(pollBallotsRef(db, eventId, poll.id), uid));
  const totals = useMemo(() => sumTallies(shards.data), [shards.data]);
  const ranked = useMemo(
    () => rankOptions(poll.options, totals.counts),
    [poll.options, totals.counts],
  );
  return {
    loading: shards.loading || mine.loading,
    ranked,
    voters: totals.voters,
    mine: mine.data,
  };
}

/** The poll's ballots by name, for paging (only read where the rules let the viewer). */
export function ballotsByName(
  db: ReturnType<typeof useDb>,
  eventId: string,
  pollId: string,
): Query<PollBallotDoc, PollBallotDoc> {
  return query(pollBallotsRef(db, eventId, pollId), orderBy('user.displayName'));
}

export function createPoll(
  eventId: string,
  body: {
    scheduleId: string | null;
    title: string;
    options: PollOptionInput[];
    deadline: string | null;
  },
) {
  return callApi(API.createPoll, { params: { eventId }, body });
}

/** Answers by option id: the ballot merges, so other answers (from another device too) stay. */
export function answerPoll(
  eventId: string,
  pollId: string,
  answers: Partial<Record<string, PollAnswer>>,
) {
  return callApi(API.answerPoll, { params: { eventId, pollId }, body: { answers } });
}

export function pickPollOption(eventId: string, pollId: string, optionId: string) {
  return callApi(API.pickPollOption, { params: { eventId, pollId }, body: { optionId } });
}

export function deletePoll(eventId: string, pollId: string) {
  return callApi(API.deletePoll, { params: { eventId, pollId } });
}

/** An open poll's new title, deadline and dates (kept ones by id, new ones without). */
export function updatePoll(
  eventId: string,
  pollId: string,
  body: { title: string; options: PollOptionInput[]; deadline: string | null },
) {
  return callApi(API.updatePoll, { params: { eventId, pollId }, body });
}
