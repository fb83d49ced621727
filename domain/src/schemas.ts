/**
 * yup schemas shared by forms (web) and request validation (functions), with the messages of
 * docs/product.md. Form schemas validate what the user types (datetime-local strings, '' for
 * empty); server schemas validate API bodies (ISO-8601 or null dates), cap string lengths and
 * should be run with `{ abortEarly: false, stripUnknown: true }` (see `parseWith`); the API
 * refuses unknown keys before a schema runs (api/json-body.ts).
 *
 * Time (docs/data-model.md, "Time"): a form's date-times are wall-clock times in the zone the
 * form values carry (`timeZone`: the event's; `departureTimeZone` / `arrivalTimeZone`: the
 * airports'), and forms convert them with `dateTimeLocalToIso(value, zone)` before sending. API
 * bodies and documents hold instants (ISO-8601 with `Z` or an offset, stored as UTC `...Z`)
 * plus the IANA zone, which the server checks against the tz database.
 *
 * Server length caps (characters), chosen generously so no real input is cut:
 *   event name 120, description 2000, location 200, logo URL 2048,
 *   flight airline 100, flight number 20, airport/place 120, carpool place 200,
 *   schedule title 120, schedule description 2000, schedule location 200,
 *   e-mail 254 (RFC 5321), file name 255, storage object path 1024, photo caption 500,
 *   display name 100, phone 40, Venmo username 60, time zone name 64.
 */
import * as yup from 'yup';
import type { BannerStyle } from './entities/events.ts';
import type { InvitableRole, MemberRole } from './entities/members.ts';
import { isArrivalAfterDeparture } from './flights.ts';
import { groupIdsSchema } from './groups.ts';
import {
  GUEST_QUESTION_KINDS,
  MAX_CAPACITY,
  MAX_PLUS_ONE_NAME,
  MAX_PLUS_ONES,
  MAX_QUESTION_LABEL,
  MAX_QUESTION_OPTION,
  MAX_QUESTION_OPTIONS,
  MAX_QUESTIONS,
  plusOneAllowanceText,
  RSVP_OPTION_MESSAGES,
  type GuestAnswers,
  type GuestQuestionKind,
  RSVP_STATUSES,
  type RsvpStatus,
} from './rsvp-options.ts';
import { INVITABLE_ROLES, MEMBER_ROLES } from './roles.ts';
import {
  MAX_TIME_ZONE_LENGTH,
  deviceTimeZone,
  isValidTimeZone,
  normalizeTimeZone,
  parseWallClock,
  resolveWallClock,
  toInstant,
  toIsoInstant,
} from './time-zones.ts';
import { reminderSettingsSchema } from './email/reminders.ts';

export const MAX_LENGTHS = {
  eventName: 120,
  eventDescription: 2000,
  eventLocation: 200,
  url: 2048,
  airline: 100,
  flightNumber: 20,
  airport: 120,
  carpoolLocation: 200,
  scheduleTitle: 120,
  scheduleDescription: 2000,
  scheduleLocation: 200,
  email: 254,
  fileName: 255,
  objectPath: 1024,
  caption: 500,
  displayName: 100,
  phoneNumber: 40,
  venmoUsername: 60,
  timeZone: MAX_TIME_ZONE_LENGTH,
  /** A document id named in a body (ids in paths have the router's own check). */
  id: 200,
} as const;

export const CARPOOL_MIN_SEATS = 1;
export const CARPOOL_MAX_SEATS = 8;
export const CARPOOL_DEFAULT_SEATS = 4;
/** Banner rotation bounds (ms); the default is 4000. */
export const BANNER_MIN_ROTATE_INTERVAL_MS = 1000;
export const BANNER_MAX_ROTATE_INTERVAL_MS = 60000;

