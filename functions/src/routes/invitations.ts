import { Timestamp } from 'firebase-admin/firestore';
import type {
  AcceptInvitationResponse,
  Invitation,
  InvitationPublicView,
  InvitationToken,
} from '@gatherly/domain/entities';
import { eventRef, memberRef, type EventDoc, type MemberDoc } from '../access.ts';
import { authenticate } from '../auth.ts';
import { db } from '../firebase.ts';
import { conflict, forbidden, notFound } from '../http.ts';
import type { Route } from '../router.ts';
import { countOf, requireWithin, tierOfUser } from '../tiers.ts';
import { userSummary } from '../users.ts';

type InvitationDoc = Omit<Invitation<Timestamp>, 'id'>;
type TokenDoc = InvitationToken<Timestamp>;

const NOT_FOUND = 'Invitation not found';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

function tokenRef(token: string) {
  if (!TOKEN_SHAPE.test(token)) throw notFound(NOT_FOUND);
  return db().collection('invitationTokens').doc(token);
}

export const invitationRoutes: Route[] = [
  {
    // Public: the invitation page shows the event before the visitor signs in. A signed-in
    // member of the event also gets its id, so a used invitation can offer "Open Event".
    method: 'GET',
    pattern: '/invitations/:token',
    isPublic: true,
    async handle({ req, params }) {
      const tokenSnap = await tokenRef(params.token as string).get();
      const token = tokenSnap.data() as TokenDoc | undefined;
      if (!token) throw notFound(NOT_FOUND);
      const [invitationSnap, eventSnap] = await Promise.all([
        eventRef(token.eventId).collection('invitations').doc(token.invitationId).get(),
        eventRef(token.eventId).get(),
      ]);
      const invitation = invitationSnap.data() as InvitationDoc | undefined;
      const event = eventSnap.data() as EventDoc | undefined;
      if (!invitation || !event) throw notFound(NOT_FOUND);
      const caller = req.headers.authorization ? await authenticate(req).catch(() => null) : null;
      const isMember = caller !== null && (await memberRef(token.eventId, caller.uid).get()).exists;
      const view: InvitationPublicView = {
        email: invitation.email,
        role: invitation.role,
        eventName: event.name,
        eventDescription: event.description,
        eventStartDate: event.startDate,
        eventEndDate: event.endDate,
        eventLocation: event.location,
        status: invitation.status,
        ...(isMember ? { eventId: token.eventId } : {}),
      };
      return { body: { invitation: view } };
    },
  },
  {
    method: 'POST',
    pattern: '/invitations/:token/accept',
    async handle({ user, params }) {
      const ref = tokenRef(params.token as string);
      const summary = await userSummary(user);
      const accepted = await db().runTransaction(async (tx) => {
        const token = (await tx.get(ref)).data() as TokenDoc | undefined;
        if (!token) throw notFound(NOT_FOUND);
        const invitationRef = eventRef(token.eventId)
          .collection('invitations')
          .doc(token.invitationId);
        const [invitationSnap, eventSnap, memberSnap] = await Promise.all([
          tx.get(invitationRef),
          tx.get(eventRef(token.eventId)),
          tx.get(memberRef(token.eventId, user.uid)),
        ]);
        const invitation = invitationSnap.data() as InvitationDoc | undefined;
        const event = eventSnap.data() as EventDoc | undefined;
        if (!invitation || !event) throw notFound(NOT_FOUND);
        // Only an address the identity provider has verified proves the invitee's identity.
        if (
          !user.email ||
          user.token.email_verified !== true ||
          user.email !== invitation.email.toLowerCase()
        ) {
          throw forbidden(
            `This invitation is for ${invitation.email}. Please sign in with the correct email address.`,
          );
        }
        if (invitation.status === 'accepted')
          throw conflict('This invitation has already been accepted');
        if (memberSnap.exists) throw conflict('You are already a member of this event');
        // Attendee cap: the event creator's tier pays for the event.
        const tier = await tierOfUser(event.createdBy, tx);
        const members = await countOf(eventRef(token.eventId).collection('members'), tx);
        requireWithin(members, tier.maxAttendeesPerEvent, 'attendees per event', tier);
        const now = Timestamp.now();
        const member: MemberDoc = {
          eventId: token.eventId,
          userId: user.uid,
          role: invitation.role,
          joinedAt: now,
          user: summary,
        };
        tx.create(memberSnap.ref, member);
        tx.update(invitationRef, { status: 'accepted', respondedAt: now });
        return { id: token.eventId, name: event.name };
      });
      const body: AcceptInvitationResponse = { event: accepted };
      return { body };
    },
  },
];
