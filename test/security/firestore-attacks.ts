import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import {
  EVENT,
  NOBODY,
  OTHER_EVENT,
  QUIET_ITEM,
  SCHEDULE_ITEM,
  UID,
  photo,
  type Role,
} from './fixtures.ts';
import {
  listenDoc,
  listenQuery,
  matrix,
  ownOf,
  serverTime,
  single,
  text,
  type Actor,
  type Owner,
  type RulesCase,
} from './cases.ts';
import { newRsvp, newScheduleItem } from './firestore-matrix.ts';
import { timeZoneCases } from './time-zone-cases.ts';
import { wallCases } from './wall-cases.ts';

const E = `events/${EVENT}`;
const O = `events/${OTHER_EVENT}`;

const allow = (
  operation: Parameters<typeof single>[1],
  role: Role,
  what: string,
  attempt: (a: Actor) => Promise<unknown>,
): RulesCase => single('firestore', operation, role, 'allow', what, attempt);
const deny = (
  operation: Parameters<typeof single>[1],
  role: Role,
  what: string,
  attempt: (a: Actor) => Promise<unknown>,
): RulesCase => single('firestore', operation, role, 'deny', what, attempt);

const updateEvent = (data: Record<string, unknown>) => (a: Actor) => a.db.doc(E).update(data);
/** "Guests can see who's going" switched off before the attempt. */
const hideAnswers = async (owner: Owner): Promise<void> => {
  await owner.db.doc(E).update({ guestsSeeWhoIsGoing: false });
};
const validColours = {
  primary: '#112233',
  secondary: '#445566',
  tertiary: '#778899',
  background: '#AABBCC',
  surface: '#ddeeff',
};
const validBanner = {
  style: 'full-width',
  autoRotate: false,
  rotateInterval: 6000,
  customBannerImage: `events/${EVENT}/banner/seed.jpg`,
};

/** Reading or writing another event by guessing its id: nobody outside it gets anything. */
const guessing = matrix('firestore', 'other event (guessed id)', {
  get: { allowed: NOBODY, attempt: (a) => a.db.doc(O).get() },
  listen: { allowed: NOBODY, attempt: (a) => listenDoc(a.db, O) },
  list: {
    allowed: NOBODY,
    what: 'its members',
    attempt: (a) => a.db.collection(`${O}/members`).get(),
  },
  update: {
    allowed: NOBODY,
    what: 'rename',
    attempt: (a) => a.db.doc(O).update({ name: 'Mine now' }),
  },
  delete: {
    allowed: NOBODY,
    what: 'remove its attendee',
    attempt: (a) => a.db.doc(`${O}/members/${UID.stranger2}`).delete(),
  },
  create: {
    allowed: NOBODY,
    what: 'RSVP to its schedule',
    attempt: (a) =>
      a.db.doc(`${O}/schedule/${QUIET_ITEM}/rsvps/${ownOf(a)}`).set({
        eventId: OTHER_EVENT,
        scheduleId: QUIET_ITEM,
        userId: ownOf(a),
        status: 'going',
        respondedAt: serverTime(),
      }),
  },
});

const guessingReads: RulesCase[] = [
  ...matrix('firestore', 'other event photos', {
    get: { allowed: NOBODY, attempt: (a) => a.db.doc(`${O}/photos/photo-${UID.stranger}`).get() },
    list: { allowed: NOBODY, attempt: (a) => a.db.collection(`${O}/photos`).get() },
    listen: { allowed: NOBODY, attempt: (a) => listenQuery(a.db.collection(`${O}/photos`)) },
  }),
  ...matrix('firestore', 'other event flights', {
    list: { allowed: NOBODY, attempt: (a) => a.db.collection(`${O}/flights`).get() },
  }),
  ...matrix('firestore', 'other event carpools', {
    list: { allowed: NOBODY, attempt: (a) => a.db.collection(`${O}/carpools`).get() },
  }),
  ...matrix('firestore', 'other event schedule', {
    get: { allowed: NOBODY, attempt: (a) => a.db.doc(`${O}/schedule/${SCHEDULE_ITEM}`).get() },
    list: { allowed: NOBODY, attempt: (a) => a.db.collection(`${O}/schedule`).get() },
  }),
  ...matrix('firestore', 'other event RSVPs', {
    list: {
      allowed: NOBODY,
      what: 'collection group by eventId',
      attempt: (a) => a.db.collectionGroup('rsvps').where('eventId', '==', OTHER_EVENT).get(),
    },
  }),
  ...matrix('firestore', 'other event votes', {
    list: {
      allowed: NOBODY,
      what: 'collection group by eventId',
      attempt: (a) => a.db.collectionGroup('votes').where('eventId', '==', OTHER_EVENT).get(),
    },
  }),
  ...matrix('firestore', 'other event invitations', {
    list: { allowed: NOBODY, attempt: (a) => a.db.collection(`${O}/invitations`).get() },
  }),
];