export const MESSAGES = {
  eventNameRequired: 'Event name is required',
  endBeforeStart: 'End date cannot be before the start date',
  endTimeBeforeStart: 'End time cannot be before the start time',
  invalidDate: 'Please enter a valid date and time',
  invalidColor: 'Please enter a colour as a hex value like #6236ff',
  invalidUrl: 'Please enter a valid URL starting with http:// or https://',
  departureTimeRequired: 'Departure time is required',
  arrivalTimeRequired: 'Arrival time is required',
  arrivalBeforeDeparture: 'Arrival must be after departure',
  timeZoneRequired: 'Please choose a time zone',
  invalidTimeZone: 'Please choose a valid time zone',
  seatsNumber: 'Seats must be a number',
  seatsInteger: 'Seats must be a whole number',
  seatsMin: `Seats must be at least ${CARPOOL_MIN_SEATS}`,
  seatsMax: `Seats cannot be more than ${CARPOOL_MAX_SEATS}`,
  invalidEmail: 'Please enter a valid email address',
  selectRole: 'Please select a role',
  invalidRsvp: 'Please choose going, maybe or not going',
  titleRequired: 'Title is required',
  startTimeRequired: 'Start time is required',
  fileNameRequired: 'File name is required',
  objectPathRequired: 'Storage path is required',
  tooLong: 'Must be at most ${max} characters',
  unknownKey: 'Unknown field: ${unknown}',
  bannerSettingsRequired: 'Banner settings are required',
  bannerStyle: 'Banner style must be contained or full-width',
  bannerAutoRotate: 'Banner autoRotate must be true or false',
  bannerRotateInterval: `Banner rotateInterval must be a whole number of milliseconds from ${BANNER_MIN_ROTATE_INTERVAL_MS} to ${BANNER_MAX_ROTATE_INTERVAL_MS}`,
  bannerImage: 'Banner customBannerImage must be a storage path or null',
  photoBatchId: 'batchId must be 1 to 64 letters, digits, - or _',
} as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const ISO_DATE_TIME =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;
/** yup's e-mail check accepts dotless domains (a@b), which no invitation e-mail can reach. */
const DELIVERABLE_EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** An instant with `Z` or an offset on a real calendar day (not 2027-02-30). */
export function isIsoDateTime(value: unknown): value is string {
  return typeof value === 'string' && ISO_DATE_TIME.test(value) && toInstant(value) !== null;
}

/** What <input type="datetime-local"> yields: "2027-06-12T15:00" (seconds optional), a real day. */
export function isDateTimeLocal(value: unknown): value is string {
  return parseWallClock(value) !== null;
}

/** http(s) URLs only: a logo URL ends up in an <img src>, so no javascript: or data: schemes. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Building blocks

const cappedText = (max: number) => yup.string().trim().max(max, MESSAGES.tooLong).default('');

const hexColor = () =>
  yup.string().test('hex-color', MESSAGES.invalidColor, (v) => v === undefined || isHexColor(v));

const optionalHttpUrl = (max?: number) => {
  const base = yup.string().trim().default('');
  return (max ? base.max(max, MESSAGES.tooLong) : base).test(
    'http-url',
    MESSAGES.invalidUrl,
    (v) => v === undefined || v === '' || isHttpUrl(v),
  );
};

/** Form date-time: '' (empty) or a datetime-local value. */
const formDateTime = () =>
  yup
    .string()
    .default('')
    .test(
      'datetime-local',
      MESSAGES.invalidDate,
      (v) => v === undefined || v === '' || isDateTimeLocal(v) || isIsoDateTime(v),
    );

/** API date-time: ISO-8601 (normalised to UTC `...Z`) or null; '' means null. */
const isoOrNull = () =>
  yup
    .string()
    .nullable()
    .default(null)
    .transform((value: unknown) => {
      if (value === '' || value === undefined) return null;
      if (isIsoDateTime(value)) return toIsoInstant(value);
      return value;
    })
    .test(
      'iso-date',
      MESSAGES.invalidDate,
      (v) => v === null || v === undefined || isIsoDateTime(v),
    );

const requiredIso = (message: string) =>
  yup
    .string()
    .transform((value: unknown) => (isIsoDateTime(value) ? toIsoInstant(value) : value))
    .required(message)
    .test('iso-date', MESSAGES.invalidDate, (v) => v === undefined || isIsoDateTime(v));

/**
 * The instant of a form or API date-time: an ISO instant as it is, a wall-clock time in the zone
 * (the device's when none is given); null when empty or invalid, or when the zone is invalid
 * (its own check reports that).
 */
function instantOf(value: string | null | undefined, timeZone?: unknown): string | null {
  if (!value) return null;
  if (isIsoDateTime(value)) return toIsoInstant(value);
  const zone = timeZone === undefined || timeZone === '' ? deviceTimeZone() : timeZone;
  return resolveWallClock(value, zone)?.instant ?? null;
}

