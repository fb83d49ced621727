// events/{e}/photos and their votes.
import type { IsoDateString, PersonSummary } from './common.ts';

export interface Photo<Time = IsoDateString> {
  id: string;
  eventId: string;
  uploadedBy: string;
  uploadedByUser: PersonSummary;
  filename: string;
  objectPath: string;
  /** Storage path of the browser-made grid thumbnail ('' when none). */
  thumbPath: string;
  /**
   * Download URLs of the original and of the thumbnail ('' when none), written by the function
   * that records the upload: screens show images without the Storage SDK or a request per image
   * (docs/decisions.md, "Stored image URLs").
   */
  url: string;
  thumbUrl: string;
  caption: string;
  /** Bytes of the original. */
  size: number;
  /**
   * Bytes of the thumbnail (0 when none), counted in the uploader's storage with `size`. Absent
   * on photos recorded before thumbnails were counted.
   */
  thumbSize?: number;
  contentType: string;
  /**
   * The photo's vote documents, counted: folded in at most once a second per photo
   * (functions/src/services/votes.ts), so it trails a burst of votes by about a second.
   */
  votes: number;
  /** When `votes` was last folded in (absent: never since the count was first written). */
  votesCountedAt?: Time;
  isFeatured: boolean;
  uploadedAt: Time;
  /**
   * Word prefixes of caption and uploader name (domain/src/search.ts); written by functions
   * only (a trigger recomputes them after a caption edit). Absent until written.
   */
  searchTokens?: string[];
  /**
   * The upload batch the uploader's client named (one press of Upload, docs/decisions.md);
   * absent when the photo came alone. The batch's feed entry is `photo:{uploadedBy}:{batchId}`,
   * a lone photo's `photo:{id}` (domain/src/activity.ts, `photoBatchSubject`).
   */
  batchId?: string;
  /**
   * Where the photo stands on the photo wall (absent: shown): `pending` while it waits for an
   * admin when the event approves photos first, `hidden` once an admin took it off the wall.
   */
  wallState?: WallState;
  /**
   * When the photo last changed for the wall (recorded, featured, approved, hidden): the wall
   * polls for changes after its cursor. Absent on photos recorded before the wall existed.
   */
  wallAt?: Time;
}

export type WallState = 'shown' | 'pending' | 'hidden';

/** A photo as returned to a particular viewer. */
export interface PhotoView<Time = IsoDateString> extends Photo<Time> {
  voteCount: number;
  userVoted: boolean;
}

export interface PhotoVote<Time = IsoDateString> {
  eventId: string;
  photoId: string;
  userId: string;
  votedAt: Time;
}
