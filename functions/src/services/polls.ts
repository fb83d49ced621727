/**
 * Date polls (docs/product.md, "Date polls"; docs/api.md, "Date polls"): admins propose dates
 * for the event (while its dates are TBD) or a schedule item, members answer Yes / If need be /
 * No, and the host picks one, which sets the dates and closes the poll in one transaction. A
 * ballot is one document per member; the tallies are shards that each ballot moves in its own
 * transaction (docs/performance.md, "Date poll tallies"). The e-mails are polls-mail.ts's.
 */
import { randomBytes } from 'node:crypto';
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { PollAnswer, PollOption, PollTarget } from '@gatherly/domain/entities/polls';
import {
  POLL_MESSAGES,
  acceptsAnswers,
  mergePollOptions,
  pickedDates,
  pollIdFor,
  pollProblem,
  pollReminderDue,
  pollShardOf,
  tallyMoves,
  type CreatePollValues,
  type UpdatePollValues,
} from '@gatherly/domain/polls';
import { groupLimit, itemGroupIds, seesItem } from '@gatherly/domain/groups';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { requirePermission, type Located } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { PollBallotRecord, PollRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { badRequest, conflict, notFound } from '../http.ts';
import { personSummary } from '../users.ts';
import { SCHEDULE_ITEM_NOT_FOUND } from './schedule.ts';

/** 8 random base-36 characters: unique among a poll's 20 options, safe as a field name. */
export function newOptionId(): string {
  return BigInt(`0x${randomBytes(6).toString('hex')}`)
    .toString(36)
    .padStart(8, '0')
    .slice(-8);
}

const toTimestamp = (d: Date | null) => (d ? Timestamp.fromDate(d) : null);

/**
 * Creates a poll (admins): for the event while its dates are TBD (`scheduleId` null), or for a
 * schedule item. One poll per target; the options are checked in the event's zone.
 */
export async function createPoll(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  values: CreatePollValues,
  now: Date = new Date(),
): Promise<PollRecord> {
  const s = store();
  const { event } = await requirePermission(caller, eventId, 'manageSchedule', { tx });
  const target: PollTarget =
    values.scheduleId === null
      ? { kind: 'event' }
      : { kind: 'schedule', scheduleId: values.scheduleId };
  const ref = s.polls(eventId).doc(pollIdFor(target));
  const [existing, item] = await Promise.all([
    tx.get(ref),
    target.kind === 'schedule' ? tx.get(s.schedule(eventId).doc(target.scheduleId)) : null,
  ]);
  if (item && !item.exists) throw notFound(SCHEDULE_ITEM_NOT_FOUND);
  // The poll takes its item's limit (read in this transaction, so a limit written meanwhile
  // retries it); later limit edits carry it along in the same batch (the rules require it).
  const itemData = item?.data();
  if (target.kind === 'event' && event.startDate) throw conflict(POLL_MESSAGES.eventHasDates);
  if (existing.exists) throw conflict(POLL_MESSAGES.pollExists);
  const options: PollOption[] = values.options.map((o) => ({
    id: newOptionId(),
    start: o.start,
    end: o.end ?? null,
    allDay: o.allDay,
  }));
  const problem = pollProblem(options, values.deadline, eventTimeZone(event), now);
  if (problem) throw badRequest(problem);
  const poll: PollRecord = {
    id: ref.id,
    eventId,
    target,
    title: values.title,
    ...groupLimit(itemData ? itemGroupIds(itemData) : []),
    options,
    deadline: values.deadline,
    status: 'open',
    chosenOptionId: null,
    createdBy: caller.uid,
    createdAt: Timestamp.fromDate(now),
    closedAt: null,
    reminderDueAt: toTimestamp(pollReminderDue(values.deadline, now)),
    announcedCount: null,
  };
  tx.create(ref, poll);
  return poll;
}

/** Reads an open poll in `tx` for an admin's change; 404 / 409 otherwise. */
async function openPollForAdmin(tx: Transaction, caller: Caller, { eventId, id }: Located) {
  const membership = await requirePermission(caller, eventId, 'manageSchedule', {
    tx,
    notFound: POLL_MESSAGES.pollNotFound,
  });
  const ref = store().polls(eventId).doc(id);
  const poll = (await tx.get(ref)).data();
  if (!poll) throw notFound(POLL_MESSAGES.pollNotFound);
  if (poll.status !== 'open') throw conflict(POLL_MESSAGES.pollClosed);
  return { ...membership, ref, poll };
}

/**
 * Changes an open poll (admins): its title, deadline and options. Options people may have
 * answered are kept by id and cannot change; removed ones drop out of the tallies shown.
 */
export async function updatePoll(
  tx: Transaction,
  caller: Caller,
  located: Located,
  values: UpdatePollValues,
  now: Date = new Date(),
): Promise<PollRecord> {
  const { event, ref, poll } = await openPollForAdmin(tx, caller, located);
  const options = mergePollOptions(poll.options, values.options, newOptionId);
  if (typeof options === 'string') throw badRequest(options);
  const problem = pollProblem(options, values.deadline, eventTimeZone(event), now);
  if (problem) throw badRequest(problem);
  const changes = {
    title: values.title,
    options,
    deadline: values.deadline,
    reminderDueAt: toTimestamp(pollReminderDue(values.deadline, now)),
  };
  tx.update(ref, changes);
  return { ...poll, ...changes };
}

/**
 * The caller's answers (members): merged into their ballot (options left out keep their
 * answer), and the moves added to their tally shard in the same transaction, so the sum of
 * the shards always equals the ballots.
 */
export async function castBallot(
  tx: Transaction,
  caller: Caller,
  { eventId, id: pollId }: Located,
  answers: Partial<Record<string, PollAnswer>>,
  now: Date = new Date(),
): Promise<PollBallotRecord> {
  const s = store();
  const { member } = await requirePermission(caller, eventId, 'rsvp', {
    tx,
    notFound: POLL_MESSAGES.pollNotFound,
  });
  const ballotRef = s.pollBallots(eventId, pollId).doc(caller.uid);
  const [poll, before] = await Promise.all([
    tx.get(s.polls(eventId).doc(pollId)).then((d) => d.data()),
    tx.get(ballotRef).then((d) => d.data()),
  ]);
  // A poll of an item limited to groups the member is outside of does not exist for them.
  if (!poll || !seesItem(member, poll)) throw notFound(POLL_MESSAGES.pollNotFound);
  if (poll.status !== 'open') throw conflict(POLL_MESSAGES.pollClosed);
  if (!acceptsAnswers(poll, now)) throw conflict(POLL_MESSAGES.pastDeadline);
  const current = new Set(poll.options.map((o) => o.id));
  if (Object.keys(answers).some((id) => !current.has(id))) {
    throw badRequest(POLL_MESSAGES.unknownOption);
  }
  const next: Partial<Record<string, PollAnswer>> = {};
  for (const [id, a] of Object.entries({ ...before?.answers, ...answers })) {
    if (a && current.has(id)) next[id] = a;
  }
  const ballot: PollBallotRecord = {
    id: caller.uid,
    eventId,
    pollId,
    userId: caller.uid,
    user: personSummary(member.user),
    answers: next,
    updatedAt: Timestamp.fromDate(now),
  };
  tx.set(ballotRef, ballot);
  const moves = tallyMoves(before?.answers ?? null, next);
  if (Object.keys(moves).length > 0 || !before) {
    const counts: Record<string, Record<string, FieldValue>> = {};
    for (const [id, m] of Object.entries(moves)) {
      counts[id] = Object.fromEntries(
        Object.entries(m).map(([answer, by]) => [answer, FieldValue.increment(by ?? 0)]),
      );
    }
    const shard = s.pollTallies(eventId, pollId).doc(String(pollShardOf(caller.uid)));
    tx.set(shard, { counts, voters: FieldValue.increment(before ? 0 : 1) }, { merge: true });
  }
  return ballot;
}

/**
 * The host picks an option (admins): in one transaction the event's dates (or the item's
 * times) are set from it and the poll closes, so a second pick finds it closed (409) and the
 * dates are set once. The e-mails follow (polls-mail.ts, `announcePickedDate`).
 */
export async function pickOption(
  tx: Transaction,
  caller: Caller,
  located: Located,
  optionId: string,
  now: Date = new Date(),
): Promise<PollRecord> {
  const s = store();
  const { event, ref, poll } = await openPollForAdmin(tx, caller, located);
  const option = poll.options.find((o) => o.id === optionId);
  if (!option) throw badRequest(POLL_MESSAGES.unknownOption);
  const { start, end } = pickedDates(option, eventTimeZone(event));
  if (poll.target.kind === 'schedule') {
    const itemRef = s.schedule(located.eventId).doc(poll.target.scheduleId);
    if (!(await tx.get(itemRef)).exists) throw notFound(SCHEDULE_ITEM_NOT_FOUND);
    tx.update(itemRef, { startTime: start, endTime: end });
  } else {
    tx.update(s.event(located.eventId), { startDate: start, endDate: end });
  }
  const closed = {
    status: 'closed' as const,
    chosenOptionId: option.id,
    closedAt: Timestamp.fromDate(now),
    reminderDueAt: null,
    announcedCount: null,
  };
  tx.update(ref, closed);
  return { ...poll, ...closed };
}

/**
 * Deletes a poll with its ballots and tallies (admins; open or closed: deleting a closed poll
 * keeps the dates it set). The poll goes first in a transaction, so every screen drops it at
 * once; its ballots (up to 1,000) and shards follow in bulk.
 */
export async function deletePoll(caller: Caller, { eventId, id }: Located): Promise<void> {
  const ref = store().polls(eventId).doc(id);
  await db().runTransaction(async (tx) => {
    await requirePermission(caller, eventId, 'manageSchedule', {
      tx,
      notFound: POLL_MESSAGES.pollNotFound,
    });
    if (!(await tx.get(ref)).exists) throw notFound(POLL_MESSAGES.pollNotFound);
    tx.delete(ref);
  });
  await db().recursiveDelete(store().pollBallots(eventId, id));
  await db().recursiveDelete(store().pollTallies(eventId, id));
}
