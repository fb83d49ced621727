import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import 'firebase/compat/storage';
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import { pollDocuments } from './poll-seed.ts';

type Firestore = firebase.firestore.Firestore;
type Storage = firebase.storage.Storage;
type DocumentData = firebase.firestore.DocumentData;

/** The five roles (docs/product.md, "Members and roles"), as the rules see them for the main event. */
export const ROLES = ['signedOut', 'outsider', 'attendee', 'admin', 'creator'] as const;
export type Role = (typeof ROLES)[number];

/** Members of the main event only; the signed-out visitor and the outsider are not. */
export const MEMBER_ROLES: readonly Role[] = ['attendee', 'admin', 'creator'];
export const ADMIN_ROLES: readonly Role[] = ['admin', 'creator'];
export const SIGNED_IN_ROLES: readonly Role[] = ['outsider', 'attendee', 'admin', 'creator'];
export const NOBODY: readonly Role[] = [];

export const UID = {
  creator: 'u-creator',
  admin: 'u-admin',
  attendee: 'u-attendee',
  outsider: 'u-outsider',
  // Second admin and attendee of the main event: targets of removals and of other people's data.
  admin2: 'u-admin2',
  attendee2: 'u-attendee2',
  // Members of the other event only.
  stranger: 'u-stranger',
  stranger2: 'u-stranger2',
  // Never seeded anywhere.
  newcomer: 'u-newcomer',
} as const;

/** The uid a role signs in with (`null` when signed out). */
export function uidOf(role: Role): string | null {
  return role === 'signedOut' ? null : UID[role];
}

/** For cases aimed at "the actor's own" document: signed-out visitors aim at the attendee's. */
export function ownUid(role: Role): string {
  return uidOf(role) ?? UID.attendee;
}

export const EVENT = 'event-main';
export const OTHER_EVENT = 'event-other';
export const SCHEDULE_ITEM = 'item-1';
/** A schedule item nobody has answered yet: RSVP creates aim here. */
export const QUIET_ITEM = 'item-2';
/** The main event's guest group and the item limited to it (nobody is in it until a case says). */
export const GROUP = 'group-wp';
export const LIMITED_ITEM = 'item-limited';
/** An announcement to those going to LIMITED_ITEM. */
export const LIMITED_ANNOUNCEMENT = 'announcement-limited';

const MAIN_MEMBERS: Record<string, 'creator' | 'admin' | 'attendee'> = {
  [UID.creator]: 'creator',
  [UID.admin]: 'admin',
  [UID.admin2]: 'admin',
  [UID.attendee]: 'attendee',
  [UID.attendee2]: 'attendee',
};
const OTHER_MEMBERS: Record<string, 'creator' | 'admin' | 'attendee'> = {
  [UID.stranger]: 'creator',
  [UID.stranger2]: 'attendee',
};
/**
 * Everyone who owns content in the main event: its members plus the outsider, who left content
 * behind as a former member (so "own data after removal" is tested too).
 */
const MAIN_CONTENT_OWNERS = [...Object.keys(MAIN_MEMBERS), UID.outsider];

const SEED_TIME = firebase.firestore.Timestamp.fromDate(new Date('2026-11-01T10:00:00.000Z'));

export function summary(uid: string): { displayName: string; email: string; photoURL: string } {
  return { displayName: `Name ${uid}`, email: `${uid}@example.com`, photoURL: '' };
}

export function validEvent(eventId: string, creatorUid: string): DocumentData {
  return {
    name: `Event ${eventId}`,
    description: 'A weekend together',
    location: 'Lisbon',
    startDate: '2027-06-12T15:00:00.000Z',
    endDate: '2027-06-14T11:00:00.000Z',
    customLogo: '',
    themeColors: { ...DEFAULT_THEME_COLORS },
    bannerSettings: { ...DEFAULT_BANNER_SETTINGS },
    bannerImageUrl: null,
    adminId: creatorUid,
    createdBy: creatorUid,
    createdAt: SEED_TIME,
  };
}

export function member(eventId: string, uid: string, role: string): DocumentData {
  return { eventId, userId: uid, role, joinedAt: SEED_TIME, user: summary(uid) };
}