const memberAttacks: RulesCase[] = [
  deny('update', 'attendee', 'attendee promotes self to admin', (a) =>
    a.db.doc(`${E}/members/${UID.attendee}`).update({ role: 'admin' }),
  ),
  deny('update', 'attendee', 'attendee promotes self with set(merge)', (a) =>
    a.db.doc(`${E}/members/${UID.attendee}`).set({ role: 'admin' }, { merge: true }),
  ),
  deny('update', 'admin', 'admin promotes self to creator', (a) =>
    a.db.doc(`${E}/members/${UID.admin}`).update({ role: 'creator' }),
  ),
  deny('update', 'creator', 'creator changes a role without the audit function', (a) =>
    a.db.doc(`${E}/members/${UID.attendee2}`).update({ role: 'admin' }),
  ),
  deny('update', 'creator', 'creator rewrites a member summary', (a) =>
    a.db.doc(`${E}/members/${UID.attendee2}`).update({ 'user.displayName': 'Renamed' }),
  ),
  deny('create', 'outsider', 'outsider adds self as attendee', (a) =>
    a.db.doc(`${E}/members/${UID.outsider}`).set({
      eventId: EVENT,
      userId: UID.outsider,
      role: 'attendee',
      joinedAt: serverTime(),
      user: { displayName: 'Me', email: 'me@example.com', photoURL: '' },
    }),
  ),
  deny('create', 'outsider', 'outsider adds self as creator', (a) =>
    a.db
      .doc(`${E}/members/${UID.outsider}`)
      .set({ eventId: EVENT, userId: UID.outsider, role: 'creator' }),
  ),
  deny('create', 'admin', 'admin adds a member directly (bypassing invitation)', (a) =>
    a.db
      .doc(`${E}/members/${UID.newcomer}`)
      .set({ eventId: EVENT, userId: UID.newcomer, role: 'attendee' }),
  ),
  deny('delete', 'admin', 'admin removes the creator', (a) =>
    a.db.doc(`${E}/members/${UID.creator}`).delete(),
  ),
  deny('delete', 'admin', 'admin removes self', (a) =>
    a.db.doc(`${E}/members/${UID.admin}`).delete(),
  ),
  deny('delete', 'creator', 'creator removes self', (a) =>
    a.db.doc(`${E}/members/${UID.creator}`).delete(),
  ),
  deny('delete', 'attendee', 'attendee removes another attendee', (a) =>
    a.db.doc(`${E}/members/${UID.attendee2}`).delete(),
  ),
  deny('delete', 'attendee', 'attendee removes an admin', (a) =>
    a.db.doc(`${E}/members/${UID.admin2}`).delete(),
  ),
  deny('list', 'outsider', 'outsider lists members of an event they are not in', (a) =>
    a.db.collection(`${E}/members`).get(),
  ),
  allow(
    'list',
    'outsider',
    "outsider's query filtered to own userId is safe (returns nothing)",
    (a) => a.db.collection(`${E}/members`).where('userId', '==', UID.outsider).get(),
  ),
  deny('list', 'outsider', 'outsider lists members filtered by role', (a) =>
    a.db.collection(`${E}/members`).where('role', '==', 'creator').get(),
  ),
  deny('listen', 'outsider', 'outsider listens to members', (a) =>
    listenQuery(a.db.collection(`${E}/members`)),
  ),
  deny('listen', 'signedOut', 'visitor listens to the collection group of members', (a) =>
    listenQuery(a.db.collectionGroup('members').where('userId', '==', UID.attendee)),
  ),
  deny('list', 'attendee', "attendee reads another user's memberships across events", (a) =>
    a.db.collectionGroup('members').where('userId', '==', UID.creator).get(),
  ),
  deny(
    'list',
    'attendee',
    'attendee reads all memberships of the event by role (collection group)',
    (a) => a.db.collectionGroup('members').where('eventId', '==', EVENT).get(),
  ),
];

