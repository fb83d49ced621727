/**
 * RSVPs that fit real guests (docs/product.md, "Plus-ones, questions and waitlists"): parties
 * with named plus-ones, the host's questions and their answers, capacity and the waitlist. Pure:
 * the types, limits, messages and decisions that the forms (web), the functions and the rules'
 * drift tests share; their yup schemas are in schemas.ts, so screens that only show states and
 * counts load no yup (docs/performance.md). Firebase glue lives in functions/src/services/rsvps.ts
 * (the RSVP transaction), capacity.ts and waitlist.ts (promotion), and the web's schedule and
 * settings features.
 */

// ---- Answers ----------------------------------------------------------------------------------

/** The three answers a member gives to a schedule item. */
export type RsvpStatus = 'going' | 'not_going' | 'maybe';

export const RSVP_STATUSES: readonly RsvpStatus[] = ['going', 'not_going', 'maybe'];

export const RSVP_STATUS_LABELS: Readonly<Record<RsvpStatus, string>> = {
  going: 'Going',
  not_going: 'Not Going',
  maybe: 'Maybe',
};

/** Display-only label for a member who has not answered. */
export const RSVP_NOT_RESPONDED_LABEL = 'Not Responded';

export function rsvpLabel(status: RsvpStatus | null | undefined): string {
  return status ? RSVP_STATUS_LABELS[status] : RSVP_NOT_RESPONDED_LABEL;
}

// ---- Limits ------------------------------------------------------------------------------------

/** Most additional guests a member may bring (event default and per-member override). */
export const MAX_PLUS_ONES = 10;
export const MAX_QUESTIONS = 10;
export const MAX_QUESTION_OPTIONS = 10;
export const MAX_QUESTION_LABEL = 120;
export const MAX_QUESTION_OPTION = 60;
export const MAX_TEXT_ANSWER = 500;
export const MAX_PLUS_ONE_NAME = 80;
/** Most seats an item may have (the Enterprise attendee cap times the largest party). */
export const MAX_CAPACITY = 11_000;

// ---- Types -------------------------------------------------------------------------------------

export type GuestQuestionKind = 'text' | 'single' | 'multi';
export const GUEST_QUESTION_KINDS: readonly GuestQuestionKind[] = ['text', 'single', 'multi'];

/** One of the host's questions (`events/{e}.questions`, written by PUT /api/events/{e}/questions). */
export interface GuestQuestion {
  /** Stable id (lower-case letters, digits, dashes; at most 40): answers are keyed by it. */
  id: string;
  label: string;
  kind: GuestQuestionKind;
  /** The choices of 'single' and 'multi' (2 to 10, distinct); [] for 'text'. */
  options: string[];
  required: boolean;
}

/** A text or one-choice answer is a string; a several-choices answer is the chosen options. */
export type GuestAnswerValue = string | string[];
export type GuestAnswers = Partial<Record<string, GuestAnswerValue>>;

/** A named additional guest of a party ("Sam + 1": the one). */
export interface PlusOne {
  name: string;
  child: boolean;
}

/**
 * An RSVP's stored state per item: the three answers, or 'waitlisted' (answered Going while the
 * item was full; promoted to 'going' first come, first served).
 */
export type RsvpState = RsvpStatus | 'waitlisted';
export const RSVP_STATES: readonly RsvpState[] = [...RSVP_STATUSES, 'waitlisted'];

/** A party: the member plus their named guests. */
export interface Party {
  /** 1 + guests.length. */
  size: number;
  guests: PlusOne[];
}

/**
 * `events/{e}/guestAnswers/{uid}`: a member's answers to the host's questions, private to the
 * member and the admins (rules). Written by the RSVP request or PUT /api/events/{e}/answers.
 */
export interface GuestAnswersDoc<Time> {
  id: string;
  eventId: string;
  userId: string;
  answers: GuestAnswers;
  updatedAt: Time;
}

// ---- Messages ----------------------------------------------------------------------------------