export function userProfile(uid: string): DocumentData {
  return {
    email: `${uid}@example.com`,
    displayName: `Name ${uid}`,
    photoURL: '',
    phoneNumber: '',
    venmoUsername: '',
    subscriptionStatus: 'free',
    subscriptionTier: 'free',
    subscriptionExpiresAt: null,
    createdAt: SEED_TIME,
    updatedAt: SEED_TIME,
  };
}

export function photo(eventId: string, photoId: string, uploadedBy: string): DocumentData {
  const { displayName, photoURL } = summary(uploadedBy);
  return {
    id: photoId,
    eventId,
    uploadedBy,
    uploadedByUser: { displayName, photoURL },
    filename: 'beach.jpg',
    objectPath: `events/${eventId}/photos/${uploadedBy}/${photoId}.jpg`,
    thumbPath: `events/${eventId}/thumbs/${uploadedBy}/${photoId}.jpg`,
    url: `https://files.test/events/${eventId}/photos/${uploadedBy}/${photoId}.jpg?token=t`,
    thumbUrl: `https://files.test/events/${eventId}/thumbs/${uploadedBy}/${photoId}.jpg?token=t`,
    caption: 'At the beach',
    size: 1024,
    contentType: 'image/jpeg',
    votes: 1,
    isFeatured: false,
    uploadedAt: SEED_TIME,
    batchId: 'batch-1',
  };
}

export function flight(eventId: string, flightId: string, uid: string): DocumentData {
  const { displayName, photoURL } = summary(uid);
  return {
    id: flightId,
    eventId,
    userId: uid,
    user: { displayName, photoURL },
    airline: 'TAP',
    flightNumber: 'TP123',
    departure: 'JFK',
    arrival: 'LIS',
    departureTime: '2027-06-11T22:00:00.000Z',
    arrivalTime: '2027-06-12T10:00:00.000Z',
    createdAt: SEED_TIME,
  };
}

export function carpool(eventId: string, carpoolId: string, driverId: string): DocumentData {
  const { displayName, photoURL } = summary(driverId);
  return {
    id: carpoolId,
    eventId,
    driverId,
    driver: { displayName, photoURL },
    fromLocation: 'Airport',
    toLocation: 'Venue',
    departureTime: '2027-06-12T12:00:00.000Z',
    maxSeats: 4,
    currentSeats: 1,
    passengerIds: [],
    createdAt: SEED_TIME,
  };
}

export function scheduleItem(eventId: string, itemId: string, createdBy: string): DocumentData {
  return {
    id: itemId,
    eventId,
    title: 'Welcome dinner',
    description: 'Rooftop',
    startTime: '2027-06-12T19:00:00.000Z',
    endTime: '2027-06-12T22:00:00.000Z',
    location: 'Hotel',
    createdBy,
    createdAt: SEED_TIME,
    audience: 'everyone',
    groupAccess: {},
  };
}

/**
 * One member's answers map (the guest list), as the RSVP functions write it: every item the
 * member answered, the one limited to a group among them.
 */
export function rsvpsByUser(eventId: string, uid: string): DocumentData {
  return {
    eventId,
    userId: uid,
    user: { displayName: `Name ${uid}`, photoURL: '' },
    statuses: { [SCHEDULE_ITEM]: 'going', [LIMITED_ITEM]: 'going' },
    respondedAt: { [SCHEDULE_ITEM]: SEED_TIME, [LIMITED_ITEM]: SEED_TIME },
    recordedBy: {},
  };
}

/** A member's answers to the host's questions (private to them and the admins). */
export function guestAnswers(eventId: string, uid: string): DocumentData {
  return { eventId, userId: uid, answers: { diet: 'Vegetarian' }, updatedAt: SEED_TIME };
}

export function rsvp(eventId: string, itemId: string, uid: string, status: string): DocumentData {
  return { eventId, scheduleId: itemId, userId: uid, status, respondedAt: SEED_TIME };
}

function tier(name: string, displayName: string, maxEvents: number): DocumentData {
  return {
    tierName: name,
    displayName,
    maxEvents,
    maxAttendeesPerEvent: 25,
    maxPhotosPerEvent: 100,
    maxTravelEntriesPerEvent: 30,
    maxStorageMb: 500,
    maxInvitationsPerDay: 20,
    eventHistoryRetentionDays: 365,
    customBrandingEnabled: false,
    createdAt: SEED_TIME,
    updatedAt: SEED_TIME,
  };
}

