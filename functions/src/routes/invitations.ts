import type { AcceptInvitationResponse, InvitationLinkResponse } from '@gatherly/domain/entities';
import { authenticate } from '../auth.ts';
import { db } from '../firebase.ts';
import { publicRoute, route, type Route } from '../router.ts';
import { acceptInvitationSchema } from '@gatherly/domain/guest-access-schemas';
import { requesterOf } from '../services/email-sign-in.ts';
import {
  acceptInvitation,
  invitationView,
  sendInvitationSignInLink,
} from '../services/invitations.ts';
import { validateBody } from '../validate.ts';
import {
  invitationLink,
  resendInvitation,
  revokeInvitation,
} from '../services/pending-invitations.ts';
import { appOrigin } from '../mail/params.ts';

export const invitationRoutes: Route[] = [
  // Public: the invitation page shows the event before the visitor signs in. A signed-in
  // member of the event also gets its id (a bad or missing token just means "not a member").
  publicRoute({
    method: 'GET',
    pattern: '/invitations/:token',
    async handle({ req, params }) {
      const viewer = req.headers.authorization
        ? await authenticate(req, { checkRevoked: false }).catch(() => null)
        : null;
      return { body: { invitation: await invitationView(params.token, viewer?.uid ?? null) } };
    },
  }),
  // Public: a sign-in link to the invited address (never to an address the caller names).
  publicRoute({
    method: 'POST',
    pattern: '/invitations/:token/sign-in-link',
    async handle({ req, params }) {
      await sendInvitationSignInLink(params.token, requesterOf(req));
      return { status: 202, body: { sent: true } };
    },
  }),
  route({
    method: 'POST',
    pattern: '/invitations/:token/accept',
    access: 'app',
    async handle({ caller, params, body: request }) {
      const input = validateBody(acceptInvitationSchema, request ?? {});
      const event = await db().runTransaction((tx) =>
        acceptInvitation(tx, caller, params.token, input),
      );
      const body: AcceptInvitationResponse = { event };
      return { body };
    },
  }),
  // Pending invitations, for admins (docs/api.md, "Invitations"). The link lets anyone join, so
  // a revoked session may not fetch it.
  route({
    method: 'GET',
    pattern: '/events/:eventId/invitations/:invitationId/link',
    access: 'app',
    checkRevoked: true,
    async handle({ caller, params }) {
      const inviteUrl = await db().runTransaction((tx) =>
        invitationLink(tx, caller, params.eventId, params.invitationId, appOrigin()),
      );
      const body: InvitationLinkResponse = { inviteUrl };
      return { body };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events/:eventId/invitations/:invitationId/resend',
    access: 'app',
    async handle({ caller, params }) {
      const { inviteUrl } = await db().runTransaction((tx) =>
        resendInvitation(tx, caller, params.eventId, params.invitationId, appOrigin()),
      );
      const body: InvitationLinkResponse = { inviteUrl };
      return { body };
    },
  }),
  route({
    method: 'DELETE',
    pattern: '/events/:eventId/invitations/:invitationId',
    access: 'app',
    async handle({ caller, params }) {
      await db().runTransaction((tx) =>
        revokeInvitation(tx, caller, params.eventId, params.invitationId),
      );
      return { body: { revoked: true, invitationId: params.invitationId } };
    },
  }),
];
