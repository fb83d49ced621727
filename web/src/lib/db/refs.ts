// Every Firestore collection and document the web client reads or writes, typed by its
// converter. Collection names live here and nowhere else in web/src (docs/data-model.md).
import {
  collection,
  collectionGroup,
  doc,
  FieldPath,
  query,
  where,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import type { PollTallyShard } from '@gatherly/domain/entities/polls';
import type { RsvpState } from '@gatherly/domain/rsvp-options';
import type {
  ActivityDoc,
  CarpoolDoc,
  CarpoolPassengerDoc,
  FlightDoc,
  GatherlyEvent,
  GuestAnswersDoc,
  InvitationDoc,
  JoinRequestDoc,
  MemberDoc,
  PhotoDoc,
  PhotoVoteDoc,
  RoleChangeDoc,
  GroupDoc,
  RsvpDoc,
  RsvpsByUserDoc,
  ScheduleDoc,
  UserProfileDoc,
  PollBallotDoc,
  PollDoc,
} from '../types.ts';
import {
  activityConverter,
  carpoolConverter,
  carpoolPassengerConverter,
  eventConverter,
  flightConverter,
  guestAnswersConverter,
  invitationConverter,
  joinRequestConverter,
  memberConverter,
  photoConverter,
  photoVoteConverter,
  roleChangeConverter,
  pollBallotConverter,
  pollConverter,
  pollTallyConverter,
  groupConverter,
  rsvpConverter,
  rsvpsByUserConverter,
  scheduleConverter,
  statsConverter,
  userProfileConverter,
  type StatsDoc,
  type StoredEvent,
  type StoredScheduleItem,
} from './converters.ts';

const EVENTS = 'events';
const MEMBERS = 'members';
const PHOTOS = 'photos';
const VOTES = 'votes';
const FLIGHTS = 'flights';
const CARPOOLS = 'carpools';
const PASSENGERS = 'passengers';
const SCHEDULE = 'schedule';
const ROLE_CHANGES = 'roleChanges';
const STATS = 'stats';
const RSVPS = 'rsvps';
const GROUPS = 'groups';
const RSVPS_BY_USER = 'rsvpsByUser';
const ACTIVITY = 'activity';
const INVITATIONS = 'invitations';
const JOIN_REQUESTS = 'joinRequests';
const GUEST_ANSWERS = 'guestAnswers';
const USERS = 'users';

/** Firestore's most values in one `in` filter. */
export const MAX_IN_VALUES = 30;

/** The signed-in person's own profile (the rules let only its owner read or edit it). */
export function userProfileRef(
  db: Firestore,
  uid: string,
): DocumentReference<UserProfileDoc, DocumentData> {
  return doc(db, USERS, uid).withConverter(userProfileConverter);
}

export function eventRef(
  db: Firestore,
  eventId: string,
): DocumentReference<GatherlyEvent, StoredEvent> {
  return doc(db, EVENTS, eventId).withConverter(eventConverter);
}

export function membersRef(
  db: Firestore,
  eventId: string,
): CollectionReference<MemberDoc, MemberDoc> {
  return collection(db, EVENTS, eventId, MEMBERS).withConverter(memberConverter);
}

/** The signed-in user's memberships across events (the rules allow exactly this query). */
export function membershipsQuery(db: Firestore, uid: string): Query<MemberDoc, MemberDoc> {
  return query(
    collectionGroup(db, MEMBERS).withConverter(memberConverter),
    where('userId', '==', uid),
  );
}

/** One member's document (their role and their own plus-one allowance). */
export function memberRef(
  db: Firestore,
  eventId: string,
  uid: string,
): DocumentReference<MemberDoc, MemberDoc> {
  return doc(membersRef(db, eventId), uid);
}

export function photosRef(db: Firestore, eventId: string): CollectionReference<PhotoDoc, PhotoDoc> {
  return collection(db, EVENTS, eventId, PHOTOS).withConverter(photoConverter);
}

export function photoRef(
  db: Firestore,
  eventId: string,
  photoId: string,
): DocumentReference<PhotoDoc, PhotoDoc> {
  return doc(photosRef(db, eventId), photoId);
}

/**
 * One user's votes in an event; read only narrowed to the photos shown (`photoId in`, at most
 * MAX_IN_VALUES per query: the live-data layer's useLiveDocsIn).
 */
export function myVotesQuery(
  db: Firestore,
  eventId: string,
  uid: string,
): Query<PhotoVoteDoc, PhotoVoteDoc> {
  return query(
    collectionGroup(db, VOTES).withConverter(photoVoteConverter),
    where('eventId', '==', eventId),
    where('userId', '==', uid),
  );
}

export function flightsRef(
  db: Firestore,
  eventId: string,
): CollectionReference<FlightDoc, FlightDoc> {
  return collection(db, EVENTS, eventId, FLIGHTS).withConverter(flightConverter);
}

export function carpoolsRef(
  db: Firestore,
  eventId: string,
): CollectionReference<CarpoolDoc, CarpoolDoc> {
  return collection(db, EVENTS, eventId, CARPOOLS).withConverter(carpoolConverter);
}

export function flightRef(
  db: Firestore,
  eventId: string,
  flightId: string,
): DocumentReference<FlightDoc, FlightDoc> {
  return doc(flightsRef(db, eventId), flightId);
}

export function carpoolRef(
  db: Firestore,
  eventId: string,
  carpoolId: string,
): DocumentReference<CarpoolDoc, CarpoolDoc> {
  return doc(carpoolsRef(db, eventId), carpoolId);
}

/** A carpool's riders (at most 7: seats are 1..8 with the driver's). */
export function passengersRef(
  db: Firestore,
  eventId: string,
  carpoolId: string,
): CollectionReference<CarpoolPassengerDoc, CarpoolPassengerDoc> {
  return collection(db, EVENTS, eventId, CARPOOLS, carpoolId, PASSENGERS).withConverter(
    carpoolPassengerConverter,
  );
}

export function scheduleRef(
  db: Firestore,
  eventId: string,
): CollectionReference<ScheduleDoc, StoredScheduleItem> {
  return collection(db, EVENTS, eventId, SCHEDULE).withConverter(scheduleConverter);
}

export function scheduleItemRef(
  db: Firestore,
  eventId: string,
  itemId: string,
): DocumentReference<ScheduleDoc, StoredScheduleItem> {
  return doc(scheduleRef(db, eventId), itemId);
}

/** The event's stored counts: three documents (members, photos, travel). */
export function statsRef(db: Firestore, eventId: string): CollectionReference<StatsDoc> {
  return collection(db, EVENTS, eventId, STATS).withConverter(statsConverter);
}

/** Each member's answers map (their dashboard; the guest list; "who's going"). */
export function rsvpsByUserRef(
  db: Firestore,
  eventId: string,
): CollectionReference<RsvpsByUserDoc, RsvpsByUserDoc> {
  return collection(db, EVENTS, eventId, RSVPS_BY_USER).withConverter(rsvpsByUserConverter);
}

/**
 * The item's answers with `status` ("who's going"): read under the item, where the rules check
 * its guest groups (a member's answers map names limited items too and is not theirs to read).
 */
export function itemAnswersQuery(
  db: Firestore,
  eventId: string,
  itemId: string,
  status: RsvpState,
): Query<RsvpDoc, RsvpDoc> {
  return query(
    collection(db, EVENTS, eventId, SCHEDULE, itemId, RSVPS).withConverter(rsvpConverter),
    where('status', '==', status),
  );
}

/** The answer maps holding `status` for `itemId` (single-field index on the map path; admins). */
export function answersQuery(
  db: Firestore,
  eventId: string,
  itemId: string,
  status: RsvpState,
): Query<RsvpsByUserDoc, RsvpsByUserDoc> {
  return query(rsvpsByUserRef(db, eventId), where(new FieldPath('statuses', itemId), '==', status));
}

/** The member's own RSVP answers, one document for the whole schedule. */
export function myRsvpsRef(
  db: Firestore,
  eventId: string,
  uid: string,
): DocumentReference<RsvpsByUserDoc, RsvpsByUserDoc> {
  return doc(rsvpsByUserRef(db, eventId), uid);
}

/** A member's own answers to the host's questions (the rules: the member and the admins). */
export function myGuestAnswersRef(
  db: Firestore,
  eventId: string,
  uid: string,
): DocumentReference<GuestAnswersDoc, GuestAnswersDoc> {
  return doc(guestAnswersRef(db, eventId), uid);
}

/** The event's activity feed (written by triggers). */
export function activityRef(
  db: Firestore,
  eventId: string,
): CollectionReference<ActivityDoc, ActivityDoc> {
  return collection(db, EVENTS, eventId, ACTIVITY).withConverter(activityConverter);
}

export function roleChangesRef(
  db: Firestore,
  eventId: string,
): CollectionReference<RoleChangeDoc, RoleChangeDoc> {
  return collection(db, EVENTS, eventId, ROLE_CHANGES).withConverter(roleChangeConverter);
}

/** The event's invitations (admins). */
export function invitationsRef(
  db: Firestore,
  eventId: string,
): CollectionReference<InvitationDoc, InvitationDoc> {
  return collection(db, EVENTS, eventId, INVITATIONS).withConverter(invitationConverter);
}

/** Requests to join through the event link (admins; each requester reads their own). */
export function joinRequestsRef(
  db: Firestore,
  eventId: string,
): CollectionReference<JoinRequestDoc, JoinRequestDoc> {
  return collection(db, EVENTS, eventId, JOIN_REQUESTS).withConverter(joinRequestConverter);
}

/** Members' answers to the host's questions (private to each member and the admins). */
export function guestAnswersRef(
  db: Firestore,
  eventId: string,
): CollectionReference<GuestAnswersDoc, GuestAnswersDoc> {
  return collection(db, EVENTS, eventId, GUEST_ANSWERS).withConverter(guestAnswersConverter);
}

// ---- Date polls --------------------------------------------------------------------------------

const POLLS = 'polls';

/** The event's polls: one per target ('event', `item-{scheduleId}`). */
export function pollsRef(db: Firestore, eventId: string): CollectionReference<PollDoc, PollDoc> {
  return collection(db, EVENTS, eventId, POLLS).withConverter(pollConverter);
}

/** A poll's tally shards (at most POLL_TALLY_SHARDS documents). */
export function pollTalliesRef(
  db: Firestore,
  eventId: string,
  pollId: string,
): CollectionReference<PollTallyShard, PollTallyShard> {
  return collection(db, EVENTS, eventId, POLLS, pollId, 'tallies').withConverter(
    pollTallyConverter,
  );
}

/** A poll's ballots, one per member who answered (id = uid). */
export function pollBallotsRef(
  db: Firestore,
  eventId: string,
  pollId: string,
): CollectionReference<PollBallotDoc, PollBallotDoc> {
  return collection(db, EVENTS, eventId, POLLS, pollId, 'ballots').withConverter(
    pollBallotConverter,
  );
}

/** The event's guest groups (at most 10; admins only, the rules). */
export function groupsRef(db: Firestore, eventId: string): CollectionReference<GroupDoc, GroupDoc> {
  return collection(db, EVENTS, eventId, GROUPS).withConverter(groupConverter);
}

/** The feed lines of announcements to one guest group (its members and the admins read them). */
export function groupFeedRef(
  db: Firestore,
  eventId: string,
  groupId: string,
): CollectionReference<ActivityDoc, ActivityDoc> {
  return collection(db, EVENTS, eventId, GROUPS, groupId, 'feed').withConverter(activityConverter);
}
