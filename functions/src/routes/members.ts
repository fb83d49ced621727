import { createHash, randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import type { Invitation, Member, MembersResponse, RoleChange } from '@gatherly/domain/entities';
import { invitationEmail } from '@gatherly/domain/email/invitation-email';
import { eventZone } from '@gatherly/domain/email/when';
import {
  MEMBER_ROLES,
  can,
  canChangeRole,
  canRemoveMember,
  isMemberRole,
} from '@gatherly/domain/roles';
import { inviteRequestSchema, roleChangeSchema } from '@gatherly/domain/schemas';
import {
  eventRef,
  memberRef,
  requireMember,
  requirePermission,
  type MemberDoc,
} from '../access.ts';
import { db } from '../firebase.ts';
import { conflict, forbidden, notFound } from '../http.ts';
import { mailData } from '../mail/data.ts';
import { queuedMail } from '../mail/queue.ts';
import type { Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import {
  countOf,
  invitationsSentSince,
  requireWithin,
  startOfUtcDay,
  tierOfUser,
} from '../tiers.ts';
import { validateBody } from '../validate.ts';

type InvitationDoc = Omit<Invitation<Timestamp>, 'id'>;

export function memberJson(id: string, data: MemberDoc): Member {
  return { ...apiShape<Omit<Member, 'id'>>(data), id };
}

/** One invitation per event and address: the id is derived from the address. */
export function invitationIdFor(email: string): string {
  return createHash('sha256').update(email).digest('hex').slice(0, 40);
}

/** 32 random bytes (256 bits), URL-safe. */
export function newInvitationToken(): string {
  return randomBytes(32).toString('base64url');
}

const ROLE_ORDER = Object.fromEntries(MEMBER_ROLES.map((r, i) => [r, i])) as Record<string, number>;

export const memberRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/events/:eventId/members',
    async handle({ user, params }) {
      const eventId = params.eventId as string;
      await requireMember(eventId, user.uid);
      const snap = await eventRef(eventId).collection('members').get();
      const members = snap.docs
        .map((d) => memberJson(d.id, d.data() as MemberDoc))
        .filter((m) => isMemberRole(m.role))
        .sort(
          (a, b) =>
            (ROLE_ORDER[a.role] ?? 9) - (ROLE_ORDER[b.role] ?? 9) ||
            a.joinedAt.localeCompare(b.joinedAt),
        );
      const body: MembersResponse = { members };
      return { body };
    },
  },
  {
    method: 'POST',
    pattern: '/events/:eventId/members',
    async handle({ user, params, body, origin }) {
      const eventId = params.eventId as string;
      const input = validateBody(inviteRequestSchema, body);
      const email = input.userEmail;
      const invitationId = invitationIdFor(email);
      const invitationRef = eventRef(eventId).collection('invitations').doc(invitationId);
      const token = newInvitationToken();
      const base = origin ?? `https://${process.env.GCLOUD_PROJECT ?? 'demo-gatherly'}.web.app`;
      const inviteUrl = `${base}/invite/${token}`;
      const now = Timestamp.now();
      const invitation: InvitationDoc = {
        eventId,
        email,
        role: input.role,
        status: 'pending',
        invitedByUserId: user.uid,
        invitedAt: now,
        respondedAt: null,
      };
      await db().runTransaction(async (tx) => {
        const { event, member } = await requirePermission(eventId, user.uid, 'inviteMembers', tx);
        const existing = await tx.get(invitationRef);
        const alreadyMember = await tx.get(
          eventRef(eventId).collection('members').where('user.email', '==', email).limit(1),
        );
        if (!alreadyMember.empty) throw conflict(`${email} is already a member of this event`);
        if (existing.exists && (existing.data() as InvitationDoc).status === 'pending') {
          throw conflict(`An invitation has already been sent to ${email}`);
        }
        const tier = await tierOfUser(user.uid, tx);
        const sentToday = await countOf(invitationsSentSince(user.uid, startOfUtcDay()), tx);
        requireWithin(sentToday, tier.maxInvitationsPerDay, 'invitations per day', tier);
        // A re-invitation after the person left replaces the old, used token.
        const oldTokens = existing.exists
          ? await tx.get(
              db()
                .collection('invitationTokens')
                .where('eventId', '==', eventId)
                .where('invitationId', '==', invitationId),
            )
          : null;
        for (const old of oldTokens?.docs ?? []) tx.delete(old.ref);
        tx.set(invitationRef, invitation);
        tx.create(db().collection('invitationTokens').doc(token), {
          eventId,
          invitationId,
          email,
          createdAt: now,
        });
        tx.create(db().collection('invitationLog').doc(), {
          invitedByUserId: user.uid,
          eventId,
          email,
          sentAt: now,
        });
        const message = invitationEmail({
          to: email,
          eventName: event.name,
          hostName: member.user.displayName || member.user.email,
          role: input.role,
          startDate: event.startDate,
          endDate: event.endDate,
          location: event.location,
          timeZone: eventZone(event),
          acceptUrl: inviteUrl,
        });
        tx.create(mailData(db()).mail.doc(), queuedMail(email, message));
      });
      return {
        status: 201,
        body: {
          invitation: { ...apiShape<Omit<Invitation, 'id'>>(invitation), id: invitationId },
          inviteUrl,
        },
      };
    },
  },
  {
    method: 'DELETE',
    pattern: '/events/:eventId/members/:userId',
    async handle({ user, params }) {
      const eventId = params.eventId as string;
      const targetId = params.userId as string;
      await db().runTransaction(async (tx) => {
        const actor = await requireMember(eventId, user.uid, tx);
        const targetSnap = await tx.get(memberRef(eventId, targetId));
        const target = targetSnap.data() as MemberDoc | undefined;
        if (!target || !isMemberRole(target.role)) throw notFound('Member not found');
        if (!canRemoveMember(actor.role, user.uid, { userId: targetId, role: target.role })) {
          if (!can(actor.role, 'removeMembers'))
            throw forbidden('Only event admins can remove members');
          if (targetId === user.uid) throw forbidden('You cannot remove yourself from the event');
          throw forbidden('The event creator cannot be removed');
        }
        // The person leaves every carpool they ride in, so their seats are free again.
        const rides = await tx.get(
          eventRef(eventId)
            .collection('carpools')
            .where('passengerIds', 'array-contains', targetId),
        );
        for (const ride of rides.docs) {
          const data = ride.data() as { currentSeats?: number; passengerIds?: string[] };
          tx.update(ride.ref, {
            currentSeats: Math.max(1, (data.currentSeats ?? 1) - 1),
            passengerIds: (data.passengerIds ?? []).filter((id) => id !== targetId),
          });
          tx.delete(ride.ref.collection('passengers').doc(targetId));
        }
        tx.delete(targetSnap.ref);
      });
      return { body: { removed: true, userId: targetId } };
    },
  },
  {
    method: 'PATCH',
    pattern: '/events/:eventId/members/:userId/role',
    async handle({ user, params, body }) {
      const eventId = params.eventId as string;
      const targetId = params.userId as string;
      const { role: newRole } = validateBody(roleChangeSchema, body);
      const updated = await db().runTransaction(async (tx) => {
        const actor = await requireMember(eventId, user.uid, tx);
        const targetSnap = await tx.get(memberRef(eventId, targetId));
        const target = targetSnap.data() as MemberDoc | undefined;
        if (!target || !isMemberRole(target.role)) throw notFound('Member not found');
        if (!can(actor.role, 'changeRoles'))
          throw forbidden('Only the event creator can change roles');
        if (target.role === 'creator') throw forbidden("The creator's role cannot be changed");
        if (targetId === user.uid) throw forbidden('You cannot change your own role');
        // Same role: nothing changes, so nothing is audited.
        if (target.role === newRole) return target;
        if (
          !canChangeRole(actor.role, user.uid, { userId: targetId, role: target.role }, newRole)
        ) {
          throw forbidden('This role change is not allowed');
        }
        const change: Omit<RoleChange<Timestamp>, 'id'> = {
          eventId,
          changedUserId: targetId,
          changedByUserId: user.uid,
          oldRole: target.role,
          newRole,
          changedAt: Timestamp.now(),
        };
        tx.update(targetSnap.ref, { role: newRole });
        tx.create(eventRef(eventId).collection('roleChanges').doc(), change);
        return { ...target, role: newRole };
      });
      return { body: { member: memberJson(targetId, updated) } };
    },
  },
];