/** Every seeded document, by path. Rebuilt fresh for each reseed. */
function seedDocuments(): Map<string, DocumentData> {
  const docs = new Map<string, DocumentData>();
  const put = (path: string, data: DocumentData): void => void docs.set(path, data);

  for (const uid of Object.values(UID)) {
    if (uid !== UID.newcomer) put(`users/${uid}`, userProfile(uid));
  }
  put('subscriptionTiers/free', tier('free', 'Free', 2));
  put('subscriptionTiers/paid', tier('paid', 'Pro', 10));
  put('subscriptionTiers/enterprise', tier('enterprise', 'Enterprise', -1));
  put('invitationTokens/token-1', {
    eventId: EVENT,
    invitationId: 'inv-1',
    email: 'guest@example.com',
    createdAt: SEED_TIME,
  });
  put('invitationLog/log-1', {
    invitedByUserId: UID.creator,
    eventId: EVENT,
    email: 'guest@example.com',
    sentAt: SEED_TIME,
  });
  put('signInLinks/hash-1', {
    email: 'guest@example.com',
    firebaseLink: 'http://auth.test/action?mode=signIn&oobCode=code-1',
    next: '/',
    requester: 'requester-hash',
    createdAt: SEED_TIME,
    expiresAt: SEED_TIME,
    usedAt: null,
    failedAttempts: 0,
  });
  put('signInLimits/address-hash-1', { sentAt: [SEED_TIME] });
  put('joinLinks/secret-1', {
    eventId: EVENT,
    askBeforeJoin: true,
    createdBy: UID.creator,
    createdAt: SEED_TIME,
  });
  put('wallLinks/hash-1', {
    eventId: EVENT,
    createdBy: UID.admin,
    createdByName: 'Admin',
    createdAt: SEED_TIME,
  });
  put(`events/${EVENT}/joinRequests/${UID.outsider}`, {
    eventId: EVENT,
    userId: UID.outsider,
    user: { displayName: 'Outsider', email: `${UID.outsider}@example.com`, photoURL: '' },
    status: 'pending',
    requestedAt: SEED_TIME,
    decidedAt: null,
    decidedBy: null,
  });
  put(`accountDeletions/${UID.attendee}`, {
    userId: UID.attendee,
    status: 'running',
    email: `${UID.attendee}@example.com`,
    choices: [],
    steps: [],
    eventIds: [],
    attempts: 1,
    lastError: null,
    startedAt: SEED_TIME,
    updatedAt: SEED_TIME,
    completedAt: null,
  });
  put('dataExports/export-1', {
    userId: UID.attendee,
    createdAt: SEED_TIME,
    expiresAt: SEED_TIME,
    openedAt: null,
  });
  put('mail/mail-1', {
    to: 'guest@example.com',
    message: { subject: 'You are invited', text: 'Join us', html: '<p>Join us</p>' },
  });

  // [event, creator, members, content owners, the member who voted and rode along everywhere]
  const events: Array<[string, string, Record<string, string>, string[], string]> = [
    [EVENT, UID.creator, MAIN_MEMBERS, MAIN_CONTENT_OWNERS, UID.admin2],
    [OTHER_EVENT, UID.stranger, OTHER_MEMBERS, Object.keys(OTHER_MEMBERS), UID.stranger2],
  ];
  for (const [eventId, creator, members, owners, companion] of events) {
    const base = `events/${eventId}`;
    put(base, validEvent(eventId, creator));
    for (const [uid, role] of Object.entries(members))
      put(`${base}/members/${uid}`, member(eventId, uid, role));
    put(`${base}/invitations/inv-1`, {
      eventId,
      email: 'guest@example.com',
      role: 'attendee',
      status: 'pending',
      invitedByUserId: creator,
      invitedAt: SEED_TIME,
      respondedAt: null,
    });
    put(`${base}/roleChanges/change-1`, {
      eventId,
      changedUserId: owners[1] ?? creator,
      changedByUserId: creator,
      oldRole: 'attendee',
      newRole: 'admin',
      changedAt: SEED_TIME,
    });
    put(`${base}/announcements/announcement-1`, {
      eventId,
      authorId: creator,
      author: { displayName: `Name ${creator}`, photoURL: '' },
      message: 'The shuttle leaves at 3',
      audience: { kind: 'all' },
      audienceLabel: 'Everyone',
      itemLimited: false,
      recipientCount: 3,
      createdAt: SEED_TIME,
    });
    // An answer announcement about the item limited to a group (its label names the item).
    put(`${base}/announcements/${LIMITED_ANNOUNCEMENT}`, {
      eventId,
      authorId: creator,
      author: { displayName: `Name ${creator}`, photoURL: '' },
      message: 'Dress code: smart casual',
      audience: { kind: 'rsvp', scheduleId: LIMITED_ITEM, status: 'going' },
      audienceLabel: 'Going to Rehearsal dinner',
      itemLimited: true,
      recipientCount: 2,
      createdAt: SEED_TIME,
    });
    put(`${base}/photoArchives/archive-1`, {
      eventId,
      createdBy: creator,
      photoIds: null,
      photoCount: 1,
      createdAt: SEED_TIME,
      expiresAt: SEED_TIME,
    });
    put(`${base}/reminderRuns/unanswered:${SCHEDULE_ITEM}`, {
      kind: 'unanswered',
      key: SCHEDULE_ITEM,
      mailCount: 2,
      completedAt: SEED_TIME,
    });
    put(`${base}/schedule/${SCHEDULE_ITEM}`, scheduleItem(eventId, SCHEDULE_ITEM, creator));
    put(`${base}/schedule/${QUIET_ITEM}`, scheduleItem(eventId, QUIET_ITEM, creator));
    put(`${base}/groups/${GROUP}`, { eventId, name: 'Wedding party', createdAt: SEED_TIME });
    put(`${base}/schedule/${LIMITED_ITEM}`, {
      ...scheduleItem(eventId, LIMITED_ITEM, creator),
      title: 'Rehearsal dinner',
      audience: 'groups',
      groupAccess: { [GROUP]: true },
    });
    for (const uid of owners) {
      put(`${base}/photos/photo-${uid}`, photo(eventId, `photo-${uid}`, uid));
      // Its upload batch's feed line, as the photo function keeps it.
      put(`${base}/activity/photo:${uid}:batch-1`, {
        kind: 'photo',
        actor: { displayName: `Name ${uid}`, photoURL: '' },
        subjectId: `${uid}:batch-1`,
        title: `Name ${uid} uploaded a photo: “At the beach”`,
        at: SEED_TIME,
        count: 1,
        photos: [
          {
            id: `photo-${uid}`,
            path: `events/${eventId}/thumbs/${uid}/photo-${uid}.jpg`,
            caption: 'At the beach',
          },
        ],
      });
      put(`${base}/photos/photo-${uid}/votes/${companion}`, {
        eventId,
        photoId: `photo-${uid}`,
        userId: companion,
        votedAt: SEED_TIME,
      });
      put(`${base}/flights/flight-${uid}`, flight(eventId, `flight-${uid}`, uid));
      // The companion rides along: 2 of 4 seats taken, as the join function leaves it.
      put(`${base}/carpools/carpool-${uid}`, {
        ...carpool(eventId, `carpool-${uid}`, uid),
        currentSeats: 2,
        passengerIds: [companion],
      });
      put(`${base}/carpools/carpool-${uid}/passengers/${companion}`, {
        eventId,
        carpoolId: `carpool-${uid}`,
        userId: companion,
        user: { displayName: `Name ${companion}`, photoURL: '' },
        joinedAt: SEED_TIME,
      });
      put(
        `${base}/schedule/${SCHEDULE_ITEM}/rsvps/${uid}`,
        rsvp(eventId, SCHEDULE_ITEM, uid, 'going'),
      );
      put(
        `${base}/schedule/${LIMITED_ITEM}/rsvps/${uid}`,
        rsvp(eventId, LIMITED_ITEM, uid, 'going'),
      );
      put(`${base}/rsvpsByUser/${uid}`, rsvpsByUser(eventId, uid));
      put(`${base}/guestAnswers/${uid}`, guestAnswers(eventId, uid));
    }
    // The counters the functions keep (docs/performance.md, "Counters"), and the feed.
    put(`${base}/schedule/${SCHEDULE_ITEM}`, {
      ...scheduleItem(eventId, SCHEDULE_ITEM, creator),
      rsvpCounts: { going: owners.length, maybe: 0, notGoing: 0 },
    });
    // One of the item's RSVP count shards (domain/src/rsvp-counter.ts).
    put(`${base}/schedule/${SCHEDULE_ITEM}/rsvpCountShards/0`, {
      going: 1,
      maybe: 0,
      notGoing: 0,
      goingHeads: 1,
      waitlisted: 0,
      waitlistedHeads: 0,
    });
    const roles = Object.values(members);
    const count = (role: string) => roles.filter((r) => r === role).length;
    put(`${base}/stats/members`, {
      total: roles.length,
      creator: count('creator'),
      admin: count('admin'),
      attendee: count('attendee'),
    });
    put(`${base}/stats/photos`, { total: owners.length, featured: 0 });
    put(`${base}/stats/travel`, { flights: owners.length, carpools: owners.length });
    for (const uid of Object.keys(members)) {
      put(`${base}/activity/member:${uid}`, {
        kind: 'member',
        actor: { displayName: `Name ${uid}`, photoURL: '' },
        subjectId: uid,
        title: `Name ${uid} joined the event`,
        at: SEED_TIME,
      });
    }
  }
  // Date polls (poll-cases.ts): a poll of the main event with ballots and a tally shard.
  const pollSeed = pollDocuments({
    event: EVENT,
    members: [UID.creator, UID.admin, UID.attendee, UID.admin2, UID.attendee2],
    otherEvent: OTHER_EVENT,
    otherMember: UID.stranger,
    group: GROUP,
  });
  for (const [path, data] of pollSeed) put(path, data);
  return docs;
}