export const RSVP_OPTION_MESSAGES = {
  plusOnesRange: `Plus-ones must be a whole number from 0 to ${MAX_PLUS_ONES}`,
  noPlusOnes: 'Plus-ones are not allowed for this event',
  plusOneNameRequired: "Please enter each guest's name",
  plusOneNameTooLong: `A guest's name can be at most ${MAX_PLUS_ONE_NAME} characters`,
  guestsOnlyWhenGoing: 'Only a Going answer can bring guests',
  capacityRange: `Capacity must be a whole number from 1 to ${MAX_CAPACITY}, or empty for no limit`,
  capacityNeedsPlan: 'Capacity and waitlists need the Pro or Enterprise plan',
  tooManyQuestions: `An event can have at most ${MAX_QUESTIONS} questions`,
  questionLabelRequired: 'Please enter the question',
  questionLabelTooLong: `A question can be at most ${MAX_QUESTION_LABEL} characters`,
  questionKind: 'Please choose short text, one choice or several choices',
  questionOptions: `A choice question needs 2 to ${MAX_QUESTION_OPTIONS} different options`,
  questionOptionTooLong: `An option can be at most ${MAX_QUESTION_OPTION} characters`,
  questionId: 'Invalid question id',
  duplicateQuestionId: 'Two questions have the same id',
  answerTooLong: `An answer can be at most ${MAX_TEXT_ANSWER} characters`,
} as const;

/** "You can bring up to 2 guests" (the allowance as a sentence; 0: not allowed). */
export function plusOneAllowanceText(allowance: number): string {
  if (allowance <= 0) return RSVP_OPTION_MESSAGES.noPlusOnes;
  return `You can bring up to ${allowance} ${allowance === 1 ? 'guest' : 'guests'}`;
}

/**
 * "Only 2 spots left for 3 people" (a party that does not fit what is left). `more`: the people
 * a member already going adds to their party ("No spots left for 1 more person"). `left` counts
 * free spots, the number the item shows ("1 spot left", "Full").
 */
export function spotsLeftRefusal(left: number, people: number, more = false): string {
  const who = `${people} ${more ? 'more ' : ''}${people === 1 ? 'person' : 'people'}`;
  if (left <= 0) return `No spots left for ${who}`;
  return `Only ${left === 1 ? '1 spot' : `${left} spots`} left for ${who}`;
}

/** "Please answer “Dietary needs”". */
export function answerRequiredText(question: Pick<GuestQuestion, 'label'>): string {
  return `Please answer “${question.label}”`;
}

/** "“Dietary needs” has no option “Fish”". */
export function unknownOptionText(question: Pick<GuestQuestion, 'label'>, option: string): string {
  return `“${question.label}” has no option “${option}”`;
}

// ---- Decisions ---------------------------------------------------------------------------------

/** The allowance that applies to a member: their own when set, else the event's. */
export function allowanceFor(
  event: { plusOnesAllowed?: number | null },
  member: { plusOnesAllowed?: number | null },
): number {
  return member.plusOnesAllowed ?? event.plusOnesAllowed ?? 0;
}

/** Why `guests` do not fit the allowance, or null when they do. */
export function partyError(guests: readonly PlusOne[], allowance: number): string | null {
  if (guests.length === 0) return null;
  if (allowance <= 0) return RSVP_OPTION_MESSAGES.noPlusOnes;
  if (guests.length > allowance) return plusOneAllowanceText(allowance);
  return null;
}

/**
 * Answers cleaned against the questions: unknown ids dropped, text trimmed, empty answers
 * removed. Returns the first problem as a sentence, or the clean answers. `requireAll`: every
 * required question must be answered (when a member first answers Going).
 */
export function checkAnswers(
  questions: readonly GuestQuestion[],
  answers: GuestAnswers,
  requireAll: boolean,
): { error: string } | { answers: GuestAnswers } {
  const clean: GuestAnswers = {};
  for (const q of questions) {
    // Own keys only: a question id like "constructor" must not read Object.prototype.
    const raw = Object.hasOwn(answers, q.id) ? answers[q.id] : undefined;
    if (q.kind === 'text') {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (text.length > MAX_TEXT_ANSWER) return { error: RSVP_OPTION_MESSAGES.answerTooLong };
      if (text) clean[q.id] = text;
    } else if (q.kind === 'single') {
      const choice = typeof raw === 'string' ? raw : Array.isArray(raw) ? raw[0] : undefined;
      if (choice !== undefined && choice !== '') {
        if (!q.options.includes(choice)) return { error: unknownOptionText(q, choice) };
        clean[q.id] = choice;
      }
    } else {
      const chosen = typeof raw === 'string' ? (raw ? [raw] : []) : Array.isArray(raw) ? raw : [];
      const unknown = chosen.find((c) => !q.options.includes(c));
      if (unknown !== undefined) return { error: unknownOptionText(q, unknown) };
      // In the host's order, each once.
      const ordered = q.options.filter((o) => chosen.includes(o));
      if (ordered.length) clean[q.id] = ordered;
    }
    if (requireAll && q.required && !Object.hasOwn(clean, q.id)) {
      return { error: answerRequiredText(q) };
    }
  }
  return { answers: clean };
}

