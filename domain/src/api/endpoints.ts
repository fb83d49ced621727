/**
 * Every `/api` endpoint (docs/api.md lists them; a test keeps the list, the router and this
 * table equal). Paths are below `/api`. A resource that lives inside an event is addressed with
 * its event (`/events/{e}/schedule/{s}`): ids are unique only within their event (schedule
 * items take ids their admins' devices choose), so an id alone could name another event's
 * document (docs/decisions.md, "Nested resources").
 *
 * To add an endpoint: declare it here with its body type (`bodyOf<typeof yourSchema>()`), its
 * answer type and a one-line comment saying what it does (a comment, not a field: the web loads
 * this table on every screen), give its schema to api/request-bodies.ts (the compiler asks for
 * it), serve it in functions/src/routes/ with `route(API.name, handler)`, call it with
 * `callApi(API.name, ...)` (web/src/lib/api-client.ts), and document it in docs/api.md.
 */
// Schemas are imported as types only: the web loads this table, and the run-time checks are
// api/request-bodies.ts (server side).
import type { announcementRequestSchema } from '../email/announcements.ts';
import type { accountDeletionRequestSchema, AccountDeletionPreview } from '../account-deletion.ts';
import type { DataExportResponse } from '../data-export.ts';
import type { EventSettingsPatch, EventSettingsRequest } from '../event-settings.ts';
import type { EmailLinkRedeemResponse, JoinLinkState, JoinResponse } from '../guest-access.ts';
import type {
  acceptInvitationSchema,
  emailLinkRedeemSchema,
  emailLinkRequestSchema,
  joinLinkUpdateSchema,
} from '../guest-access-schemas.ts';
import type { groupAssignmentSchema, groupNameSchema } from '../groups.ts';
import type { photoArchiveRequestSchema, PhotoArchiveResponse } from '../photo-archive.ts';
import type {
  createPollSchema,
  pollBallotSchema,
  pollPickSchema,
  updatePollSchema,
} from '../polls.ts';
import type {
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
} from '../schemas.ts';
import type {
  addTablesSchema,
  reorderTablesSchema,
  seatingSettingsSchema,
  seatMovesSchema,
  updateTableSchema,
} from '../seating-schemas.ts';
import type {
  DeletedTableResponse,
  MySeatResponse,
  SeatingOrderResponse,
  SeatingResponse,
  SeatingSettingsResponse,
  SeatingTableResponse,
  SeatingTablesResponse,
  SeatMovesResponse,
} from '../seating.ts';
import {
  bodyOf,
  customBodyOf,
  defineApi,
  pagedEndpoint,
  endpoint,
  type FileDownload,
  type HtmlPage,
} from './contract.ts';
import type {
  AcceptInvitationResponse,
  AccountDeletedResponse,
  AnnouncementResponse,
  CapacityResponse,
  CarpoolResponse,
  CarpoolsResponse,
  CarpoolViewResponse,
  DeletedResponse,
  EventResponse,
  EventsResponse,
  FlightResponse,
  FlightsResponse,
  GroupAssignmentResponse,
  GroupResponse,
  GuestAnswersResponse,
  GuestQuestionsResponse,
  InvitationLinkResponse,
  InvitationResponse,
  InviteResponse,
  JoinLinkViewResponse,
  JoinRequestDecidedResponse,
  LoginResponse,
  MemberPlusOnesResponse,
  MemberResponse,
  MembersResponse,
  MyRsvpResponse,
  PhotoFeaturedResponse,
  PhotoResponse,
  PhotoWallStateResponse,
  PhotosResponse,
  PollBallotResponse,
  PollPickedResponse,
  PollResponse,
  RemovedMemberResponse,
  RevokedInvitationResponse,
  RsvpResponse,
  ScheduleResponse,
  SignInLinkSentResponse,
  SubscriptionLimitsResponse,
  SubscriptionResponse,
  VoteResponse,
} from './responses.ts';
import type { WallAdminView, WallFeed, WallLinkCreated, WallQueue, WallSettings } from '../wall.ts';
import type { photoWallStateSchema, wallSettingsSchema } from '../wall-schemas.ts';

