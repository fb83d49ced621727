// events/{e}/polls/{p}: date polls, their ballots (one per member) and tally shards
// (docs/data-model.md, "Date polls"; the arithmetic: docs/performance.md, "Date poll tallies").
import type { ItemAudience } from '../groups.ts';
import type { IsoDateString, PersonSummary } from './common.ts';

/** A member's answer to one option. */
export type PollAnswer = 'yes' | 'ifNeedBe' | 'no';

/** What the poll decides: the event's own dates (while TBD) or one schedule item's time. */
export type PollTarget = { kind: 'event' } | { kind: 'schedule'; scheduleId: string };

/**
 * One proposed date. Instants, entered and shown in the event's zone. `allDay`: whole days,
 * `start` is the first day's midnight in the event's zone and `end` the last day's (null: one
 * day); otherwise a date-time with an optional end.
 */
export interface PollOption {
  /** Chosen by the server; stable while the poll lives, so answers keep their option. */
  id: string;
  start: IsoDateString;
  end: IsoDateString | null;
  allDay: boolean;
}

export type PollStatus = 'open' | 'closed';

export interface Poll<Time = IsoDateString> {
  /** 'event' for the event's dates, `item-{scheduleId}` for a schedule item's: one per target. */
  id: string;
  eventId: string;
  target: PollTarget;
  /** What is being decided, as the host puts it ('' = the event's or item's name). */
  title: string;
  /**
   * Who sees the poll: a copy of its schedule item's limit (domain/src/groups.ts), written with
   * the item's in one batch, so the rules decide from the poll alone; 'everyone' for the
   * event's own poll (docs/decisions.md, "A limited item's poll").
   */
  audience: ItemAudience;
  groupAccess: Partial<Record<string, true>>;
  options: PollOption[];
  /** Answers close then (an instant), or null: open until the host picks. */
  deadline: IsoDateString | null;
  status: PollStatus;
  /** The option the host picked; null while open. */
  chosenOptionId: string | null;
  createdBy: string;
  createdAt: Time;
  closedAt: Time | null;
  /**
   * When the scheduler reminds members who have not answered (a day before the deadline, or at
   * once when the deadline is nearer); null: no deadline, already reminded, or closed.
   */
  reminderDueAt: Time | null;
  /**
   * Members e-mailed the picked date; null until every e-mail is queued (the outbox: the
   * scheduler finishes a fan-out a crash interrupted).
   */
  announcedCount: number | null;
}

/**
 * events/{e}/polls/{p}/ballots/{uid}: one member's answers to a poll, written only by
 * PUT /api/events/{e}/polls/{p}/ballot in the transaction that moves the tallies.
 */
export interface PollBallot<Time = IsoDateString> {
  /** The member's uid (the document id). */
  id: string;
  eventId: string;
  pollId: string;
  userId: string;
  /** Their name and photo, so "who answered what" needs no member reads. */
  user: PersonSummary;
  /** Per option id; options left out are unanswered. */
  answers: Partial<Record<string, PollAnswer>>;
  updatedAt: Time;
}

/** One option's counts. */
export type PollCounts = Record<PollAnswer, number>;

/**
 * events/{e}/polls/{p}/tallies/{k}: one shard of the exact tallies; a ballot moves only its
 * member's shard (`pollShardOf`), so the sum over the shards is the tally.
 */
export interface PollTallyShard {
  /** Per option id. */
  counts: Partial<Record<string, Partial<PollCounts>>>;
  /** Members with a ballot. */
  voters: number;
}
