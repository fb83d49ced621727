// Invitation links: the public view before sign-in and acceptance by the invited address
// (docs/product.md, "Invitations").
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import type {
  InvitationPublicView,
  InvitationStatus,
  UserSummary,
} from '@gatherly/domain/entities';
import { memberSearchTokens } from '@gatherly/domain/search';
import type { Caller } from '../caller.ts';
import { store } from '../firebase.ts';
import { conflict, forbidden, notFound } from '../http.ts';
import { requireEventWithin, tierOfUser } from '../tiers.ts';
import { readMemberStats, writeMemberStats } from './stats.ts';

export const INVITATION_NOT_FOUND = 'Invitation not found';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/** A token of the shape we issue; anything else is an unknown invitation without a lookup. */
function tokenRef(token: string) {
  if (!TOKEN_SHAPE.test(token)) throw notFound(INVITATION_NOT_FOUND);
  return store().invitationToken(token);
}

export type InvitationView = InvitationPublicView & { status: InvitationStatus };

/**
 * What anyone holding the link may see: the invitation and the event it opens. A signed-in
 * member of the event (`viewerUid`) also gets the event's id, so a used link can offer "Open Event".
 */
export async function invitationView(
  token: string,
  viewerUid: string | null,
): Promise<InvitationView> {
  const stored = (await tokenRef(token).get()).data();
  if (!stored) throw notFound(INVITATION_NOT_FOUND);
  const [invitationSnap, eventSnap] = await Promise.all([
    store().invitations(stored.eventId).doc(stored.invitationId).get(),
    store().event(stored.eventId).get(),
  ]);
  const invitation = invitationSnap.data();
  const event = eventSnap.data();
  if (!invitation || !event || event.deleting) throw notFound(INVITATION_NOT_FOUND);
  const isMember =
    viewerUid !== null && (await store().member(stored.eventId, viewerUid).get()).exists;
  return {
    email: invitation.email,
    role: invitation.role,
    eventName: event.name,
    eventDescription: event.description,
    eventStartDate: event.startDate,
    eventEndDate: event.endDate,
    eventTimeZone: event.timeZone ?? null,
    eventLocation: event.location,
    status: invitation.status,
    ...(isMember ? { eventId: stored.eventId } : {}),
  };
}

/**
 * Accepts an invitation once, by the invited address only (verified by the identity provider),
 * within the attendee cap of the event creator's tier: the membership with the invited role and
 * the accepted invitation commit together.
 */
export async function acceptInvitation(
  tx: Transaction,
  caller: Caller,
  token: string,
  summary: UserSummary,
): Promise<{ id: string; name: string }> {
  const s = store();
  const stored = (await tx.get(tokenRef(token))).data();
  if (!stored) throw notFound(INVITATION_NOT_FOUND);
  const { eventId } = stored;
  const invitationRef = s.invitations(eventId).doc(stored.invitationId);
  const memberRef = s.member(eventId, caller.uid);
  const [invitationSnap, eventSnap, memberSnap] = await Promise.all([
    tx.get(invitationRef),
    tx.get(s.event(eventId)),
    tx.get(memberRef),
  ]);
  const invitation = invitationSnap.data();
  const event = eventSnap.data();
  if (!invitation || !event || event.deleting) throw notFound(INVITATION_NOT_FOUND);
  if (
    !caller.email ||
    caller.token.email_verified !== true ||
    caller.email !== invitation.email.toLowerCase()
  ) {
    throw forbidden(
      `This invitation is for ${invitation.email}. Please sign in with the correct email address.`,
    );
  }
  if (invitation.status === 'accepted') throw conflict('This invitation has already been accepted');
  if (memberSnap.exists) throw conflict('You are already a member of this event');
  const tier = await tierOfUser(event.createdBy, tx);
  const stats = await readMemberStats(tx, eventId);
  requireEventWithin(
    stats.total,
    tier.maxAttendeesPerEvent,
    { what: 'attendees per event', more: 'more attendees' },
    tier,
    caller.uid === event.createdBy,
  );
  const now = Timestamp.now();
  tx.create(memberRef, {
    id: caller.uid,
    eventId,
    userId: caller.uid,
    role: invitation.role,
    joinedAt: now,
    user: summary,
    searchTokens: memberSearchTokens(summary.displayName, summary.email),
  });
  writeMemberStats(tx, eventId, stats, { add: invitation.role });
  tx.update(invitationRef, { status: 'accepted', respondedAt: now });
  return { id: eventId, name: event.name };
}
