// The two events the scale bench compares, generated deterministically (same ids and contents on
// every run, so a long-lived stack is seeded once): a 10-guest party and an event at the
// Enterprise tier's limits (docs/data-model.md): 1,000 members, 10,000 photos, 20 schedule items
// answered by everyone, 3,000 travel entries.
import { createHash } from 'node:crypto';
import type { MemberRole } from '@gatherly/domain/entities/members';
import { POLL_TALLY_SHARDS } from '@gatherly/domain/polls';
import type { RsvpStatus } from '@gatherly/domain/rsvp-options';

export interface EventSize {
  key: 'small' | 'enterprise';
  label: string;
  members: number;
  /** Admins besides the creator. */
  admins: number;
  photos: number;
  featured: number;
  /** Mean votes per photo (votes are real vote documents, matching each photo's `votes`). */
  meanVotes: number;
  scheduleItems: number;
  /** RSVPs per schedule item (the first N members answer). */
  rsvpsPerItem: number;
  flights: number;
  carpools: number;
  /** Photos the viewing guest voted for. */
  viewerVotes: number;
}

export const SIZES: readonly EventSize[] = [
  {
    key: 'small',
    label: '10 guests',
    members: 10,
    admins: 1,
    photos: 12,
    featured: 1,
    meanVotes: 1.5,
    scheduleItems: 3,
    rsvpsPerItem: 8,
    flights: 4,
    carpools: 2,
    viewerVotes: 2,
  },
  {
    key: 'enterprise',
    label: 'Enterprise',
    members: 1000,
    admins: 10,
    photos: 10_000,
    featured: 15,
    meanVotes: 1.5,
    scheduleItems: 20,
    rsvpsPerItem: 1000,
    flights: 2000,
    carpools: 1000,
    viewerVotes: 25,
  },
];

/** A Firestore-like id of `length` characters derived from `seed` (auto ids are 20, uids 28). */
export function stableId(seed: string, length = 20): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = createHash('sha256').update(seed).digest();
  let id = '';
  for (let i = 0; id.length < length; i++) id += alphabet[bytes[i % bytes.length]! % 62];
  return id;
}

/** Small deterministic PRNG (mulberry32): the same world on every run. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Olivia',
  'Liam',
  'Ava',
  'Noah',
  'Emma',
  'Mateo',
  'Sofia',
  'Lucas',
  'Mia',
  'Arjun',
  'Chloe',
  'Kenji',
  'Amara',
  'Diego',
  'Hana',
  'Felix',
  'Zara',
  'Omar',
  'Ines',
  'Theo',
];
const LAST = [
  'Martin',
  'Chen',
  'Johnson',
  'Patel',
  'Garcia',
  'Nguyen',
  'Okafor',
  'Rossi',
  'Kim',
  'Silva',
  'Novak',
  'Haddad',
  'Larsen',
  'Tanaka',
  'Moreau',
  'Costa',
  'Murphy',
  'Singh',
  'Weber',
  'Alvarez',
];
const CAPTION_WORDS = [
  'sunset',
  'first dance',
  'the toast',
  'cake cutting',
  'group photo',
  'dance floor',
  'golden hour',
  'vineyard walk',
  'rehearsal dinner',
  'bouquet toss',
  'string lights',
  'the vows',
  'ring bearer',
  'late night tacos',
  'photo booth',
  'garden party',
];
const AIRLINES = [
  'United Airlines',
  'Delta',
  'American Airlines',
  'Southwest',
  'Alaska Airlines',
  'JetBlue',
  'Air Canada',
  'Lufthansa',
];
// Where guests fly in from (all land at SFO), with the zones the flight form stores for them.
const ARRIVAL = { code: 'SFO', timeZone: 'America/Los_Angeles' };
const DEPARTURES = [
  { code: 'LAX', timeZone: 'America/Los_Angeles' },
  { code: 'JFK', timeZone: 'America/New_York' },
  { code: 'SEA', timeZone: 'America/Los_Angeles' },
  { code: 'ORD', timeZone: 'America/Chicago' },
  { code: 'BOS', timeZone: 'America/New_York' },
  { code: 'DEN', timeZone: 'America/Denver' },
  { code: 'AUS', timeZone: 'America/Chicago' },
  { code: 'YVR', timeZone: 'America/Vancouver' },
  { code: 'FRA', timeZone: 'Europe/Berlin' },
];
const PLACES = [
  'SFO Terminal 2',
  'Oakland Amtrak',
  'Downtown Napa',
  'San Jose Diridon',
  'Sacramento Midtown',
  'Berkeley BART',
  'Hotel Yountville',
  'Calistoga Inn',
];
const SCHEDULE = [
  'Welcome drinks',
  'Vineyard tour',
  'Rehearsal',
  'Rehearsal dinner',
  'Ceremony',
  'Cocktail hour',
  'Reception',
  'First dance',
  'After party',
  'Farewell brunch',
  'Yoga on the lawn',
  'Wine tasting',
  'Hot air balloon',
  'Spa afternoon',
  'Bocce tournament',
  'Photo session',
  'Shuttle to venue',
  'Cake tasting',
  'Bonfire',
  'Goodbye coffee',
];

export interface Person {
  uid: string;
  displayName: string;
  email: string;
}

export interface BenchMember extends Person {
  role: MemberRole;
  joinedHoursAgo: number;
}

export interface BenchPhoto {
  id: string;
  uploader: number;
  filename: string;
  caption: string;
  shared: number;
  voters: number[];
  featured: boolean;
  uploadedHoursAgo: number;
}

export interface BenchFlight {
  id: string;
  by: number;
  airline: string;
  flightNumber: string;
  departure: string;
  arrival: string;
  departureTime: string;
  arrivalTime: string;
  departureTimeZone: string;
  arrivalTimeZone: string;
  createdHoursAgo: number;
}

export interface BenchCarpool {
  id: string;
  driver: number;
  fromLocation: string;
  toLocation: string;
  departureTime: string;
  maxSeats: number;
  passengers: number[];
  createdHoursAgo: number;
}

export interface BenchScheduleItem {
  id: string;
  title: string;
  startTime: string;
  endTime: string;
  location: string;
  /** Status per member index, for the first `rsvpsPerItem` members. */
  rsvps: RsvpStatus[];
}

