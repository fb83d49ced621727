// Pending invitations as the host manages them: the link again, a new e-mail, or revocation
// (docs/product.md, "Guest list"). The list itself is read directly (admins, firestore.rules);
// the token is a bearer secret only functions read, so the link comes from here.
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { canInviteAs } from '@gatherly/domain/roles';
import { requirePermission } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { InvitationRecord } from '../db.ts';
import { store } from '../firebase.ts';
import { conflict, notFound } from '../http.ts';
import { queueInvitationMail, requireInvitationQuota } from './members.ts';
import { ALREADY_ACCEPTED, INVITATION_NOT_FOUND } from './invitations.ts';

export const inviteUrlOf = (appOrigin: string, token: string) => `${appOrigin}/invite/${token}`;

/** The invitation, pending, of an event the caller may invite to; 404 / 409 otherwise. */
async function pendingInvitation(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  invitationId: string,
) {
  const membership = await requirePermission(caller, eventId, 'inviteMembers', { tx });
  const ref = store().invitations(eventId).doc(invitationId);
  const invitation = (await tx.get(ref)).data();
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  if (invitation.status !== 'pending') throw conflict(ALREADY_ACCEPTED);
  const tokens = await tx.get(
    store()
      .invitationTokens.where('eventId', '==', eventId)
      .where('invitationId', '==', invitationId),
  );
  return { membership, ref, invitation, tokens: tokens.docs };
}

/** The link of a pending invitation (admins copy it to send it themselves). */
export async function invitationLink(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  invitationId: string,
  appOrigin: string,
): Promise<string> {
  const { tokens } = await pendingInvitation(tx, caller, eventId, invitationId);
  const token = tokens[0]?.id;
  if (!token) throw notFound(INVITATION_NOT_FOUND);
  return inviteUrlOf(appOrigin, token);
}

/**
 * A new e-mail with the same link (earlier e-mails and copied links keep working), counted in
 * the inviter's daily cap like a first sending.
 */
export async function resendInvitation(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  invitationId: string,
  appOrigin: string,
): Promise<{ invitation: InvitationRecord; inviteUrl: string }> {
  const { membership, ref, invitation, tokens } = await pendingInvitation(
    tx,
    caller,
    eventId,
    invitationId,
  );
  const token = tokens[0]?.id;
  if (!token) throw notFound(INVITATION_NOT_FOUND);
  await requireInvitationQuota(tx, caller);
  const inviteUrl = inviteUrlOf(appOrigin, token);
  // Sent again by this admin, it is theirs: it stays valid as long as they may send it.
  if (
    invitation.invitedByUserId !== caller.uid &&
    canInviteAs(membership.member.role, invitation.role)
  )
    tx.update(ref, { invitedByUserId: caller.uid });
  queueInvitationMail(tx, {
    caller,
    member: membership.member,
    eventId,
    event: membership.event,
    email: invitation.email,
    role: invitation.role,
    inviteUrl,
    now: Timestamp.now(),
  });
  return { invitation, inviteUrl };
}

/**
 * Revokes a pending invitation: its token and the invitation go together, so the link answers
 * "Invitation Not Found" at once and the address may be invited again.
 */
export async function revokeInvitation(
  tx: Transaction,
  caller: Caller,
  eventId: string,
  invitationId: string,
): Promise<void> {
  const { ref, tokens } = await pendingInvitation(tx, caller, eventId, invitationId);
  for (const token of tokens) tx.delete(token.ref);
  tx.delete(ref);
}
