import {
  ADMIN_ROLES,
  EVENT,
  MEMBER_ROLES,
  NOBODY,
  QUIET_ITEM,
  SCHEDULE_ITEM,
  SIGNED_IN_ROLES,
  UID,
  carpool,
  flight,
  member,
  photo,
  rsvp,
  rsvpsByUser,
  userProfile,
  validEvent,
  type Role,
} from './fixtures.ts';
import {
  listenDoc,
  listenQuery,
  matrix,
  ownOf,
  serverTime,
  type Actor,
  type Owner,
  type RulesCase,
} from './cases.ts';

/**
 * The full role matrix for Firestore: every collection (and, where ownership matters, own versus
 * someone else's document) × every role × get, list, create, update, delete (and listen where
 * the app uses listeners). Creates always aim at documents that do not exist yet and updates and
 * deletes at documents that do, so a denial can only come from the rules.
 */
const E = `events/${EVENT}`;
const other = UID.attendee2;

const fs = (area: string, cells: Parameters<typeof matrix>[2]): RulesCase[] =>
  matrix('firestore', area, cells);

const users = [
  ...fs('users/{own}', {
    get: { allowed: SIGNED_IN_ROLES, attempt: (a) => a.db.doc(`users/${ownOf(a)}`).get() },
    create: {
      allowed: NOBODY,
      what: 'profile document missing',
      prepare: async (owner, role) =>
        owner.db.doc(`users/${role === 'signedOut' ? UID.attendee : UID[role]}`).delete(),
      attempt: (a) => a.db.doc(`users/${ownOf(a)}`).set(userProfile(ownOf(a))),
    },
    update: {
      allowed: SIGNED_IN_ROLES,
      what: 'displayName + updatedAt',
      attempt: (a) =>
        a.db.doc(`users/${ownOf(a)}`).update({ displayName: 'New Name', updatedAt: serverTime() }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`users/${ownOf(a)}`).delete() },
  }),
  ...fs('users/{other}', {
    get: { allowed: NOBODY, attempt: (a) => a.db.doc(`users/${other}`).get() },
    list: {
      allowed: NOBODY,
      what: 'by e-mail',
      attempt: (a) => a.db.collection('users').where('email', '==', `${other}@example.com`).get(),
    },
    create: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(`users/${UID.newcomer}`).set(userProfile(UID.newcomer)),
    },
    update: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(`users/${other}`).update({ displayName: 'Hijacked' }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`users/${other}`).delete() },
  }),
  ...fs('users', {
    list: { allowed: NOBODY, what: 'everyone', attempt: (a) => a.db.collection('users').get() },
  }),
];

const tiers = fs('subscriptionTiers', {
  get: { allowed: SIGNED_IN_ROLES, attempt: (a) => a.db.doc('subscriptionTiers/free').get() },
  list: { allowed: SIGNED_IN_ROLES, attempt: (a) => a.db.collection('subscriptionTiers').get() },
  create: {
    allowed: NOBODY,
    attempt: (a) => a.db.doc('subscriptionTiers/gold').set({ tierName: 'gold', maxEvents: -1 }),
  },
  update: {
    allowed: NOBODY,
    attempt: (a) => a.db.doc('subscriptionTiers/free').update({ maxEvents: 1000 }),
  },
  delete: { allowed: NOBODY, attempt: (a) => a.db.doc('subscriptionTiers/free').delete() },
});