export interface BenchEvent {
  size: EventSize;
  id: string;
  name: string;
  /** members[0] is the creator, members[1] the viewing guest (an attendee). */
  members: BenchMember[];
  photos: BenchPhoto[];
  flights: BenchFlight[];
  carpools: BenchCarpool[];
  schedule: BenchScheduleItem[];
}

export const CREATOR = 0;
export const GUEST = 1;

function pick<T>(rnd: () => number, list: readonly T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

/** `k` distinct integers in [0, n), none in `exclude`. */
function distinct(
  rnd: () => number,
  n: number,
  k: number,
  exclude: ReadonlySet<number> = new Set(),
): number[] {
  const chosen = new Set<number>();
  const want = Math.min(k, n - exclude.size);
  while (chosen.size < want) {
    const i = Math.floor(rnd() * n);
    if (!exclude.has(i)) chosen.add(i);
  }
  return [...chosen];
}

const START = Date.parse('2027-06-11T16:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

export function buildEvent(size: EventSize): BenchEvent {
  const rnd = random(size.key === 'small' ? 11 : 1000);
  const id = stableId(`bench-event/${size.key}`);
  const members: BenchMember[] = Array.from({ length: size.members }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length]!;
    const role: MemberRole =
      i === CREATOR ? 'creator' : i >= 2 && i < 2 + size.admins ? 'admin' : 'attendee';
    return {
      uid: stableId(`bench-user/${size.key}/${i}`, 28),
      displayName:
        i === CREATOR
          ? `Bench Host ${size.label}`
          : i === GUEST
            ? `Bench Guest ${size.label}`
            : `${first} ${last}${i >= 400 ? ` ${i}` : ''}`,
      email: `bench.${size.key}.${i}@example.com`,
      role,
      joinedHoursAgo: 24 * 30 - (i * 24 * 29) / size.members,
    };
  });

  const photos: BenchPhoto[] = [];
  const featured = new Set(distinct(rnd, size.photos, size.featured));
  const viewerVoted = new Set(distinct(rnd, size.photos, size.viewerVotes));
  for (let i = 0; i < size.photos; i++) {
    // Exponential-ish vote counts: most photos have 0–2 votes, a few are popular.
    const count = Math.min(size.members - 1, Math.floor(-Math.log(1 - rnd()) * size.meanVotes));
    const voters = distinct(rnd, size.members, count, new Set([GUEST]));
    if (viewerVoted.has(i)) voters.push(GUEST);
    photos.push({
      id: stableId(`bench-photo/${size.key}/${i}`),
      uploader: Math.floor(rnd() * size.members),
      filename: `IMG_${String(4000 + i).padStart(5, '0')}.jpg`,
      caption: rnd() < 0.2 ? '' : `${pick(rnd, CAPTION_WORDS)} ${pick(rnd, CAPTION_WORDS)}`,
      shared: i % 4,
      voters,
      featured: featured.has(i),
      uploadedHoursAgo: 24 * 7 - (i * 24 * 6) / size.photos,
    });
  }

  const flights: BenchFlight[] = Array.from({ length: size.flights }, (_, i) => {
    const dep = START + Math.floor(rnd() * 36) * 3600_000;
    const from = pick(rnd, DEPARTURES);
    return {
      id: stableId(`bench-flight/${size.key}/${i}`),
      by: i === 0 ? GUEST : Math.floor(rnd() * size.members),
      airline: pick(rnd, AIRLINES),
      flightNumber: `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + ((i * 7) % 26))} ${100 + (i % 900)}`,
      departure: from.code,
      arrival: ARRIVAL.code,
      departureTime: iso(dep),
      arrivalTime: iso(dep + (1 + Math.floor(rnd() * 6)) * 3600_000),
      departureTimeZone: from.timeZone,
      arrivalTimeZone: ARRIVAL.timeZone,
      createdHoursAgo: 24 * 20 - (i * 24 * 19) / size.flights,
    };
  });

  const carpools: BenchCarpool[] = Array.from({ length: size.carpools }, (_, i) => {
    const driver = Math.floor(rnd() * size.members);
    const maxSeats = 2 + Math.floor(rnd() * 7);
    const passengers = distinct(rnd, size.members, Math.floor(rnd() * maxSeats), new Set([driver]));
    return {
      id: stableId(`bench-carpool/${size.key}/${i}`),
      driver,
      fromLocation: pick(rnd, PLACES),
      toLocation: 'Silverado Resort, Napa',
      departureTime: iso(START + Math.floor(rnd() * 48) * 3600_000),
      maxSeats,
      passengers,
      createdHoursAgo: 24 * 20 - (i * 24 * 19) / size.carpools,
    };
  });

  const statuses: RsvpStatus[] = ['going', 'going', 'going', 'maybe', 'not_going'];
  const schedule: BenchScheduleItem[] = Array.from({ length: size.scheduleItems }, (_, i) => ({
    id: stableId(`bench-schedule/${size.key}/${i}`),
    title: SCHEDULE[i % SCHEDULE.length]!,
    startTime: iso(START + i * 3 * 3600_000),
    endTime: iso(START + (i * 3 + 2) * 3600_000),
    location: pick(rnd, PLACES),
    rsvps: Array.from({ length: Math.min(size.rsvpsPerItem, size.members) }, () =>
      pick(rnd, statuses),
    ),
  }));

  return {
    size,
    id,
    name:
      size.key === 'small'
        ? 'Bench: Garden Party (10 guests)'
        : 'Bench: Grand Wedding (Enterprise)',
    members,
    photos,
    flights,
    carpools,
    schedule,
  };
}

/** Documents the seed writes for an event (for progress and the printed summary). */
export function documentCount(e: BenchEvent): number {
  const votes = e.photos.reduce((n, p) => n + p.voters.length, 0);
  const passengers = e.carpools.reduce((n, c) => n + c.passengers.length, 0);
  const rsvps = e.schedule.reduce((n, s) => n + s.rsvps.length, 0);
  const roleChanges = Math.min(e.size.admins, Math.max(0, e.members.length - 2));
  return (
    1 +
    2 * e.members.length +
    roleChanges +
    e.photos.length +
    votes +
    e.flights.length +
    e.carpools.length +
    passengers +
    e.schedule.length +
    rsvps +
    // The first item's date poll: the poll, a ballot per member, 20 tally shards (seed.ts).
    1 +
    e.members.length +
    POLL_TALLY_SHARDS
  );
}
