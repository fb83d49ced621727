import { API } from '@gatherly/domain/api/endpoints';
import { db } from '../firebase.ts';
import { appOrigin, linkContext } from '../mail/params.ts';
import { route, type Route } from '../router.ts';
import { apiShape } from '../serialize.ts';
import { groupOf, guestListCsv } from '../services/guest-export.ts';
import {
  changeRole,
  inviteMember,
  listMembers,
  memberView,
  removeMember,
} from '../services/members.ts';

export const memberRoutes: Route[] = [
  route(API.exportGuestList, async ({ caller, params, req }) => ({
    download: await guestListCsv(caller, params.eventId, groupOf(req.url)),
  })),
  route(API.listMembers, async ({ caller, params, page }) => ({
    body: await listMembers(caller, params.eventId, page),
  })),
  route(API.inviteMember, async ({ caller, params, body }) => {
    const sent = await db().runTransaction((tx) =>
      inviteMember(tx, caller, params.eventId, body, appOrigin()),
    );
    return {
      status: 201,
      body: { invitation: apiShape(sent.invitation), inviteUrl: sent.inviteUrl },
    };
  }),
  route(API.removeMember, async ({ caller, params }) => {
    await db().runTransaction((tx) =>
      removeMember(tx, caller, params.eventId, params.userId, () => linkContext()),
    );
    return { body: { removed: true, userId: params.userId } };
  }),
  route(API.changeRole, async ({ caller, params, body }) => {
    const member = await db().runTransaction((tx) =>
      changeRole(tx, caller, params.eventId, params.userId, body.role),
    );
    return { body: { member: memberView(member) } };
  }),
];