/** Collections no client touches at all. */
function serverOnly(collection: string, id: string, data: Record<string, unknown>): RulesCase[] {
  return fs(collection, {
    get: { allowed: NOBODY, attempt: (a) => a.db.doc(`${collection}/${id}`).get() },
    list: { allowed: NOBODY, attempt: (a) => a.db.collection(collection).get() },
    create: { allowed: NOBODY, attempt: (a) => a.db.doc(`${collection}/new-${id}`).set(data) },
    update: { allowed: NOBODY, attempt: (a) => a.db.doc(`${collection}/${id}`).update(data) },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${collection}/${id}`).delete() },
  });
}

const serverCollections = [
  ...serverOnly('invitationTokens', 'token-1', {
    eventId: EVENT,
    invitationId: 'inv-1',
    email: 'x@example.com',
  }),
  ...serverOnly('invitationLog', 'log-1', {
    invitedByUserId: UID.admin,
    eventId: EVENT,
    email: 'x@example.com',
  }),
  ...serverOnly('mail', 'mail-1', {
    to: 'victim@example.com',
    message: { subject: 'Hi', text: 'Spam' },
  }),
  // A sign-in ticket holds a one-use Firebase sign-in link; an event link's id is its secret.
  ...serverOnly('signInLinks', 'hash-1', { email: 'x@example.com', next: '/' }),
  ...serverOnly('signInLimits', 'address-hash-1', { sentAt: [] }),
  ...serverOnly('joinLinks', 'secret-1', { eventId: EVENT, askBeforeJoin: false }),
  // A wall link's id is the hash of its secret; the wall reads through GET /api/walls/{secret}.
  ...serverOnly('wallLinks', 'hash-1', { eventId: EVENT, createdBy: UID.admin }),
  // An account deletion job (here the attendee's own): the person may neither start, read,
  // steer nor remove one directly, let alone someone else's; POST /api/user/account-deletion
  // acts only on the caller.
  ...serverOnly('accountDeletions', UID.attendee, {
    userId: UID.attendee,
    status: 'done',
    choices: [],
    steps: [],
  }),
  // A "Download my data" link's id is its credential, like a photo download's.
  ...serverOnly('dataExports', 'export-1', { userId: UID.attendee, openedAt: null }),
  // A photo download's id is its link's credential: reading one would let anyone download.
  ...serverOnly(`events/${EVENT}/photoArchives`, 'archive-1', {
    eventId: EVENT,
    createdBy: UID.attendee,
    photoIds: null,
    photoCount: 1,
  }),
];

const events = [
  ...fs('events/{event}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(E).get() },
    listen: { allowed: MEMBER_ROLES, attempt: (a) => listenDoc(a.db, E) },
    create: {
      allowed: NOBODY,
      what: 'new event as its creator',
      attempt: (a) =>
        a.db.doc(`events/new-${ownOf(a)}`).set(validEvent(`new-${ownOf(a)}`, ownOf(a))),
    },
    update: {
      allowed: ADMIN_ROLES,
      what: 'name',
      attempt: (a) => a.db.doc(E).update({ name: 'Renamed weekend' }),
    },
  }),
  ...fs('events/{event} plus-ones allowed', {
    update: {
      allowed: ADMIN_ROLES,
      what: 'plusOnesAllowed 2',
      attempt: (a) => a.db.doc(E).update({ plusOnesAllowed: 2 }),
    },
  }),
  // The host's questions: PUT /api/events/{e}/questions only (it checks them with the schema).
  ...fs('events/{event} questions', {
    update: {
      allowed: NOBODY,
      what: 'questions',
      attempt: (a) =>
        a.db.doc(E).update({
          questions: [
            { id: 'diet', label: 'Dietary needs', kind: 'text', options: [], required: false },
          ],
        }),
    },
  }),
  ...fs('events/{event} guest list setting', {
    update: {
      allowed: ADMIN_ROLES,
      what: 'guestsSeeWhoIsGoing off',
      attempt: (a) => a.db.doc(E).update({ guestsSeeWhoIsGoing: false }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(E).delete() },
  }),
  ...fs('events', {
    list: { allowed: NOBODY, what: 'all events', attempt: (a) => a.db.collection('events').get() },
  }),
  ...fs('events', {
    list: {
      allowed: NOBODY,
      what: 'events created by the creator',
      attempt: (a) => a.db.collection('events').where('createdBy', '==', UID.creator).get(),
    },
  }),
];

// The member search (web/src/features/members/data.ts, membersQuery), in both of its orders.
const memberSearch = (a: Actor) =>
  a.db.collection(`${E}/members`).where('searchTokens', 'array-contains', 'al');
const members = [
  ...fs('members search, joining order', {
    listen: {
      allowed: MEMBER_ROLES,
      what: 'searchTokens array-contains, joinedAt',
      attempt: (a) => listenQuery(memberSearch(a).orderBy('joinedAt', 'asc')),
    },
  }),
  ...fs('members search, by name', {
    listen: {
      allowed: MEMBER_ROLES,
      what: 'searchTokens array-contains, user.displayName',
      attempt: (a) => listenQuery(memberSearch(a).orderBy('user.displayName', 'asc')),
    },
  }),
  ...fs('members/{attendee2}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(`${E}/members/${other}`).get() },
    list: { allowed: MEMBER_ROLES, attempt: (a) => a.db.collection(`${E}/members`).get() },
    listen: { allowed: MEMBER_ROLES, attempt: (a) => listenQuery(a.db.collection(`${E}/members`)) },
    create: {
      allowed: NOBODY,
      what: 'add a newcomer',
      attempt: (a) =>
        a.db.doc(`${E}/members/${UID.newcomer}`).set(member(EVENT, UID.newcomer, 'attendee')),
    },
    update: {
      allowed: NOBODY,
      what: 'role to admin',
      attempt: (a) => a.db.doc(`${E}/members/${other}`).update({ role: 'admin' }),
    },
    // Removal is DELETE /api/events/{e}/members/{uid}, which also frees the person's carpool
    // seats; no client deletes a membership directly (docs/data-model.md, "Write paths").
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${E}/members/${other}`).delete() },
  }),
  ...fs('members/{admin2}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(`${E}/members/${UID.admin2}`).get() },
    update: {
      allowed: NOBODY,
      what: 'role to attendee',
      attempt: (a) => a.db.doc(`${E}/members/${UID.admin2}`).update({ role: 'attendee' }),
    },
    delete: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(`${E}/members/${UID.admin2}`).delete(),
    },
  }),
  ...fs('members/{creator}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(`${E}/members/${UID.creator}`).get() },
    update: {
      allowed: NOBODY,
      what: 'role to attendee',
      attempt: (a) => a.db.doc(`${E}/members/${UID.creator}`).update({ role: 'attendee' }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${E}/members/${UID.creator}`).delete() },
  }),
  ...fs('members/{own}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(`${E}/members/${ownOf(a)}`).get() },
    create: {
      allowed: NOBODY,
      what: 'rejoin after removal',
      prepare: async (owner, role) =>
        owner.db.doc(`${E}/members/${role === 'signedOut' ? UID.attendee : UID[role]}`).delete(),
      attempt: (a) => a.db.doc(`${E}/members/${ownOf(a)}`).set(member(EVENT, ownOf(a), 'attendee')),
    },
    update: {
      allowed: NOBODY,
      what: 'role to creator (merge write)',
      attempt: (a) =>
        a.db.doc(`${E}/members/${ownOf(a)}`).set({ role: 'creator' }, { merge: true }),
    },
    delete: {
      allowed: NOBODY,
      what: 'leave',
      attempt: (a) => a.db.doc(`${E}/members/${ownOf(a)}`).delete(),
    },
  }),
  ...fs('collectionGroup(members) own', {
    list: {
      allowed: SIGNED_IN_ROLES,
      what: 'userId == caller (the events list)',
      attempt: (a) => a.db.collectionGroup('members').where('userId', '==', ownOf(a)).get(),
    },
    listen: {
      allowed: SIGNED_IN_ROLES,
      attempt: (a) => listenQuery(a.db.collectionGroup('members').where('userId', '==', ownOf(a))),
    },
  }),
  ...fs('collectionGroup(members) other', {
    list: {
      allowed: NOBODY,
      what: 'userId == attendee2',
      attempt: (a) => a.db.collectionGroup('members').where('userId', '==', other).get(),
    },
  }),
  ...fs('collectionGroup(members) all', {
    list: { allowed: NOBODY, attempt: (a) => a.db.collectionGroup('members').get() },
  }),
];

/** Read-only-for-admins audit collections. */
function adminReadable(collection: string, id: string, data: Record<string, unknown>): RulesCase[] {
  const path = `${E}/${collection}`;
  return fs(collection, {
    get: { allowed: ADMIN_ROLES, attempt: (a) => a.db.doc(`${path}/${id}`).get() },
    list: { allowed: ADMIN_ROLES, attempt: (a) => a.db.collection(path).get() },
    listen: { allowed: ADMIN_ROLES, attempt: (a) => listenQuery(a.db.collection(path)) },
    create: { allowed: NOBODY, attempt: (a) => a.db.doc(`${path}/new-${id}`).set(data) },
    update: { allowed: NOBODY, attempt: (a) => a.db.doc(`${path}/${id}`).update(data) },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${path}/${id}`).delete() },
  });
}