/** Writes the seed documents with rules bypassed (batches stay under the 500-write limit). */
export async function seedFirestore(db: Firestore): Promise<void> {
  const entries = [...seedDocuments()];
  for (let start = 0; start < entries.length; start += 400) {
    const batch = db.batch();
    for (const [path, data] of entries.slice(start, start + 400)) batch.set(db.doc(path), data);
    await batch.commit();
  }
}

/** A small JPEG-looking payload: the rules judge the declared content type and the size. */
export const IMAGE_BYTES = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);

/** Storage objects seeded for every content owner of the main event and for the other event. */
export function seedObjectPaths(): string[] {
  const paths: string[] = [];
  for (const uid of MAIN_CONTENT_OWNERS) {
    paths.push(`events/${EVENT}/photos/${uid}/seed.jpg`, `events/${EVENT}/thumbs/${uid}/seed.jpg`);
    paths.push(
      `uploads/${EVENT}/photos/${uid}/seed.jpg`,
      `uploads/${EVENT}/thumbs/${uid}/seed.jpg`,
    );
  }
  paths.push(`events/${EVENT}/banner/seed.jpg`);
  paths.push(`events/${OTHER_EVENT}/photos/${UID.stranger}/seed.jpg`);
  paths.push(`events/${OTHER_EVENT}/banner/seed.jpg`);
  // Outside every rule: proves the default is deny even for existing objects.
  paths.push('public/logo.png');
  return paths;
}

export async function seedStorage(storage: Storage): Promise<void> {
  await Promise.all(
    seedObjectPaths().map((path) =>
      storage.ref(path).put(IMAGE_BYTES, { contentType: 'image/jpeg' }),
    ),
  );
}

/** Deletes every object (rules-unit-testing's clearStorage only removes top-level objects). */
export async function clearStorage(storage: Storage): Promise<void> {
  const pending = [storage.ref()];
  const deletions: Promise<void>[] = [];
  while (pending.length > 0) {
    const folder = pending.pop();
    if (!folder) break;
    const { items, prefixes } = await folder.listAll();
    for (const item of items) deletions.push(item.delete());
    pending.push(...prefixes);
  }
  await Promise.all(deletions);
}