/** Heads and replies per item, as stored in `rsvpCounts` (absent fields: older items). */
export interface HeadCounts {
  going: number;
  goingHeads: number;
  waitlisted: number;
  waitlistedHeads: number;
}

/** "42 going · 30 replies" (heads going, and every reply: going, maybe, not going). */
export function headsAndRepliesText(counts: {
  goingHeads: number;
  going: number;
  maybe: number;
  notGoing: number;
}): string {
  const replies = counts.going + counts.maybe + counts.notGoing;
  return `${counts.goingHeads} going · ${replies} ${replies === 1 ? 'reply' : 'replies'}`;
}

/** "3 spots left" / "Full" for an item with a capacity; '' without one. */
export function spotsLeftText(capacity: number | null, goingHeads: number): string {
  if (capacity === null) return '';
  const left = Math.max(0, capacity - goingHeads);
  if (left === 0) return 'Full';
  return left === 1 ? '1 spot left' : `${left} spots left`;
}

/** "Waitlisted · #2 in line" (1 = next); without a known place, "Waitlisted". */
export function waitlistPositionText(position: number | null): string {
  return position === null ? 'Waitlisted' : `Waitlisted · #${position} in line`;
}

/** "Just you", "You + 1 guest", "You + 2 guests" (a party by its named guests). */
export function partyText(guests: number): string {
  if (guests <= 0) return 'Just you';
  return `You + ${guests} ${guests === 1 ? 'guest' : 'guests'}`;
}

/**
 * Where a Going answer of `party` heads lands on an item: 'going' when it fits and nobody is
 * waiting (first come, first served: a non-empty waitlist is never jumped), 'waitlisted' when
 * the item is full or others wait, or a refusal when some spots are left but too few and the
 * member did not ask to wait. `ownHeads` are the member's heads already counted as going (a
 * party changing size).
 */
export function placeGoing(input: {
  capacity: number | null;
  goingHeads: number;
  waitlisted: number;
  ownHeads: number;
  party: number;
  alreadyWaitlisted: boolean;
  acceptWaitlist: boolean;
}): { place: 'going' | 'waitlisted' } | { refused: string } {
  const { capacity, goingHeads, waitlisted, ownHeads, party } = input;
  if (capacity === null) return { place: 'going' };
  const left = capacity - (goingHeads - ownHeads);
  // A member already going keeps their place while their party still fits; keeping or
  // shrinking it never needs a spot. Growing past the free spots is refused in the numbers the
  // item shows (its free spots, the people added), never demoted to the line.
  if (ownHeads > 0) {
    if (party <= ownHeads || party <= left) return { place: 'going' };
    const free = Math.max(0, capacity - goingHeads);
    return { refused: spotsLeftRefusal(free, party - ownHeads, true) };
  }
  const othersWaiting = waitlisted - (input.alreadyWaitlisted ? 1 : 0) > 0;
  if (input.alreadyWaitlisted) return { place: 'waitlisted' };
  if (party <= left && !othersWaiting) return { place: 'going' };
  if (left <= 0 || othersWaiting || input.acceptWaitlist) return { place: 'waitlisted' };
  return { refused: spotsLeftRefusal(left, party) };
}

/**
 * Which waiting parties a freed capacity promotes, first come first served: the head of the line
 * while it fits, stopping at the first that does not (nobody is skipped).
 */
export function promotions<T extends { size: number }>(
  line: readonly T[],
  capacity: number | null,
  goingHeads: number,
): T[] {
  let left = capacity === null ? Infinity : capacity - goingHeads;
  const promoted: T[] = [];
  for (const party of line) {
    if (party.size > left) break;
    promoted.push(party);
    left -= party.size;
  }
  return promoted;
}

/** The RSVP statuses a request may send (waitlisted is the server's to give). */
export function isRsvpStatus(value: unknown): value is RsvpStatus {
  return typeof value === 'string' && (RSVP_STATUSES as readonly string[]).includes(value);
}

/** "Going", "Maybe", "Not Going", "Waitlisted" or "Not Responded". */
export function rsvpStateLabel(state: RsvpState | null | undefined): string {
  return state === 'waitlisted' ? 'Waitlisted' : rsvpLabel(state);
}
