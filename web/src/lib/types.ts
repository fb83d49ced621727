/**
 * Web-side names for the domain shapes (docs/data-model.md). Events read live from Firestore
 * keep `createdAt` as the Firestore Timestamp (or null while the server write is pending).
 */
import type { Event, Member } from '@gatherly/domain/entities';

export type { BannerSettings, MemberRole, ThemeColors, UserSummary } from '@gatherly/domain/entities';

/** What the web needs of a Firestore Timestamp. */
export interface FirestoreTimestampLike {
  toDate(): Date;
}

export type GatherlyEvent = Event<FirestoreTimestampLike | null>;
export type EventMember = Member<FirestoreTimestampLike | null>;