const eventAttacks: RulesCase[] = [
  deny('update', 'admin', 'admin changes createdBy', updateEvent({ createdBy: UID.admin })),
  deny('update', 'creator', 'creator changes createdBy', updateEvent({ createdBy: UID.admin })),
  deny('update', 'admin', 'admin changes adminId', updateEvent({ adminId: UID.admin })),
  deny('update', 'creator', 'creator changes createdAt', updateEvent({ createdAt: serverTime() })),
  deny('update', 'admin', 'unknown field on the event', updateEvent({ isPremium: true })),
  // The banner's download URL is the banner function's (functions/src/services/photos.ts).
  deny(
    'update',
    'creator',
    'creator sets the banner image URL',
    updateEvent({ bannerImageUrl: 'https://evil.test/banner.jpg' }),
  ),
  deny(
    'update',
    'admin',
    'removes the name',
    updateEvent({ name: firebase.firestore.FieldValue.delete() }),
  ),
  deny('update', 'admin', 'empty name', updateEvent({ name: '' })),
  deny('update', 'admin', 'blank name', updateEvent({ name: '   ' })),
  deny('update', 'admin', 'name of 121 characters', updateEvent({ name: text(121) })),
  allow('update', 'admin', 'name of 120 characters', updateEvent({ name: text(120) })),
  deny('update', 'admin', 'name that is a number', updateEvent({ name: 42 })),
  deny(
    'update',
    'admin',
    'description of 2001 characters',
    updateEvent({ description: text(2001) }),
  ),
  allow(
    'update',
    'creator',
    'description of 2000 characters',
    updateEvent({ description: text(2000) }),
  ),
  allow('update', 'admin', 'empty description', updateEvent({ description: '' })),
  deny('update', 'admin', 'location of 201 characters', updateEvent({ location: text(201) })),
  allow('update', 'admin', 'location', updateEvent({ location: 'Porto' })),
  allow(
    'update',
    'admin',
    'guests see who is going, on',
    updateEvent({ guestsSeeWhoIsGoing: true }),
  ),
  deny(
    'update',
    'admin',
    'guests see who is going as a string',
    updateEvent({ guestsSeeWhoIsGoing: 'no' }),
  ),
  deny(
    'update',
    'attendee',
    'guests see who is going, off',
    updateEvent({ guestsSeeWhoIsGoing: false }),
  ),
  deny(
    'update',
    'admin',
    'customLogo of 2049 characters',
    updateEvent({ customLogo: `https://${text(2041)}` }),
  ),
  allow(
    'update',
    'admin',
    'customLogo',
    updateEvent({ customLogo: 'https://example.com/logo.png' }),
  ),
  allow('update', 'admin', 'customLogo removed', updateEvent({ customLogo: '' })),
  deny(
    'update',
    'admin',
    'customLogo javascript: URL',
    updateEvent({ customLogo: 'javascript:alert(1)' }),
  ),
  deny(
    'update',
    'admin',
    'two settings fields in one write',
    updateEvent({ name: 'A', location: 'B' }),
  ),
  allow(
    'update',
    'admin',
    'both dates together',
    updateEvent({
      startDate: '2027-07-01T09:00:00.000Z',
      endDate: '2027-07-02T18:00:00.000Z',
    }),
  ),
  allow(
    'update',
    'creator',
    'dates to TBD (both null)',
    updateEvent({ startDate: null, endDate: null }),
  ),
  allow('update', 'admin', 'one date', updateEvent({ startDate: '2027-06-13T09:00:00.000Z' })),
  allow(
    'update',
    'admin',
    'end equal to the stored start',
    updateEvent({ endDate: '2027-06-12T15:00:00.000Z' }),
  ),
  deny(
    'update',
    'admin',
    'start after the stored end',
    updateEvent({ startDate: '2027-07-01T09:00:00.000Z' }),
  ),
  deny(
    'update',
    'admin',
    'end before the stored start',
    updateEvent({ endDate: '2027-06-10T09:00:00.000Z' }),
  ),
  deny(
    'update',
    'admin',
    'both dates, end before start',
    updateEvent({ startDate: '2027-07-02T09:00:00.000Z', endDate: '2027-07-01T09:00:00.000Z' }),
  ),
  allow(
    'update',
    'admin',
    'both dates on a leap day',
    updateEvent({ startDate: '2028-02-29T09:00:00.000Z', endDate: '2028-03-01T09:00:00.000Z' }),
  ),
  deny(
    'update',
    'admin',
    'a day that does not exist',
    updateEvent({ startDate: '2027-02-29T09:00:00.000Z', endDate: '2027-03-01T09:00:00.000Z' }),
  ),
  deny('update', 'admin', 'hour 24', updateEvent({ startDate: '2027-06-13T24:00:00.000Z' })),
  deny(
    'update',
    'admin',
    'date without milliseconds (not the stored form)',
    updateEvent({ startDate: '2027-06-13T09:00:00Z' }),
  ),
  deny('update', 'admin', 'date that is not ISO', updateEvent({ startDate: 'next tuesday' })),
  deny('update', 'admin', 'date as empty string', updateEvent({ endDate: '' })),
  deny(
    'update',
    'admin',
    'date with a time-zone offset',
    updateEvent({ endDate: '2027-07-02T18:00:00+02:00' }),
  ),
  deny(
    'update',
    'admin',
    'a date and the name together',
    updateEvent({ startDate: null, name: 'X' }),
  ),
  allow('update', 'admin', 'whole themeColors', updateEvent({ themeColors: validColours })),
  deny(
    'update',
    'admin',
    'themeColors missing a colour',
    updateEvent({ themeColors: { primary: '#112233' } }),
  ),
  deny(
    'update',
    'admin',
    'themeColors with an extra key',
    updateEvent({ themeColors: { ...validColours, accent: '#000000' } }),
  ),
  deny(
    'update',
    'admin',
    'themeColors short hex',
    updateEvent({ themeColors: { ...validColours, primary: '#fff' } }),
  ),
  deny(
    'update',
    'admin',
    'themeColors non-hex digit',
    updateEvent({ themeColors: { ...validColours, surface: '#12345g' } }),
  ),
  deny(
    'update',
    'admin',
    'themeColors CSS injection',
    updateEvent({
      themeColors: { ...validColours, background: '#ffffff; background: url(x)' },
    }),
  ),
  deny(
    'update',
    'admin',
    'themeColors colour name',
    updateEvent({ themeColors: { ...validColours, tertiary: 'red' } }),
  ),
  deny('update', 'admin', 'themeColors as a string', updateEvent({ themeColors: '#112233' })),
  deny(
    'update',
    'admin',
    'themeColors and bannerSettings together',
    updateEvent({
      themeColors: validColours,
      bannerSettings: validBanner,
    }),
  ),
  allow('update', 'admin', 'whole bannerSettings', updateEvent({ bannerSettings: validBanner })),
  allow(
    'update',
    'creator',
    'bannerSettings without a custom image',
    updateEvent({
      bannerSettings: { ...validBanner, customBannerImage: null },
    }),
  ),
  deny(
    'update',
    'admin',
    'bannerSettings unknown style',
    updateEvent({ bannerSettings: { ...validBanner, style: 'huge' } }),
  ),
  deny(
    'update',
    'admin',
    'bannerSettings rotateInterval 10 ms',
    updateEvent({
      bannerSettings: { ...validBanner, rotateInterval: 10 },
    }),
  ),
  deny(
    'update',
    'admin',
    'bannerSettings rotateInterval as text',
    updateEvent({
      bannerSettings: { ...validBanner, rotateInterval: '4000' },
    }),
  ),
  deny(
    'update',
    'admin',
    'bannerSettings autoRotate as text',
    updateEvent({
      bannerSettings: { ...validBanner, autoRotate: 'yes' },
    }),
  ),
  deny(
    'update',
    'admin',
    "bannerSettings image from another event's folder",
    updateEvent({
      bannerSettings: {
        ...validBanner,
        customBannerImage: `events/${OTHER_EVENT}/banner/seed.jpg`,
      },
    }),
  ),
  deny(
    'update',
    'admin',
    'bannerSettings image from a photo folder',
    updateEvent({
      bannerSettings: {
        ...validBanner,
        customBannerImage: `events/${EVENT}/photos/${UID.admin}/a.jpg`,
      },
    }),
  ),
  deny(
    'update',
    'admin',
    "bannerSettings image named '..'",
    updateEvent({
      bannerSettings: { ...validBanner, customBannerImage: `events/${EVENT}/banner/..` },
    }),
  ),
  deny(
    'update',
    'admin',
    'bannerSettings with an unknown key',
    updateEvent({ bannerSettings: { ...validBanner, speed: 2 } }),
  ),
  deny(
    'update',
    'admin',
    'bannerSettings missing a key',
    updateEvent({
      bannerSettings: { style: 'contained', autoRotate: true, rotateInterval: 4000 },
    }),
  ),
  deny(
    'update',
    'attendee',
    'attendee changes theme colours',
    updateEvent({ themeColors: validColours }),
  ),
  deny(
    'update',
    'attendee',
    'attendee changes banner settings',
    updateEvent({ bannerSettings: validBanner }),
  ),
  deny('delete', 'creator', 'creator deletes the event directly (cascade is a function)', (a) =>
    a.db.doc(E).delete(),
  ),
];

