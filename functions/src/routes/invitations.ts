import type { AcceptInvitationResponse } from '@gatherly/domain/entities';
import { db } from '../firebase.ts';
import { publicRoute, route, type Route } from '../router.ts';
import { acceptInvitation, invitationView } from '../services/invitations.ts';
import { userSummary } from '../users.ts';

export const invitationRoutes: Route[] = [
  // Public: the invitation page shows the event before the visitor signs in.
  publicRoute({
    method: 'GET',
    pattern: '/invitations/:token',
    async handle({ params }) {
      return { body: { invitation: await invitationView(params.token) } };
    },
  }),
  route({
    method: 'POST',
    pattern: '/invitations/:token/accept',
    access: 'app',
    async handle({ caller, params }) {
      const summary = await userSummary(caller);
      const event = await db().runTransaction((tx) =>
        acceptInvitation(tx, caller, params.token, summary),
      );
      const body: AcceptInvitationResponse = { event };
      return { body };
    },
  }),
];