const audit = [
  ...adminReadable('invitations', 'inv-1', {
    eventId: EVENT,
    email: 'friend@example.com',
    role: 'attendee',
    status: 'accepted',
    invitedByUserId: UID.creator,
    invitedAt: serverTime(),
    respondedAt: null,
  }),
  ...adminReadable('roleChanges', 'change-1', {
    eventId: EVENT,
    changedUserId: other,
    changedByUserId: UID.creator,
    oldRole: 'attendee',
    newRole: 'admin',
    changedAt: serverTime(),
  }),
];

const ownPhoto = (a: Actor): string => `${E}/photos/photo-${ownOf(a)}`;
const otherPhoto = `${E}/photos/photo-${other}`;

// The gallery's filtered pages (web/src/features/photos/data.ts, galleryQuery): a member may run
// each, and firestore.indexes.json must serve each (production limits mode refuses otherwise).
const gallery = (a: Actor) => a.db.collection(`${E}/photos`);
const photos = [
  ...fs('photos gallery, Featured', {
    listen: {
      allowed: MEMBER_ROLES,
      what: 'isFeatured == true, newest first',
      attempt: (a) =>
        listenQuery(gallery(a).where('isFeatured', '==', true).orderBy('uploadedAt', 'desc')),
    },
  }),
  ...fs('photos gallery, search', {
    listen: {
      allowed: MEMBER_ROLES,
      what: 'searchTokens array-contains, newest first',
      attempt: (a) =>
        listenQuery(
          gallery(a).where('searchTokens', 'array-contains', 'su').orderBy('uploadedAt', 'desc'),
        ),
    },
  }),
  ...fs('photos gallery, search within Featured', {
    listen: {
      allowed: MEMBER_ROLES,
      what: 'searchTokens array-contains, isFeatured == true, newest first',
      attempt: (a) =>
        listenQuery(
          gallery(a)
            .where('searchTokens', 'array-contains', 'su')
            .where('isFeatured', '==', true)
            .orderBy('uploadedAt', 'desc'),
        ),
    },
  }),
  ...fs('photos/{attendee2}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(otherPhoto).get() },
    list: { allowed: MEMBER_ROLES, attempt: (a) => a.db.collection(`${E}/photos`).get() },
    listen: {
      allowed: MEMBER_ROLES,
      attempt: (a) => listenQuery(a.db.collection(`${E}/photos`).orderBy('uploadedAt', 'desc')),
    },
    create: {
      allowed: NOBODY,
      what: 'own photo document',
      attempt: (a) =>
        a.db.doc(`${E}/photos/new-${ownOf(a)}`).set(photo(EVENT, `new-${ownOf(a)}`, ownOf(a))),
    },
    update: {
      allowed: NOBODY,
      what: "caption of someone else's photo",
      attempt: (a) => a.db.doc(otherPhoto).update({ caption: 'Not mine' }),
    },
    // Deleting and featuring move stats/photos: DELETE /api/events/{e}/photos/{id} and
    // PUT /api/events/{e}/photos/{id}/featured only (docs/performance.md, "Counters").
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(otherPhoto).delete() },
  }),
  ...fs('photos/{attendee2} featured', {
    update: {
      allowed: NOBODY,
      what: 'isFeatured',
      attempt: (a) => a.db.doc(otherPhoto).update({ isFeatured: true }),
    },
  }),
  ...fs('photos/{own}', {
    update: {
      allowed: MEMBER_ROLES,
      what: 'caption by uploader',
      attempt: (a) => a.db.doc(ownPhoto(a)).update({ caption: 'Sunset' }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(ownPhoto(a)).delete() },
  }),
  ...fs('photos/{own} searchTokens', {
    update: {
      allowed: NOBODY,
      what: 'caption with forged searchTokens',
      attempt: (a) =>
        a.db.doc(ownPhoto(a)).update({ caption: 'Sunset', searchTokens: ['s', 'su'] }),
    },
  }),
  ...fs('photos/{p}/votes', {
    get: {
      allowed: MEMBER_ROLES,
      attempt: (a) => a.db.doc(`${otherPhoto}/votes/${UID.admin2}`).get(),
    },
    list: { allowed: MEMBER_ROLES, attempt: (a) => a.db.collection(`${otherPhoto}/votes`).get() },
    create: {
      allowed: NOBODY,
      what: 'own vote document',
      attempt: (a) =>
        a.db.doc(`${otherPhoto}/votes/${ownOf(a)}`).set({
          eventId: EVENT,
          photoId: `photo-${other}`,
          userId: ownOf(a),
          votedAt: serverTime(),
        }),
    },
    update: {
      allowed: NOBODY,
      attempt: (a) =>
        a.db.doc(`${otherPhoto}/votes/${UID.admin2}`).update({ votedAt: serverTime() }),
    },
    delete: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(`${otherPhoto}/votes/${UID.admin2}`).delete(),
    },
  }),
];

