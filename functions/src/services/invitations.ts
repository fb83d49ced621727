// Invitation links: the public view before sign-in and acceptance by the invited address
// (docs/product.md, "Invitations").
import {
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type Transaction,
} from 'firebase-admin/firestore';
import type { InvitationView } from '@gatherly/domain/entities/members';
import type { AcceptInvitationValues } from '@gatherly/domain/guest-access-schemas';
import { canInviteAs } from '@gatherly/domain/roles';
import type { Caller } from '../caller.ts';
import { store } from '../firebase.ts';
import { conflict, forbidden, notFound } from '../http.ts';
import { summaryOf } from '../users.ts';
import { sendSignInLink } from './email-sign-in.ts';
import { prepareAdmission } from './admission.ts';
import { existingGroupIds } from './groups.ts';

export const INVITATION_NOT_FOUND = 'Invitation not found';
export const ALREADY_ACCEPTED = 'This invitation has already been accepted';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/** A token of the shape we issue; anything else is an unknown invitation without a lookup. */
function tokenRef(token: string) {
  if (!TOKEN_SHAPE.test(token)) throw notFound(INVITATION_NOT_FOUND);
  return store().invitationToken(token);
}

/**
 * What anyone holding the link of a pending invitation may see: the invitation and the event it
 * opens. A used link shows only that it was used, unless the viewer is a member of the event
 * (`viewerUid`), who gets its name and id to open it: an old link, forwarded or kept after the
 * invitee left, tells nobody else anything.
 */
export async function invitationView(
  token: string,
  viewerUid: string | null,
): Promise<InvitationView> {
  const found = await validInvitation(token, null);
  const { eventId, invitation, event } = found;
  if (invitation.status === 'accepted') {
    const isMember = viewerUid !== null && (await store().member(eventId, viewerUid).get()).exists;
    return isMember
      ? { status: 'accepted', eventId, eventName: event.name }
      : { status: 'accepted' };
  }
  return {
    email: invitation.email,
    role: invitation.role,
    eventName: event.name,
    eventDescription: event.description,
    eventStartDate: event.startDate,
    eventEndDate: event.endDate,
    eventTimeZone: event.timeZone ?? null,
    eventLocation: event.location,
    status: 'pending',
  };
}

/**
 * The invitation behind a token, of a live event, whose sender may still send it: an admin who
 * was removed or demoted takes their pending invitations with them (a current admin who resends
 * one makes it theirs). Read in `tx` when given.
 */
async function validInvitation(token: string, tx: Transaction | null) {
  const s = store();
  const get = <A, D extends DocumentData>(ref: DocumentReference<A, D>) =>
    tx ? tx.get(ref) : ref.get();
  const stored = (await get(tokenRef(token))).data();
  if (!stored) throw notFound(INVITATION_NOT_FOUND);
  const { eventId } = stored;
  const invitationRef = s.invitations(eventId).doc(stored.invitationId);
  const [invitationSnap, eventSnap] = await Promise.all([
    get(invitationRef),
    get(s.event(eventId)),
  ]);
  const invitation = invitationSnap.data();
  const event = eventSnap.data();
  if (!invitation || !event || event.deleting) throw notFound(INVITATION_NOT_FOUND);
  if (invitation.status === 'pending') {
    const sender = (await get(s.member(eventId, invitation.invitedByUserId))).data();
    if (!canInviteAs(sender?.role, invitation.role)) throw notFound(INVITATION_NOT_FOUND);
  }
  return { eventId, invitationRef, invitation, event };
}

/**
 * E-mails a sign-in link to the invited address, leading back to the invitation: the way in
 * for a guest without an account. The link goes to the invited inbox only, so a forwarded
 * invitation signs nobody in as the invitee (docs/decisions.md, "E-mail link sign-in").
 */
export async function sendInvitationSignInLink(token: string, requester: string): Promise<void> {
  const { invitation, event } = await validInvitation(token, null);
  if (invitation.status !== 'pending') throw conflict(ALREADY_ACCEPTED);
  await sendSignInLink({
    email: invitation.email.toLowerCase(),
    next: `/invite/${token}`,
    requester,
    eventName: event.name,
  });
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
  input: AcceptInvitationValues,
): Promise<{ id: string; name: string }> {
  const s = store();
  const { eventId, invitationRef, invitation, event } = await validInvitation(token, tx);
  const memberRef = s.member(eventId, caller.uid);
  const userRef = s.user(caller.uid);
  const [memberSnap, profile] = await Promise.all([
    tx.get(memberRef),
    tx.get(userRef).then((snap) => snap.data()),
  ]);
  if (
    !caller.email ||
    caller.token.email_verified !== true ||
    caller.email !== invitation.email.toLowerCase()
  ) {
    throw forbidden(
      `This invitation is for ${invitation.email}. Please sign in with the correct email address.`,
    );
  }
  if (invitation.status === 'accepted') throw conflict(ALREADY_ACCEPTED);
  if (memberSnap.exists) throw conflict('You are already a member of this event');
  const admission = await prepareAdmission(tx, eventId, event, caller.uid);
  // Groups deleted since the invitation was sent are left out.
  const groupIds = await existingGroupIds(tx, eventId, invitation.groupIds ?? []);
  const now = Timestamp.now();
  // A guest who signed in by e-mail has no name yet: the one they give here is their profile's.
  const summary = summaryOf(caller, profile, input.displayName);
  if (profile && input.displayName && profile.displayName !== input.displayName) {
    tx.update(userRef, { displayName: input.displayName, updatedAt: now });
  }
  admission.admit(invitation.role, summary, now, groupIds);
  tx.update(invitationRef, { status: 'accepted', respondedAt: now });
  return { id: eventId, name: event.name };
}