function endNotBeforeStart(
  start: string | null | undefined,
  end: string | null | undefined,
  timeZone?: unknown,
): boolean {
  const s = toInstant(instantOf(start, timeZone));
  const e = toInstant(instantOf(end, timeZone));
  return !s || !e || e.epochNanoseconds >= s.epochNanoseconds;
}

/**
 * Form zone: the form sets the event's (or the airport's); left out, it is the device's, as
 * before events had zones.
 */
const formTimeZone = () =>
  yup
    .string()
    .trim()
    .test(
      'time-zone',
      MESSAGES.invalidTimeZone,
      (v) => v === undefined || v === '' || isValidTimeZone(v),
    );

/** API zone: an IANA name, spelled as the tz database does ("america/los_angeles" is accepted). */
const apiTimeZone = () =>
  yup
    .string()
    .transform((value: unknown) =>
      typeof value === 'string' ? (normalizeTimeZone(value) ?? value.trim()) : value,
    )
    .test(
      'time-zone',
      MESSAGES.invalidTimeZone,
      (v) => v === undefined || v === null || isValidTimeZone(v),
    );

/** API zone that may be left out ('' or absent → null). */
const optionalApiTimeZone = () =>
  apiTimeZone()
    .nullable()
    .default(null)
    .transform((value: unknown) => (value === '' ? null : value));

// ---------------------------------------------------------------------------------------------
// Plus-ones, the host's questions and capacity (rsvp-options.ts holds their limits and messages)

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

/** PUT /api/events/{e}/schedule/{s}/capacity (admins, Pro and Enterprise): null = no limit. */
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

/** A capacity as typed in a form: empty for no limit, else a whole number from 1 to the cap. */
export const capacityFormSchema = yup
  .string()
  .trim()
  .default('')
  .test(
    'capacity',
    RSVP_OPTION_MESSAGES.capacityRange,
    (v) => !v || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_CAPACITY),
  );

/** The request's capacity from a valid form value: null = no limit. */
export function capacityFromForm(value: string): number | null {
  const text = value.trim();
  return text === '' ? null : Number(text);
}

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

// ---------------------------------------------------------------------------------------------
// Events

const formThemeColors = () =>
  yup.object({
    primary: hexColor().default('#6236ff'),
    secondary: hexColor().default('#14b8a6'),
    tertiary: hexColor().default('#f59e0b'),
  });

/**
 * Create Event form (docs/product.md, "Create Event"). `datesTbd` clears both dates. Forms carry the server's length
 * caps too, so what a form accepts the API and the rules accept.
 */
export const createEventFormSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(MESSAGES.eventNameRequired)
    .max(MAX_LENGTHS.eventName, MESSAGES.tooLong),
  description: cappedText(MAX_LENGTHS.eventDescription),
  location: cappedText(MAX_LENGTHS.eventLocation),
  datesTbd: yup.boolean().default(false),
  /** The event's zone; the dates are wall-clock times in it (default: the device's). */
  timeZone: formTimeZone(),
  startDate: formDateTime(),
  endDate: formDateTime().test('end-after-start', MESSAGES.endBeforeStart, function (end) {
    return endNotBeforeStart(
      this.parent.startDate as string | undefined,
      end,
      this.parent.timeZone,
    );
  }),
  customLogo: optionalHttpUrl(MAX_LENGTHS.url),
  themeColors: formThemeColors(),
});
export type CreateEventFormValues = yup.InferType<typeof createEventFormSchema>;

const fullThemeColors = () =>
  yup.object({
    primary: hexColor().required(MESSAGES.invalidColor),
    secondary: hexColor().required(MESSAGES.invalidColor),
    tertiary: hexColor().required(MESSAGES.invalidColor),
    background: hexColor().required(MESSAGES.invalidColor),
    surface: hexColor().required(MESSAGES.invalidColor),
  });

/**
 * Settings fields validated one at a time (auto-save per field). Dates are datetime-local
 * values (in the event's zone) or '' (TBD); `timeZone` is the event's IANA zone.
 */
