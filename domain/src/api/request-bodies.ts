/**
 * The run-time check of every endpoint's body (server side: the functions router), keyed by
 * endpoint name. The compiler asks for exactly the endpoints of api/endpoints.ts that declare a
 * body, each with a check of the declared types; the web never loads this module (nor yup for
 * it). Bodies are checked as JSON (api/json-body.ts): JSON types first, unknown keys refused.
 */
import type { AnySchema, InferType } from 'yup';
import { accountDeletionRequestSchema } from '../account-deletion.ts';
import { announcementRequestSchema } from '../email/announcements.ts';
import { parseEventSettingsPatch } from '../event-settings.ts';
import {
  acceptInvitationSchema,
  emailLinkRedeemSchema,
  emailLinkRequestSchema,
  joinLinkUpdateSchema,
} from '../guest-access-schemas.ts';
import { groupAssignmentSchema, groupNameSchema } from '../groups.ts';
import { photoArchiveRequestSchema } from '../photo-archive.ts';
import { createPollSchema, pollBallotSchema, pollPickSchema, updatePollSchema } from '../polls.ts';
import {
  bannerPhotoSchema,
  capacitySchema,
  createCarpoolRequestSchema,
  createEventRequestSchema,
  createFlightRequestSchema,
  guestAnswersRequestSchema,
  guestQuestionsSchema,
  inviteRequestSchema,
  memberPlusOnesSchema,
  photoFeaturedSchema,
  photoRecordSchema,
  roleChangeSchema,
  rsvpSchema,
  type ParseResult,
} from '../schemas.ts';
import {
  addTablesSchema,
  reorderTablesSchema,
  seatingSettingsSchema,
  seatMovesSchema,
  updateTableSchema,
} from '../seating-schemas.ts';
import { photoWallStateSchema, wallSettingsSchema } from '../wall-schemas.ts';
import type { BodyOf, ParsedBodyOf, RequestBody, SentOf } from './contract.ts';
import type { API, ApiName } from './endpoints.ts';
import { parseJsonBody, parseNoBody } from './json-body.ts';

/** A body described by one shared yup schema. */
function schemaBody<S extends AnySchema>(schema: S): RequestBody<SentOf<S>, InferType<S>> {
  return { schema, parse: (value) => parseJsonBody(schema, value) };
}

/** A body that may be left out entirely: none is read as `{}`. */
function optionalSchemaBody<S extends AnySchema>(schema: S): RequestBody<SentOf<S>, InferType<S>> {
  return { schema, parse: (value) => parseJsonBody(schema, value ?? {}) };
}

/** A body checked by its own function. */
function customBody<Sent, Parsed>(
  parse: (value: unknown) => ParseResult<Parsed>,
): RequestBody<Sent, Parsed> {
  return { schema: null, parse };
}

/** The check of a write that takes no body: none, or `{}`; any key is refused. */
export const NO_BODY: RequestBody<undefined, undefined> = { schema: null, parse: parseNoBody };

/** The endpoints that declare a body (an omitted body leaves `null` in the type). */
type WithBody = {
  [K in ApiName]: null extends (typeof API)[K]['body'] ? never : K;
}[ApiName];

type CheckOf<K extends ApiName> = RequestBody<
  BodyOf<(typeof API)[K]>,
  ParsedBodyOf<(typeof API)[K]>
>;

export const REQUEST_BODIES: { [K in WithBody]: CheckOf<K> } = {
  requestSignInLink: schemaBody(emailLinkRequestSchema),
  redeemSignInLink: schemaBody(emailLinkRedeemSchema),
  acceptInvitation: optionalSchemaBody(acceptInvitationSchema),
  updateJoinLink: schemaBody(joinLinkUpdateSchema),
  deleteAccount: schemaBody(accountDeletionRequestSchema),
  createEvent: schemaBody(createEventRequestSchema),
  updateEvent: customBody(parseEventSettingsPatch),
  inviteMember: schemaBody(inviteRequestSchema),
  changeRole: schemaBody(roleChangeSchema),
  setMemberPlusOnes: schemaBody(memberPlusOnesSchema),
  recordPhoto: schemaBody(photoRecordSchema),
  setPhotoFeatured: schemaBody(photoFeaturedSchema),
  setBannerPhoto: schemaBody(bannerPhotoSchema),
  createPhotoArchive: schemaBody(photoArchiveRequestSchema),
  addFlight: schemaBody(createFlightRequestSchema),
  addCarpool: schemaBody(createCarpoolRequestSchema),
  setRsvp: schemaBody(rsvpSchema),
  recordRsvp: schemaBody(rsvpSchema),
  setCapacity: schemaBody(capacitySchema),
  setQuestions: schemaBody(guestQuestionsSchema),
  setAnswers: schemaBody(guestAnswersRequestSchema),
  sendAnnouncement: schemaBody(announcementRequestSchema),
  createGroup: schemaBody(groupNameSchema),
  renameGroup: schemaBody(groupNameSchema),
  assignGroupMembers: schemaBody(groupAssignmentSchema),
  // Seating
  addSeatingTables: schemaBody(addTablesSchema),
  updateSeatingTable: schemaBody(updateTableSchema),
  reorderSeatingTables: schemaBody(reorderTablesSchema),
  moveSeats: schemaBody(seatMovesSchema),
  setSeatingSettings: schemaBody(seatingSettingsSchema),
  createPoll: schemaBody(createPollSchema),
  updatePoll: schemaBody(updatePollSchema),
  answerPoll: schemaBody(pollBallotSchema),
  pickPollOption: schemaBody(pollPickSchema),
  setWallSettings: schemaBody(wallSettingsSchema),
  setPhotoWallState: schemaBody(photoWallStateSchema),
};

/** The check of one endpoint's body (`NO_BODY` for those that take none). */
export function requestBodyOf(name: string): RequestBody<unknown, unknown> {
  return Object.hasOwn(REQUEST_BODIES, name)
    ? (REQUEST_BODIES as Record<string, RequestBody<unknown, unknown>>)[name]!
    : NO_BODY;
}
