import { serverTimestamp, Timestamp, type QueryDocumentSnapshot } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import {
  carpoolConverter,
  eventConverter,
  flightConverter,
  guestAnswersConverter,
  memberConverter,
  activityConverter,
  photoConverter,
  roleChangeConverter,
  rsvpsByUserConverter,
  scheduleConverter,
  statsConverter,
  userProfileConverter,
} from '../../src/lib/db/converters.ts';
import {
  activityRef,
  eventRef,
  guestAnswersRef,
  invitationsRef,
  memberRef,
  membershipsQuery,
  myGuestAnswersRef,
  myRsvpsRef,
  myVotesQuery,
  photoRef,
  rsvpsByUserRef,
  scheduleItemRef,
  statsRef,
} from '../../src/lib/db/refs.ts';
import { testDb } from '../features/firebase-stub.ts';

/** A stored document as the SDK hands it to a converter. */
function stored(path: string, data: Record<string, unknown>): QueryDocumentSnapshot {
  const parts = path.split('/');
  const snapshot = {
    id: parts.at(-1),
    ref: { parent: { parent: parts.length > 2 ? { id: parts.at(-3) } : null } },
    data: () => data,
  };
  return snapshot as unknown as QueryDocumentSnapshot;
}

describe('converters', () => {
  it('fill an event’s missing or mistyped fields with the domain defaults', () => {
    const event = eventConverter.fromFirestore(
      stored('events/e1', {
        name: 'Beach Wedding',
        startDate: '',
        endDate: 42,
        themeColors: { primary: '#ff0000', surface: 7 },
        bannerSettings: { style: 'sideways', rotateInterval: 'fast' },
        createdAt: 'yesterday',
      }),
    );
    expect(event).toEqual({
      id: 'e1',
      name: 'Beach Wedding',
      description: '',
      location: '',
      startDate: null,
      endDate: null,
      timeZone: null,
      customLogo: '',
      themeColors: { ...DEFAULT_THEME_COLORS, primary: '#ff0000' },
      bannerSettings: { ...DEFAULT_BANNER_SETTINGS },
      bannerImageUrl: null,
      adminId: '',
      createdBy: '',
      createdAt: null,
      guestsSeeWhoIsGoing: true,
      reminderSettings: { unansweredHoursBefore: 48, dayOfSummary: true },
      plusOnesAllowed: 0,
      questions: [],
    });
  });

  it('read plus-ones, the host’s questions, capacity, parties and answers; malformed ones are left out', () => {
    const event = eventConverter.fromFirestore(
      stored('events/e1', {
        plusOnesAllowed: 2,
        questions: [
          {
            id: 'diet',
            label: 'Dietary needs',
            kind: 'single',
            options: ['None', 'Vegan'],
            required: true,
          },
          { label: 'no id' },
          { id: 'song', label: 'Song request', kind: 'poem', options: 'x' },
        ],
      }),
    );
    expect(event.plusOnesAllowed).toBe(2);
    expect(event.questions).toEqual([
      {
        id: 'diet',
        label: 'Dietary needs',
        kind: 'single',
        options: ['None', 'Vegan'],
        required: true,
      },
      { id: 'song', label: 'Song request', kind: 'text', options: [], required: false },
    ]);
    expect(
      eventConverter.fromFirestore(stored('events/e1', { plusOnesAllowed: 99 })).plusOnesAllowed,
    ).toBe(0);
    const member = memberConverter.fromFirestore(
      stored('events/e1/members/u2', { plusOnesAllowed: 3 }),
    );
    expect(member.plusOnesAllowed).toBe(3);
    expect(
      memberConverter.fromFirestore(stored('events/e1/members/u2', { plusOnesAllowed: -1 }))
        .plusOnesAllowed,
    ).toBeNull();
    const item = scheduleConverter.fromFirestore(
      stored('events/e1/schedule/s1', {
        capacity: 40,
        rsvpCounts: {
          going: 3,
          maybe: 1,
          notGoing: 0,
          goingHeads: 5,
          waitlisted: 1,
          waitlistedHeads: 2,
        },
      }),
    );
    expect(item.capacity).toBe(40);
    expect(item.rsvpCounts).toEqual({
      going: 3,
      maybe: 1,
      notGoing: 0,
      goingHeads: 5,
      waitlisted: 1,
      waitlistedHeads: 2,
    });
    const older = scheduleConverter.fromFirestore(
      stored('events/e1/schedule/s2', {
        capacity: 0,
        rsvpCounts: { going: 3, maybe: 1, notGoing: 0 },
      }),
    );
    expect(older.capacity).toBeNull();
    expect(older.rsvpCounts).toMatchObject({ goingHeads: 3, waitlisted: 0, waitlistedHeads: 0 });
    const map = rsvpsByUserConverter.fromFirestore(
      stored('events/e1/rsvpsByUser/u1', {
        statuses: { s1: 'waitlisted', s2: 'going' },
        parties: { s1: { size: 2, guests: [{ name: 'Sam', child: true }] }, s2: 'bogus' },
      }),
    );
    expect(map.statuses).toEqual({ s1: 'waitlisted', s2: 'going' });
    expect(map.parties).toEqual({ s1: { size: 2, guests: [{ name: 'Sam', child: true }] } });
    const answers = guestAnswersConverter.fromFirestore(
      stored('events/e1/guestAnswers/u1', {
        answers: { diet: 'Vegan', music: ['Jazz', 7, 'Soul'], bad: 3 },
      }),
    );
    expect(answers).toEqual({
      id: 'u1',
      eventId: 'e1',
      userId: 'u1',
      answers: { diet: 'Vegan', music: ['Jazz', 'Soul'] },
      updatedAt: null,
    });
  });

  it("read the event's plus-one allowance and questions, defaulting or dropping what is malformed", () => {
    const event = eventConverter.fromFirestore(
      stored('events/e1', {
        plusOnesAllowed: 2,
        questions: [
          {
            id: 'meal',
            label: 'Meal',
            kind: 'single',
            options: ['Fish', 3, 'Pasta'],
            required: true,
          },
          { id: 'song', label: 'Song', kind: 'essay' },
          'not a question',
        ],
      }),
    );
    expect(event.plusOnesAllowed).toBe(2);
    expect(event.questions).toEqual([
      { id: 'meal', label: 'Meal', kind: 'single', options: ['Fish', 'Pasta'], required: true },
      { id: 'song', label: 'Song', kind: 'text', options: [], required: false },
    ]);
    const odd = eventConverter.fromFirestore(
      stored('events/e1', { plusOnesAllowed: 1.5, questions: 'x' }),
    );
    expect([odd.plusOnesAllowed, odd.questions]).toEqual([0, []]);
  });

  it('read stored reminder settings, and the defaults for malformed ones', () => {
    const read = (reminderSettings: unknown) =>
      eventConverter.fromFirestore(stored('events/e1', { reminderSettings })).reminderSettings;
    expect(read({ unansweredHoursBefore: null, dayOfSummary: false })).toEqual({
      unansweredHoursBefore: null,
      dayOfSummary: false,
    });
    expect(read({ unansweredHoursBefore: 12, dayOfSummary: true })).toEqual({
      unansweredHoursBefore: 12,
      dayOfSummary: true,
    });
    expect(read({ unansweredHoursBefore: 500, dayOfSummary: true })).toEqual({
      unansweredHoursBefore: 48,
      dayOfSummary: true,
    });
  });

  it("read the owner's profile with only the known e-mail preference switches", () => {
    const profile = userProfileConverter.fromFirestore(
      stored('users/u1', {
        email: 'ada@example.com',
        displayName: 'Ada',
        subscriptionTier: 'paid',
        emailPreferences: { reminders: false, announcements: 'no', marketing: false },
      }),
    );
    expect(profile).toEqual({
      id: 'u1',
      email: 'ada@example.com',
      displayName: 'Ada',
      photoURL: '',
      emailPreferences: { reminders: false },
    });
    expect(userProfileConverter.fromFirestore(stored('users/u2', {})).emailPreferences).toEqual({});
  });

  it('keep stored Timestamps and valid values', () => {
    const at = Timestamp.fromMillis(1_000);
    const event = eventConverter.fromFirestore(
      stored('events/e1', {
        bannerSettings: {
          style: 'full-width',
          autoRotate: false,
          rotateInterval: 6000,
          customBannerImage: 'events/e1/banner/b.jpg',
        },
        createdAt: at,
      }),
    );
    expect(event.createdAt).toBe(at);
    expect(event.bannerSettings).toEqual({
      style: 'full-width',
      autoRotate: false,
      rotateInterval: 6000,
      customBannerImage: 'events/e1/banner/b.jpg',
    });
  });

  it('read the event zone and the flight zones; absent or mistyped ones are null (not confirmed)', () => {
    const zoned = eventConverter.fromFirestore(
      stored('events/e1', { timeZone: 'America/Los_Angeles' }),
    );
    expect(zoned.timeZone).toBe('America/Los_Angeles');
    expect(eventConverter.fromFirestore(stored('events/e1', { timeZone: 7 })).timeZone).toBeNull();
    const flight = flightConverter.fromFirestore(
      stored('events/e1/flights/f1', {
        departureTimeZone: 'America/New_York',
        arrivalTimeZone: 'Europe/London',
      }),
    );
    expect([flight.departureTimeZone, flight.arrivalTimeZone]).toEqual([
      'America/New_York',
      'Europe/London',
    ]);
    const legacy = flightConverter.fromFirestore(stored('events/e1/flights/f2', {}));
    expect([legacy.departureTimeZone, legacy.arrivalTimeZone]).toEqual([null, null]);
  });

  it('give an unknown role the least privilege and take ids from the path', () => {
    const member = memberConverter.fromFirestore(
      stored('events/e1/members/u2', { role: 'owner', user: { displayName: 'Grace' } }),
    );
    expect(member).toEqual({
      id: 'u2',
      eventId: 'e1',
      userId: 'u2',
      role: 'attendee',
      joinedAt: null,
      user: { displayName: 'Grace', email: '', photoURL: '' },
      searchTokens: [],
      plusOnesAllowed: null,
      groupIds: [],
    });
    const own = (plusOnesAllowed: unknown) =>
      memberConverter.fromFirestore(stored('events/e1/members/u2', { plusOnesAllowed }))
        .plusOnesAllowed;
    expect([own(3), own(0), own(null), own('2'), own(1.5)]).toEqual([3, 0, null, null, null]);
  });

  it('keep only string passenger ids and default counts', () => {
    const carpool = carpoolConverter.fromFirestore(
      stored('events/e1/carpools/c1', { passengerIds: ['u2', 3, null, 'u4'] }),
    );
    expect(carpool.passengerIds).toEqual(['u2', 'u4']);
    expect([carpool.maxSeats, carpool.currentSeats]).toEqual([1, 1]);
    expect(photoConverter.fromFirestore(stored('events/e1/photos/p1', {})).isFeatured).toBe(false);
  });

  it('read the stored counts, answers and feed entries the functions write', () => {
    expect(
      statsConverter.fromFirestore(stored('events/e1/stats/members', { total: 9, admin: 2 })),
    ).toEqual({ kind: 'members', stats: { total: 9, creator: 0, admin: 2, attendee: 0 } });
    expect(statsConverter.fromFirestore(stored('events/e1/stats/photos', { total: 3 }))).toEqual({
      kind: 'photos',
      stats: { total: 3, featured: 0 },
    });
    expect(statsConverter.fromFirestore(stored('events/e1/stats/other', {}))).toEqual({
      kind: 'unknown',
    });
    expect(
      rsvpsByUserConverter.fromFirestore(
        stored('events/e1/rsvpsByUser/u1', { statuses: { s1: 'going', s2: 'bogus', s3: 'maybe' } }),
      ),
    ).toEqual({
      id: 'u1',
      eventId: 'e1',
      userId: 'u1',
      user: { displayName: '', photoURL: '' },
      statuses: { s1: 'going', s3: 'maybe' },
      parties: {},
      respondedAt: {},
      recordedBy: {},
    });
    const waiting = rsvpsByUserConverter.fromFirestore(
      stored('events/e1/rsvpsByUser/u3', {
        statuses: { s1: 'waitlisted', s2: 'going' },
        parties: {
          s1: { size: 3, guests: [{ name: 'Sam' }, { name: 'Mia', child: true }] },
          s2: { size: 2 },
        },
      }),
    );
    expect(waiting.statuses).toEqual({ s1: 'waitlisted', s2: 'going' });
    // The size follows the named guests; a party without a guest list is 1 head.
    expect(waiting.parties).toEqual({
      s1: {
        size: 3,
        guests: [
          { name: 'Sam', child: false },
          { name: 'Mia', child: true },
        ],
      },
    });
    expect(
      guestAnswersConverter.fromFirestore(
        stored('events/e1/guestAnswers/u3', {
          answers: { meal: 'Fish', diet: ['Vegan', 4], bad: 7 },
        }),
      ),
    ).toEqual({
      id: 'u3',
      eventId: 'e1',
      userId: 'u3',
      answers: { meal: 'Fish', diet: ['Vegan'] },
      updatedAt: null,
    });
    const recorded = rsvpsByUserConverter.fromFirestore(
      stored('events/e1/rsvpsByUser/u2', {
        eventId: 'e1',
        userId: 'u2',
        user: { displayName: 'Grace', photoURL: '' },
        statuses: { s1: 'maybe' },
        respondedAt: { s1: 'not a time' },
        recordedBy: { s1: 'u1', s2: 7 },
      }),
    );
    expect(recorded.user.displayName).toBe('Grace');
    expect(recorded.respondedAt).toEqual({});
    expect(recorded.recordedBy).toEqual({ s1: 'u1' });
    const item = scheduleConverter.fromFirestore(stored('events/e1/schedule/s1', {}));
    expect(item.rsvpCounts).toEqual({
      going: 0,
      maybe: 0,
      notGoing: 0,
      goingHeads: 0,
      waitlisted: 0,
      waitlistedHeads: 0,
    });
    // Counts stored before parties existed: heads = the going replies, nobody waiting.
    const older = scheduleConverter.fromFirestore(
      stored('events/e1/schedule/s2', { rsvpCounts: { going: 4, maybe: 1, notGoing: 2 } }),
    );
    expect(older.rsvpCounts).toMatchObject({ goingHeads: 4, waitlisted: 0, waitlistedHeads: 0 });
    const counted = scheduleConverter.fromFirestore(
      stored('events/e1/schedule/s3', {
        rsvpCounts: {
          going: 2,
          maybe: 0,
          notGoing: 0,
          goingHeads: 5,
          waitlisted: 1,
          waitlistedHeads: 3,
        },
      }),
    );
    expect(counted.rsvpCounts).toMatchObject({ goingHeads: 5, waitlisted: 1, waitlistedHeads: 3 });
    const entry = activityConverter.fromFirestore(
      stored('events/e1/activity/a1', {
        kind: 'photo',
        actor: null,
        title: 'Ada uploaded a photo',
      }),
    );
    expect(entry).toMatchObject({ id: 'a1', kind: 'photo', actor: null, at: null });
    const announcement = activityConverter.fromFirestore(
      stored('events/e1/activity/announcement:n1', { kind: 'announcement', title: 'Ada sent' }),
    );
    expect(announcement.kind).toBe('announcement');
    // A photo line (one per upload batch): its count and thumbnails, malformed ones left out;
    // an entry from before batches is a batch of one without thumbnails.
    expect(entry).toMatchObject({ count: 1, photos: [] });
    const batch = activityConverter.fromFirestore(
      stored('events/e1/activity/photo:u2:b1', {
        kind: 'photo',
        title: 'Grace uploaded 6 photos',
        count: 6,
        photos: [
          { id: 'p6', path: 'events/e1/thumbs/u2/p6.jpg', caption: 'Cake' },
          { id: 'p5', path: 'events/e1/thumbs/u2/p5.jpg', caption: 7 },
          { id: '', path: 'events/e1/thumbs/u2/x.jpg' },
          { id: 'p4' },
          'p3',
        ],
      }),
    );
    expect(batch).toMatchObject({
      count: 6,
      photos: [
        { id: 'p6', path: 'events/e1/thumbs/u2/p6.jpg', caption: 'Cake' },
        { id: 'p5', path: 'events/e1/thumbs/u2/p5.jpg', caption: '' },
      ],
    });
    expect(
      activityConverter.fromFirestore(
        stored('events/e1/activity/photo:p1', { kind: 'photo', count: -3, photos: 'x' }),
      ),
    ).toMatchObject({ count: 1, photos: [] });
    // 'waitlist' lines (a promotion) keep their kind.
    expect(
      activityConverter.fromFirestore(stored('events/e1/activity/w', { kind: 'waitlist' })).kind,
    ).toBe('waitlist');
    expect(announcement).not.toHaveProperty('count');
    const change = roleChangeConverter.fromFirestore(
      stored('events/e1/roleChanges/r1', { changedUser: { displayName: 'Ada' } }),
    );
    expect([change.changedUserName, change.changedByName]).toEqual(['Ada', null]);
  });

  it('write exactly the stored fields of the documents the web creates', () => {
    const item = {
      id: 's1',
      eventId: 'e1',
      title: 'Dinner',
      description: '',
      startTime: '2099-06-12T18:00:00.000Z',
      endTime: null,
      location: '',
      createdBy: 'u1',
      createdAt: serverTimestamp(),
      audience: 'groups' as const,
      groupAccess: { g1: true as const },
    };
    // The RSVP tallies are the RSVP function's: never written by the web.
    const written = scheduleConverter.toFirestore({
      ...item,
      rsvpCounts: { going: 1, maybe: 0, notGoing: 0 },
    });
    expect(Object.keys(written).sort()).toEqual(Object.keys(item).sort());
    expect(written).toMatchObject({ audience: 'groups', groupAccess: { g1: true } });
    // An item without a limit is written open to everyone (the rules require both fields).
    const { audience: _a, groupAccess: _g, ...open } = item;
    expect(
      scheduleConverter.toFirestore({ ...open, rsvpCounts: { going: 0, maybe: 0, notGoing: 0 } }),
    ).toMatchObject({ audience: 'everyone', groupAccess: {} });
  });

  it('refuse to create documents only the functions create', () => {
    const event = eventConverter.fromFirestore(stored('events/e1', {}));
    expect(() => eventConverter.toFirestore(event)).toThrow(
      'The web client never creates event documents',
    );
  });
});