export const settingsFieldSchemas = {
  name: yup
    .string()
    .trim()
    .required(MESSAGES.eventNameRequired)
    .max(MAX_LENGTHS.eventName, MESSAGES.tooLong),
  description: cappedText(MAX_LENGTHS.eventDescription),
  location: cappedText(MAX_LENGTHS.eventLocation),
  startDate: formDateTime(),
  endDate: formDateTime(),
  timeZone: yup
    .string()
    .trim()
    .required(MESSAGES.timeZoneRequired)
    .test('time-zone', MESSAGES.invalidTimeZone, (v) => v === undefined || isValidTimeZone(v)),
  customLogo: optionalHttpUrl(MAX_LENGTHS.url),
  themeColors: fullThemeColors(),
} as const;
export type SettingsFieldName = keyof typeof settingsFieldSchemas;

/** Validates one settings field; returns the error message or null. */
export function validateSettingsField(field: SettingsFieldName, value: unknown): string | null {
  try {
    settingsFieldSchemas[field].validateSync(value);
    return null;
  } catch (error) {
    if (error instanceof yup.ValidationError) return error.errors[0] ?? error.message;
    throw error;
  }
}

/**
 * POST /api/events body. `adminId` and `createdBy` are what the spec's client sends: accepted
 * and ignored (the verified caller is both), so that client keeps working while every other
 * unknown key is refused (docs/decisions.md, "Unknown keys").
 * `timeZone` is checked against the tz database; an event created without one is stored with
 * `timeZone: null`, like events created before zones existed (shown in UTC until an admin
 * confirms a zone).
 */
export const createEventRequestSchema = yup
  .object({
    name: yup
      .string()
      .trim()
      .required(MESSAGES.eventNameRequired)
      .max(MAX_LENGTHS.eventName, MESSAGES.tooLong),
    description: cappedText(MAX_LENGTHS.eventDescription),
    location: cappedText(MAX_LENGTHS.eventLocation),
    startDate: isoOrNull(),
    endDate: isoOrNull().test('end-after-start', MESSAGES.endBeforeStart, function (end) {
      return endNotBeforeStart(this.parent.startDate as string | null | undefined, end);
    }),
    timeZone: optionalApiTimeZone(),
    customLogo: optionalHttpUrl(MAX_LENGTHS.url),
    themeColors: yup
      .object({
        primary: hexColor(),
        secondary: hexColor(),
        tertiary: hexColor(),
        background: hexColor(),
        surface: hexColor(),
      })
      .default(undefined)
      .optional(),
    adminId: yup.string().max(MAX_LENGTHS.id).optional(),
    createdBy: yup.string().max(MAX_LENGTHS.id).optional(),
  })
  // Declared so the API accepts them; dropped before the values reach a handler.
  .transform((value: unknown) => {
    if (value === null || typeof value !== 'object') return value;
    const { adminId: _a, createdBy: _c, ...rest } = value as Record<string, unknown>;
    return rest;
  });
export type CreateEventRequestValues = yup.InferType<typeof createEventRequestSchema>;

export const BANNER_STYLES = ['contained', 'full-width'] as const;

/**
 * Whole banner settings, as stored: both write paths (the settings screen's direct write and
 * PUT /api/events/{id}) replace the object, so every key is required and no other is allowed.
 * Whether `customBannerImage` lies in the event's own banner folder is `event-settings.ts`.
 */
export const bannerSettingsSchema = yup
  .object({
    style: yup
      .string<BannerStyle>()
      .required(MESSAGES.bannerStyle)
      .oneOf(BANNER_STYLES, MESSAGES.bannerStyle),
    autoRotate: yup.boolean().strict().required(MESSAGES.bannerAutoRotate),
    rotateInterval: yup
      .number()
      .strict()
      .required(MESSAGES.bannerRotateInterval)
      .integer(MESSAGES.bannerRotateInterval)
      .min(BANNER_MIN_ROTATE_INTERVAL_MS, MESSAGES.bannerRotateInterval)
      .max(BANNER_MAX_ROTATE_INTERVAL_MS, MESSAGES.bannerRotateInterval),
    customBannerImage: yup
      .string()
      .nullable()
      .defined(MESSAGES.bannerImage)
      .max(MAX_LENGTHS.objectPath, MESSAGES.tooLong),
  })
  .noUnknown(MESSAGES.unknownKey)
  .default(undefined)
  .required(MESSAGES.bannerSettingsRequired);

