/**
 * The yup schemas of RSVP options (rsvp-options.ts holds the types, limits, messages and
 * decisions): used by the forms that edit them and by the functions that accept them.
 */
import * as yup from 'yup';
import {
  MAX_PLUS_ONES,
  MAX_QUESTIONS,
  MAX_QUESTION_OPTIONS,
  MAX_QUESTION_LABEL,
  MAX_QUESTION_OPTION,
  MAX_PLUS_ONE_NAME,
  MAX_CAPACITY,
  GUEST_QUESTION_KINDS,
  RSVP_OPTION_MESSAGES,
  type GuestQuestionKind,
  type GuestAnswers,
} from './rsvp-options.ts';

// Text fields trim like the app's other forms (not strict, so the trim is applied); the API
// checks JSON types before a schema runs (functions/src/validate.ts), lists included.

const wholeNumber = (max: number, message: string) =>
  yup.number().typeError(message).strict().integer(message).min(0, message).max(max, message);

/** The event's default allowance (`events/{e}.plusOnesAllowed`, default 0). */
export const plusOnesAllowedSchema = wholeNumber(MAX_PLUS_ONES, RSVP_OPTION_MESSAGES.plusOnesRange)
  .defined()
  .required(RSVP_OPTION_MESSAGES.plusOnesRange);

/** PUT /api/events/{e}/members/{uid}/plus-ones: a member's own allowance; null = the event's. */
export const memberPlusOnesSchema = yup
  .object({
    plusOnesAllowed: wholeNumber(MAX_PLUS_ONES, RSVP_OPTION_MESSAGES.plusOnesRange)
      .nullable()
      .defined(RSVP_OPTION_MESSAGES.plusOnesRange),
  })
  .noUnknown('Unknown field: ${unknown}');

export const plusOneSchema = yup
  .object({
    name: yup
      .string()
      .trim()
      .required(RSVP_OPTION_MESSAGES.plusOneNameRequired)
      .max(MAX_PLUS_ONE_NAME, RSVP_OPTION_MESSAGES.plusOneNameTooLong),
    child: yup.boolean().default(false),
  })
  .noUnknown('Unknown field: ${unknown}');

const QUESTION_ID = /^[a-z0-9-]{1,40}$/;

export const guestQuestionSchema = yup
  .object({
    id: yup.string().strict().required(RSVP_OPTION_MESSAGES.questionId).matches(QUESTION_ID, {
      message: RSVP_OPTION_MESSAGES.questionId,
    }),
    label: yup
      .string()
      .trim()
      .required(RSVP_OPTION_MESSAGES.questionLabelRequired)
      .max(MAX_QUESTION_LABEL, RSVP_OPTION_MESSAGES.questionLabelTooLong),
    kind: yup
      .string<GuestQuestionKind>()
      .required(RSVP_OPTION_MESSAGES.questionKind)
      .oneOf(GUEST_QUESTION_KINDS, RSVP_OPTION_MESSAGES.questionKind),
    options: yup
      .array(
        yup
          .string()
          .trim()
          .required(RSVP_OPTION_MESSAGES.questionOptions)
          .max(MAX_QUESTION_OPTION, RSVP_OPTION_MESSAGES.questionOptionTooLong),
      )
      .defined()
      .test('options', RSVP_OPTION_MESSAGES.questionOptions, function (options) {
        const kind = this.parent.kind as unknown;
        if (kind === 'text') return options.length === 0;
        const distinct = new Set(options.map((o) => o.toLowerCase()));
        return (
          options.length >= 2 &&
          options.length <= MAX_QUESTION_OPTIONS &&
          distinct.size === options.length
        );
      }),
    required: yup.boolean().strict().defined(),
  })
  .noUnknown('Unknown field: ${unknown}');

/** PUT /api/events/{e}/questions: the whole list, in the order guests see it. */
export const guestQuestionsSchema = yup
  .object({
    questions: yup
      .array(guestQuestionSchema)
      .defined()
      .max(MAX_QUESTIONS, RSVP_OPTION_MESSAGES.tooManyQuestions)
      .test('ids', RSVP_OPTION_MESSAGES.duplicateQuestionId, (qs) => {
        const ids = qs.map((q) => q.id);
        return new Set(ids).size === ids.length;
      }),
  })
  .noUnknown('Unknown field: ${unknown}');

/** PUT /api/schedule/{s}/capacity (admins, Pro and Enterprise): null = no limit. */
export const capacitySchema = yup
  .object({
    capacity: yup
      .number()
      .typeError(RSVP_OPTION_MESSAGES.capacityRange)
      .strict()
      .integer(RSVP_OPTION_MESSAGES.capacityRange)
      .min(1, RSVP_OPTION_MESSAGES.capacityRange)
      .max(MAX_CAPACITY, RSVP_OPTION_MESSAGES.capacityRange)
      .nullable()
      .defined(RSVP_OPTION_MESSAGES.capacityRange),
  })
  .noUnknown('Unknown field: ${unknown}');

/**
 * Answers as sent (shape only): question id → string or list of strings. Whether they fit the
 * event's questions is `answersError`, which needs the questions.
 */
export const guestAnswersShape = yup
  .mixed<GuestAnswers>()
  .test('answers', 'Answers must map question ids to text or lists of options', (value) => {
    if (value === undefined) return true;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    return Object.entries(value).every(
      ([id, v]) =>
        QUESTION_ID.test(id) &&
        (typeof v === 'string' ||
          (Array.isArray(v) &&
            v.length <= MAX_QUESTION_OPTIONS &&
            v.every((x) => typeof x === 'string'))),
    );
  });

/** PUT /api/events/{e}/answers: the member's answers to the host's questions. */
export const guestAnswersRequestSchema = yup
  .object({ answers: guestAnswersShape.defined() })
  .noUnknown('Unknown field: ${unknown}');
