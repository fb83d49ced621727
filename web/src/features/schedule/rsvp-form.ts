// The RSVP step's decisions and checks (docs/product.md, "Plus-ones, questions and waitlists"):
// when a Going needs more than the chip (a party, the host's questions, a capacity), the form's
// values, and its validation with the domain's functions and messages, so the form refuses
// what the RSVP function would. Loaded with the dialog only (it pulls in yup).
import type { FormikErrors } from 'formik';
import { ValidationError } from 'yup';
import type { RsvpRequest } from '@gatherly/domain/api/requests';
import type { RsvpCounts } from '@gatherly/domain/entities/schedule';
import {
  checkAnswers,
  partyError,
  placeGoing,
  type GuestAnswers,
  type GuestAnswerValue,
  type GuestQuestion,
  type PlusOne,
  type RsvpState,
} from '@gatherly/domain/rsvp-options';
import { plusOneSchema, rsvpSchema } from '@gatherly/domain/schemas';

export interface RsvpFormValues {
  guests: PlusOne[];
  /** Question id → the text or choice typed, or the options ticked. */
  answers: Record<string, GuestAnswerValue>;
}

export interface RsvpFormRules {
  /** How many guests the member may bring. */
  allowance: number;
  /** The questions this step asks ([] when it asks none). */
  questions: readonly GuestQuestion[];
  /** Required questions must be answered (the first Going; edits while attending). */
  requireAll: boolean;
  /**
   * Rows left without a name are no guest (the welcome step offers one empty row, so naming a
   * plus-one costs no tap; leaving it blank means coming alone).
   */
  dropBlankGuests?: boolean;
}

/** The party as it will be sent: blank rows dropped where the step offered one. */
function partyOf(values: RsvpFormValues, rules: RsvpFormRules): RsvpFormValues['guests'] {
  return rules.dropBlankGuests ? values.guests.filter((g) => g.name.trim() !== '') : values.guests;
}

/** The form's starting values: the party as it stands, stored answers or empty ones. */
export function initialRsvpValues(
  guests: readonly PlusOne[],
  questions: readonly GuestQuestion[],
  stored: GuestAnswers | null,
): RsvpFormValues {
  const answers: Record<string, GuestAnswerValue> = {};
  for (const q of questions) {
    const given = stored && Object.hasOwn(stored, q.id) ? stored[q.id] : undefined;
    if (q.kind === 'multi') answers[q.id] = Array.isArray(given) ? [...given] : [];
    else answers[q.id] = typeof given === 'string' ? given : '';
  }
  return { guests: guests.map((g) => ({ ...g })), answers };
}

/** The message of a single schema check, or null when it passes. */
function schemaError(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (err) {
    if (err instanceof ValidationError) return err.errors[0] ?? err.message;
    throw err;
  }
}

/**
 * Errors by field, in formik's shape: each guest's name (the domain's plus-one schema), the
 * party against the allowance (a string on `guests` when no row has its own), and each asked
 * question (the domain's `checkAnswers`, one question at a time so each says its own).
 */
export function validateRsvpForm(
  values: RsvpFormValues,
  rules: RsvpFormRules,
): FormikErrors<RsvpFormValues> {
  const errors: FormikErrors<RsvpFormValues> = {};
  const rows = values.guests.map((guest) => {
    if (rules.dropBlankGuests && guest.name.trim() === '') return undefined;
    const message = schemaError(() => plusOneSchema.validateSync(guest));
    return message ? { name: message } : undefined;
  });
  const party = partyError(partyOf(values, rules), rules.allowance);
  if (rows.some(Boolean)) errors.guests = rows as FormikErrors<PlusOne>[];
  else if (party) errors.guests = party;
  const answers: Record<string, string> = {};
  for (const q of rules.questions) {
    const checked = checkAnswers([q], { [q.id]: values.answers[q.id] ?? '' }, rules.requireAll);
    if ('error' in checked) answers[q.id] = checked.error;
  }
  if (Object.keys(answers).length) errors.answers = answers;
  return errors;
}

/** The answers as the server stores them (trimmed, empty ones dropped, choices in order). */
export function cleanAnswers(
  values: RsvpFormValues,
  questions: readonly GuestQuestion[],
): GuestAnswers {
  const checked = checkAnswers(questions, values.answers, false);
  if ('error' in checked) throw new Error(checked.error);
  return checked.answers;
}

/**
 * The request a valid form sends: Going with the party's guests (names trimmed, as the domain's
 * schema casts them), the answers when the step asked questions, and `waitlist` when the member
 * chose to wait. Checked with the RSVP function's own schema.
 */
export function toRsvpRequest(
  values: RsvpFormValues,
  rules: RsvpFormRules,
  options: { waitlist: boolean },
): RsvpRequest {
  const request: RsvpRequest = {
    status: 'going',
    guests: partyOf(values, rules).map((g) => plusOneSchema.cast(g)),
    ...(rules.questions.length ? { answers: cleanAnswers(values, rules.questions) } : {}),
    ...(options.waitlist ? { waitlist: true } : {}),
  };
  return rsvpSchema.validateSync(request) as RsvpRequest;
}

/**
 * Where a Going of this party would land as the item's counts stand (the server decides; this
 * words the form): going, the waitlist (full, or others wait), or the refusal the server would
 * give for too few spots.
 */
export function previewPlacement(input: {
  capacity: number | null;
  counts: Required<RsvpCounts>;
  myStatus: RsvpState | null;
  /** Heads of the member's party as stored (while going). */
  myHeads: number;
  party: number;
}): 'going' | 'waitlisted' | { refused: string } {
  const placed = placeGoing({
    capacity: input.capacity,
    goingHeads: input.counts.goingHeads,
    waitlisted: input.counts.waitlisted,
    ownHeads: input.myStatus === 'going' ? input.myHeads : 0,
    party: input.party,
    alreadyWaitlisted: input.myStatus === 'waitlisted',
    acceptWaitlist: false,
  });
  return 'refused' in placed ? placed : placed.place;
}
