/**
 * "Download my data" (docs/product.md, "Your data"): one zip with `gatherly-data.json` (everything
 * stored about the person) and the originals of their photos under `photos/`. The web asks for it
 * (POST /api/user/data-export), gets a link that works once for DATA_EXPORT_TTL_MS and lets the
 * browser download it. Pure: the file's shape and names.
 */
import type { InvitableRole, InvitationStatus } from './entities/members.ts';
import type { EmailPreferences } from './entities/users.ts';
import type { Party, RsvpState } from './rsvp-options.ts';

/** A link works this long after it was asked for, and only once (it carries personal data). */
export const DATA_EXPORT_TTL_MS = 15 * 60 * 1000;
export const DATA_EXPORT_JSON = 'gatherly-data.json';

export const DATA_EXPORT_MESSAGES = {
  used: 'This download link was already used. Go back to your profile and start the download again.',
  expired: 'This download link has expired. Go back to your profile and start the download again.',
  invalid: 'This download link is not valid.',
} as const;

/** POST /api/user/data-export */
export interface DataExportResponse {
  /** Relative to the app's origin: /api/user/data-exports/{id}. */
  url: string;
  fileName: string;
  photoCount: number;
}

/** "gatherly-data-2027-06-12.zip" (the day it was asked for, UTC). */
export function dataExportFileName(at: Date): string {
  return `gatherly-data-${at.toISOString().slice(0, 10)}.zip`;
}

/** dataExports/{id}: one asked-for download (server only); the id is the link's credential. */
export interface DataExport<Time> {
  id: string;
  userId: string;
  createdAt: Time;
  expiresAt: Time;
  /** Set when the link is opened: a second open is refused. */
  openedAt: Time | null;
}

type Iso = string;

export interface ExportedPhoto {
  id: string;
  eventId: string;
  filename: string;
  caption: string;
  size: number;
  contentType: string;
  uploadedAt: Iso;
  votes: number;
  isFeatured: boolean;
  /** Where the original is inside the zip; null when the file could not be read. */
  fileInZip: string | null;
}

export interface ExportedEvent {
  id: string;
  name: string;
  startDate: string | null;
  endDate: string | null;
  timeZone: string | null;
  location: string;
  /** Null for an event they no longer belong to (their photos or travel are still there). */
  role: string | null;
  joinedAt: Iso | null;
  plusOnesAllowed: number | null;
  rsvps: {
    scheduleItemId: string;
    title: string;
    startTime: string | null;
    status: RsvpState;
    party: Party | null;
    respondedAt: Iso | null;
    recordedByHost: boolean;
  }[];
  /** Their answers to the host's questions, by question label. */
  answers: { question: string; answer: string | string[] }[];
  votes: { photoId: string; votedAt: Iso | null }[];
  flights: {
    id: string;
    airline: string;
    flightNumber: string;
    departure: string;
    arrival: string;
    departureTime: string | null;
    arrivalTime: string | null;
    departureTimeZone: string | null;
    arrivalTimeZone: string | null;
  }[];
  carpoolsDriven: {
    id: string;
    fromLocation: string;
    toLocation: string;
    departureTime: string | null;
    maxSeats: number;
    currentSeats: number;
  }[];
  carpoolSeats: {
    carpoolId: string;
    driver: string;
    fromLocation: string;
    toLocation: string;
    departureTime: string | null;
    joinedAt: Iso | null;
  }[];
  announcements: { id: string; message: string; audienceLabel: string; createdAt: Iso }[];
}

export interface ExportedInvitation {
  eventId: string;
  email: string;
  role: InvitableRole;
  status: InvitationStatus;
  invitedAt: Iso;
  respondedAt: Iso | null;
}

/** gatherly-data.json */
export interface DataExportFile {
  exportedAt: Iso;
  account: {
    uid: string;
    email: string;
    displayName: string;
    photoURL: string;
    phoneNumber: string;
    venmoUsername: string;
    subscriptionTier: string;
    subscriptionStatus: string;
    subscriptionExpiresAt: Iso | null;
    emailPreferences: EmailPreferences;
    createdAt: Iso | null;
    updatedAt: Iso | null;
  };
  events: ExportedEvent[];
  photos: ExportedPhoto[];
  invitationsSent: ExportedInvitation[];
  invitationsReceived: ExportedInvitation[];
}