export const API = defineApi({
  // ---- Account -------------------------------------------------------------------------------
  /** Creates or refreshes the caller’s user document after sign-in */
  login: endpoint<LoginResponse>()({
    method: 'POST',
    path: '/auth/login',
    access: 'app',
    idempotent: true,
  }),
  /** E-mails a sign-in link to an address (202) */
  requestSignInLink: endpoint<SignInLinkSentResponse>()({
    method: 'POST',
    path: '/auth/email-link',
    access: 'public',
    body: bodyOf<typeof emailLinkRequestSchema>(),
  }),
  /** Trades an e-mailed sign-in token for the sign-in link, once */
  redeemSignInLink: endpoint<EmailLinkRedeemResponse>()({
    method: 'POST',
    path: '/auth/email-link/redeem',
    access: 'public',
    body: bodyOf<typeof emailLinkRedeemSchema>(),
  }),
  /** The caller’s plan, usage and features */
  subscription: endpoint<SubscriptionResponse>()({
    method: 'GET',
    path: '/user/subscription',
    access: 'app',
  }),
  /** Whether the caller may create another event */
  subscriptionLimits: endpoint<SubscriptionLimitsResponse>()({
    method: 'GET',
    path: '/user/subscription/limits',
    access: 'app',
  }),

  /** What deleting the caller’s account would do */
  accountDeletionPreview: endpoint<AccountDeletionPreview>()({
    method: 'GET',
    path: '/user/account-deletion',
    access: 'app',
  }),
  /** Deletes the caller’s account, with their choice for each event they created */
  deleteAccount: endpoint<AccountDeletedResponse>()({
    method: 'POST',
    path: '/user/account-deletion',
    access: 'app',
    body: bodyOf<typeof accountDeletionRequestSchema>(),
  }),
  /** A one-time link to everything stored about the caller (201) */
  requestDataExport: endpoint<DataExportResponse>()({
    method: 'POST',
    path: '/user/data-export',
    access: 'app',
  }),
  /** Streams the caller’s data export, once */
  openDataExport: endpoint<FileDownload>()({
    method: 'GET',
    path: '/user/data-exports/:exportId',
    access: 'public',
  }),

  // ---- Events --------------------------------------------------------------------------------
  /** The caller’s events */
  listEvents: endpoint<EventsResponse>()({
    method: 'GET',
    path: '/events',
    access: 'api',
  }),
  /** One event with the caller’s role */
  getEvent: endpoint<EventResponse>()({
    method: 'GET',
    path: '/events/:eventId',
    access: 'api',
  }),
  /** Creates an event (201) */
  createEvent: endpoint<EventResponse>()({
    method: 'POST',
    path: '/events',
    access: 'app',
    body: bodyOf<typeof createEventRequestSchema>(),
  }),
  /** Changes one settings field (or both dates) */
  updateEvent: endpoint<EventResponse>()({
    method: 'PUT',
    path: '/events/:eventId',
    access: 'api',
    body: customBodyOf<EventSettingsRequest, EventSettingsPatch>(),
  }),
  /** Deletes an event and everything in it (creator) */
  deleteEvent: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId',
    access: 'app',
  }),

  // ---- Members and invitations ---------------------------------------------------------------
  /** The event’s members */
  listMembers: pagedEndpoint<MembersResponse>()({
    method: 'GET',
    path: '/events/:eventId/members',
    access: 'api',
  }),
  /** Invites an address (admins; 201) */
  inviteMember: endpoint<InviteResponse>()({
    method: 'POST',
    path: '/events/:eventId/members',
    access: 'app',
    body: bodyOf<typeof inviteRequestSchema>(),
  }),
  /** Removes a member (admins), or the caller leaves */
  removeMember: endpoint<RemovedMemberResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/members/:userId',
    access: 'app',
  }),
  /** Makes a member admin or attendee (creator) */
  changeRole: endpoint<MemberResponse>()({
    method: 'PATCH',
    path: '/events/:eventId/members/:userId/role',
    access: 'app',
    body: bodyOf<typeof roleChangeSchema>(),
  }),
  /** A member’s own plus-one allowance (admins) */
  setMemberPlusOnes: endpoint<MemberPlusOnesResponse>()({
    method: 'PUT',
    path: '/events/:eventId/members/:userId/plus-ones',
    access: 'app',
    body: bodyOf<typeof memberPlusOnesSchema>(),
  }),
  /** What an invitation link shows before sign-in */
  getInvitation: endpoint<InvitationResponse>()({
    method: 'GET',
    path: '/invitations/:token',
    access: 'public',
  }),
  /** E-mails a sign-in link to the invited address (202) */
  invitationSignInLink: endpoint<SignInLinkSentResponse>()({
    method: 'POST',
    path: '/invitations/:token/sign-in-link',
    access: 'public',
  }),
  /** Joins the event of an invitation */
  acceptInvitation: endpoint<AcceptInvitationResponse>()({
    method: 'POST',
    path: '/invitations/:token/accept',
    access: 'app',
    body: bodyOf<typeof acceptInvitationSchema>(),
  }),
  /** A pending invitation’s link (admins) */
  invitationLink: endpoint<InvitationLinkResponse>()({
    method: 'GET',
    path: '/events/:eventId/invitations/:invitationId/link',
    access: 'app',
    checkRevoked: true,
  }),
  /** E-mails a pending invitation again (admins) */
  resendInvitation: endpoint<InvitationLinkResponse>()({
    method: 'POST',
    path: '/events/:eventId/invitations/:invitationId/resend',
    access: 'app',
  }),
  /** Withdraws a pending invitation (admins) */
  revokeInvitation: endpoint<RevokedInvitationResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/invitations/:invitationId',
    access: 'app',
  }),
  /** The guest list as CSV (admins; the event creator’s plan must include data export) */
  exportGuestList: endpoint<FileDownload>()({
    method: 'GET',
    path: '/events/:eventId/guest-list.csv',
    access: 'app',
  }),

  // ---- Event link -----------------------------------------------------------------------------
  /** The event link and its settings (admins) */
  joinLinkState: endpoint<JoinLinkState>()({
    method: 'GET',
    path: '/events/:eventId/join-link',
    access: 'app',
  }),
  /** Turns the event link on or off, or asks before joining (admins) */
  updateJoinLink: endpoint<JoinLinkState>()({
    method: 'PUT',
    path: '/events/:eventId/join-link',
    access: 'app',
    body: bodyOf<typeof joinLinkUpdateSchema>(),
  }),
  /** Replaces the event link; the old one stops working (admins) */
  regenerateJoinLink: endpoint<JoinLinkState>()({
    method: 'POST',
    path: '/events/:eventId/join-link/regenerate',
    access: 'app',
  }),
  /** Lets a person who asked to join in (admins) */
  approveJoinRequest: endpoint<JoinRequestDecidedResponse>()({
    method: 'POST',
    path: '/events/:eventId/join-requests/:userId/approve',
    access: 'app',
  }),
  /** Declines a request to join (admins) */
  declineJoinRequest: endpoint<JoinRequestDecidedResponse>()({
    method: 'POST',
    path: '/events/:eventId/join-requests/:userId/decline',
    access: 'app',
  }),
  /** What an event link shows before sign-in */
  joinLinkView: endpoint<JoinLinkViewResponse>()({
    method: 'GET',
    path: '/join/:secret',
    access: 'public',
  }),
  /** Joins (or asks to join) the event of a link */
  joinByLink: endpoint<JoinResponse>()({
    method: 'POST',
    path: '/join/:secret',
    access: 'app',
  }),

  // ---- Photos --------------------------------------------------------------------------------
  /** The event’s photos */
  listPhotos: pagedEndpoint<PhotosResponse>()({
    method: 'GET',
    path: '/events/:eventId/photos',
    access: 'api',
  }),
  /** The event’s featured photos */
  listFeaturedPhotos: pagedEndpoint<PhotosResponse>()({
    method: 'GET',
    path: '/events/:eventId/photos/featured',
    access: 'api',
  }),
  /** Records an uploaded photo (201) */
  recordPhoto: endpoint<PhotoResponse>()({
    method: 'POST',
    path: '/events/:eventId/photos',
    access: 'app',
    body: bodyOf<typeof photoRecordSchema>(),
    idempotent: true,
  }),
  /** Votes for a photo */
  votePhoto: endpoint<VoteResponse>()({
    method: 'POST',
    path: '/events/:eventId/photos/:photoId/vote',
    access: 'app',
    idempotent: true,
  }),
  /** Takes a vote back */
  unvotePhoto: endpoint<VoteResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/photos/:photoId/vote',
    access: 'app',
    idempotent: true,
  }),
  /** Features a photo or takes it off (admins) */
  setPhotoFeatured: endpoint<PhotoFeaturedResponse>()({
    method: 'PUT',
    path: '/events/:eventId/photos/:photoId/featured',
    access: 'app',
    body: bodyOf<typeof photoFeaturedSchema>(),
    idempotent: true,
  }),
  /** Deletes a photo (its uploader or admins) */
  deletePhoto: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/photos/:photoId',
    access: 'app',
  }),
  /** Sets an uploaded image as the banner (admins) */
  setBannerPhoto: endpoint<EventResponse>()({
    method: 'POST',
    path: '/events/:eventId/banner-photo',
    access: 'app',
    body: bodyOf<typeof bannerPhotoSchema>(),
  }),
  /** A short-lived link to the photos as one zip (201) */
  createPhotoArchive: endpoint<PhotoArchiveResponse>()({
    method: 'POST',
    path: '/events/:eventId/photo-archives',
    access: 'app',
    body: bodyOf<typeof photoArchiveRequestSchema>(),
  }),
  /** Streams the zip of an archive link */
  openPhotoArchive: endpoint<FileDownload>()({
    method: 'GET',
    path: '/events/:eventId/photo-archives/:archiveId',
    access: 'public',
  }),

  // ---- Travel --------------------------------------------------------------------------------
  /** The event’s flights */
  listFlights: endpoint<FlightsResponse>()({
    method: 'GET',
    path: '/events/:eventId/flights',
    access: 'api',
  }),
  /** Adds the caller’s flight (201) */
  addFlight: endpoint<FlightResponse>()({
    method: 'POST',
    path: '/events/:eventId/flights',
    access: 'app',
    body: bodyOf<typeof createFlightRequestSchema>(),
  }),
  /** Deletes a flight (its traveller or admins) */
  deleteFlight: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/flights/:flightId',
    access: 'app',
  }),
  /** The event’s carpools with their passengers */
  listCarpools: endpoint<CarpoolsResponse>()({
    method: 'GET',
    path: '/events/:eventId/carpools',
    access: 'api',
  }),
  /** Offers a carpool, the caller driving (201) */
  addCarpool: endpoint<CarpoolViewResponse>()({
    method: 'POST',
    path: '/events/:eventId/carpools',
    access: 'app',
    body: bodyOf<typeof createCarpoolRequestSchema>(),
  }),
  /** Takes a seat */
  joinCarpool: endpoint<CarpoolResponse>()({
    method: 'POST',
    path: '/events/:eventId/carpools/:carpoolId/join',
    access: 'app',
  }),
  /** Gives a seat back */
  leaveCarpool: endpoint<CarpoolResponse>()({
    method: 'POST',
    path: '/events/:eventId/carpools/:carpoolId/leave',
    access: 'app',
  }),
  /** Deletes a carpool (its driver or admins) */
  deleteCarpool: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/carpools/:carpoolId',
    access: 'app',
  }),

  // ---- Schedule and RSVPs --------------------------------------------------------------------
  /** The schedule with counts and the caller’s answers */
  listSchedule: endpoint<ScheduleResponse>()({
    method: 'GET',
    path: '/events/:eventId/schedule',
    access: 'api',
  }),
  /** The caller’s answer and place in line */
  myRsvp: endpoint<MyRsvpResponse>()({
    method: 'GET',
    path: '/events/:eventId/schedule/:scheduleId/rsvp',
    access: 'app',
  }),
  /** The caller answers (the only way to RSVP) */
  setRsvp: endpoint<RsvpResponse>()({
    method: 'PUT',
    path: '/events/:eventId/schedule/:scheduleId/rsvp',
    access: 'app',
    body: bodyOf<typeof rsvpSchema>(),
    idempotent: true,
  }),
  /** An admin records a guest’s answer */
  recordRsvp: endpoint<RsvpResponse>()({
    method: 'PUT',
    path: '/events/:eventId/schedule/:scheduleId/rsvps/:userId',
    access: 'app',
    body: bodyOf<typeof rsvpSchema>(),
    idempotent: true,
  }),
  /** Sets or lifts an item’s capacity (admins, Pro and Enterprise) */
  setCapacity: endpoint<CapacityResponse>()({
    method: 'PUT',
    path: '/events/:eventId/schedule/:scheduleId/capacity',
    access: 'app',
    body: bodyOf<typeof capacitySchema>(),
  }),
  /** Deletes an item with its answers (admins) */
  deleteScheduleItem: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/schedule/:scheduleId',
    access: 'app',
  }),
  /** The host’s questions (admins) */
  setQuestions: endpoint<GuestQuestionsResponse>()({
    method: 'PUT',
    path: '/events/:eventId/questions',
    access: 'app',
    body: bodyOf<typeof guestQuestionsSchema>(),
  }),
  /** The caller’s answers to the host’s questions */
  setAnswers: endpoint<GuestAnswersResponse>()({
    method: 'PUT',
    path: '/events/:eventId/answers',
    access: 'app',
    body: bodyOf<typeof guestAnswersRequestSchema>(),
    idempotent: true,
  }),
  /** Posts and e-mails an announcement (admins; 201) */
  sendAnnouncement: endpoint<AnnouncementResponse>()({
    method: 'POST',
    path: '/events/:eventId/announcements',
    access: 'app',
    body: bodyOf<typeof announcementRequestSchema>(),
  }),

  // ---- Guest groups (domain/src/groups.ts) -------------------------------------------------------
  /** Defines a guest group (admins; 201) */
  createGroup: endpoint<GroupResponse>()({
    method: 'POST',
    path: '/events/:eventId/groups',
    access: 'app',
    body: bodyOf<typeof groupNameSchema>(),
  }),
  /** Renames a guest group (admins) */
  renameGroup: endpoint<GroupResponse>()({
    method: 'PATCH',
    path: '/events/:eventId/groups/:groupId',
    access: 'app',
    body: bodyOf<typeof groupNameSchema>(),
  }),
  /** Deletes a guest group nobody and nothing uses (admins) */
  deleteGroup: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/groups/:groupId',
    access: 'app',
  }),
  /** Puts several members in a group and takes others out (admins) */
  assignGroupMembers: endpoint<GroupAssignmentResponse>()({
    method: 'PUT',
    path: '/events/:eventId/groups/:groupId/members',
    access: 'app',
    body: bodyOf<typeof groupAssignmentSchema>(),
    idempotent: true,
  }),

  // ---- Seating (admins and the creator write; docs/api.md, "Seating") -------------------------
  /** An item's seating chart with its parties and their answers (admins) */
  getSeating: endpoint<SeatingResponse>()({
    method: 'GET',
    path: '/events/:eventId/schedule/:scheduleId/seating',
    access: 'app',
  }),
  /** Adds one table or a quick start of several (admins; 201) */
  addSeatingTables: endpoint<SeatingTablesResponse>()({
    method: 'POST',
    path: '/events/:eventId/schedule/:scheduleId/seating/tables',
    access: 'app',
    body: bodyOf<typeof addTablesSchema>(),
  }),
  /** Renames, numbers, reshapes or resizes a table (admins) */
  updateSeatingTable: endpoint<SeatingTableResponse>()({
    method: 'PATCH',
    path: '/events/:eventId/schedule/:scheduleId/seating/tables/:tableId',
    access: 'app',
    body: bodyOf<typeof updateTableSchema>(),
  }),
  /** Deletes a table; its people go back to unassigned (admins) */
  deleteSeatingTable: endpoint<DeletedTableResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/schedule/:scheduleId/seating/tables/:tableId',
    access: 'app',
  }),
  /** Puts the tables in a new order (admins) */
  reorderSeatingTables: endpoint<SeatingOrderResponse>()({
    method: 'PUT',
    path: '/events/:eventId/schedule/:scheduleId/seating/order',
    access: 'app',
    body: bodyOf<typeof reorderTablesSchema>(),
  }),
  /** Seats people at tables or unassigns them, all or none (admins) */
  moveSeats: endpoint<SeatMovesResponse>()({
    method: 'POST',
    path: '/events/:eventId/schedule/:scheduleId/seating/moves',
    access: 'app',
    body: bodyOf<typeof seatMovesSchema>(),
    idempotent: true,
  }),
  /** Turns "Show guests their table" on or off (admins) */
  setSeatingSettings: endpoint<SeatingSettingsResponse>()({
    method: 'PUT',
    path: '/events/:eventId/schedule/:scheduleId/seating/settings',
    access: 'app',
    body: bodyOf<typeof seatingSettingsSchema>(),
    idempotent: true,
  }),
  /** The caller’s table and tablemates on the item’s day, when shown */
  mySeat: endpoint<MySeatResponse>()({
    method: 'GET',
    path: '/events/:eventId/schedule/:scheduleId/seating/mine',
    access: 'app',
  }),
  /** The caterer’s list as CSV: table, guest, child, each answer (admins) */
  exportSeatingCsv: endpoint<FileDownload>()({
    method: 'GET',
    path: '/events/:eventId/schedule/:scheduleId/seating.csv',
    access: 'app',
  }),

  // ---- Date polls ------------------------------------------------------------------------------
  /** Proposes dates for the event (dates TBD) or a schedule item (admins; 201) */
  createPoll: endpoint<PollResponse>()({
    method: 'POST',
    path: '/events/:eventId/polls',
    access: 'app',
    body: bodyOf<typeof createPollSchema>(),
  }),
  /** Changes an open poll’s title, deadline and options (admins) */
  updatePoll: endpoint<PollResponse>()({
    method: 'PUT',
    path: '/events/:eventId/polls/:pollId',
    access: 'app',
    body: bodyOf<typeof updatePollSchema>(),
    idempotent: true,
  }),
  /** The caller answers options Yes / If need be / No */
  answerPoll: endpoint<PollBallotResponse>()({
    method: 'PUT',
    path: '/events/:eventId/polls/:pollId/ballot',
    access: 'app',
    body: bodyOf<typeof pollBallotSchema>(),
    idempotent: true,
  }),
  /** Picks an option: sets the dates, closes the poll, e-mails everyone (admins) */
  pickPollOption: endpoint<PollPickedResponse>()({
    method: 'POST',
    path: '/events/:eventId/polls/:pollId/pick',
    access: 'app',
    body: bodyOf<typeof pollPickSchema>(),
  }),
  /** Deletes a poll with its answers (admins) */
  deletePoll: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/polls/:pollId',
    access: 'app',
  }),

  // ---- E-mail ----------------------------------------------------------------------------------
  /** The page an unsubscribe link opens */
  unsubscribePage: endpoint<HtmlPage>()({
    method: 'GET',
    path: '/unsubscribe',
    access: 'public',
  }),
  /** Unsubscribes (or subscribes again) with a signed token */
  unsubscribe: endpoint<HtmlPage>()({
    method: 'POST',
    path: '/unsubscribe',
    access: 'public',
  }),

  // ---- Photo wall ------------------------------------------------------------------------------
  /** The wall links (never their secrets) and the wall settings (admins) */
  wallAdmin: endpoint<WallAdminView>()({
    method: 'GET',
    path: '/events/:eventId/wall-links',
    access: 'app',
  }),
  /** Creates a wall link; its URL with the secret is answered this once (admins; 201) */
  createWallLink: endpoint<WallLinkCreated>()({
    method: 'POST',
    path: '/events/:eventId/wall-links',
    access: 'app',
  }),
  /** Revokes a wall link: a wall open on it shows a sentence (admins) */
  revokeWallLink: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/wall-links/:linkId',
    access: 'app',
  }),
  /** Sets the wall's pace and whether photos wait for approval (admins) */
  setWallSettings: endpoint<WallSettings>()({
    method: 'PUT',
    path: '/events/:eventId/wall-settings',
    access: 'app',
    body: bodyOf<typeof wallSettingsSchema>(),
    idempotent: true,
  }),
  /** Shows (approves) or hides a photo on the wall (admins) */
  setPhotoWallState: endpoint<PhotoWallStateResponse>()({
    method: 'PUT',
    path: '/events/:eventId/photos/:photoId/wall',
    access: 'app',
    body: bodyOf<typeof photoWallStateSchema>(),
    idempotent: true,
  }),
  /** Photos waiting for approval, oldest first, and how many wait (admins) */
  wallQueue: endpoint<WallQueue>()({
    method: 'GET',
    path: '/events/:eventId/wall-queue',
    access: 'app',
  }),
  /** The wall for a signed-in member (`?since=` for changes) */
  eventWall: endpoint<WallFeed>()({
    method: 'GET',
    path: '/events/:eventId/wall',
    access: 'app',
  }),
  /** The wall a wall link opens, to whoever holds it (`?since=` for changes) */
  linkWall: endpoint<WallFeed>()({
    method: 'GET',
    path: '/walls/:secret',
    access: 'public',
  }),
});

export type ApiName = keyof typeof API;