/**
 * One event settings field as stored (ISO dates, whole themeColors and bannerSettings), the
 * schema of both write paths of docs/data-model.md, "Event settings". Which keys one write may
 * change, the date order and the banner folder are checked by `event-settings.ts`.
 */
export const eventUpdateFieldSchemas = {
  name: yup
    .string()
    .trim()
    .required(MESSAGES.eventNameRequired)
    .max(MAX_LENGTHS.eventName, MESSAGES.tooLong),
  description: yup.string().defined().trim().max(MAX_LENGTHS.eventDescription, MESSAGES.tooLong),
  location: yup.string().defined().trim().max(MAX_LENGTHS.eventLocation, MESSAGES.tooLong),
  startDate: isoOrNull(),
  endDate: isoOrNull(),
  /** Changing the zone keeps every stored instant (docs/data-model.md, "Time"). */
  timeZone: apiTimeZone().required(MESSAGES.timeZoneRequired),
  customLogo: optionalHttpUrl(MAX_LENGTHS.url).defined(),
  themeColors: fullThemeColors().noUnknown(MESSAGES.unknownKey),
  bannerSettings: bannerSettingsSchema,
  reminderSettings: reminderSettingsSchema,
  /** "Guests can see who's going" (docs/product.md, "Guest list"). */
  guestsSeeWhoIsGoing: yup.boolean().strict().defined(),
  /** Additional guests each member may bring (0–10; rsvp-options.ts). */
  plusOnesAllowed: plusOnesAllowedSchema,
} as const;
export type EventUpdateField = keyof typeof eventUpdateFieldSchemas;

// ---------------------------------------------------------------------------------------------
// Travel

/**
 * Add Flight form: each time is a wall-clock time in its airport's zone (the form picks the zone
 * from the IATA code, airports.ts, or lets the person choose one); arrival must be after
 * departure as instants, so overnight and date-line flights pass.
 */
export const flightFormSchema = yup.object({
  airline: cappedText(MAX_LENGTHS.airline),
  flightNumber: cappedText(MAX_LENGTHS.flightNumber),
  departure: cappedText(MAX_LENGTHS.airport),
  arrival: cappedText(MAX_LENGTHS.airport),
  departureTimeZone: formTimeZone(),
  arrivalTimeZone: formTimeZone(),
  departureTime: formDateTime().trim().required(MESSAGES.departureTimeRequired),
  arrivalTime: formDateTime()
    .trim()
    .required(MESSAGES.arrivalTimeRequired)
    .test('arrival-after-departure', MESSAGES.arrivalBeforeDeparture, function (arrival) {
      return isArrivalAfterDeparture(
        instantOf(this.parent.departureTime as string | undefined, this.parent.departureTimeZone),
        instantOf(arrival, this.parent.arrivalTimeZone),
      );
    }),
});
export type FlightFormValues = yup.InferType<typeof flightFormSchema>;

/**
 * POST /api/events/{e}/flights. Times are instants; the zones say how to show them and default
 * to the event's zone (the route fills them in).
 */
export const createFlightRequestSchema = yup.object({
  airline: cappedText(MAX_LENGTHS.airline),
  flightNumber: cappedText(MAX_LENGTHS.flightNumber),
  departure: cappedText(MAX_LENGTHS.airport),
  arrival: cappedText(MAX_LENGTHS.airport),
  departureTime: requiredIso(MESSAGES.departureTimeRequired),
  arrivalTime: requiredIso(MESSAGES.arrivalTimeRequired).test(
    'arrival-after-departure',
    MESSAGES.arrivalBeforeDeparture,
    function (arrival) {
      return isArrivalAfterDeparture(this.parent.departureTime as string | undefined, arrival);
    },
  ),
  departureTimeZone: optionalApiTimeZone(),
  arrivalTimeZone: optionalApiTimeZone(),
});
export type CreateFlightRequestValues = yup.InferType<typeof createFlightRequestSchema>;

const seats = () =>
  yup
    .number()
    .typeError(MESSAGES.seatsNumber)
    .integer(MESSAGES.seatsInteger)
    .min(CARPOOL_MIN_SEATS, MESSAGES.seatsMin)
    .max(CARPOOL_MAX_SEATS, MESSAGES.seatsMax)
    .default(CARPOOL_DEFAULT_SEATS);

