/**
 * Date polls (docs/product.md, "Date polls"): the request schemas shared by the form and the
 * functions, the checks that need the event's zone, the tally arithmetic (one ballot per member,
 * exact tallies in shards: docs/performance.md, "Date poll tallies"), the ranking (most Yes,
 * then most If need be) and how options read. Pure: no Firebase.
 */
import * as yup from 'yup';
import type { TimeZoneId } from './entities/common.ts';
import type {
  PollAnswer,
  PollCounts,
  PollOption,
  PollTallyShard,
  PollTarget,
} from './entities/polls.ts';
import { dayKey, formatZonedDate, formatZonedDateTime, formatZonedTime } from './dates.ts';
import { buildIcs, icsFileName, type IcsEntry } from './ics.ts';
import { isIsoDateTime } from './schemas.ts';
import { toInstant, toIsoInstant, toZoned } from './time-zones.ts';

export const POLL_ANSWERS: readonly PollAnswer[] = ['yes', 'ifNeedBe', 'no'];

export const POLL_ANSWER_LABELS: Readonly<Record<PollAnswer, string>> = {
  yes: 'Yes',
  ifNeedBe: 'If need be',
  no: 'No',
};

export const MIN_POLL_OPTIONS = 2;
export const MAX_POLL_OPTIONS = 20;
export const MAX_POLL_TITLE = 120;
/**
 * Tally shards per poll: a vote writes one, the poll screen reads all (docs/performance.md,
 * "Date poll tallies": 1,000 members answering within a minute write each shard under 1/s).
 */
export const POLL_TALLY_SHARDS = 20;
/** The reminder to members who have not answered goes this long before the deadline. */
export const POLL_REMINDER_LEAD_MS = 24 * 3_600_000;
/** Option ids the server gives: short, and safe as Firestore field names. */
export const POLL_OPTION_ID_PATTERN = /^[a-z0-9]{4,16}$/;

export const POLL_MESSAGES = {
  optionCount: `Propose between ${MIN_POLL_OPTIONS} and ${MAX_POLL_OPTIONS} dates`,
  startRequired: 'Each date needs a start',
  invalidDate: 'Please enter a valid date',
  endBeforeStart: 'A date cannot end before it starts',
  notMidnight: "A whole-day option must start at midnight in the event's time zone",
  duplicate: 'Each date can be proposed only once',
  deadlinePast: 'The deadline must be in the future',
  titleTooLong: `Keep the title under ${MAX_POLL_TITLE} characters`,
  unknownOption: 'That date is not one of the options',
  changedOption: 'A date people may have answered cannot change: remove it and propose the new one',
  pollNotFound: 'Poll not found',
  pollClosed: 'This poll is closed: the date is set',
  pollExists: 'This already has a date poll: open it to change the options',
  eventHasDates: 'This event already has dates: clear them to poll for new ones',
  pastDeadline: 'The deadline for answers has passed',
  answerRequired: 'Answer at least one date',
  invalidAnswer: 'Answers are Yes, If need be or No',
} as const;

// ---------------------------------------------------------------------------------------------
// Requests

const optionSchema = yup
  .object({
    /** Present for an option the poll already has (kept as it is); absent for a new one. */
    id: yup.string().optional().matches(POLL_OPTION_ID_PATTERN, POLL_MESSAGES.unknownOption),
    start: yup
      .string()
      .required(POLL_MESSAGES.startRequired)
      .test('iso', POLL_MESSAGES.invalidDate, (v) => isIsoDateTime(v))
      .transform((v: unknown) => (isIsoDateTime(v) ? toIsoInstant(v) : v)),
    end: yup
      .string()
      .nullable()
      .default(null)
      .transform((v: unknown) =>
        v === '' || v === undefined ? null : isIsoDateTime(v) ? toIsoInstant(v) : v,
      )
      .test(
        'iso',
        POLL_MESSAGES.invalidDate,
        (v) => v === null || v === undefined || isIsoDateTime(v),
      ),
    allDay: yup.boolean().typeError(POLL_MESSAGES.invalidDate).default(false),
  })
  .noUnknown('Unknown field: ${unknown}');