const myVotes = (a: Actor) =>
  a.db.collectionGroup('votes').where('eventId', '==', EVENT).where('userId', '==', ownOf(a));
const voteGroup = fs('collectionGroup(votes) own in event', {
  list: {
    allowed: MEMBER_ROLES,
    what: 'eventId == event, userId == caller',
    attempt: (a) => myVotes(a).get(),
  },
  listen: { allowed: MEMBER_ROLES, attempt: (a) => listenQuery(myVotes(a)) },
});

const otherFlight = `${E}/flights/flight-${other}`;
const ownFlight = (a: Actor): string => `${E}/flights/flight-${ownOf(a)}`;
const flightChange = { airline: 'KLM', flightNumber: 'KL1691' };

const flights = [
  ...fs('flights/{attendee2}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(otherFlight).get() },
    list: { allowed: MEMBER_ROLES, attempt: (a) => a.db.collection(`${E}/flights`).get() },
    listen: { allowed: MEMBER_ROLES, attempt: (a) => listenQuery(a.db.collection(`${E}/flights`)) },
    create: {
      allowed: NOBODY,
      what: 'own flight',
      attempt: (a) =>
        a.db.doc(`${E}/flights/new-${ownOf(a)}`).set(flight(EVENT, `new-${ownOf(a)}`, ownOf(a))),
    },
    update: { allowed: ADMIN_ROLES, attempt: (a) => a.db.doc(otherFlight).update(flightChange) },
    // Deletion moves stats/travel: DELETE /api/events/{e}/flights/{id} only.
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(otherFlight).delete() },
  }),
  ...fs('flights/{own}', {
    update: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(ownFlight(a)).update(flightChange) },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(ownFlight(a)).delete() },
  }),
];

const otherCarpool = `${E}/carpools/carpool-${other}`;
const ownCarpool = (a: Actor): string => `${E}/carpools/carpool-${ownOf(a)}`;
// Seeded carpools carry one passenger (2 seats taken): 3 seats stays above the floor.
const carpoolChange = {
  fromLocation: 'Station',
  departureTime: '2027-06-12T13:30:00.000Z',
  maxSeats: 3,
};

const carpools = [
  ...fs('carpools/{attendee2}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(otherCarpool).get() },
    list: { allowed: MEMBER_ROLES, attempt: (a) => a.db.collection(`${E}/carpools`).get() },
    listen: {
      allowed: MEMBER_ROLES,
      attempt: (a) => listenQuery(a.db.collection(`${E}/carpools`)),
    },
    create: {
      allowed: NOBODY,
      what: 'own carpool',
      attempt: (a) =>
        a.db.doc(`${E}/carpools/new-${ownOf(a)}`).set(carpool(EVENT, `new-${ownOf(a)}`, ownOf(a))),
    },
    update: {
      allowed: ADMIN_ROLES,
      what: 'edit route and seats',
      attempt: (a) => a.db.doc(otherCarpool).update(carpoolChange),
    },
    // Deletion moves stats/travel: DELETE /api/events/{e}/carpools/{id} only.
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(otherCarpool).delete() },
  }),
  ...fs('carpools/{own}', {
    update: {
      allowed: MEMBER_ROLES,
      what: 'driver edits route and seats',
      attempt: (a) => a.db.doc(ownCarpool(a)).update(carpoolChange),
    },
    delete: {
      allowed: NOBODY,
      what: 'driver',
      attempt: (a) => a.db.doc(ownCarpool(a)).delete(),
    },
  }),
  ...fs('carpools/{c}/passengers', {
    get: {
      allowed: MEMBER_ROLES,
      attempt: (a) => a.db.doc(`${otherCarpool}/passengers/${UID.admin2}`).get(),
    },
    list: {
      allowed: MEMBER_ROLES,
      attempt: (a) => a.db.collection(`${otherCarpool}/passengers`).get(),
    },
    create: {
      allowed: NOBODY,
      what: 'join as self',
      attempt: (a) =>
        a.db.doc(`${otherCarpool}/passengers/${ownOf(a)}`).set({
          eventId: EVENT,
          carpoolId: `carpool-${other}`,
          userId: ownOf(a),
          user: { displayName: 'Me', photoURL: '' },
          joinedAt: serverTime(),
        }),
    },
    update: {
      allowed: NOBODY,
      attempt: (a) =>
        a.db.doc(`${otherCarpool}/passengers/${UID.admin2}`).update({ joinedAt: serverTime() }),
    },
    delete: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(`${otherCarpool}/passengers/${UID.admin2}`).delete(),
    },
  }),
];