/** Create Carpool form: the departure is a wall-clock time in the event's zone (`timeZone`). */
export const carpoolFormSchema = yup.object({
  fromLocation: cappedText(MAX_LENGTHS.carpoolLocation),
  toLocation: cappedText(MAX_LENGTHS.carpoolLocation),
  timeZone: formTimeZone(),
  departureTime: formDateTime().trim().required(MESSAGES.departureTimeRequired),
  maxSeats: seats(),
});
export type CarpoolFormValues = yup.InferType<typeof carpoolFormSchema>;

/** Edit Carpool: as Create, and seats never below the people already in (driver included). */
export function carpoolEditFormSchema(seatsTaken: number) {
  return carpoolFormSchema.shape({
    maxSeats: seats().min(
      Math.max(CARPOOL_MIN_SEATS, seatsTaken),
      `Seats cannot be fewer than the ${seatsTaken} people already in this carpool`,
    ),
  });
}

export const createCarpoolRequestSchema = yup.object({
  fromLocation: cappedText(MAX_LENGTHS.carpoolLocation),
  toLocation: cappedText(MAX_LENGTHS.carpoolLocation),
  departureTime: requiredIso(MESSAGES.departureTimeRequired),
  maxSeats: seats(),
});
export type CreateCarpoolRequestValues = yup.InferType<typeof createCarpoolRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Members

const invitableRole = () =>
  yup
    .string<InvitableRole>()
    .required(MESSAGES.selectRole)
    .oneOf(INVITABLE_ROLES, MESSAGES.selectRole);

export const inviteFormSchema = yup.object({
  userEmail: yup
    .string()
    .trim()
    .required(MESSAGES.invalidEmail)
    .email(MESSAGES.invalidEmail)
    .matches(DELIVERABLE_EMAIL, MESSAGES.invalidEmail),
  role: invitableRole().default('attendee'),
  /** Groups the member joins on accepting (domain/src/groups.ts). */
  groupIds: groupIdsSchema,
});
export type InviteFormValues = yup.InferType<typeof inviteFormSchema>;

/** An address as the server stores and compares it: trimmed, lower-cased, deliverable. */
export const emailAddressField = () =>
  yup
    .string()
    .trim()
    .lowercase()
    .required(MESSAGES.invalidEmail)
    .max(MAX_LENGTHS.email, MESSAGES.invalidEmail)
    .email(MESSAGES.invalidEmail)
    .matches(DELIVERABLE_EMAIL, MESSAGES.invalidEmail);

/** POST /api/events/{e}/members; the e-mail is lower-cased for matching on accept. */
export const inviteRequestSchema = yup.object({
  userEmail: emailAddressField(),
  role: invitableRole().default('attendee'),
  /** Groups the member joins on accepting (domain/src/groups.ts). */
  groupIds: groupIdsSchema,
});
export type InviteRequestValues = yup.InferType<typeof inviteRequestSchema>;

/** PATCH /api/events/{e}/members/{uid}/role. */
export const roleChangeSchema = yup.object({
  role: invitableRole(),
});
export type RoleChangeValues = yup.InferType<typeof roleChangeSchema>;

/** Any stored member role (for reading documents defensively). */
export const memberRoleSchema = yup.string<MemberRole>().oneOf(MEMBER_ROLES).required();

// ---------------------------------------------------------------------------------------------
// Schedule and RSVP

/**
 * An RSVP answer: PUT /api/events/{e}/schedule/{id}/rsvp, the only way to RSVP (it keeps the item's counts
 * in the same transaction; docs/performance.md, "Counters"). A Going answer may bring named
 * guests (up to the member's allowance), answers to the host's questions, and `waitlist: true`
 * to wait when too few spots are left (rsvp-options.ts). No other key.
 */
export const rsvpSchema = yup
  .object({
    status: yup
      .string<RsvpStatus>()
      .required(MESSAGES.invalidRsvp)
      .oneOf(RSVP_STATUSES, MESSAGES.invalidRsvp),
    guests: yup
      .array(plusOneSchema)
      .max(MAX_PLUS_ONES, plusOneAllowanceText(MAX_PLUS_ONES))
      .optional()
      .test('going', RSVP_OPTION_MESSAGES.guestsOnlyWhenGoing, function (guests) {
        return !guests?.length || this.parent.status === 'going';
      }),
    answers: guestAnswersShape.optional(),
    waitlist: yup.boolean().strict().optional(),
  })
  .noUnknown(MESSAGES.unknownKey);