const photoRef = (uid: string) => (a: Actor) => a.db.doc(`${E}/photos/photo-${uid}`);
const photoAttacks: RulesCase[] = [
  deny('create', 'attendee', 'photo document with forged uploadedBy', (a) =>
    a.db.doc(`${E}/photos/forged`).set(photo(EVENT, 'forged', UID.attendee2)),
  ),
  deny('update', 'attendee', 'uploader forges own vote count', (a) =>
    photoRef(UID.attendee)(a).update({ votes: 99 }),
  ),
  deny('update', 'attendee', "forges another photo's vote count", (a) =>
    photoRef(UID.attendee2)(a).update({ votes: 99 }),
  ),
  deny('update', 'admin', 'admin forges a vote count', (a) =>
    photoRef(UID.attendee2)(a).update({ votes: 0 }),
  ),
  deny('update', 'attendee', 'vote count with increment()', (a) =>
    photoRef(UID.attendee2)(a).update({ votes: firebase.firestore.FieldValue.increment(1) }),
  ),
  deny('update', 'attendee', 'caption plus vote count', (a) =>
    photoRef(UID.attendee)(a).update({ caption: 'Nice', votes: 50 }),
  ),
  deny('update', 'attendee', 'uploader reassigns uploadedBy', (a) =>
    photoRef(UID.attendee)(a).update({ uploadedBy: UID.attendee2 }),
  ),
  deny('update', 'attendee', 'uploader swaps objectPath', (a) =>
    photoRef(UID.attendee)(a).update({
      objectPath: `events/${EVENT}/photos/${UID.attendee2}/seed.jpg`,
    }),
  ),
  deny('update', 'attendee', 'uploader features own photo', (a) =>
    photoRef(UID.attendee)(a).update({ isFeatured: true }),
  ),
  deny('update', 'admin', 'admin sets isFeatured to text', (a) =>
    photoRef(UID.attendee2)(a).update({ isFeatured: 'yes' }),
  ),
  deny('update', 'admin', 'admin features and captions at once', (a) =>
    photoRef(UID.admin)(a).update({ isFeatured: true, caption: 'Best' }),
  ),
  deny('update', 'admin', "admin edits someone else's caption", (a) =>
    photoRef(UID.attendee2)(a).update({ caption: 'Edited by admin' }),
  ),
  // Download URLs are written by the function that records the upload.
  deny('update', 'attendee', 'uploader repoints the photo URL', (a) =>
    photoRef(UID.attendee)(a).update({ url: 'https://evil.test/x.jpg' }),
  ),
  deny('update', 'attendee', 'uploader repoints the thumbnail URL', (a) =>
    photoRef(UID.attendee)(a).update({ thumbUrl: 'https://evil.test/x.jpg' }),
  ),
  deny('update', 'attendee', 'caption of 501 characters', (a) =>
    photoRef(UID.attendee)(a).update({ caption: text(501) }),
  ),
  allow('update', 'attendee', 'caption of 500 characters', (a) =>
    photoRef(UID.attendee)(a).update({ caption: text(500) }),
  ),
  allow('update', 'attendee', 'empty caption', (a) =>
    photoRef(UID.attendee)(a).update({ caption: '' }),
  ),
  deny('update', 'attendee', 'caption as a number', (a) =>
    photoRef(UID.attendee)(a).update({ caption: 7 }),
  ),
  deny('update', 'attendee', 'unknown field on a photo', (a) =>
    photoRef(UID.attendee)(a).update({ tags: ['x'] }),
  ),
  // Upload batches (one feed line each): only the photo functions move a photo's batch or the
  // line's count and thumbnails.
  deny('update', 'attendee', 'uploader moves own photo into another batch', (a) =>
    photoRef(UID.attendee)(a).update({ batchId: 'batch-2' }),
  ),
  deny('update', 'attendee', "uploader clears own photo's batch", (a) =>
    photoRef(UID.attendee)(a).update({ batchId: firebase.firestore.FieldValue.delete() }),
  ),
  allow('update', 'attendee', 'uploader captions a photo of a batch', (a) =>
    photoRef(UID.attendee)(a).update({ caption: 'Batch caption' }),
  ),
  allow('get', 'attendee', "member reads another member's batch line", (a) =>
    a.db.doc(`${E}/activity/photo:${UID.attendee2}:batch-1`).get(),
  ),
  deny('get', 'outsider', "non-member reads a member's batch line", (a) =>
    a.db.doc(`${E}/activity/photo:${UID.attendee}:batch-1`).get(),
  ),
  deny('update', 'attendee', 'uploader inflates own batch count', (a) =>
    a.db.doc(`${E}/activity/photo:${UID.attendee}:batch-1`).update({ count: 50 }),
  ),
  deny('update', 'admin', "admin swaps a batch line's thumbnails", (a) =>
    a.db.doc(`${E}/activity/photo:${UID.attendee}:batch-1`).update({
      photos: [{ id: 'x', path: `events/${EVENT}/thumbs/${UID.admin}/x.jpg`, caption: '' }],
    }),
  ),
  deny('create', 'attendee', "member starts a batch line in someone else's name", (a) =>
    a.db.doc(`${E}/activity/photo:${UID.attendee2}:batch-9`).set({
      kind: 'photo',
      actor: { displayName: `Name ${UID.attendee2}`, photoURL: '' },
      subjectId: `${UID.attendee2}:batch-9`,
      title: `Name ${UID.attendee2} uploaded 40 photos`,
      at: serverTime(),
      count: 40,
      photos: [],
    }),
  ),
  deny('delete', 'creator', "creator deletes a member's batch line", (a) =>
    a.db.doc(`${E}/activity/photo:${UID.attendee}:batch-1`).delete(),
  ),
  deny('create', 'attendee', 'vote document for self', (a) =>
    a.db.doc(`${E}/photos/photo-${UID.attendee2}/votes/${UID.attendee}`).set({
      eventId: EVENT,
      photoId: `photo-${UID.attendee2}`,
      userId: UID.attendee,
      votedAt: serverTime(),
    }),
  ),
  deny('create', 'attendee', 'vote document forged for someone else', (a) =>
    a.db.doc(`${E}/photos/photo-${UID.attendee2}/votes/${UID.attendee2}`).set({
      eventId: EVENT,
      photoId: `photo-${UID.attendee2}`,
      userId: UID.attendee2,
      votedAt: serverTime(),
    }),
  ),
  deny('delete', 'attendee', "deletes someone else's vote", (a) =>
    a.db.doc(`${E}/photos/photo-${UID.attendee2}/votes/${UID.admin2}`).delete(),
  ),
  deny('delete', 'attendee', "attendee deletes someone else's photo", (a) =>
    photoRef(UID.attendee2)(a).delete(),
  ),
];

const flightRef = (uid: string) => (a: Actor) => a.db.doc(`${E}/flights/flight-${uid}`);
const flightAttacks: RulesCase[] = [
  deny('update', 'attendee', 'owner hands the flight to someone else', (a) =>
    flightRef(UID.attendee)(a).update({ userId: UID.attendee2 }),
  ),
  deny('update', 'attendee', 'owner empties arrivalTime', (a) =>
    flightRef(UID.attendee)(a).update({ arrivalTime: '' }),
  ),
  deny('update', 'attendee', 'owner sets departureTime null', (a) =>
    flightRef(UID.attendee)(a).update({ departureTime: null }),
  ),
  allow('update', 'attendee', 'owner changes both times', (a) =>
    flightRef(UID.attendee)(a).update({
      departureTime: '2027-06-11T20:00:00.000Z',
      arrivalTime: '2027-06-12T08:00:00.000Z',
    }),
  ),
  deny('update', 'attendee', 'departure of 121 characters', (a) =>
    flightRef(UID.attendee)(a).update({ departure: text(121) }),
  ),
  deny('update', 'attendee', 'airline of 101 characters', (a) =>
    flightRef(UID.attendee)(a).update({ airline: text(101) }),
  ),
  deny('update', 'attendee', 'flightNumber of 21 characters', (a) =>
    flightRef(UID.attendee)(a).update({ flightNumber: text(21) }),
  ),
  deny('update', 'attendee', 'unknown field on a flight', (a) =>
    flightRef(UID.attendee)(a).update({ seat: '12A' }),
  ),
  deny('update', 'attendee', 'owner rewrites the denormalised user', (a) =>
    flightRef(UID.attendee)(a).update({ 'user.displayName': 'Someone' }),
  ),
  deny('update', 'admin', 'admin moves a flight to another event id', (a) =>
    flightRef(UID.attendee2)(a).update({ eventId: OTHER_EVENT }),
  ),
  deny('update', 'attendee', "attendee edits someone else's flight", (a) =>
    flightRef(UID.attendee2)(a).update({ airline: 'Other' }),
  ),
  deny('delete', 'attendee', "attendee deletes someone else's flight", (a) =>
    flightRef(UID.attendee2)(a).delete(),
  ),
];

