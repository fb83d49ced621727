// The Propose dates form's rows → the poll request (docs/product.md, "Date polls"): what people
// type is a wall-clock day or time in the event's zone, converted with the domain's time-zone
// helpers; the checks are the server's (domain/src/polls.ts), so the form says the same sentence
// the API would, before sending anything.
import { dateTimeLocalToIso } from '@gatherly/domain/dates';
import type { PollOption } from '@gatherly/domain/entities/polls';
import {
  MAX_POLL_OPTIONS,
  MIN_POLL_OPTIONS,
  POLL_MESSAGES,
  pollProblem,
  type PollOptionInput,
} from '@gatherly/domain/polls';

export interface DateRow {
  key: number;
  /** "2027-06-12" (whole days) or "2027-06-12T19:00" (times of day); '' = not filled. */
  start: string;
  /** The last day, or the end time; '' = none. */
  end: string;
}

export interface PollFormValues {
  rows: readonly DateRow[];
  /** Times of day rather than whole days. */
  withTimes: boolean;
  /** "2027-06-01T18:00" or ''. */
  deadline: string;
}

export type PollFormResult =
  | { ok: true; options: PollOptionInput[]; deadline: string | null }
  /** `row`: the index of the row the sentence is about, when it is about one. */
  | { ok: false; message: string; row: number | null };

export const emptyRows = (): DateRow[] => [
  { key: 1, start: '', end: '' },
  { key: 2, start: '', end: '' },
];

/** A new blank row, or null at the maximum. */
export function addedRow(rows: readonly DateRow[]): DateRow | null {
  if (rows.length >= MAX_POLL_OPTIONS) return null;
  return { key: Math.max(0, ...rows.map((r) => r.key)) + 1, start: '', end: '' };
}

/** Whether a row can go: the form keeps at least the minimum. */
export const canRemoveRow = (rows: readonly DateRow[]) => rows.length > MIN_POLL_OPTIONS;

type Problem = Extract<PollFormResult, { ok: false }>;

/** The filled rows as options (blank rows left out), with the row each came from. */
function rowOptions(
  values: Pick<PollFormValues, 'rows' | 'withTimes'>,
  timeZone: string,
): { options: PollOptionInput[]; rowOf: number[] } | Problem {
  const instant = (value: string) =>
    value === '' ? null : dateTimeLocalToIso(values.withTimes ? value : `${value}T00:00`, timeZone);
  const options: PollOptionInput[] = [];
  const rowOf: number[] = [];
  for (const [i, r] of values.rows.entries()) {
    if (r.start === '' && r.end === '') continue;
    if (r.start === '') return { ok: false, message: POLL_MESSAGES.startRequired, row: i };
    const start = instant(r.start);
    const end = instant(r.end);
    if (start === null || (r.end !== '' && end === null))
      return { ok: false, message: POLL_MESSAGES.invalidDate, row: i };
    // A whole-day range whose last day is its first is one day.
    const oneDay = !values.withTimes && end === start;
    options.push({ start, end: oneDay ? null : end, allDay: !values.withTimes });
    rowOf.push(i);
  }
  return { options, rowOf };
}

/**
 * The whole option list's checks: at least two, every end after its start, no date twice, a
 * deadline ahead, then the server's own (midnights in the zone). `rowOf[n]`: the row option n
 * came from (undefined: not a row of the form).
 */
function checked(
  options: PollOptionInput[],
  rowOf: readonly (number | undefined)[],
  deadlineText: string,
  timeZone: string,
  now: Date,
): PollFormResult {
  if (options.length < MIN_POLL_OPTIONS)
    return { ok: false, message: POLL_MESSAGES.optionCount, row: null };
  if (options.length > MAX_POLL_OPTIONS)
    return { ok: false, message: POLL_MESSAGES.optionCount, row: null };
  const deadline = deadlineText === '' ? null : dateTimeLocalToIso(deadlineText, timeZone);
  if (deadlineText !== '' && deadline === null)
    return { ok: false, message: POLL_MESSAGES.invalidDate, row: null };
  // The row a sentence is about: the first that ends before it starts or repeats another.
  const seen = new Set<string>();
  for (const [n, o] of options.entries()) {
    if (o.end && Date.parse(o.end) < Date.parse(o.start))
      return { ok: false, message: POLL_MESSAGES.endBeforeStart, row: rowOf[n] ?? null };
    const key = `${o.start}|${o.end ?? ''}`;
    if (seen.has(key))
      return { ok: false, message: POLL_MESSAGES.duplicate, row: rowOf[n] ?? null };
    seen.add(key);
  }
  const problem = pollProblem(options, deadline, timeZone, now);
  if (problem) return { ok: false, message: problem, row: null };
  return { ok: true, options, deadline };
}

/**
 * The request, or the first problem as a sentence: at least two dates, every end after its
 * start, no date twice, a deadline ahead. Blank rows are left out.
 */
export function pollFormRequest(
  values: PollFormValues,
  timeZone: string,
  now: Date = new Date(),
): PollFormResult {
  const rows = rowOptions(values, timeZone);
  if ('ok' in rows) return rows;
  return checked(rows.options, rows.rowOf, values.deadline, timeZone, now);
}

export interface PollEditValues extends PollFormValues {
  /** The poll's dates that stay (answered ones cannot change: they are kept as they are). */
  kept: readonly PollOption[];
}

/**
 * An edit of an open poll (docs/decisions.md, "Date polls"): the kept dates by id, then the new
 * rows' (in the poll's kind: whole days or times of day), 2–20 in all, and the deadline.
 */
export function pollEditRequest(
  values: PollEditValues,
  timeZone: string,
  now: Date = new Date(),
): PollFormResult {
  const rows = rowOptions(values, timeZone);
  if ('ok' in rows) return rows;
  const kept: PollOptionInput[] = values.kept.map((o) => ({
    id: o.id,
    start: o.start,
    end: o.end,
    allDay: o.allDay,
  }));
  return checked(
    [...kept, ...rows.options],
    [...kept.map(() => undefined), ...rows.rowOf],
    values.deadline,
    timeZone,
    now,
  );
}
