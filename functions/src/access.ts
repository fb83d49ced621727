import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import type { Event, Member, MemberRole } from '@gatherly/domain/entities';
import type { Timestamp } from 'firebase-admin/firestore';
import { can, isMemberRole, type EventAction } from '@gatherly/domain/roles';
import { db } from './firebase.ts';
import { forbidden, notFound } from './http.ts';

export type EventDoc = Omit<Event<Timestamp>, 'id'>;
export type MemberDoc = Omit<Member<Timestamp>, 'id'>;

/** The caller's standing in one event. */
export interface Membership {
  eventId: string;
  eventRef: DocumentReference;
  event: EventDoc;
  role: MemberRole;
  member: MemberDoc;
}

export const EVENT_NOT_FOUND = 'Event not found';

export function eventRef(eventId: string): DocumentReference {
  return db().collection('events').doc(eventId);
}

export function memberRef(eventId: string, uid: string): DocumentReference {
  return eventRef(eventId).collection('members').doc(uid);
}

type Reader = Pick<Transaction, 'get'> | null;

async function read(ref: DocumentReference, tx: Reader): Promise<DocumentSnapshot> {
  return tx ? tx.get(ref) : ref.get();
}

/**
 * The caller's membership, read inside `tx` when given so the decision and the writes commit
 * together. Non-members get 404 like unknown events: an event's existence is not revealed.
 */
export async function requireMember(
  eventId: string,
  uid: string,
  tx: Reader = null,
): Promise<Membership> {
  const ref = eventRef(eventId);
  const [eventSnap, memberSnap] = await Promise.all([
    read(ref, tx),
    read(memberRef(eventId, uid), tx),
  ]);
  const member = memberSnap.data() as MemberDoc | undefined;
  if (!eventSnap.exists || !member || !isMemberRole(member.role)) throw notFound(EVENT_NOT_FOUND);
  return { eventId, eventRef: ref, event: eventSnap.data() as EventDoc, role: member.role, member };
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
};

/** Membership plus the role matrix: 403 when the caller's role may not perform `action`. */
export async function requirePermission(
  eventId: string,
  uid: string,
  action: EventAction,
  tx: Reader = null,
): Promise<Membership> {
  const membership = await requireMember(eventId, uid, tx);
  if (!can(membership.role, action))
    throw forbidden(DENIED[action] ?? 'You do not have permission to do this');
  return membership;
}
