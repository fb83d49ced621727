// Members: the list, invitations sent by admins, removal and role changes with their audit log
// (docs/product.md, "Members and roles", "Invitations").
import { createHash } from 'node:crypto';
import { FieldPath, Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { PageRequest } from '@gatherly/domain/api/paging';
import type { MembersResponse } from '@gatherly/domain/api/responses';
import type { InvitableRole, Member } from '@gatherly/domain/entities/members';
import { invitationEmail } from '@gatherly/domain/email/invitation-email';
import { can, canChangeRole, canRemoveMember, isMemberRole } from '@gatherly/domain/roles';
import type { InviteRequestValues } from '@gatherly/domain/schemas';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { MEMBER_NOT_FOUND, read, requireMember, requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { EventRecord, InvitationRecord, MemberRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { existingGroupIds } from './groups.ts';
import { GROUP_MESSAGES } from '@gatherly/domain/groups';
import { badRequest, conflict, forbidden, notFound } from '../http.ts';
import type { LinkContext } from '../mail/params.ts';
import { queuedMail } from '../mail/queue.ts';
import { readPage } from '../paging.ts';
import { newSecret } from '../secrets.ts';
import { apiShape } from '../serialize.ts';
import { forgetAnswers } from './rsvps.ts';
import {
  countOf,
  invitationsSentSince,
  requireWithin,
  startOfUtcDay,
  tierOfUser,
} from '../tiers.ts';
import { readMemberStats, writeMemberStats } from './stats.ts';

/** A member in API form; the search tokens are an index, not part of the answer. */
export function memberView(member: MemberRecord): Member {
  const { searchTokens: _tokens, ...view } = apiShape(member);
  return view;
}

/**
 * A page of the event's members in joining order (the creator first: they joined first), by
 * `joinedAt` then id.
 */
export async function listMembers(
  caller: Caller,
  eventId: string,
  page: PageRequest,
): Promise<MembersResponse> {
  await requireMember(caller, eventId);
  const ordered = store()
    .members(eventId)
    .orderBy('joinedAt', 'asc')
    .orderBy(FieldPath.documentId(), 'asc');
  const { items, nextPageToken } = await readPage(ordered, (m) => m.joinedAt, page);
  return {
    members: items
      .map((m) => m.data)
      .filter((m) => isMemberRole(m.role))
      .map(memberView),
    nextPageToken,
  };
}

/** One invitation per event and address: the id is derived from the address. */
export function invitationIdFor(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 40);
}

/** 32 random bytes (256 bits), URL-safe. */
export interface SentInvitation {
  invitation: InvitationRecord;
  inviteUrl: string;
}

/**
 * An admin invites an address: refused for a member or a pending invitation, within the
 * inviter's daily cap (counted in the invitationLog ledger, which outlives events). Writes the
 * invitation, its token (the bearer secret, never on the invitation), the ledger entry and the
 * e-mail together. A person who was removed can be invited again: the old token goes.
 */
export async function inviteMember(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  input: InviteRequestValues,
  appOrigin: string,
): Promise<SentInvitation> {
  const s = store();
  const email = input.userEmail;
  const invitationId = invitationIdFor(email);
  const invitationRef = s.invitations(eventId).doc(invitationId);
  const token = newSecret();
  const inviteUrl = `${appOrigin}/invite/${token}`;
  const now = Timestamp.now();
  const invitation: InvitationRecord = {
    id: invitationId,
    eventId,
    email,
    role: input.role,
    status: 'pending',
    invitedByUserId: caller.uid,
    invitedAt: now,
    respondedAt: null,
  };
  const { event, member } = await requirePermission(caller, eventId, 'inviteMembers', { tx });
  // The groups travel with the invitation and apply on accepting (services/groups.ts).
  const groupIds = input.groupIds;
  if (groupIds.length > 0) {
    const known = await existingGroupIds(tx, eventId, groupIds);
    if (known.length !== new Set(groupIds).size) throw badRequest(GROUP_MESSAGES.unknownGroups);
    invitation.groupIds = known;
  }
  const existing = (await tx.get(invitationRef)).data();
  const alreadyMember = await tx.get(s.members(eventId).where('user.email', '==', email).limit(1));
  if (!alreadyMember.empty) throw conflict(`${email} is already a member of this event`);
  if (existing?.status === 'pending') {
    throw conflict(`An invitation has already been sent to ${email}`);
  }
  await requireInvitationQuota(tx, caller);
  const oldTokens = existing
    ? await tx.get(
        s.invitationTokens
          .where('eventId', '==', eventId)
          .where('invitationId', '==', invitationId),
      )
    : null;
  for (const old of oldTokens?.docs ?? []) tx.delete(old.ref);
  tx.set(invitationRef, invitation);
  tx.create(s.invitationToken(token), { id: token, eventId, invitationId, email, createdAt: now });
  queueInvitationMail(tx, {
    caller,
    member,
    eventId,
    event,
    email,
    role: input.role,
    inviteUrl,
    now,
  });
  return { invitation, inviteUrl };
}

/** The inviter's daily cap (invitationLog ledger); a read, so call before the writes of `tx`. */
export async function requireInvitationQuota(tx: Transaction, caller: Caller): Promise<void> {
  const tier = await tierOfUser(caller.uid, tx);
  const sentToday = await countOf(invitationsSentSince(caller.uid, startOfUtcDay()), tx);
  requireWithin(sentToday, tier.maxInvitationsPerDay, 'invitations per day', tier);
}

interface InvitationMailing {
  caller: Caller;
  /** The inviter's membership (their name signs the e-mail). */
  member: MemberRecord;
  eventId: string;
  /** The event as stored (the e-mail shows its name, dates, place and zone). */
  event: EventRecord;
  email: string;
  role: InvitableRole;
  inviteUrl: string;
  now: Timestamp;
}

/** The ledger entry (daily cap) and the e-mail (Trigger Email's `mail` queue) of one sending. */
export function queueInvitationMail(
  tx: Transaction,
  { caller, member, eventId, event, email, role, inviteUrl, now }: InvitationMailing,
): void {
  const s = store();
  const logRef = s.invitationLog.doc();
  tx.create(logRef, { id: logRef.id, invitedByUserId: caller.uid, eventId, email, sentAt: now });
  const message = invitationEmail({
    to: email,
    eventName: event.name,
    hostName: member.user.displayName || member.user.email,
    role,
    startDate: event.startDate,
    endDate: event.endDate,
    location: event.location,
    timeZone: eventTimeZone(event),
    acceptUrl: inviteUrl,
  });
  const mailRef = s.mail.doc();
  tx.create(mailRef, queuedMail(mailRef.id, email, message));
}

/**
 * Removes a member (the creator anyone but themself, admins anyone but the creator and
 * themselves). The person leaves every carpool they ride in, so their seats are free again, and
 * their answers stop counting in the schedule's RSVP tallies (the spots they held go to those
 * waiting; docs/product.md, "Plus-ones, questions and waitlists").
 */
export async function removeMember(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  targetId: string,
  links: () => LinkContext,
): Promise<void> {
  const s = store();
  const actor = await requireMember(caller, eventId, { tx });
  const targetRef = s.member(eventId, targetId);
  const target = (await tx.get(targetRef)).data();
  if (!target || !isMemberRole(target.role)) throw notFound(MEMBER_NOT_FOUND);
  if (!canRemoveMember(actor.role, caller.uid, { userId: targetId, role: target.role })) {
    if (!can(actor.role, 'removeMembers')) throw forbidden('Only event admins can remove members');
    if (targetId === caller.uid) throw forbidden('You cannot remove yourself from the event');
    throw forbidden('The event creator cannot be removed');
  }
  await leaveEvent(tx, eventId, target, links);
}

/**
 * The writes of a member leaving, in `tx` after its reads of `member`: their carpool seats are
 * freed, their answers stop counting (the spots go to those waiting), and their membership and
 * its count go. Shared by member removal and account deletion.
 */
export async function leaveEvent(
  tx: Transaction,
  eventId: string,
  member: MemberRecord,
  links: () => LinkContext,
): Promise<void> {
  const s = store();
  const targetId = member.userId;
  const rides = await tx.get(s.carpools(eventId).where('passengerIds', 'array-contains', targetId));
  const stats = await readMemberStats(tx, eventId);
  const dropAnswers = await forgetAnswers(tx, eventId, targetId, links);
  for (const ride of rides.docs) {
    const carpool = ride.data();
    tx.update(ride.ref, {
      currentSeats: Math.max(1, carpool.currentSeats - 1),
      passengerIds: carpool.passengerIds.filter((id) => id !== targetId),
    });
    tx.delete(s.passengers(eventId, ride.id).doc(targetId));
  }
  dropAnswers();
  tx.delete(s.member(eventId, targetId));
  if (isMemberRole(member.role)) writeMemberStats(tx, eventId, stats, { remove: member.role });
}

/**
 * The creator changes another member's role between admin and attendee, audited in
 * `roleChanges` in the same transaction. The same role again changes and audits nothing.
 */
export async function changeRole(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  targetId: string,
  newRole: InvitableRole,
): Promise<MemberRecord> {
  const s = store();
  const actor = await requireMember(caller, eventId, { tx });
  const targetRef = s.member(eventId, targetId);
  const target = (await read(targetRef, tx)).data();
  if (!target || !isMemberRole(target.role)) throw notFound(MEMBER_NOT_FOUND);
  if (!can(actor.role, 'changeRoles')) throw forbidden('Only the event creator can change roles');
  if (target.role === 'creator') throw forbidden("The creator's role cannot be changed");
  if (targetId === caller.uid) throw forbidden('You cannot change your own role');
  if (target.role === newRole) return target;
  if (!canChangeRole(actor.role, caller.uid, { userId: targetId, role: target.role }, newRole)) {
    throw forbidden('This role change is not allowed');
  }
  const stats = await readMemberStats(tx, eventId);
  const changeRef = s.roleChanges(eventId).doc();
  tx.update(targetRef, { role: newRole });
  writeMemberStats(tx, eventId, stats, { add: newRole, remove: target.role });
  tx.create(changeRef, {
    id: changeRef.id,
    eventId,
    changedUserId: targetId,
    changedByUserId: caller.uid,
    oldRole: target.role,
    newRole,
    changedAt: Timestamp.now(),
    // Names as they were, so the history shows without reading every member.
    changedUser: { displayName: target.user.displayName },
    changedBy: { displayName: actor.member.user.displayName },
  });
  return { ...target, role: newRole };
}