const carpoolRef = (uid: string) => (a: Actor) => a.db.doc(`${E}/carpools/carpool-${uid}`);
const carpoolAttacks: RulesCase[] = [
  deny('update', 'attendee', 'driver raises maxSeats to 20', (a) =>
    carpoolRef(UID.attendee)(a).update({ maxSeats: 20 }),
  ),
  deny('update', 'attendee', 'driver sets currentSeats to 0', (a) =>
    carpoolRef(UID.attendee)(a).update({ currentSeats: 0 }),
  ),
  deny('update', 'attendee', 'joins by appending to passengerIds', (a) =>
    carpoolRef(UID.attendee2)(a).update({
      passengerIds: firebase.firestore.FieldValue.arrayUnion(UID.attendee),
      currentSeats: firebase.firestore.FieldValue.increment(1),
    }),
  ),
  deny('update', 'admin', 'admin changes seats directly', (a) =>
    carpoolRef(UID.attendee2)(a).update({ currentSeats: 3 }),
  ),
  deny('update', 'attendee', 'driver takes a seat by raising currentSeats', (a) =>
    carpoolRef(UID.attendee)(a).update({ currentSeats: 3 }),
  ),
  // Seeded carpools have the driver and one passenger in: 2 seats taken.
  deny('update', 'attendee', 'driver lowers seats below the riders already in', (a) =>
    carpoolRef(UID.attendee)(a).update({ maxSeats: 1 }),
  ),
  deny('update', 'admin', 'admin lowers seats below the riders already in', (a) =>
    carpoolRef(UID.attendee2)(a).update({ maxSeats: 1 }),
  ),
  allow('update', 'attendee', 'driver lowers seats to exactly the riders already in', (a) =>
    carpoolRef(UID.attendee)(a).update({ maxSeats: 2 }),
  ),
  deny('update', 'attendee', 'driver sets a fractional seat count', (a) =>
    carpoolRef(UID.attendee)(a).update({ maxSeats: 2.5 }),
  ),
  deny('update', 'attendee', 'driver sets seats as text', (a) =>
    carpoolRef(UID.attendee)(a).update({ maxSeats: '4' }),
  ),
  deny('update', 'attendee', 'driver empties the departure time', (a) =>
    carpoolRef(UID.attendee)(a).update({ departureTime: '' }),
  ),
  deny('update', 'attendee', 'driver sets a departure with an offset', (a) =>
    carpoolRef(UID.attendee)(a).update({ departureTime: '2027-06-12T12:00:00+02:00' }),
  ),
  deny('update', 'attendee', 'from of 201 characters', (a) =>
    carpoolRef(UID.attendee)(a).update({ fromLocation: text(201) }),
  ),
  allow('update', 'attendee', 'to of 200 characters', (a) =>
    carpoolRef(UID.attendee)(a).update({ toLocation: text(200) }),
  ),
  deny('update', 'attendee', 'driver hands the carpool to someone else', (a) =>
    carpoolRef(UID.attendee)(a).update({ driverId: UID.attendee2 }),
  ),
  deny('update', 'attendee', 'driver removes a passenger by editing passengerIds', (a) =>
    carpoolRef(UID.attendee)(a).update({ passengerIds: [], currentSeats: 1 }),
  ),
  deny('update', 'attendee', 'driver rewrites the denormalised driver', (a) =>
    carpoolRef(UID.attendee)(a).update({ 'driver.displayName': 'Someone' }),
  ),
  deny('update', 'attendee', "attendee edits someone else's carpool", (a) =>
    carpoolRef(UID.attendee2)(a).update({ fromLocation: 'Elsewhere' }),
  ),
  deny('update', 'admin', 'admin moves a carpool to another event id', (a) =>
    carpoolRef(UID.attendee2)(a).update({ eventId: OTHER_EVENT }),
  ),
  deny('create', 'attendee', 'carpool with forged driverId', (a) =>
    a.db
      .doc(`${E}/carpools/forged`)
      .set({ id: 'forged', eventId: EVENT, driverId: UID.attendee2, maxSeats: 4, currentSeats: 1 }),
  ),
  deny('delete', 'attendee', "attendee deletes someone else's carpool", (a) =>
    carpoolRef(UID.attendee2)(a).delete(),
  ),
];

const scheduleDoc = (a: Actor) => a.db.doc(`${E}/schedule/${SCHEDULE_ITEM}`);
const scheduleAttacks: RulesCase[] = [
  deny('create', 'admin', 'schedule item with forged createdBy', (a) =>
    a.db.doc(`${E}/schedule/forged`).set(newScheduleItem('forged', UID.creator)),
  ),
  deny('create', 'admin', 'schedule item whose id differs from its document id', (a) =>
    a.db.doc(`${E}/schedule/item-x`).set(newScheduleItem('item-y', UID.admin)),
  ),
  deny('create', 'admin', 'schedule item for another eventId', (a) =>
    a.db
      .doc(`${E}/schedule/item-x`)
      .set({ ...newScheduleItem('item-x', UID.admin), eventId: OTHER_EVENT }),
  ),
  deny('create', 'admin', 'schedule item with a client createdAt', (a) =>
    a.db.doc(`${E}/schedule/item-x`).set({
      ...newScheduleItem('item-x', UID.admin),
      createdAt: firebase.firestore.Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')),
    }),
  ),
  deny('create', 'admin', 'schedule item with an unknown field', (a) =>
    a.db
      .doc(`${E}/schedule/item-x`)
      .set({ ...newScheduleItem('item-x', UID.admin), rsvpCounts: { going: 100 } }),
  ),
  deny('create', 'admin', 'schedule item missing startTime', (a) =>
    a.db
      .doc(`${E}/schedule/item-x`)
      .set({ ...newScheduleItem('item-x', UID.admin), startTime: null }),
  ),
  deny('create', 'admin', 'schedule title of 121 characters', (a) =>
    a.db
      .doc(`${E}/schedule/item-x`)
      .set({ ...newScheduleItem('item-x', UID.admin), title: text(121) }),
  ),
  deny('create', 'admin', 'schedule with an empty title', (a) =>
    a.db.doc(`${E}/schedule/item-x`).set({ ...newScheduleItem('item-x', UID.admin), title: '' }),
  ),
  allow('create', 'creator', 'schedule title of 120 characters with an end time', (a) =>
    a.db.doc(`${E}/schedule/item-x`).set({
      ...newScheduleItem('item-x', UID.creator),
      title: text(120),
      endTime: '2027-06-13T12:00:00.000Z',
    }),
  ),
  deny('create', 'attendee', 'attendee adds a schedule item', (a) =>
    a.db.doc(`${E}/schedule/item-x`).set(newScheduleItem('item-x', UID.attendee)),
  ),
  deny('update', 'admin', 'admin changes createdBy of an item', (a) =>
    scheduleDoc(a).update({ createdBy: UID.admin }),
  ),
  deny('update', 'creator', 'creator changes createdAt of an item', (a) =>
    scheduleDoc(a).update({ createdAt: serverTime() }),
  ),
  deny('update', 'admin', 'admin sets an end time that is not ISO', (a) =>
    scheduleDoc(a).update({ endTime: 'late' }),
  ),
  deny('update', 'admin', 'admin sets an end time before the start time', (a) =>
    scheduleDoc(a).update({ endTime: '2027-06-12T18:00:00.000Z' }),
  ),
  allow('update', 'admin', 'admin sets an end time equal to the start time', (a) =>
    scheduleDoc(a).update({ endTime: '2027-06-12T19:00:00.000Z' }),
  ),
  deny('create', 'admin', 'schedule item ending before it starts', (a) =>
    a.db.doc(`${E}/schedule/item-x`).set({
      ...newScheduleItem('item-x', UID.admin),
      endTime: '2027-06-13T09:00:00.000Z',
    }),
  ),
  deny('update', 'attendee', 'attendee edits an item', (a) =>
    scheduleDoc(a).update({ title: 'Mine' }),
  ),
];

