// Guest groups (docs/api.md, "Guest groups"): defined and assigned by the admins.
import { API } from '@gatherly/domain/api/endpoints';
import { db, store } from '../firebase.ts';
import { route, type Route } from '../router.ts';
import {
  assignGroupMembers,
  createGroup,
  deleteGroup,
  groupView,
  renameGroup,
} from '../services/groups.ts';
import { followMemberGroups } from '../services/member-groups.ts';

/** Members whose answers are brought in line at once (a few reads and one batch each). */
const FOLLOW_CHUNK = 20;

export const groupRoutes: Route[] = [
  route(API.createGroup, async ({ caller, params, body }) => {
    const group = await db().runTransaction((tx) =>
      createGroup(tx, caller, params.eventId, body.name),
    );
    return { status: 201, body: { group: groupView(group) } };
  }),
  route(API.renameGroup, async ({ caller, params, body }) => {
    const group = await db().runTransaction((tx) =>
      renameGroup(tx, caller, params.eventId, params.groupId, body.name),
    );
    return { body: { group: groupView(group) } };
  }),
  route(API.deleteGroup, async ({ caller, params }) => {
    await db().runTransaction((tx) => deleteGroup(tx, caller, params.eventId, params.groupId));
    // Its announcements stay (the admins', labelled with the name they were sent to); the feed
    // lines nobody can read any more go (an unused group has no members).
    await db().recursiveDelete(store().groupFeed(params.eventId, params.groupId));
    return { body: { deleted: true, id: params.groupId } };
  }),
  route(API.assignGroupMembers, async ({ caller, params, body }) => {
    const assignment = await db().runTransaction((tx) =>
      assignGroupMembers(tx, caller, params.eventId, params.groupId, body.add, body.remove),
    );
    // Their answers take the new groups before the answer, so the guest list's group totals
    // read right after are exact (the member trigger does the same, should this stop short).
    const uids = [...body.add, ...body.remove];
    for (let i = 0; i < uids.length; i += FOLLOW_CHUNK) {
      await Promise.all(
        uids.slice(i, i + FOLLOW_CHUNK).map((uid) => followMemberGroups(params.eventId, uid)),
      );
    }
    return { body: assignment };
  }),
];