const item = `${E}/schedule/${SCHEDULE_ITEM}`;
export function newScheduleItem(id: string, createdBy: string): Record<string, unknown> {
  return {
    id,
    eventId: EVENT,
    title: 'Brunch',
    description: 'By the river',
    startTime: '2027-06-13T10:00:00.000Z',
    endTime: null,
    location: 'Café',
    createdBy,
    createdAt: serverTime(),
    audience: 'everyone',
    groupAccess: {},
  };
}

// Members' schedule queries say which items they read (rules are not filters): the whole
// collection holds an item limited to a group, so only admins may list it unfiltered.
const schedule = fs('schedule', {
  get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(item).get() },
  list: {
    allowed: ADMIN_ROLES,
    what: 'every item',
    attempt: (a) => a.db.collection(`${E}/schedule`).orderBy('startTime').get(),
  },
  // (No listener cell: a denied listener answers from the client's cache of the get above.)
  create: {
    allowed: ADMIN_ROLES,
    attempt: (a) => a.db.doc(`${E}/schedule/new-item`).set(newScheduleItem('new-item', ownOf(a))),
  },
  update: {
    allowed: ADMIN_ROLES,
    what: 'title and times',
    attempt: (a) =>
      a.db
        .doc(item)
        .update({ title: 'Late dinner', startTime: '2027-06-12T20:00:00.000Z', endTime: null }),
  },
  // DELETE /api/events/{e}/schedule/{id} removes the item and its RSVPs (beyond one client batch).
  delete: { allowed: NOBODY, attempt: (a) => a.db.doc(item).delete() },
});

const scheduleForEveryone = fs('schedule open to everyone', {
  list: {
    allowed: MEMBER_ROLES,
    what: "audience == 'everyone'",
    attempt: (a) =>
      a.db
        .collection(`${E}/schedule`)
        .where('audience', '==', 'everyone')
        .orderBy('startTime')
        .get(),
  },
  listen: {
    allowed: MEMBER_ROLES,
    what: "audience == 'everyone'",
    attempt: (a) =>
      listenQuery(a.db.collection(`${E}/schedule`).where('audience', '==', 'everyone')),
  },
});

const scheduleCounts = fs('schedule rsvpCounts', {
  update: {
    allowed: NOBODY,
    what: 'bump going',
    attempt: (a) => a.db.doc(item).update({ rsvpCounts: { going: 100, maybe: 0, notGoing: 0 } }),
  },
});

// Capacity is PUT /api/events/{e}/schedule/{s}/capacity only (plan check, promotions from the waitlist).
const scheduleCapacity = [
  ...fs('schedule capacity', {
    create: {
      allowed: NOBODY,
      what: 'new item with a capacity',
      attempt: (a) =>
        a.db.doc(`${E}/schedule/cap-${ownOf(a)}`).set({
          ...newScheduleItem(`cap-${ownOf(a)}`, ownOf(a)),
          capacity: 40,
        }),
    },
    update: {
      allowed: NOBODY,
      what: 'set capacity',
      attempt: (a) => a.db.doc(item).update({ capacity: 40 }),
    },
  }),
  ...fs('schedule capacity with a title edit', {
    update: {
      allowed: NOBODY,
      what: 'title and capacity',
      attempt: (a) => a.db.doc(item).update({ title: 'Boat trip', capacity: null }),
    },
  }),
];

// An item's RSVP count shards are the RSVP functions' own (domain/src/rsvp-counter.ts): screens
// read the item's folded rsvpCounts, and a written shard would move a capacity's heads.
const shard = `${item}/rsvpCountShards/0`;
const rsvpCountShards = fs('schedule/{item}/rsvpCountShards', {
  get: { allowed: NOBODY, attempt: (a) => a.db.doc(shard).get() },
  list: { allowed: NOBODY, attempt: (a) => a.db.collection(`${item}/rsvpCountShards`).get() },
  create: {
    allowed: NOBODY,
    attempt: (a) => a.db.doc(`${item}/rsvpCountShards/1`).set({ goingHeads: -50 }),
  },
  update: { allowed: NOBODY, attempt: (a) => a.db.doc(shard).update({ goingHeads: -50 }) },
  delete: { allowed: NOBODY, attempt: (a) => a.db.doc(shard).delete() },
});

const rsvpFor = (itemId: string, uid: string): string => `${E}/schedule/${itemId}/rsvps/${uid}`;
export function newRsvp(itemId: string, uid: string, status: string): Record<string, unknown> {
  return { ...rsvp(EVENT, itemId, uid, status), respondedAt: serverTime() };
}

/** "Guests can see who's going" switched off for the case (default: on). */
const hideAnswers = async (owner: Owner): Promise<void> => {
  await owner.db.doc(E).update({ guestsSeeWhoIsGoing: false });
};
const byUser = `${E}/rsvpsByUser`;

