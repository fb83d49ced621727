import type { BannerStyle, ThemeColors } from '@gatherly/domain/entities/events';
import type { InvitableRole, MemberRole } from '@gatherly/domain/entities/members';
import type { SubscriptionTierName } from '@gatherly/domain/entities/subscriptions';
import type { RsvpStatus } from '@gatherly/domain/rsvp-options';

// The demo world `npm start` seeds: a few people, three events with members of every role,
// photos, flights, carpools and a schedule with RSVPs. Ids are fixed so re-seeding overwrites.

export interface DemoUser {
  uid: string;
  /** The Google account id the Auth emulator's popup offers for this person. */
  googleId: string;
  displayName: string;
  email: string;
  tier: SubscriptionTierName;
  phoneNumber: string;
  venmoUsername: string;
}

export const USERS: DemoUser[] = [
  {
    uid: 'demo-olivia',
    googleId: '110000000000000000001',
    displayName: 'Olivia Martin',
    email: 'olivia.martin@example.com',
    tier: 'paid',
    phoneNumber: '+1 415 555 0101',
    venmoUsername: 'olivia-m',
  },
  {
    uid: 'demo-liam',
    googleId: '110000000000000000002',
    displayName: 'Liam Chen',
    email: 'liam.chen@example.com',
    tier: 'free',
    phoneNumber: '+1 415 555 0102',
    venmoUsername: 'liamchen',
  },
  {
    uid: 'demo-ava',
    googleId: '110000000000000000003',
    displayName: 'Ava Johnson',
    email: 'ava.johnson@example.com',
    tier: 'free',
    phoneNumber: '',
    venmoUsername: '',
  },
  {
    uid: 'demo-noah',
    googleId: '110000000000000000004',
    displayName: 'Noah Patel',
    email: 'noah.patel@example.com',
    tier: 'free',
    phoneNumber: '+1 510 555 0104',
    venmoUsername: 'noahp',
  },
  {
    uid: 'demo-emma',
    googleId: '110000000000000000005',
    displayName: 'Emma Garcia',
    email: 'emma.garcia@example.com',
    tier: 'enterprise',
    phoneNumber: '+1 707 555 0105',
    venmoUsername: 'emma-g',
  },
];

export interface DemoPhoto {
  id: string;
  by: string;
  fileName: string;
  caption: string;
  colors: [string, string];
  votes: string[];
  featured: boolean;
  /** Photos uploaded together share one activity line ("Olivia uploaded 2 photos"). */
  batch?: string;
}

export interface DemoFlight {
  id: string;
  by: string;
  airline: string;
  flightNumber: string;
  departure: string;
  arrival: string;
  departureTime: string;
  arrivalTime: string;
  /** The airports' zones: each time is shown as printed on the ticket. */
  departureTimeZone: string;
  arrivalTimeZone: string;
}

export interface DemoCarpool {
  id: string;
  driver: string;
  fromLocation: string;
  toLocation: string;
  departureTime: string;
  maxSeats: number;
  passengers: string[];
}

export interface DemoScheduleItem {
  id: string;
  title: string;
  description: string;
  startTime: string;
  endTime: string | null;
  location: string;
  rsvps: Record<string, RsvpStatus>;
}

export interface DemoEvent {
  id: string;
  name: string;
  description: string;
  location: string;
  startDate: string | null;
  endDate: string | null;
  /** Every wall-clock time of the event is entered and shown in this zone. */
  timeZone: string;
  themeColors: ThemeColors;
  bannerStyle: BannerStyle;
  /** Upload a custom banner image for this event. */
  banner: [string, string] | null;
  members: Record<string, MemberRole>;
  photos: DemoPhoto[];
  flights: DemoFlight[];
  carpools: DemoCarpool[];
  schedule: DemoScheduleItem[];
  pendingInvitations: Array<{ id: string; email: string; role: InvitableRole; by: string }>;
  roleChanges: Array<{
    id: string;
    user: string;
    by: string;
    oldRole: MemberRole;
    newRole: MemberRole;
  }>;
}

