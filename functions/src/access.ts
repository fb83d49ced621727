import { PHOTO_ARCHIVE_MESSAGES } from '@gatherly/domain/photo-archive';
import type {
  DocumentData,
  DocumentReference,
  DocumentSnapshot,
  Transaction,
} from 'firebase-admin/firestore';
import type { MemberRole } from '@gatherly/domain/entities/members';
import { can, isMemberRole, type EventAction } from '@gatherly/domain/roles';
import { requireApiAccess, type Caller } from './caller.ts';
import type { EventRecord, MemberRecord } from './db.ts';
import { store } from './firebase.ts';
import { forbidden, notFound } from './http.ts';

/** The caller's standing in one event. */
export interface Membership {
  eventId: string;
  event: EventRecord;
  role: MemberRole;
  member: MemberRecord;
}

export const EVENT_NOT_FOUND = 'Event not found';
export const MEMBER_NOT_FOUND = 'Member not found';

export interface AccessOptions {
  /** Read inside this transaction, so the decision and the writes commit together. */
  tx?: Transaction;
  /**
   * The 404 message. Photos, carpools and schedule items answer "Photo not found" etc. whether
   * the id is unknown or its event is not the caller's, so a non-member cannot tell real ids
   * from made-up ones.
   */
  notFound?: string;
  /** Only event deletion itself may resume on an event already being deleted. */
  whileDeleting?: boolean;
}

export function read<A, D extends DocumentData>(
  ref: DocumentReference<A, D>,
  tx: Transaction | undefined,
): Promise<DocumentSnapshot<A, D>> {
  return tx ? tx.get(ref) : ref.get();
}

/** Several documents, typed, in one round trip (inside `tx` when given). */
export async function readAll<A, D extends DocumentData>(
  refs: DocumentReference<A, D>[],
  tx?: Transaction,
): Promise<DocumentSnapshot<A, D>[]> {
  if (refs.length === 0) return [];
  if (tx) return tx.getAll<A, D>(...refs);
  // Firestore.getAll applies each reference's converter, but its declared type drops them
  // (Transaction.getAll keeps them); the snapshots are those of `refs`.
  const untyped = refs as DocumentReference[];
  return (await store().firestore.getAll(...untyped)) as DocumentSnapshot<A, D>[];
}

/**
 * The caller's membership, read inside `opts.tx` when given. Non-members get 404 like unknown
 * events (an event's existence is not revealed), and so does everyone once the event is being
 * deleted: from then on nothing may be written under it. On API routes the caller's tier must
 * then also include API access (caller.ts).
 */
export async function requireMember(
  caller: Caller,
  eventId: string,
  opts: AccessOptions = {},
): Promise<Membership> {
  const [eventSnap, memberSnap] = await Promise.all([
    read(store().event(eventId), opts.tx),
    read(store().member(eventId, caller.uid), opts.tx),
  ]);
  const event = eventSnap.data();
  const member = memberSnap.data();
  if (!event || !member || !isMemberRole(member.role) || (event.deleting && !opts.whileDeleting)) {
    throw notFound(opts.notFound ?? EVENT_NOT_FOUND);
  }
  await requireApiAccess(caller);
  return { eventId, event, role: member.role, member };
}

/**
 * A document inside an event, addressed in the API by its event and its own id
 * (`/events/{eventId}/photos/{id}`): ids are unique only within their event.
 */
export interface Located {
  eventId: string;
  id: string;
}

const DENIED: Partial<Record<EventAction, string>> = {
  editSettings: 'Only event admins can change event settings',
  manageBanner: 'Only event admins can change the banner',
  inviteMembers: 'Only event admins can invite members',
  removeMembers: 'Only event admins can remove members',
  changeRoles: 'Only the event creator can change roles',
  deleteEvent: 'Only the event creator can delete this event',
  manageSchedule: 'Only event admins can manage the schedule',
  sendAnnouncements: 'Only event admins can send announcements',
  featurePhotos: 'Only event admins can feature photos',
  recordRsvps: 'Only event admins can record answers for guests',
  downloadPhotoSelection: PHOTO_ARCHIVE_MESSAGES.selectionAdminsOnly,
};

/** Membership plus the role matrix: 403 when the caller's role may not perform `action`. */
export async function requirePermission(
  caller: Caller,
  eventId: string,
  action: EventAction,
  opts: AccessOptions = {},
): Promise<Membership> {
  const membership = await requireMember(caller, eventId, opts);
  if (!can(membership.role, action))
    throw forbidden(DENIED[action] ?? 'You do not have permission to do this');
  return membership;
}
