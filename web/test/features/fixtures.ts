// Documents shaped like docs/data-model.md for the event-area component tests.
import type { Timestamp } from 'firebase/firestore';
import { memberSearchTokens, photoSearchTokens } from '@gatherly/domain/search';
import type { GalleryPhoto } from '../../src/features/photos/data.ts';
import type { CarpoolDoc, FlightDoc, MemberDoc, MemberRole } from '../../src/lib/types.ts';
import type { SearchPages } from '../../src/lib/live/index.ts';

/** A stand-in for a Firestore Timestamp (the screens only call toDate/toMillis). */
export function ts(iso: string): Timestamp {
  const d = new Date(iso);
  return { toDate: () => d, toMillis: () => d.getTime() } as unknown as Timestamp;
}

export function flight(id: string, overrides: Partial<FlightDoc> = {}): FlightDoc {
  return {
    id,
    eventId: 'e1',
    userId: 'u2',
    user: { displayName: 'Grace Hopper', photoURL: '' },
    airline: 'United',
    flightNumber: 'UA 123',
    departure: 'SFO',
    arrival: 'JFK',
    departureTime: '2099-06-11T16:00:00.000Z',
    arrivalTime: '2099-06-12T00:30:00.000Z',
    createdAt: ts('2099-01-01T10:00:00.000Z'),
    ...overrides,
  };
}

export function carpool(id: string, overrides: Partial<CarpoolDoc> = {}): CarpoolDoc {
  return {
    id,
    eventId: 'e1',
    driverId: 'u2',
    driver: { displayName: 'Grace Hopper', photoURL: '' },
    fromLocation: 'Downtown',
    toLocation: 'Venue',
    departureTime: '2099-06-12T13:00:00.000Z',
    maxSeats: 4,
    currentSeats: 2,
    passengerIds: ['u3'],
    createdAt: ts('2099-01-01T10:00:00.000Z'),
    ...overrides,
  };
}

export function photo(id: string, overrides: Partial<GalleryPhoto> = {}): GalleryPhoto {
  return {
    id,
    eventId: 'e1',
    uploadedBy: 'u2',
    uploadedByUser: { displayName: 'Grace Hopper', photoURL: '' },
    filename: `${id}.jpg`,
    objectPath: `events/e1/photos/u2/${id}.jpg`,
    thumbPath: `events/e1/thumbs/u2/${id}.jpg`,
    url: `https://img.test/events/e1/photos/u2/${id}.jpg`,
    thumbUrl: `https://img.test/events/e1/thumbs/u2/${id}.jpg`,
    caption: `Caption ${id}`,
    size: 1000,
    contentType: 'image/jpeg',
    votes: 0,
    isFeatured: false,
    uploadedAt: ts('2099-01-01T10:00:00.000Z'),
    userVoted: false,
    searchTokens: photoSearchTokens(
      overrides.caption ?? `Caption ${id}`,
      overrides.uploadedByUser?.displayName ?? 'Grace Hopper',
    ),
    ...overrides,
  };
}

export function member(
  userId: string,
  role: MemberRole,
  name: string,
  email = `${name.split(' ')[0]?.toLowerCase()}@example.com`,
): MemberDoc {
  return {
    id: userId,
    eventId: 'e1',
    userId,
    role,
    joinedAt: ts('2099-03-05T10:00:00.000Z'),
    user: { displayName: name, email, photoURL: '' },
    searchTokens: memberSearchTokens(name, email),
  };
}

/** A paged list as the paging hooks return it, all of `items` loaded. */
export function pagesOf<T>(items: T[], overrides: Partial<SearchPages<T>> = {}): SearchPages<T> {
  return {
    loading: false,
    error: null,
    items,
    hasMore: false,
    visible: { first: 0, last: Math.max(items.length - 1, 0) },
    setVisibleRange: () => undefined,
    loadingMore: false,
    loadMore: () => undefined,
    ...overrides,
  };
}