export const EVENTS: DemoEvent[] = [
  {
    id: 'tahoe-weekend',
    name: 'Lake Tahoe Weekend',
    description: 'Three days of skiing, hot tubs and board games at the cabin. Bring warm socks!',
    location: 'South Lake Tahoe, CA',
    startDate: '2027-02-12T17:00:00.000Z',
    endDate: '2027-02-14T20:00:00.000Z',
    timeZone: 'America/Los_Angeles',
    themeColors: {
      primary: '#1d4ed8',
      secondary: '#0ea5e9',
      tertiary: '#f59e0b',
      background: '#f8fafc',
      surface: '#ffffff',
    },
    bannerStyle: 'contained',
    banner: null,
    members: {
      'demo-olivia': 'creator',
      'demo-liam': 'admin',
      'demo-ava': 'attendee',
      'demo-noah': 'attendee',
    },
    photos: [
      {
        id: 'tahoe-p1',
        by: 'demo-olivia',
        batch: 'tahoe-arrival',
        fileName: 'cabin-sunrise.png',
        caption: 'Sunrise from the cabin deck',
        colors: ['#1e3a8a', '#f59e0b'],
        votes: ['demo-liam', 'demo-ava', 'demo-noah'],
        featured: true,
      },
      {
        id: 'tahoe-p2',
        by: 'demo-olivia',
        batch: 'tahoe-arrival',
        fileName: 'ski-lift.png',
        caption: 'First chair of the day',
        colors: ['#0ea5e9', '#e0f2fe'],
        votes: ['demo-ava'],
        featured: false,
      },
      {
        id: 'tahoe-p3',
        by: 'demo-ava',
        fileName: 'lake-view.png',
        caption: 'Emerald Bay lookout',
        colors: ['#065f46', '#38bdf8'],
        votes: [],
        featured: false,
      },
    ],
    flights: [
      {
        id: 'tahoe-f1',
        by: 'demo-liam',
        airline: 'United Airlines',
        flightNumber: 'UA 1234',
        departure: 'SFO',
        arrival: 'RNO',
        departureTime: '2027-02-12T15:05:00.000Z',
        arrivalTime: '2027-02-12T16:20:00.000Z',
        departureTimeZone: 'America/Los_Angeles',
        arrivalTimeZone: 'America/Los_Angeles',
      },
      {
        id: 'tahoe-f2',
        by: 'demo-ava',
        airline: 'Southwest',
        flightNumber: 'WN 88',
        departure: 'LAX',
        arrival: 'RNO',
        departureTime: '2027-02-12T14:30:00.000Z',
        arrivalTime: '2027-02-12T16:05:00.000Z',
        departureTimeZone: 'America/Los_Angeles',
        arrivalTimeZone: 'America/Los_Angeles',
      },
    ],
    carpools: [
      {
        id: 'tahoe-c1',
        driver: 'demo-olivia',
        fromLocation: 'Reno-Tahoe Airport',
        toLocation: 'The cabin, 14 Pine Ridge Rd',
        departureTime: '2027-02-12T17:00:00.000Z',
        maxSeats: 4,
        passengers: ['demo-liam', 'demo-ava'],
      },
      {
        id: 'tahoe-c2',
        driver: 'demo-noah',
        fromLocation: 'Oakland',
        toLocation: 'The cabin, 14 Pine Ridge Rd',
        departureTime: '2027-02-12T13:00:00.000Z',
        maxSeats: 3,
        passengers: [],
      },
    ],
    schedule: [
      {
        id: 'tahoe-s1',
        title: 'Welcome dinner',
        description: 'Pizza and salad at the cabin.',
        startTime: '2027-02-13T03:00:00.000Z',
        endTime: '2027-02-13T05:00:00.000Z',
        location: 'The cabin',
        rsvps: { 'demo-olivia': 'going', 'demo-liam': 'going', 'demo-ava': 'maybe' },
      },
      {
        id: 'tahoe-s2',
        title: 'Ski day at Heavenly',
        description: 'Meet at the gondola at 9.',
        startTime: '2027-02-13T17:00:00.000Z',
        endTime: '2027-02-14T00:00:00.000Z',
        location: 'Heavenly Mountain Resort',
        rsvps: { 'demo-olivia': 'going', 'demo-noah': 'not_going', 'demo-ava': 'going' },
      },
      {
        id: 'tahoe-s3',
        title: 'Brunch & checkout',
        description: '',
        startTime: '2027-02-14T18:00:00.000Z',
        endTime: null,
        location: 'Driftwood Cafe',
        rsvps: { 'demo-liam': 'maybe' },
      },
    ],
    pendingInvitations: [
      { id: 'tahoe-i1', email: 'mia.wong@example.com', role: 'attendee', by: 'demo-olivia' },
    ],
    roleChanges: [
      {
        id: 'tahoe-r1',
        user: 'demo-liam',
        by: 'demo-olivia',
        oldRole: 'attendee',
        newRole: 'admin',
      },
    ],
  },
  {
    id: 'sam-alex-wedding',
    name: "Sam & Alex's Wedding",
    description:
      'Join us in wine country to celebrate Sam and Alex. Ceremony at sunset, dancing after.',
    location: 'Napa Valley, CA',
    startDate: '2027-06-12T22:00:00.000Z',
    endDate: '2027-06-13T06:00:00.000Z',
    // The ceremony starts at 4:00 PM PDT in Napa, whatever zone a guest's phone is in.
    timeZone: 'America/Los_Angeles',
    themeColors: {
      primary: '#9d174d',
      secondary: '#f9a8d4',
      tertiary: '#a16207',
      background: '#fdf2f8',
      surface: '#ffffff',
    },
    bannerStyle: 'full-width',
    banner: ['#831843', '#fbcfe8'],
    members: {
      'demo-emma': 'creator',
      'demo-olivia': 'admin',
      'demo-liam': 'attendee',
      'demo-ava': 'attendee',
    },
    photos: [
      {
        id: 'wedding-p1',
        by: 'demo-emma',
        fileName: 'vineyard.png',
        caption: 'The venue at golden hour',
        colors: ['#4d7c0f', '#fde68a'],
        votes: ['demo-olivia', 'demo-ava'],
        featured: true,
      },
      {
        id: 'wedding-p2',
        by: 'demo-liam',
        fileName: 'tasting.png',
        caption: 'Rehearsal tasting',
        colors: ['#7f1d1d', '#fecaca'],
        votes: ['demo-emma'],
        featured: false,
      },
    ],
    flights: [
      {
        id: 'wedding-f1',
        by: 'demo-olivia',
        airline: 'American Airlines',
        flightNumber: 'AA 100',
        departure: 'JFK',
        arrival: 'SFO',
        departureTime: '2027-06-11T15:00:00.000Z',
        arrivalTime: '2027-06-11T21:35:00.000Z',
        departureTimeZone: 'America/New_York',
        arrivalTimeZone: 'America/Los_Angeles',
      },
    ],
    carpools: [
      {
        id: 'wedding-c1',
        driver: 'demo-liam',
        fromLocation: 'San Francisco, Mission St',
        toLocation: 'Napa, Silverado Resort',
        departureTime: '2027-06-12T18:30:00.000Z',
        maxSeats: 4,
        passengers: ['demo-ava'],
      },
    ],
    schedule: [
      {
        id: 'wedding-s1',
        title: 'Ceremony',
        description: 'Please be seated by 3:45 pm.',
        startTime: '2027-06-12T23:00:00.000Z',
        endTime: '2027-06-12T23:45:00.000Z',
        location: 'Vineyard lawn',
        rsvps: {
          'demo-emma': 'going',
          'demo-olivia': 'going',
          'demo-liam': 'going',
          'demo-ava': 'maybe',
        },
      },
      {
        id: 'wedding-s2',
        title: 'Reception & dancing',
        description: 'Dinner, toasts and a live band.',
        startTime: '2027-06-13T01:00:00.000Z',
        endTime: '2027-06-13T06:00:00.000Z',
        location: 'The barn',
        rsvps: { 'demo-emma': 'going', 'demo-liam': 'not_going' },
      },
    ],
    pendingInvitations: [
      { id: 'wedding-i1', email: 'sam.rivera@example.com', role: 'admin', by: 'demo-emma' },
    ],
    roleChanges: [],
  },
  {
    id: 'book-club-retreat',
    name: 'Book Club Retreat',
    description: 'A quiet weekend of reading by the coast. Dates to be decided together.',
    location: 'Mendocino, CA',
    startDate: null,
    endDate: null,
    timeZone: 'America/Los_Angeles',
    themeColors: {
      primary: '#166534',
      secondary: '#86efac',
      tertiary: '#92400e',
      background: '#f0fdf4',
      surface: '#ffffff',
    },
    bannerStyle: 'contained',
    banner: null,
    members: { 'demo-noah': 'creator', 'demo-emma': 'admin', 'demo-olivia': 'attendee' },
    photos: [],
    flights: [],
    carpools: [],
    schedule: [
      {
        id: 'book-s1',
        title: 'Discussion: The Overstory',
        description: 'Chapters 1 to 12.',
        startTime: '2027-03-20T02:00:00.000Z',
        endTime: null,
        location: 'Living room',
        rsvps: { 'demo-noah': 'going', 'demo-olivia': 'maybe' },
      },
    ],
    pendingInvitations: [],
    roleChanges: [],
  },
];