describe('references', () => {
  it('address the documents of docs/data-model.md', () => {
    expect(eventRef(testDb, 'e1').path).toBe('events/e1');
    expect(photoRef(testDb, 'e1', 'p1').path).toBe('events/e1/photos/p1');
    expect(scheduleItemRef(testDb, 'e1', 's1').path).toBe('events/e1/schedule/s1');
    expect(myRsvpsRef(testDb, 'e1', 'u1').path).toBe('events/e1/rsvpsByUser/u1');
    expect(myGuestAnswersRef(testDb, 'e1', 'u1').path).toBe('events/e1/guestAnswers/u1');
    expect(memberRef(testDb, 'e1', 'u1').path).toBe('events/e1/members/u1');
    expect(rsvpsByUserRef(testDb, 'e1').path).toBe('events/e1/rsvpsByUser');
    expect(invitationsRef(testDb, 'e1').path).toBe('events/e1/invitations');
    expect(statsRef(testDb, 'e1').path).toBe('events/e1/stats');
    expect(activityRef(testDb, 'e1').path).toBe('events/e1/activity');
    expect(guestAnswersRef(testDb, 'e1').path).toBe('events/e1/guestAnswers');
  });

  it('carry their converters, on documents and on collection-group queries', () => {
    expect(eventRef(testDb, 'e1').converter).toBe(eventConverter);
    expect(myRsvpsRef(testDb, 'e1', 'u1').converter).toBe(rsvpsByUserConverter);
    expect(myGuestAnswersRef(testDb, 'e1', 'u1').converter).toBe(guestAnswersConverter);
    expect(memberRef(testDb, 'e1', 'u1').converter).toBe(memberConverter);
    expect(rsvpsByUserRef(testDb, 'e1').converter).toBe(rsvpsByUserConverter);
    expect(membershipsQuery(testDb, 'u1').converter).toBe(memberConverter);
    expect(myVotesQuery(testDb, 'e1', 'u1').converter).not.toBeNull();
  });
});