// RSVPs are written only by the RSVP functions (they keep rsvpCounts and rsvpsByUser in the
// same transaction); who may read others' answers follows "Guests can see who's going".
const rsvps = [
  ...fs('rsvps/{own}', {
    get: {
      allowed: MEMBER_ROLES,
      attempt: (a) => a.db.doc(rsvpFor(SCHEDULE_ITEM, ownOf(a))).get(),
    },
    list: { allowed: MEMBER_ROLES, attempt: (a) => a.db.collection(`${item}/rsvps`).get() },
    listen: {
      allowed: MEMBER_ROLES,
      attempt: (a) => listenDoc(a.db, rsvpFor(SCHEDULE_ITEM, ownOf(a))),
    },
    // PUT /api/events/{e}/schedule/{s}/rsvp is the only writer: it moves rsvpCounts and rsvpsByUser with
    // the RSVP (docs/performance.md, "Counters").
    create: {
      allowed: NOBODY,
      what: 'maybe',
      attempt: (a) =>
        a.db.doc(rsvpFor(QUIET_ITEM, ownOf(a))).set(newRsvp(QUIET_ITEM, ownOf(a), 'maybe')),
    },
    update: {
      allowed: NOBODY,
      what: 'going to not_going',
      attempt: (a) =>
        a.db
          .doc(rsvpFor(SCHEDULE_ITEM, ownOf(a)))
          .set(newRsvp(SCHEDULE_ITEM, ownOf(a), 'not_going')),
    },
    delete: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(rsvpFor(SCHEDULE_ITEM, ownOf(a))).delete(),
    },
  }),
  ...fs('rsvps/{own} answers hidden', {
    get: {
      allowed: MEMBER_ROLES,
      prepare: hideAnswers,
      attempt: (a) => a.db.doc(rsvpFor(SCHEDULE_ITEM, ownOf(a))).get(),
    },
    list: {
      allowed: MEMBER_ROLES,
      what: 'userId == caller',
      prepare: hideAnswers,
      attempt: (a) => a.db.collection(`${item}/rsvps`).where('userId', '==', ownOf(a)).get(),
    },
  }),
  ...fs('rsvps/{attendee2}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(rsvpFor(SCHEDULE_ITEM, other)).get() },
    // "See who's going" pages through the item's own answers (the limit is checked there).
    list: {
      allowed: MEMBER_ROLES,
      what: "who's going to an item",
      attempt: (a) =>
        a.db.collection(`${item}/rsvps`).where('status', '==', 'going').limit(5).get(),
    },
    listen: {
      allowed: MEMBER_ROLES,
      what: "who's going to an item",
      attempt: (a) =>
        listenQuery(a.db.collection(`${item}/rsvps`).where('status', '==', 'going').limit(5)),
    },
    create: {
      allowed: NOBODY,
      what: 'on their behalf',
      attempt: (a) =>
        a.db.doc(rsvpFor(QUIET_ITEM, other)).set(newRsvp(QUIET_ITEM, other, 'not_going')),
    },
    update: {
      allowed: NOBODY,
      attempt: (a) =>
        a.db.doc(rsvpFor(SCHEDULE_ITEM, other)).set(newRsvp(SCHEDULE_ITEM, other, 'not_going')),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(rsvpFor(SCHEDULE_ITEM, other)).delete() },
  }),
  ...fs('rsvps/{attendee2} answers hidden', {
    get: {
      allowed: ADMIN_ROLES,
      prepare: hideAnswers,
      attempt: (a) => a.db.doc(rsvpFor(SCHEDULE_ITEM, other)).get(),
    },
    list: {
      allowed: ADMIN_ROLES,
      prepare: hideAnswers,
      attempt: (a) => a.db.collection(`${item}/rsvps`).get(),
    },
  }),
  ...fs('rsvps/{attendee2} with their item', {
    delete: {
      allowed: NOBODY,
      what: 'in the batch that deletes the schedule item',
      attempt: (a) => {
        const batch = a.db.batch();
        batch.delete(a.db.doc(item));
        batch.delete(a.db.doc(rsvpFor(SCHEDULE_ITEM, other)));
        return batch.commit();
      },
    },
  }),
  // An answer does not carry its item's group limit: across items only admins (guest groups).
  ...fs('collectionGroup(rsvps) event', {
    list: {
      allowed: ADMIN_ROLES,
      what: 'eventId == event',
      attempt: (a) => a.db.collectionGroup('rsvps').where('eventId', '==', EVENT).get(),
    },
  }),
  ...fs('collectionGroup(rsvps) event answers hidden', {
    list: {
      allowed: ADMIN_ROLES,
      what: 'eventId == event',
      prepare: hideAnswers,
      attempt: (a) => a.db.collectionGroup('rsvps').where('eventId', '==', EVENT).get(),
    },
  }),
  ...fs('collectionGroup(rsvps) own answers hidden', {
    list: {
      allowed: MEMBER_ROLES,
      what: 'eventId == event, userId == caller',
      prepare: hideAnswers,
      attempt: (a) =>
        a.db
          .collectionGroup('rsvps')
          .where('eventId', '==', EVENT)
          .where('userId', '==', ownOf(a))
          .get(),
    },
  }),
  ...fs('collectionGroup(rsvps) going', {
    list: {
      allowed: ADMIN_ROLES,
      what: 'eventId == event, status == going',
      attempt: (a) =>
        a.db
          .collectionGroup('rsvps')
          .where('eventId', '==', EVENT)
          .where('status', '==', 'going')
          .get(),
    },
  }),
];