const rsvpPath = (itemId: string, uid: string): string => `${E}/schedule/${itemId}/rsvps/${uid}`;
const rsvpAttacks: RulesCase[] = [
  deny('create', 'attendee', 'RSVP status outside the enum', (a) =>
    a.db.doc(rsvpPath(QUIET_ITEM, UID.attendee)).set(newRsvp(QUIET_ITEM, UID.attendee, 'yes')),
  ),
  deny('create', 'attendee', 'RSVP with an unknown field', (a) =>
    a.db
      .doc(rsvpPath(QUIET_ITEM, UID.attendee))
      .set({ ...newRsvp(QUIET_ITEM, UID.attendee, 'going'), plusOnes: 3 }),
  ),
  deny('create', 'attendee', 'RSVP whose userId is someone else', (a) =>
    a.db.doc(rsvpPath(QUIET_ITEM, UID.attendee)).set(newRsvp(QUIET_ITEM, UID.attendee2, 'going')),
  ),
  deny('create', 'attendee', 'RSVP for another schedule id', (a) =>
    a.db.doc(rsvpPath(QUIET_ITEM, UID.attendee)).set(newRsvp(SCHEDULE_ITEM, UID.attendee, 'going')),
  ),
  deny('create', 'attendee', 'RSVP to a schedule item that does not exist', (a) =>
    a.db
      .doc(rsvpPath('no-such-item', UID.attendee))
      .set(newRsvp('no-such-item', UID.attendee, 'going')),
  ),
  deny('create', 'attendee', 'RSVP with a client-chosen respondedAt', (a) =>
    a.db.doc(rsvpPath(QUIET_ITEM, UID.attendee)).set({
      ...newRsvp(QUIET_ITEM, UID.attendee, 'going'),
      respondedAt: firebase.firestore.Timestamp.fromDate(new Date('2030-01-01T00:00:00Z')),
    }),
  ),
  // Well-formed direct RSVPs are refused too: only PUT /api/events/{e}/schedule/{s}/rsvp writes RSVPs, so
  // rsvpCounts and rsvpsByUser can never drift from them (docs/performance.md, "Counters").
  deny('create', 'attendee', 'well-formed direct RSVP going', (a) =>
    a.db.doc(rsvpPath(QUIET_ITEM, UID.attendee)).set(newRsvp(QUIET_ITEM, UID.attendee, 'going')),
  ),
  deny('create', 'creator', 'well-formed direct RSVP not_going', (a) =>
    a.db.doc(rsvpPath(QUIET_ITEM, UID.creator)).set(newRsvp(QUIET_ITEM, UID.creator, 'not_going')),
  ),
  deny('update', 'attendee', 'RSVP partial update without respondedAt', (a) =>
    a.db.doc(rsvpPath(SCHEDULE_ITEM, UID.attendee)).update({ status: 'maybe' }),
  ),
  deny('update', 'attendee', 'well-formed direct RSVP status change', (a) =>
    a.db
      .doc(rsvpPath(SCHEDULE_ITEM, UID.attendee))
      .update({ status: 'maybe', respondedAt: serverTime() }),
  ),
  deny('update', 'admin', "admin changes an attendee's RSVP", (a) =>
    a.db
      .doc(rsvpPath(SCHEDULE_ITEM, UID.attendee))
      .update({ status: 'not_going', respondedAt: serverTime() }),
  ),
  deny('delete', 'admin', "admin deletes an attendee's RSVP", (a) =>
    a.db.doc(rsvpPath(SCHEDULE_ITEM, UID.attendee)).delete(),
  ),
  deny('list', 'attendee', 'RSVP collection group without an eventId filter', (a) =>
    a.db.collectionGroup('rsvps').where('status', '==', 'going').get(),
  ),
  deny('list', 'attendee', 'vote collection group of one user across all events', (a) =>
    a.db.collectionGroup('votes').where('userId', '==', UID.admin2).get(),
  ),
];