const pollFields = {
  title: yup.string().trim().max(MAX_POLL_TITLE, POLL_MESSAGES.titleTooLong).default(''),
  options: yup
    .array(optionSchema)
    .defined(POLL_MESSAGES.optionCount)
    .min(MIN_POLL_OPTIONS, POLL_MESSAGES.optionCount)
    .max(MAX_POLL_OPTIONS, POLL_MESSAGES.optionCount),
  deadline: yup
    .string()
    .nullable()
    .default(null)
    .transform((v: unknown) =>
      v === '' || v === undefined ? null : isIsoDateTime(v) ? toIsoInstant(v) : v,
    )
    .test(
      'iso',
      POLL_MESSAGES.invalidDate,
      (v) => v === null || v === undefined || isIsoDateTime(v),
    ),
};

/**
 * POST /api/events/{e}/polls: a poll for the event's dates (`scheduleId` null) or a schedule
 * item's. Dates are instants; the form converts what people type in the event's zone.
 */
export const createPollSchema = yup
  .object({
    scheduleId: yup.string().trim().max(128).nullable().default(null),
    ...pollFields,
  })
  .noUnknown('Unknown field: ${unknown}');

/** PUT /api/events/{e}/polls/{p}: the whole option list (kept ones by id), title, deadline. */
export const updatePollSchema = yup.object(pollFields).noUnknown('Unknown field: ${unknown}');

/** PUT /api/events/{e}/polls/{p}/ballot: the caller's answers, by option id (all of them). */
export const pollBallotSchema = yup
  .object({
    // A map keyed by option id: `mixed`, as an object schema without fields would strip them.
    answers: yup
      .mixed<Record<string, unknown>>()
      .defined(POLL_MESSAGES.answerRequired)
      .test('answers', POLL_MESSAGES.invalidAnswer, (value: unknown) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        return Object.entries(value).every(
          ([id, a]) => POLL_OPTION_ID_PATTERN.test(id) && isPollAnswer(a),
        );
      })
      .test(
        'some',
        POLL_MESSAGES.answerRequired,
        (value: unknown) =>
          typeof value === 'object' && value !== null && Object.keys(value).length > 0,
      ),
  })
  .noUnknown('Unknown field: ${unknown}');

/** POST /api/events/{e}/polls/{p}/pick: the option that becomes the date. */
export const pollPickSchema = yup
  .object({ optionId: yup.string().required(POLL_MESSAGES.unknownOption) })
  .noUnknown('Unknown field: ${unknown}');

export type CreatePollValues = yup.InferType<typeof createPollSchema>;
export type UpdatePollValues = yup.InferType<typeof updatePollSchema>;
export type PollOptionInput = CreatePollValues['options'][number];

/** The answers of a ballot request, typed (the schema has checked every value). */
export function ballotAnswers(value: object): Partial<Record<string, PollAnswer>> {
  const answers: Partial<Record<string, PollAnswer>> = {};
  for (const [id, a] of Object.entries(value)) {
    if (isPollAnswer(a)) answers[id] = a;
  }
  return answers;
}

