import { API } from '@gatherly/domain/api/endpoints';
import { authenticate } from '../auth.ts';
import { db } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import { requesterOf } from '../services/email-sign-in.ts';
import {
  acceptInvitation,
  invitationView,
  sendInvitationSignInLink,
} from '../services/invitations.ts';
import {
  invitationLink,
  resendInvitation,
  revokeInvitation,
} from '../services/pending-invitations.ts';
import { appOrigin } from '../mail/params.ts';

export const invitationRoutes: Route[] = [
  // Public: the invitation page shows the event before the visitor signs in. A signed-in
  // member of the event also gets its id (a bad or missing token just means "not a member").
  route(API.getInvitation, async ({ req, params }) => {
    const viewer = req.headers.authorization
      ? await authenticate(req, { checkRevoked: false }).catch(() => null)
      : null;
    return { body: { invitation: await invitationView(params.token, viewer?.uid ?? null) } };
  }),
  // Public: a sign-in link to the invited address (never to an address the caller names).
  route(API.invitationSignInLink, async ({ req, params }) => {
    await sendInvitationSignInLink(params.token, requesterOf(req));
    return { status: 202, body: { sent: true } };
  }),
  route(API.acceptInvitation, async ({ caller, params, body }) => {
    const event = await db().runTransaction((tx) =>
      acceptInvitation(tx, caller, params.token, body),
    );
    return { body: { event } };
  }),
  // Pending invitations, for admins (docs/api.md, "Invitations"). The link lets anyone join, so
  // a revoked session may not fetch it (the endpoint is declared checkRevoked).
  route(API.invitationLink, async ({ caller, params }) => {
    const inviteUrl = await db().runTransaction((tx) =>
      invitationLink(tx, caller, params.eventId, params.invitationId, appOrigin()),
    );
    return { body: { inviteUrl } };
  }),
  route(API.resendInvitation, async ({ caller, params }) => {
    const { inviteUrl } = await db().runTransaction((tx) =>
      resendInvitation(tx, caller, params.eventId, params.invitationId, appOrigin()),
    );
    return { body: { inviteUrl } };
  }),
  route(API.revokeInvitation, async ({ caller, params }) => {
    await db().runTransaction((tx) =>
      revokeInvitation(tx, caller, params.eventId, params.invitationId),
    );
    return { body: { revoked: true, invitationId: params.invitationId } };
  }),
];
