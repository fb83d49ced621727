/**
 * Every `/api` endpoint (docs/api.md lists them; a test keeps the list, the router and this
 * table equal). Paths are below `/api`. A resource that lives inside an event is addressed with
 * its event (`/events/{e}/schedule/{s}`): ids are unique only within their event (schedule
 * items take ids their admins' devices choose), so an id alone could name another event's
 * document (docs/decisions.md, "Nested resources").
 *
 * To add an endpoint: declare it here with its body type (`bodyOf<typeof yourSchema>()`) and
 * answer type, give its schema to api/request-bodies.ts (the compiler asks for it), serve it in
 * functions/src/routes/ with `route(API.name, handler)`, call it with `callApi(API.name, ...)`
 * (web/src/lib/api-client.ts), and document it in docs/api.md.
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
import type { photoArchiveRequestSchema, PhotoArchiveResponse } from '../photo-archive.ts';
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
import {
  bodyOf,
  customBodyOf,
  defineApi,
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
  PhotosResponse,
  RemovedMemberResponse,
  RevokedInvitationResponse,
  RsvpResponse,
  ScheduleResponse,
  SignInLinkSentResponse,
  SubscriptionLimitsResponse,
  SubscriptionResponse,
  VoteResponse,
} from './responses.ts';

export const API = defineApi({
  // ---- Account -------------------------------------------------------------------------------
  login: endpoint<LoginResponse>()({
    method: 'POST',
    path: '/auth/login',
    access: 'app',
    summary: 'Creates or refreshes the caller’s user document after sign-in',
    idempotent: true,
  }),
  requestSignInLink: endpoint<SignInLinkSentResponse>()({
    method: 'POST',
    path: '/auth/email-link',
    access: 'public',
    body: bodyOf<typeof emailLinkRequestSchema>(),
    summary: 'E-mails a sign-in link to an address (202)',
  }),
  redeemSignInLink: endpoint<EmailLinkRedeemResponse>()({
    method: 'POST',
    path: '/auth/email-link/redeem',
    access: 'public',
    body: bodyOf<typeof emailLinkRedeemSchema>(),
    summary: 'Trades an e-mailed sign-in token for the sign-in link, once',
  }),
  subscription: endpoint<SubscriptionResponse>()({
    method: 'GET',
    path: '/user/subscription',
    access: 'app',
    summary: 'The caller’s plan, usage and features',
  }),
  subscriptionLimits: endpoint<SubscriptionLimitsResponse>()({
    method: 'GET',
    path: '/user/subscription/limits',
    access: 'app',
    summary: 'Whether the caller may create another event',
  }),

  accountDeletionPreview: endpoint<AccountDeletionPreview>()({
    method: 'GET',
    path: '/user/account-deletion',
    access: 'app',
    summary: 'What deleting the caller’s account would do',
  }),
  deleteAccount: endpoint<AccountDeletedResponse>()({
    method: 'POST',
    path: '/user/account-deletion',
    access: 'app',
    body: bodyOf<typeof accountDeletionRequestSchema>(),
    summary: 'Deletes the caller’s account, with their choice for each event they created',
  }),
  requestDataExport: endpoint<DataExportResponse>()({
    method: 'POST',
    path: '/user/data-export',
    access: 'app',
    summary: 'A one-time link to everything stored about the caller (201)',
  }),
  openDataExport: endpoint<FileDownload>()({
    method: 'GET',
    path: '/user/data-exports/:exportId',
    access: 'public',
    summary: 'Streams the caller’s data export, once',
  }),

  // ---- Events --------------------------------------------------------------------------------
  listEvents: endpoint<EventsResponse>()({
    method: 'GET',
    path: '/events',
    access: 'api',
    summary: 'The caller’s events',
  }),
  getEvent: endpoint<EventResponse>()({
    method: 'GET',
    path: '/events/:eventId',
    access: 'api',
    summary: 'One event with the caller’s role',
  }),
  createEvent: endpoint<EventResponse>()({
    method: 'POST',
    path: '/events',
    access: 'app',
    body: bodyOf<typeof createEventRequestSchema>(),
    summary: 'Creates an event (201)',
  }),
  updateEvent: endpoint<EventResponse>()({
    method: 'PUT',
    path: '/events/:eventId',
    access: 'api',
    body: customBodyOf<EventSettingsRequest, EventSettingsPatch>(),
    summary: 'Changes one settings field (or both dates)',
  }),
  deleteEvent: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId',
    access: 'app',
    summary: 'Deletes an event and everything in it (creator)',
  }),

  // ---- Members and invitations ---------------------------------------------------------------
  listMembers: endpoint<MembersResponse>()({
    method: 'GET',
    path: '/events/:eventId/members',
    access: 'api',
    summary: 'The event’s members',
  }),
  inviteMember: endpoint<InviteResponse>()({
    method: 'POST',
    path: '/events/:eventId/members',
    access: 'app',
    body: bodyOf<typeof inviteRequestSchema>(),
    summary: 'Invites an address (admins; 201)',
  }),
  removeMember: endpoint<RemovedMemberResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/members/:userId',
    access: 'app',
    summary: 'Removes a member (admins), or the caller leaves',
  }),
  changeRole: endpoint<MemberResponse>()({
    method: 'PATCH',
    path: '/events/:eventId/members/:userId/role',
    access: 'app',
    body: bodyOf<typeof roleChangeSchema>(),
    summary: 'Makes a member admin or attendee (creator)',
  }),
  setMemberPlusOnes: endpoint<MemberPlusOnesResponse>()({
    method: 'PUT',
    path: '/events/:eventId/members/:userId/plus-ones',
    access: 'app',
    body: bodyOf<typeof memberPlusOnesSchema>(),
    summary: 'A member’s own plus-one allowance (admins)',
  }),
  getInvitation: endpoint<InvitationResponse>()({
    method: 'GET',
    path: '/invitations/:token',
    access: 'public',
    summary: 'What an invitation link shows before sign-in',
  }),
  invitationSignInLink: endpoint<SignInLinkSentResponse>()({
    method: 'POST',
    path: '/invitations/:token/sign-in-link',
    access: 'public',
    summary: 'E-mails a sign-in link to the invited address (202)',
  }),
  acceptInvitation: endpoint<AcceptInvitationResponse>()({
    method: 'POST',
    path: '/invitations/:token/accept',
    access: 'app',
    body: bodyOf<typeof acceptInvitationSchema>(),
    summary: 'Joins the event of an invitation',
  }),
  invitationLink: endpoint<InvitationLinkResponse>()({
    method: 'GET',
    path: '/events/:eventId/invitations/:invitationId/link',
    access: 'app',
    summary: 'A pending invitation’s link (admins)',
    checkRevoked: true,
  }),
  resendInvitation: endpoint<InvitationLinkResponse>()({
    method: 'POST',
    path: '/events/:eventId/invitations/:invitationId/resend',
    access: 'app',
    summary: 'E-mails a pending invitation again (admins)',
  }),
  revokeInvitation: endpoint<RevokedInvitationResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/invitations/:invitationId',
    access: 'app',
    summary: 'Withdraws a pending invitation (admins)',
  }),

  exportGuestList: endpoint<FileDownload>()({
    method: 'GET',
    path: '/events/:eventId/guest-list.csv',
    access: 'app',
    summary: 'The guest list as CSV (admins; the event creator’s plan must include data export)',
  }),

  // ---- Event link -----------------------------------------------------------------------------
  joinLinkState: endpoint<JoinLinkState>()({
    method: 'GET',
    path: '/events/:eventId/join-link',
    access: 'app',
    summary: 'The event link and its settings (admins)',
  }),
  updateJoinLink: endpoint<JoinLinkState>()({
    method: 'PUT',
    path: '/events/:eventId/join-link',
    access: 'app',
    body: bodyOf<typeof joinLinkUpdateSchema>(),
    summary: 'Turns the event link on or off, or asks before joining (admins)',
  }),
  regenerateJoinLink: endpoint<JoinLinkState>()({
    method: 'POST',
    path: '/events/:eventId/join-link/regenerate',
    access: 'app',
    summary: 'Replaces the event link; the old one stops working (admins)',
  }),
  approveJoinRequest: endpoint<JoinRequestDecidedResponse>()({
    method: 'POST',
    path: '/events/:eventId/join-requests/:userId/approve',
    access: 'app',
    summary: 'Lets a person who asked to join in (admins)',
  }),
  declineJoinRequest: endpoint<JoinRequestDecidedResponse>()({
    method: 'POST',
    path: '/events/:eventId/join-requests/:userId/decline',
    access: 'app',
    summary: 'Declines a request to join (admins)',
  }),
  joinLinkView: endpoint<JoinLinkViewResponse>()({
    method: 'GET',
    path: '/join/:secret',
    access: 'public',
    summary: 'What an event link shows before sign-in',
  }),
  joinByLink: endpoint<JoinResponse>()({
    method: 'POST',
    path: '/join/:secret',
    access: 'app',
    summary: 'Joins (or asks to join) the event of a link',
  }),

  // ---- Photos --------------------------------------------------------------------------------
  listPhotos: endpoint<PhotosResponse>()({
    method: 'GET',
    path: '/events/:eventId/photos',
    access: 'api',
    summary: 'The event’s photos',
  }),
  listFeaturedPhotos: endpoint<PhotosResponse>()({
    method: 'GET',
    path: '/events/:eventId/photos/featured',
    access: 'api',
    summary: 'The event’s featured photos',
  }),
  recordPhoto: endpoint<PhotoResponse>()({
    method: 'POST',
    path: '/events/:eventId/photos',
    access: 'app',
    body: bodyOf<typeof photoRecordSchema>(),
    summary: 'Records an uploaded photo (201)',
    idempotent: true,
  }),
  votePhoto: endpoint<VoteResponse>()({
    method: 'POST',
    path: '/events/:eventId/photos/:photoId/vote',
    access: 'app',
    summary: 'Votes for a photo',
    idempotent: true,
  }),
  unvotePhoto: endpoint<VoteResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/photos/:photoId/vote',
    access: 'app',
    summary: 'Takes a vote back',
    idempotent: true,
  }),
  setPhotoFeatured: endpoint<PhotoFeaturedResponse>()({
    method: 'PUT',
    path: '/events/:eventId/photos/:photoId/featured',
    access: 'app',
    body: bodyOf<typeof photoFeaturedSchema>(),
    summary: 'Features a photo or takes it off (admins)',
    idempotent: true,
  }),
  deletePhoto: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/photos/:photoId',
    access: 'app',
    summary: 'Deletes a photo (its uploader or admins)',
  }),
  setBannerPhoto: endpoint<EventResponse>()({
    method: 'POST',
    path: '/events/:eventId/banner-photo',
    access: 'app',
    body: bodyOf<typeof bannerPhotoSchema>(),
    summary: 'Sets an uploaded image as the banner (admins)',
  }),
  createPhotoArchive: endpoint<PhotoArchiveResponse>()({
    method: 'POST',
    path: '/events/:eventId/photo-archives',
    access: 'app',
    body: bodyOf<typeof photoArchiveRequestSchema>(),
    summary: 'A short-lived link to the photos as one zip (201)',
  }),
  openPhotoArchive: endpoint<FileDownload>()({
    method: 'GET',
    path: '/events/:eventId/photo-archives/:archiveId',
    access: 'public',
    summary: 'Streams the zip of an archive link',
  }),

  // ---- Travel --------------------------------------------------------------------------------
  listFlights: endpoint<FlightsResponse>()({
    method: 'GET',
    path: '/events/:eventId/flights',
    access: 'api',
    summary: 'The event’s flights',
  }),
  addFlight: endpoint<FlightResponse>()({
    method: 'POST',
    path: '/events/:eventId/flights',
    access: 'app',
    body: bodyOf<typeof createFlightRequestSchema>(),
    summary: 'Adds the caller’s flight (201)',
  }),
  deleteFlight: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/flights/:flightId',
    access: 'app',
    summary: 'Deletes a flight (its traveller or admins)',
  }),
  listCarpools: endpoint<CarpoolsResponse>()({
    method: 'GET',
    path: '/events/:eventId/carpools',
    access: 'api',
    summary: 'The event’s carpools with their passengers',
  }),
  addCarpool: endpoint<CarpoolViewResponse>()({
    method: 'POST',
    path: '/events/:eventId/carpools',
    access: 'app',
    body: bodyOf<typeof createCarpoolRequestSchema>(),
    summary: 'Offers a carpool, the caller driving (201)',
  }),
  joinCarpool: endpoint<CarpoolResponse>()({
    method: 'POST',
    path: '/events/:eventId/carpools/:carpoolId/join',
    access: 'app',
    summary: 'Takes a seat',
  }),
  leaveCarpool: endpoint<CarpoolResponse>()({
    method: 'POST',
    path: '/events/:eventId/carpools/:carpoolId/leave',
    access: 'app',
    summary: 'Gives a seat back',
  }),
  deleteCarpool: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/carpools/:carpoolId',
    access: 'app',
    summary: 'Deletes a carpool (its driver or admins)',
  }),

  // ---- Schedule and RSVPs --------------------------------------------------------------------
  listSchedule: endpoint<ScheduleResponse>()({
    method: 'GET',
    path: '/events/:eventId/schedule',
    access: 'api',
    summary: 'The schedule with counts and the caller’s answers',
  }),
  myRsvp: endpoint<MyRsvpResponse>()({
    method: 'GET',
    path: '/events/:eventId/schedule/:scheduleId/rsvp',
    access: 'app',
    summary: 'The caller’s answer and place in line',
  }),
  setRsvp: endpoint<RsvpResponse>()({
    method: 'PUT',
    path: '/events/:eventId/schedule/:scheduleId/rsvp',
    access: 'app',
    body: bodyOf<typeof rsvpSchema>(),
    summary: 'The caller answers (the only way to RSVP)',
    idempotent: true,
  }),
  recordRsvp: endpoint<RsvpResponse>()({
    method: 'PUT',
    path: '/events/:eventId/schedule/:scheduleId/rsvps/:userId',
    access: 'app',
    body: bodyOf<typeof rsvpSchema>(),
    summary: 'An admin records a guest’s answer',
    idempotent: true,
  }),
  setCapacity: endpoint<CapacityResponse>()({
    method: 'PUT',
    path: '/events/:eventId/schedule/:scheduleId/capacity',
    access: 'app',
    body: bodyOf<typeof capacitySchema>(),
    summary: 'Sets or lifts an item’s capacity (admins, Pro and Enterprise)',
  }),
  deleteScheduleItem: endpoint<DeletedResponse>()({
    method: 'DELETE',
    path: '/events/:eventId/schedule/:scheduleId',
    access: 'app',
    summary: 'Deletes an item with its answers (admins)',
  }),
  setQuestions: endpoint<GuestQuestionsResponse>()({
    method: 'PUT',
    path: '/events/:eventId/questions',
    access: 'app',
    body: bodyOf<typeof guestQuestionsSchema>(),
    summary: 'The host’s questions (admins)',
  }),
  setAnswers: endpoint<GuestAnswersResponse>()({
    method: 'PUT',
    path: '/events/:eventId/answers',
    access: 'app',
    body: bodyOf<typeof guestAnswersRequestSchema>(),
    summary: 'The caller’s answers to the host’s questions',
    idempotent: true,
  }),
  sendAnnouncement: endpoint<AnnouncementResponse>()({
    method: 'POST',
    path: '/events/:eventId/announcements',
    access: 'app',
    body: bodyOf<typeof announcementRequestSchema>(),
    summary: 'Posts and e-mails an announcement (admins; 201)',
  }),

  // ---- E-mail ----------------------------------------------------------------------------------
  unsubscribePage: endpoint<HtmlPage>()({
    method: 'GET',
    path: '/unsubscribe',
    access: 'public',
    summary: 'The page an unsubscribe link opens',
  }),
  unsubscribe: endpoint<HtmlPage>()({
    method: 'POST',
    path: '/unsubscribe',
    access: 'public',
    summary: 'Unsubscribes (or subscribes again) with a signed token',
  }),
});

export type ApiName = keyof typeof API;
