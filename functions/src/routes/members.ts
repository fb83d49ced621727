import type { MembersResponse } from '@gatherly/domain/entities';
import { inviteRequestSchema, roleChangeSchema } from '@gatherly/domain/schemas';
import { db } from '../firebase.ts';
import { appOrigin, linkContext } from '../mail/params.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import {
  changeRole,
  inviteMember,
  listMembers,
  memberView,
  removeMember,
} from '../services/members.ts';
import { validateBody } from '../validate.ts';

export const memberRoutes: Route[] = [
  route({
    method: 'GET',
    pattern: '/events/:eventId/members',
    access: 'api',
    async handle({ caller, params }) {
      const body: MembersResponse = { members: await listMembers(caller, params.eventId) };
      return { body };
    },
  }),
  route({
    method: 'POST',
    pattern: '/events/:eventId/members',
    access: 'app',
    async handle({ caller, params, body }) {
      const input = validateBody(inviteRequestSchema, body);
      const sent = await db().runTransaction((tx) =>
        inviteMember(tx, caller, params.eventId, input, appOrigin()),
      );
      return {
        status: 201,
        body: { invitation: apiShape(sent.invitation), inviteUrl: sent.inviteUrl },
      };
    },
  }),
  route({
    method: 'DELETE',
    pattern: '/events/:eventId/members/:userId',
    access: 'app',
    async handle({ caller, params }) {
      await db().runTransaction((tx) =>
        removeMember(tx, caller, params.eventId, params.userId, () => linkContext()),
      );
      return { body: { removed: true, userId: params.userId } };
    },
  }),
  route({
    method: 'PATCH',
    pattern: '/events/:eventId/members/:userId/role',
    access: 'app',
    async handle({ caller, params, body }) {
      const { role } = validateBody(roleChangeSchema, body);
      const member = await db().runTransaction((tx) =>
        changeRole(tx, caller, params.eventId, params.userId, role),
      );
      return { body: { member: memberView(member) } };
    },
  }),
];
