// Every Firestore collection and document the web client reads or writes, typed by its
// converter. Collection names live here and nowhere else in web/src (docs/data-model.md).
import {
  collection,
  collectionGroup,
  doc,
  query,
  where,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import type { RsvpStatus } from '@gatherly/domain/entities';
import type {
  CarpoolDoc,
  FlightDoc,
  GatherlyEvent,
  InvitationDoc,
  MemberDoc,
  PhotoDoc,
  PhotoVoteDoc,
  RoleChangeDoc,
  RsvpDoc,
  RsvpsByUserDoc,
  ScheduleDoc,
} from '../types.ts';
import {
  carpoolConverter,
  eventConverter,
  flightConverter,
  invitationConverter,
  memberConverter,
  photoConverter,
  photoVoteConverter,
  roleChangeConverter,
  rsvpConverter,
  rsvpsByUserConverter,
  scheduleConverter,
  type StoredEvent,
} from './converters.ts';

const EVENTS = 'events';
const MEMBERS = 'members';
const PHOTOS = 'photos';
const VOTES = 'votes';
const FLIGHTS = 'flights';
const CARPOOLS = 'carpools';
const SCHEDULE = 'schedule';
const RSVPS = 'rsvps';
const ROLE_CHANGES = 'roleChanges';
const RSVPS_BY_USER = 'rsvpsByUser';
const INVITATIONS = 'invitations';

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

/** One user's votes in one event: a single listener instead of one per photo. */
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

export function scheduleRef(
  db: Firestore,
  eventId: string,
): CollectionReference<ScheduleDoc, ScheduleDoc> {
  return collection(db, EVENTS, eventId, SCHEDULE).withConverter(scheduleConverter);
}

export function scheduleItemRef(
  db: Firestore,
  eventId: string,
  itemId: string,
): DocumentReference<ScheduleDoc, ScheduleDoc> {
  return doc(scheduleRef(db, eventId), itemId);
}

export function itemRsvpsRef(
  db: Firestore,
  eventId: string,
  itemId: string,
): CollectionReference<RsvpDoc, RsvpDoc> {
  return collection(db, EVENTS, eventId, SCHEDULE, itemId, RSVPS).withConverter(rsvpConverter);
}

export function rsvpRef(
  db: Firestore,
  eventId: string,
  itemId: string,
  uid: string,
): DocumentReference<RsvpDoc, RsvpDoc> {
  return doc(itemRsvpsRef(db, eventId, itemId), uid);
}

/** Every RSVP of an event (across its schedule items), optionally only one answer. */
export function eventRsvpsQuery(
  db: Firestore,
  eventId: string,
  status?: RsvpStatus,
): Query<RsvpDoc, RsvpDoc> {
  const rsvps = collectionGroup(db, RSVPS).withConverter(rsvpConverter);
  const ofEvent = where('eventId', '==', eventId);
  return status ? query(rsvps, ofEvent, where('status', '==', status)) : query(rsvps, ofEvent);
}

export function roleChangesRef(
  db: Firestore,
  eventId: string,
): CollectionReference<RoleChangeDoc, RoleChangeDoc> {
  return collection(db, EVENTS, eventId, ROLE_CHANGES).withConverter(roleChangeConverter);
}

/** Each member's answers map (the guest list; "who's going"). */
export function rsvpsByUserRef(
  db: Firestore,
  eventId: string,
): CollectionReference<RsvpsByUserDoc, RsvpsByUserDoc> {
  return collection(db, EVENTS, eventId, RSVPS_BY_USER).withConverter(rsvpsByUserConverter);
}

/** The event's invitations (admins). */
export function invitationsRef(
  db: Firestore,
  eventId: string,
): CollectionReference<InvitationDoc, InvitationDoc> {
  return collection(db, EVENTS, eventId, INVITATIONS).withConverter(invitationConverter);
}