const statsPath = (id: string): string => `${E}/stats/${id}`;
const stats = [
  ...['members', 'photos', 'travel'].flatMap((id) =>
    fs(`stats/${id}`, {
      get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(statsPath(id)).get() },
      listen: { allowed: MEMBER_ROLES, attempt: (a) => listenDoc(a.db, statsPath(id)) },
      create: {
        allowed: NOBODY,
        what: 'recreate with other counts',
        prepare: async (owner) => owner.db.doc(statsPath(id)).delete(),
        attempt: (a) => a.db.doc(statsPath(id)).set({ total: 0 }),
      },
      update: {
        allowed: NOBODY,
        what: 'bump total',
        attempt: (a) => a.db.doc(statsPath(id)).update({ total: 999 }),
      },
      delete: { allowed: NOBODY, attempt: (a) => a.db.doc(statsPath(id)).delete() },
    }),
  ),
  ...fs('stats', {
    list: { allowed: MEMBER_ROLES, attempt: (a) => a.db.collection(`${E}/stats`).get() },
    listen: {
      allowed: MEMBER_ROLES,
      attempt: (a) => listenQuery(a.db.collection(`${E}/stats`)),
    },
  }),
];

const entry = `${E}/activity/member:${UID.attendee2}`;
const activity = fs('activity', {
  get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(entry).get() },
  list: {
    allowed: MEMBER_ROLES,
    attempt: (a) => a.db.collection(`${E}/activity`).orderBy('at', 'desc').limit(20).get(),
  },
  listen: {
    allowed: MEMBER_ROLES,
    attempt: (a) => listenQuery(a.db.collection(`${E}/activity`).orderBy('at', 'desc').limit(5)),
  },
  create: {
    allowed: NOBODY,
    what: 'a made-up entry',
    attempt: (a) =>
      a.db.doc(`${E}/activity/photo:fake`).set({
        kind: 'photo',
        actor: { displayName: 'Someone', photoURL: '' },
        subjectId: 'fake',
        title: 'Someone uploaded a photo',
        at: serverTime(),
      }),
  },
  update: {
    allowed: NOBODY,
    what: 'rewrite the title',
    attempt: (a) => a.db.doc(entry).update({ title: 'Hijacked' }),
  },
  delete: { allowed: NOBODY, attempt: (a) => a.db.doc(entry).delete() },
});

const answerMaps = [
  ...fs('rsvpsByUser/{own}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(`${byUser}/${ownOf(a)}`).get() },
    listen: { allowed: MEMBER_ROLES, attempt: (a) => listenDoc(a.db, `${byUser}/${ownOf(a)}`) },
    create: {
      allowed: NOBODY,
      prepare: async (owner, role) =>
        owner.db.doc(`${byUser}/${role === 'signedOut' ? UID.attendee : UID[role]}`).delete(),
      attempt: (a) => a.db.doc(`${byUser}/${ownOf(a)}`).set(rsvpsByUser(EVENT, ownOf(a))),
    },
    update: {
      allowed: NOBODY,
      what: 'statuses',
      attempt: (a) =>
        a.db.doc(`${byUser}/${ownOf(a)}`).update({ [`statuses.${SCHEDULE_ITEM}`]: 'maybe' }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${byUser}/${ownOf(a)}`).delete() },
  }),
  ...fs('rsvpsByUser/{own} answers hidden', {
    get: {
      allowed: MEMBER_ROLES,
      prepare: hideAnswers,
      attempt: (a) => a.db.doc(`${byUser}/${ownOf(a)}`).get(),
    },
    list: {
      allowed: MEMBER_ROLES,
      what: 'userId == caller',
      prepare: hideAnswers,
      attempt: (a) => a.db.collection(byUser).where('userId', '==', ownOf(a)).get(),
    },
  }),
  // The dashboard listens to its own map before the first answer: a missing document.
  ...fs('rsvpsByUser/{own} before the first answer, answers hidden', {
    get: {
      allowed: MEMBER_ROLES,
      prepare: async (owner, role) => {
        await owner.db.doc(`${byUser}/${role === 'signedOut' ? UID.attendee : UID[role]}`).delete();
        await hideAnswers(owner);
      },
      attempt: (a) => a.db.doc(`${byUser}/${ownOf(a)}`).get(),
    },
  }),
  // A map holds answers to items limited to groups too: only its member and the admins read
  // it ("who's going" reads an item's own RSVPs, where the item's limit is checked).
  ...fs('rsvpsByUser', {
    list: {
      allowed: ADMIN_ROLES,
      what: "everyone's answers",
      attempt: (a) => a.db.collection(byUser).get(),
    },
  }),
  ...fs('rsvpsByUser answers hidden', {
    list: {
      allowed: ADMIN_ROLES,
      what: "everyone's answers",
      prepare: hideAnswers,
      attempt: (a) => a.db.collection(byUser).get(),
    },
  }),
  ...fs('rsvpsByUser/{attendee2}', {
    get: { allowed: ADMIN_ROLES, attempt: (a) => a.db.doc(`${byUser}/${other}`).get() },
    list: {
      allowed: ADMIN_ROLES,
      what: "who's going to an item",
      attempt: (a) =>
        a.db.collection(byUser).where(`statuses.${SCHEDULE_ITEM}`, '==', 'going').limit(5).get(),
    },
    listen: {
      allowed: ADMIN_ROLES,
      attempt: (a) =>
        listenQuery(a.db.collection(byUser).where(`statuses.${SCHEDULE_ITEM}`, '==', 'going')),
    },
    update: {
      allowed: NOBODY,
      what: 'statuses',
      attempt: (a) =>
        a.db.doc(`${byUser}/${other}`).update({ [`statuses.${SCHEDULE_ITEM}`]: 'not_going' }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${byUser}/${other}`).delete() },
  }),
  ...fs('rsvpsByUser/{attendee2} answers hidden', {
    get: {
      allowed: ADMIN_ROLES,
      prepare: hideAnswers,
      attempt: (a) => a.db.doc(`${byUser}/${other}`).get(),
    },
    list: {
      allowed: ADMIN_ROLES,
      what: "who's going to an item",
      prepare: hideAnswers,
      attempt: (a) =>
        a.db.collection(byUser).where(`statuses.${SCHEDULE_ITEM}`, '==', 'going').get(),
    },
  }),
];