// The counters and per-user maps the functions keep (docs/performance.md, "Rules").
const counterAttacks: RulesCase[] = [
  deny('update', 'admin', 'admin bumps rsvpCounts on an item', (a) =>
    scheduleDoc(a).update({ rsvpCounts: { going: 500, maybe: 0, notGoing: 0 } }),
  ),
  deny('update', 'admin', 'admin bumps rsvpCounts with a title edit', (a) =>
    scheduleDoc(a).update({ title: 'Dinner', rsvpCounts: { going: 500, maybe: 0, notGoing: 0 } }),
  ),
  deny('update', 'creator', 'creator raises stats/members.total', (a) =>
    a.db.doc(`${E}/stats/members`).update({ total: 1 }),
  ),
  deny('update', 'admin', 'admin zeroes stats/photos (merge write)', (a) =>
    a.db.doc(`${E}/stats/photos`).set({ total: 0, featured: 0 }, { merge: true }),
  ),
  deny('create', 'admin', 'admin adds a stats document', (a) =>
    a.db.doc(`${E}/stats/rsvps`).set({ going: 100 }),
  ),
  // Others' answers follow "Guests can see who's going": hidden, only admins read them.
  single(
    'firestore',
    'get',
    'attendee',
    'deny',
    "member reads another member's rsvpsByUser while answers are hidden",
    (a) => a.db.doc(`${E}/rsvpsByUser/${UID.attendee2}`).get(),
    hideAnswers,
  ),
  single(
    'firestore',
    'list',
    'attendee',
    'deny',
    'member lists every rsvpsByUser map while answers are hidden',
    (a) => a.db.collection(`${E}/rsvpsByUser`).get(),
    hideAnswers,
  ),
  single(
    'firestore',
    'list',
    'attendee',
    'deny',
    "member asks for another member's map by userId while answers are hidden",
    (a) => a.db.collection(`${E}/rsvpsByUser`).where('userId', '==', UID.attendee2).get(),
    hideAnswers,
  ),
  single(
    'firestore',
    'get',
    'creator',
    'allow',
    "creator reads an attendee's rsvpsByUser while answers are hidden (the guest list)",
    (a) => a.db.doc(`${E}/rsvpsByUser/${UID.attendee}`).get(),
    hideAnswers,
  ),
  deny('get', 'outsider', "non-member reads an attendee's rsvpsByUser", (a) =>
    a.db.doc(`${E}/rsvpsByUser/${UID.attendee}`).get(),
  ),
  deny('list', 'outsider', 'non-member lists every rsvpsByUser map', (a) =>
    a.db.collection(`${E}/rsvpsByUser`).get(),
  ),
  deny('update', 'attendee', 'member writes own rsvpsByUser', (a) =>
    a.db.doc(`${E}/rsvpsByUser/${UID.attendee}`).set({ statuses: { [QUIET_ITEM]: 'going' } }),
  ),
  deny('listen', 'outsider', 'non-member listens to stats', (a) =>
    listenQuery(a.db.collection(`${E}/stats`)),
  ),
  deny('get', 'outsider', 'non-member reads stats/members', (a) =>
    a.db.doc(`${E}/stats/members`).get(),
  ),
  deny('list', 'outsider', 'non-member reads the activity feed', (a) =>
    a.db.collection(`${E}/activity`).orderBy('at', 'desc').limit(5).get(),
  ),
  deny('get', 'attendee', "member of another event reads this event's stats", (a) =>
    a.db.doc(`events/${OTHER_EVENT}/stats/members`).get(),
  ),
];

const userAttacks: RulesCase[] = [
  deny('update', 'attendee', 'upgrades own subscriptionTier', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({ subscriptionTier: 'enterprise' }),
  ),
  deny('update', 'attendee', 'changes own subscriptionStatus', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({ subscriptionStatus: 'active' }),
  ),
  deny('update', 'attendee', 'extends own subscriptionExpiresAt', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({ subscriptionExpiresAt: serverTime() }),
  ),
  deny('update', 'attendee', 'changes own email', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({ email: 'ceo@example.com' }),
  ),
  deny('update', 'attendee', 'changes own createdAt', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({ createdAt: serverTime() }),
  ),
  deny('update', 'attendee', 'unknown profile field', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({ isStaff: true }),
  ),
  deny('update', 'attendee', 'displayName of 101 characters', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({ displayName: text(101) }),
  ),
  deny('update', 'attendee', 'phoneNumber of 41 characters', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({ phoneNumber: text(41) }),
  ),
  deny('update', 'attendee', 'photoURL with a data: URL', (a) =>
    a.db
      .doc(`users/${UID.attendee}`)
      .update({ photoURL: 'data:image/svg+xml,<svg onload=alert(1)>' }),
  ),
  allow('update', 'attendee', 'photoURL https', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({ photoURL: 'https://example.com/me.png' }),
  ),
  deny('update', 'attendee', 'client-chosen updatedAt', (a) =>
    a.db.doc(`users/${UID.attendee}`).update({
      venmoUsername: 'me',
      updatedAt: firebase.firestore.Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')),
    }),
  ),
  allow('update', 'attendee', 'phoneNumber and venmoUsername', (a) =>
    a.db
      .doc(`users/${UID.attendee}`)
      .update({ phoneNumber: '+351 900 000 000', venmoUsername: 'attendee-v' }),
  ),
  deny('update', 'attendee', 'subscription tier smuggled with set(merge)', (a) =>
    a.db
      .doc(`users/${UID.attendee}`)
      .set({ displayName: 'X', subscriptionTier: 'paid' }, { merge: true }),
  ),
  deny('get', 'signedOut', 'visitor reads a tier', (a) => a.db.doc('subscriptionTiers/paid').get()),
  deny('get', 'outsider', 'reads an invitation token by guessing it', (a) =>
    a.db.doc('invitationTokens/token-1').get(),
  ),
  deny('create', 'admin', 'queues an e-mail directly', (a) =>
    a.db
      .collection('mail')
      .add({ to: 'victim@example.com', message: { subject: 'Hi', text: 'x' } }),
  ),
  deny(
    'create',
    'admin',
    'admin creates an invitation directly (limit and token are server side)',
    (a) =>
      a.db.doc(`${E}/invitations/inv-x`).set({
        eventId: EVENT,
        email: 'friend@example.com',
        role: 'attendee',
        status: 'pending',
        invitedByUserId: UID.admin,
        invitedAt: serverTime(),
        respondedAt: null,
      }),
  ),
  deny('update', 'attendee', 'attendee accepts an invitation by writing it', (a) =>
    a.db.doc(`${E}/invitations/inv-1`).update({ status: 'accepted' }),
  ),
  deny('listen', 'attendee', 'attendee listens to invitations', (a) =>
    listenQuery(a.db.collection(`${E}/invitations`)),
  ),
  deny('list', 'attendee', 'attendee lists the role-change log', (a) =>
    a.db.collection(`${E}/roleChanges`).get(),
  ),
  deny('create', 'creator', 'creator writes the role-change log directly', (a) =>
    a.db.collection(`${E}/roleChanges`).add({
      eventId: EVENT,
      changedUserId: UID.attendee,
      changedByUserId: UID.creator,
      oldRole: 'attendee',
      newRole: 'admin',
      changedAt: serverTime(),
    }),
  ),
];