export type RsvpValues = yup.InferType<typeof rsvpSchema>;

/** PUT /api/events/{e}/photos/{id}/featured (admins). */
export const photoFeaturedSchema = yup
  .object({
    isFeatured: yup.boolean().required('isFeatured must be true or false'),
  })
  .noUnknown(MESSAGES.unknownKey);
export type PhotoFeaturedValues = yup.InferType<typeof photoFeaturedSchema>;

/**
 * Schedule item form (admins write items directly): times are datetime-local values in the
 * event's zone (`timeZone`).
 */
export const scheduleItemFormSchema = yup.object({
  title: yup
    .string()
    .trim()
    .required(MESSAGES.titleRequired)
    .max(MAX_LENGTHS.scheduleTitle, MESSAGES.tooLong),
  description: cappedText(MAX_LENGTHS.scheduleDescription),
  timeZone: formTimeZone(),
  startTime: formDateTime().required(MESSAGES.startTimeRequired),
  endTime: formDateTime().test('end-after-start', MESSAGES.endTimeBeforeStart, function (end) {
    return endNotBeforeStart(
      this.parent.startTime as string | undefined,
      end,
      this.parent.timeZone,
    );
  }),
  location: cappedText(MAX_LENGTHS.scheduleLocation),
});
export type ScheduleItemFormValues = yup.InferType<typeof scheduleItemFormSchema>;

// ---------------------------------------------------------------------------------------------
// Photos and profile

/** The file name and Storage path every record of an uploaded object carries. */
const uploadedObjectFields = () => ({
  filename: yup
    .string()
    .trim()
    .required(MESSAGES.fileNameRequired)
    .max(MAX_LENGTHS.fileName, MESSAGES.tooLong),
  objectPath: yup
    .string()
    .required(MESSAGES.objectPathRequired)
    .max(MAX_LENGTHS.objectPath, MESSAGES.tooLong),
});

/** A photo upload batch id: what a client mints once per Upload press (a Firestore auto id fits). */
export const PHOTO_BATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * POST /api/events/{e}/photos: the record of an object already uploaded to Storage. `batchId`
 * groups the photos of one upload in one feed line; '' (or absent) is a batch of one.
 */
export const photoRecordSchema = yup.object({
  ...uploadedObjectFields(),
  thumbPath: yup.string().max(MAX_LENGTHS.objectPath, MESSAGES.tooLong).default(''),
  caption: cappedText(MAX_LENGTHS.caption),
  batchId: yup
    .string()
    .default('')
    .matches(PHOTO_BATCH_ID, { message: MESSAGES.photoBatchId, excludeEmptyString: true }),
});
export type PhotoRecordValues = yup.InferType<typeof photoRecordSchema>;

/** POST /api/events/{e}/banner-photo. */
export const bannerPhotoSchema = yup.object({
  ...uploadedObjectFields(),
  setBanner: yup.boolean().default(true),
});
export type BannerPhotoValues = yup.InferType<typeof bannerPhotoSchema>;

export const photoCaptionSchema = cappedText(MAX_LENGTHS.caption);

/** Fields the owner edits on users/{uid}. */
export const userProfileSchema = yup.object({
  displayName: cappedText(MAX_LENGTHS.displayName),
  photoURL: optionalHttpUrl(MAX_LENGTHS.url),
  phoneNumber: cappedText(MAX_LENGTHS.phoneNumber),
  venmoUsername: cappedText(MAX_LENGTHS.venmoUsername),
});
export type UserProfileValues = yup.InferType<typeof userProfileSchema>;

// ---------------------------------------------------------------------------------------------

export type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/**
 * Validates and casts `input` the way handlers should: every error at once, unknown keys
 * stripped. Never throws for invalid input.
 */
export function parseWith<S extends yup.AnySchema>(
  schema: S,
  input: unknown,
): ParseResult<yup.InferType<S>> {
  try {
    const value = schema.validateSync(input, {
      abortEarly: false,
      stripUnknown: true,
    }) as yup.InferType<S>;
    return { ok: true, value };
  } catch (error) {
    // Two checks on one field can share a message (e-mail format); say it once.
    if (error instanceof yup.ValidationError)
      return { ok: false, errors: [...new Set(error.errors)] };
    throw error;
  }
}