// Answers to the host's questions: the member's own and the admins', never other guests'
// (whatever "Guests can see who's going" says); written only by the functions.
const guestAnswersPath = `${E}/guestAnswers`;
const guestAnswers = [
  ...fs('guestAnswers/{own}', {
    get: {
      allowed: MEMBER_ROLES,
      attempt: (a) => a.db.doc(`${guestAnswersPath}/${ownOf(a)}`).get(),
    },
    list: {
      allowed: MEMBER_ROLES,
      what: 'userId == caller',
      attempt: (a) => a.db.collection(guestAnswersPath).where('userId', '==', ownOf(a)).get(),
    },
    listen: {
      allowed: MEMBER_ROLES,
      attempt: (a) => listenDoc(a.db, `${guestAnswersPath}/${ownOf(a)}`),
    },
    create: {
      allowed: NOBODY,
      prepare: async (owner, role) =>
        owner.db
          .doc(`${guestAnswersPath}/${role === 'signedOut' ? UID.attendee : UID[role]}`)
          .delete(),
      attempt: (a) =>
        a.db
          .doc(`${guestAnswersPath}/${ownOf(a)}`)
          .set({ eventId: EVENT, userId: ownOf(a), answers: {}, updatedAt: serverTime() }),
    },
    update: {
      allowed: NOBODY,
      what: 'answers',
      attempt: (a) =>
        a.db.doc(`${guestAnswersPath}/${ownOf(a)}`).update({ answers: { diet: 'Vegan' } }),
    },
    delete: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(`${guestAnswersPath}/${ownOf(a)}`).delete(),
    },
  }),
  ...fs('guestAnswers/{attendee2}', {
    get: { allowed: ADMIN_ROLES, attempt: (a) => a.db.doc(`${guestAnswersPath}/${other}`).get() },
    listen: {
      allowed: ADMIN_ROLES,
      attempt: (a) => listenDoc(a.db, `${guestAnswersPath}/${other}`),
    },
    update: {
      allowed: NOBODY,
      what: 'answers',
      attempt: (a) => a.db.doc(`${guestAnswersPath}/${other}`).update({ answers: {} }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${guestAnswersPath}/${other}`).delete() },
  }),
  ...fs('guestAnswers', {
    list: {
      allowed: ADMIN_ROLES,
      what: "everyone's answers (the guest list and its CSV)",
      attempt: (a) => a.db.collection(guestAnswersPath).get(),
    },
    // (A listener on the whole collection could first be answered from the client's cache of
    // the caller's own answers, so the listen case asks for one other guest's.)
    listen: {
      allowed: ADMIN_ROLES,
      what: "one guest's answers by userId",
      attempt: (a) => listenQuery(a.db.collection(guestAnswersPath).where('userId', '==', other)),
    },
  }),
];

// Requests to join through the event link: admins see them all, the requester only their own
// (to see it decided); only the join and decision functions write them.
const joinRequestsPath = `${E}/joinRequests`;
const REQUESTER_AND_ADMINS: readonly Role[] = ['outsider', ...ADMIN_ROLES];
const joinRequests = [
  ...fs('joinRequests/{outsider}', {
    get: {
      allowed: REQUESTER_AND_ADMINS,
      attempt: (a) => a.db.doc(`${joinRequestsPath}/${UID.outsider}`).get(),
    },
    listen: {
      allowed: REQUESTER_AND_ADMINS,
      attempt: (a) => listenDoc(a.db, `${joinRequestsPath}/${UID.outsider}`),
    },
    create: {
      allowed: NOBODY,
      what: 'own request',
      attempt: (a) =>
        a.db.doc(`${joinRequestsPath}/${ownOf(a)}-new`).set({
          eventId: EVENT,
          userId: ownOf(a),
          status: 'pending',
        }),
    },
    update: {
      allowed: NOBODY,
      what: 'approve itself',
      attempt: (a) =>
        a.db.doc(`${joinRequestsPath}/${UID.outsider}`).update({ status: 'approved' }),
    },
    delete: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(`${joinRequestsPath}/${UID.outsider}`).delete(),
    },
  }),
  ...fs('joinRequests', {
    list: {
      allowed: ADMIN_ROLES,
      what: 'pending',
      attempt: (a) => a.db.collection(joinRequestsPath).where('status', '==', 'pending').get(),
    },
  }),
];

export const firestoreMatrix: RulesCase[] = [
  ...joinRequests,
  ...users,
  ...tiers,
  ...serverCollections,
  ...events,
  ...members,
  ...audit,
  ...photos,
  ...voteGroup,
  ...flights,
  ...carpools,
  ...schedule,
  ...scheduleForEveryone,
  ...scheduleCounts,
  ...scheduleCapacity,
  ...rsvps,
  ...rsvpCountShards,
  ...stats,
  ...activity,
  ...answerMaps,
  ...guestAnswers,
];