export function isPollAnswer(value: unknown): value is PollAnswer {
  return typeof value === 'string' && (POLL_ANSWERS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Checks that need the event's zone and the clock

/** Midnight in the zone: a whole-day option's start (and end) is. */
function isMidnightIn(instant: string, timeZone: TimeZoneId): boolean {
  const zoned = toZoned(instant, timeZone);
  return zoned !== null && zoned.hour === 0 && zoned.minute === 0 && zoned.second === 0;
}

const optionKey = (o: Pick<PollOption, 'start' | 'end' | 'allDay'>) =>
  `${o.allDay ? 'day' : 'time'}|${o.start}|${o.end ?? ''}`;

/**
 * The first problem with a poll's options and deadline as a sentence, or null: every option
 * ends after it starts, whole days start at midnight in the event's zone, no date twice, and a
 * deadline still ahead.
 */
export function pollProblem(
  options: readonly Pick<PollOption, 'start' | 'end' | 'allDay'>[],
  deadline: string | null,
  timeZone: TimeZoneId,
  now: Date = new Date(),
): string | null {
  if (options.length < MIN_POLL_OPTIONS || options.length > MAX_POLL_OPTIONS)
    return POLL_MESSAGES.optionCount;
  const seen = new Set<string>();
  for (const o of options) {
    const start = toInstant(o.start);
    const end = o.end === null ? null : toInstant(o.end);
    if (!start || (o.end !== null && !end)) return POLL_MESSAGES.invalidDate;
    if (end && end.epochMilliseconds < start.epochMilliseconds) return POLL_MESSAGES.endBeforeStart;
    if (o.allDay && (!isMidnightIn(o.start, timeZone) || (o.end && !isMidnightIn(o.end, timeZone))))
      return POLL_MESSAGES.notMidnight;
    const key = optionKey(o);
    if (seen.has(key)) return POLL_MESSAGES.duplicate;
    seen.add(key);
  }
  if (deadline !== null) {
    const at = toInstant(deadline);
    if (!at) return POLL_MESSAGES.invalidDate;
    if (at.epochMilliseconds <= now.getTime()) return POLL_MESSAGES.deadlinePast;
  }
  return null;
}

/**
 * The options of an edit: kept ones (by id) must equal what the poll has, new ones get ids from
 * `newId`. Returns the options, or the problem as a sentence.
 */
export function mergePollOptions(
  current: readonly PollOption[],
  requested: readonly PollOptionInput[],
  newId: () => string,
): PollOption[] | string {
  const byId = new Map(current.map((o) => [o.id, o]));
  const merged: PollOption[] = [];
  for (const r of requested) {
    const option = { start: r.start, end: r.end ?? null, allDay: r.allDay };
    if (r.id === undefined) {
      merged.push({ id: newId(), ...option });
      continue;
    }
    const kept = byId.get(r.id);
    if (!kept) return POLL_MESSAGES.unknownOption;
    if (optionKey(kept) !== optionKey(option)) return POLL_MESSAGES.changedOption;
    merged.push(kept);
  }
  if (new Set(merged.map((o) => o.id)).size !== merged.length) return POLL_MESSAGES.duplicate;
  return merged;
}

/** When the scheduler reminds non-voters: a day before the deadline, or now when nearer. */
export function pollReminderDue(deadline: string | null, now: Date = new Date()): Date | null {
  const at = deadline === null ? null : toInstant(deadline);
  if (!at) return null;
  return new Date(Math.max(now.getTime(), at.epochMilliseconds - POLL_REMINDER_LEAD_MS));
}

/** Whether answers are still taken: open, and before the deadline. */
export function acceptsAnswers(
  poll: { status: string; deadline: string | null },
  now: Date = new Date(),
): boolean {
  if (poll.status !== 'open') return false;
  const at = poll.deadline === null ? null : toInstant(poll.deadline);
  return !at || now.getTime() < at.epochMilliseconds;
}

// ---------------------------------------------------------------------------------------------
// Ids and shards

/** The poll's document id: one poll per target. */
export function pollIdFor(target: PollTarget): string {
  return target.kind === 'event' ? 'event' : `item-${target.scheduleId}`;
}

/** The tally shard a member's ballot moves (stable per member, spread evenly: FNV-1a). */
export function pollShardOf(uid: string, shards: number = POLL_TALLY_SHARDS): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < uid.length; i += 1) {
    hash ^= uid.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

// ---------------------------------------------------------------------------------------------
// Tallies and ranking

export const zeroCounts = (): PollCounts => ({ yes: 0, ifNeedBe: 0, no: 0 });

/** +1/-1 per option and answer that a ballot change moves (empty when nothing changes). */
export function tallyMoves(
  before: Partial<Record<string, PollAnswer>> | null,
  after: Partial<Record<string, PollAnswer>>,
): Record<string, Partial<PollCounts>> {
  const moves: Record<string, Partial<PollCounts>> = {};
  const add = (id: string, answer: PollAnswer, by: number) => {
    const m = (moves[id] ??= {});
    m[answer] = (m[answer] ?? 0) + by;
    if (m[answer] === 0) delete m[answer];
    if (Object.keys(m).length === 0) delete moves[id];
  };
  for (const [id, a] of Object.entries(before ?? {})) if (a) add(id, a, -1);
  for (const [id, a] of Object.entries(after)) if (a) add(id, a, 1);
  return moves;
}

export interface PollTotals {
  counts: Record<string, PollCounts>;
  voters: number;
}

/** The sum of the shards. */
export function sumTallies(shards: readonly PollTallyShard[]): PollTotals {
  const counts: Record<string, PollCounts> = {};
  let voters = 0;
  for (const shard of shards) {
    voters += shard.voters;
    for (const [id, c] of Object.entries(shard.counts)) {
      const total = (counts[id] ??= zeroCounts());
      for (const a of POLL_ANSWERS) total[a] += c?.[a] ?? 0;
    }
  }
  return { counts, voters };
}

export interface RankedOption {
  option: PollOption;
  counts: PollCounts;
  /** Among the best: most Yes, then most If need be (ties share it); none before any Yes or If need be. */
  best: boolean;
}

const byPreference = (a: PollCounts, b: PollCounts) => b.yes - a.yes || b.ifNeedBe - a.ifNeedBe;

/** The options best first (most Yes, then If need be, then the earlier date). */
export function rankOptions(
  options: readonly PollOption[],
  counts: Readonly<Record<string, PollCounts>>,
): RankedOption[] {
  const rows = options.map((option) => ({ option, counts: counts[option.id] ?? zeroCounts() }));
  rows.sort(
    (a, b) =>
      byPreference(a.counts, b.counts) ||
      (toInstant(a.option.start)?.epochMilliseconds ?? 0) -
        (toInstant(b.option.start)?.epochMilliseconds ?? 0),
  );
  const top = rows[0]?.counts;
  return rows.map((row) => ({
    ...row,
    best: top !== undefined && top.yes + top.ifNeedBe > 0 && byPreference(row.counts, top) === 0,
  }));
}

/** The ids of the best options (see `rankOptions`). */
export function bestOptionIds(
  options: readonly PollOption[],
  counts: Readonly<Record<string, PollCounts>>,
): Set<string> {
  return new Set(
    rankOptions(options, counts)
      .filter((r) => r.best)
      .map((r) => r.option.id),
  );
}

// ---------------------------------------------------------------------------------------------
// Reading options, and what picking one sets

/**
 * How an option reads, in the event's zone with its label: "Sat, June 12, 2027 – Sun, June 13,
 * 2027" (whole days), "Sat, June 12, 2027, 7:00 PM PDT – 10:00 PM PDT".
 */
export function formatPollOption(
  option: Pick<PollOption, 'start' | 'end' | 'allDay'>,
  timeZone: TimeZoneId,
): string {
  if (option.allDay) {
    const first = formatZonedDate(option.start, timeZone);
    const last = option.end ? formatZonedDate(option.end, timeZone) : first;
    return last === first ? first : `${first} – ${last}`;
  }
  const start = formatZonedDateTime(option.start, timeZone);
  if (!option.end) return start;
  const sameDay = formatZonedDate(option.start, timeZone) === formatZonedDate(option.end, timeZone);
  return `${start} – ${sameDay ? formatZonedTime(option.end, timeZone) : formatZonedDateTime(option.end, timeZone)}`;
}

/**
 * The start and end the picked option gives the event or item. Whole days run from the first
 * day's midnight to the last day's 23:59 in the event's zone (computed in the zone, so a DST
 * change inside the range is kept).
 */
export function pickedDates(
  option: Pick<PollOption, 'start' | 'end' | 'allDay'>,
  timeZone: TimeZoneId,
): { start: string; end: string | null } {
  if (!option.allDay) return { start: option.start, end: option.end };
  const last = toZoned(option.end ?? option.start, timeZone);
  const end = last?.with({ hour: 23, minute: 59, second: 0, millisecond: 0 });
  return { start: option.start, end: end ? toIsoInstant(end.epochMilliseconds) : null };
}

export interface PickedDateIcsInput {
  eventId: string;
  event: { name: string; description: string; location: string };
  /** The schedule item the poll decided; null for the event itself. */
  item: { id: string; title: string; description: string; location: string } | null;
  option: Pick<PollOption, 'start' | 'end' | 'allDay'>;
  timeZone: TimeZoneId;
  url: string;
  now?: Date;
}

/**
 * The calendar file of a picked date (with the same UID as the event's or item's own .ics, so
 * calendars update one entry): whole days as all-day dates in the event's zone, date-times as
 * instants; the zone as X-WR-TIMEZONE.
 */
export function pickedDateIcs(input: PickedDateIcsInput): { filename: string; content: string } {
  const { event, item, option, timeZone } = input;
  const { start, end } = pickedDates(option, timeZone);
  const title = item ? item.title : event.name;
  const entry: IcsEntry = {
    uid: item ? `schedule-${input.eventId}-${item.id}@gatherly` : `event-${input.eventId}@gatherly`,
    title,
    description: item
      ? [event.name, item.description].filter((t) => t.trim() !== '').join('\n\n')
      : event.description,
    location: item ? item.location : event.location,
    start: option.allDay ? dayKey(option.start, timeZone) : start,
    end: option.allDay ? dayKey(option.end ?? option.start, timeZone) : end,
    url: input.url,
  };
  return { filename: icsFileName(title), content: buildIcs([entry], input.now, timeZone) };
}