// Plus-ones, questions, capacity and answers (docs/product.md, "Plus-ones, questions and
// waitlists"): the allowance is a settings field checked like the others; the rest is the
// functions' to write; answers are private to their member and the admins.
const rsvpOptionAttacks: RulesCase[] = [
  allow('update', 'admin', 'plus-ones allowed 0', updateEvent({ plusOnesAllowed: 0 })),
  allow('update', 'creator', 'plus-ones allowed 10', updateEvent({ plusOnesAllowed: 10 })),
  deny('update', 'admin', 'plus-ones allowed 11', updateEvent({ plusOnesAllowed: 11 })),
  deny('update', 'admin', 'plus-ones allowed -1', updateEvent({ plusOnesAllowed: -1 })),
  deny('update', 'admin', 'plus-ones allowed 1.5', updateEvent({ plusOnesAllowed: 1.5 })),
  deny('update', 'admin', 'plus-ones allowed as text', updateEvent({ plusOnesAllowed: '2' })),
  deny('update', 'admin', 'plus-ones allowed null', updateEvent({ plusOnesAllowed: null })),
  deny(
    'update',
    'attendee',
    'attendee sets plus-ones allowed',
    updateEvent({ plusOnesAllowed: 2 }),
  ),
  deny(
    'update',
    'admin',
    'plus-ones allowed with a name change in one write',
    updateEvent({ plusOnesAllowed: 2, name: 'Renamed' }),
  ),
  deny('update', 'admin', 'questions written directly, with the allowance', (a) =>
    a.db.doc(E).update({ plusOnesAllowed: 1, questions: [] }),
  ),
  deny('update', 'creator', 'questions cleared directly', updateEvent({ questions: [] })),
  deny('update', 'attendee', 'member raises their own plus-ones on their member document', (a) =>
    a.db.doc(`${E}/members/${UID.attendee}`).update({ plusOnesAllowed: 10 }),
  ),
  deny('update', 'admin', "admin sets a member's plus-ones directly", (a) =>
    a.db.doc(`${E}/members/${UID.attendee}`).update({ plusOnesAllowed: 3 }),
  ),
  deny('update', 'admin', 'admin sets a capacity directly', (a) =>
    a.db.doc(`${E}/schedule/${SCHEDULE_ITEM}`).update({ capacity: 1 }),
  ),
  deny('update', 'admin', 'admin clears a capacity directly', (a) =>
    a.db.doc(`${E}/schedule/${SCHEDULE_ITEM}`).update({ capacity: null }),
  ),
  deny('update', 'admin', 'admin empties the waitlist counts', (a) =>
    a.db.doc(`${E}/schedule/${SCHEDULE_ITEM}`).update({
      rsvpCounts: {
        going: 1,
        maybe: 0,
        notGoing: 0,
        goingHeads: 1,
        waitlisted: 0,
        waitlistedHeads: 0,
      },
    }),
  ),
  deny('update', 'attendee', 'member promotes themself off the waitlist', (a) =>
    a.db
      .doc(`${E}/schedule/${SCHEDULE_ITEM}/rsvps/${UID.attendee}`)
      .update({ status: 'going', waitlistedAt: null }),
  ),
  deny('update', 'attendee', 'member brings a bigger party directly', (a) =>
    a.db
      .doc(`${E}/schedule/${SCHEDULE_ITEM}/rsvps/${UID.attendee}`)
      .update({ party: { size: 5, guests: [] } }),
  ),
  // Answers: the member's own, and the admins'; never another guest's.
  deny('get', 'attendee', "attendee reads another guest's answers", (a) =>
    a.db.doc(`${E}/guestAnswers/${UID.attendee2}`).get(),
  ),
  deny('list', 'attendee', "attendee queries another guest's answers by userId", (a) =>
    a.db.collection(`${E}/guestAnswers`).where('userId', '==', UID.attendee2).get(),
  ),
  deny('list', 'attendee', 'attendee lists every answer', (a) =>
    a.db.collection(`${E}/guestAnswers`).get(),
  ),
  allow('get', 'attendee', 'attendee reads their own answers', (a) =>
    a.db.doc(`${E}/guestAnswers/${UID.attendee}`).get(),
  ),
  allow('get', 'admin', "admin reads a guest's answers", (a) =>
    a.db.doc(`${E}/guestAnswers/${UID.attendee}`).get(),
  ),
  allow('list', 'creator', 'creator lists every answer', (a) =>
    a.db.collection(`${E}/guestAnswers`).get(),
  ),
  single(
    'firestore',
    'get',
    'attendee',
    'deny',
    "attendee reads another guest's answers while guests may see who's going",
    (a) => a.db.doc(`${E}/guestAnswers/${UID.admin}`).get(),
  ),
  deny('get', 'outsider', 'non-member reads their old answers of the event', (a) =>
    a.db.doc(`${E}/guestAnswers/${UID.outsider}`).get(),
  ),
  deny('get', 'outsider', "non-member reads a guest's answers", (a) =>
    a.db.doc(`${E}/guestAnswers/${UID.attendee}`).get(),
  ),
  deny('get', 'admin', "admin of another event reads this event's answers", (a) =>
    a.db.doc(`${O}/guestAnswers/${UID.stranger}`).get(),
  ),
  deny('update', 'attendee', 'member rewrites their own answers directly', (a) =>
    a.db.doc(`${E}/guestAnswers/${UID.attendee}`).set({
      eventId: EVENT,
      userId: UID.attendee,
      answers: { diet: 'Anything' },
      updatedAt: serverTime(),
    }),
  ),
  deny('create', 'admin', "admin writes a guest's answers directly", (a) =>
    a.db.doc(`${E}/guestAnswers/${UID.admin}-new`).set({
      eventId: EVENT,
      userId: UID.admin,
      answers: {},
      updatedAt: serverTime(),
    }),
  ),
  deny('delete', 'creator', "creator deletes a guest's answers directly", (a) =>
    a.db.doc(`${E}/guestAnswers/${UID.attendee}`).delete(),
  ),
  deny('create', 'admin', 'admin writes a waitlist feed line', (a) =>
    a.db.doc(`${E}/activity/waitlist:${SCHEDULE_ITEM}:${UID.attendee}`).set({
      kind: 'waitlist',
      actor: { displayName: 'Someone', photoURL: '' },
      subjectId: `${SCHEDULE_ITEM}:${UID.attendee}`,
      title: 'Someone got a spot',
      at: serverTime(),
    }),
  ),
];

export const firestoreAttacks: RulesCase[] = [
  ...guessing,
  ...guessingReads,
  ...memberAttacks,
  ...eventAttacks,
  ...photoAttacks,
  ...flightAttacks,
  ...carpoolAttacks,
  ...scheduleAttacks,
  ...rsvpAttacks,
  ...counterAttacks,
  ...userAttacks,
  ...rsvpOptionAttacks,
  ...timeZoneCases,
  ...wallCases,
];
