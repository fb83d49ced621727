import {
  ADMIN_ROLES,
  EVENT,
  GROUP,
  LIMITED_ANNOUNCEMENT,
  LIMITED_ITEM,
  MEMBER_ROLES,
  NOBODY,
  SCHEDULE_ITEM,
  UID,
  type Role,
} from './fixtures.ts';
import {
  listenDoc,
  listenQuery,
  matrix,
  ownOf,
  serverTime,
  type Owner,
  type RulesCase,
} from './cases.ts';
import { newScheduleItem } from './firestore-matrix.ts';

/**
 * Guest groups (docs/product.md, "Guest groups"): the group documents, and a schedule item
 * limited to the group "Wedding party" (LIMITED_ITEM) with its answers, read by members outside
 * the group, inside it, and inside it as their second group (the rules check each of a member's
 * groups by index). Members' list queries name what they read: `groupAccess.<g> == true`.
 */
const E = `events/${EVENT}`;
const limited = `${E}/schedule/${LIMITED_ITEM}`;
const OTHER_GROUP = 'group-family';

const gs = (area: string, cells: Parameters<typeof matrix>[2]): RulesCase[] =>
  matrix('firestore', `groups: ${area}`, cells);

/** Puts every member role of the main event in `groupIds`. */
const joinGroups =
  (groupIds: string[]) =>
  async (owner: Owner): Promise<void> => {
    const roles = ['attendee', 'admin', 'creator'] as const;
    await Promise.all(
      roles.map((role) => owner.db.doc(`${E}/members/${UID[role]}`).update({ groupIds })),
    );
  };

const byGroup = (a: Parameters<RulesCase['attempt']>[0], group: string) =>
  a.db.collection(`${E}/schedule`).where(`groupAccess.${group}`, '==', true);

type Cells = Parameters<typeof matrix>[2];

// A denied listener can still answer from the client's cache of an earlier allowed read, so
// listeners are tried only in the states that come first (outside the group) or allow; the get
// and list cells prove the rule in every state.
/** The read cells of the limited item and its answers, for callers who may (`allowed`). */
function limitedReads(
  allowed: readonly Role[],
  prepare?: (owner: Owner) => Promise<void>,
  withListeners = false,
): { item: Cells; answers: Cells; whoIsGoing: Cells } {
  const p = prepare ? { prepare } : {};
  const item: Cells = {
    get: { allowed, ...p, attempt: (a) => a.db.doc(limited).get() },
    list: {
      allowed,
      what: `groupAccess.${GROUP} == true`,
      ...p,
      attempt: (a) => byGroup(a, GROUP).get(),
    },
  };
  const answers: Cells = {
    get: {
      allowed,
      what: 'own answer',
      ...p,
      attempt: (a) => a.db.doc(`${limited}/rsvps/${ownOf(a)}`).get(),
    },
    list: { allowed, ...p, attempt: (a) => a.db.collection(`${limited}/rsvps`).get() },
  };
  const whoIsGoing: Cells = {
    list: {
      allowed,
      what: "who's going (status == 'going')",
      ...p,
      attempt: (a) =>
        a.db.collection(`${limited}/rsvps`).where('status', '==', 'going').limit(5).get(),
    },
  };
  if (withListeners) {
    item.listen = {
      allowed,
      what: `groupAccess.${GROUP} == true`,
      ...p,
      attempt: (a) => listenQuery(byGroup(a, GROUP)),
    };
    answers.listen = {
      allowed,
      what: "someone else's answer",
      ...p,
      attempt: (a) => listenDoc(a.db, `${limited}/rsvps/${UID.attendee2}`),
    };
  }
  return { item, answers, whoIsGoing };
}

const outside = limitedReads(ADMIN_ROLES, undefined, true);
const inside = limitedReads(MEMBER_ROLES, joinGroups([GROUP]), true);
const secondGroup = limitedReads(MEMBER_ROLES, joinGroups([OTHER_GROUP, GROUP]));
const otherGroupOnly = limitedReads(ADMIN_ROLES, joinGroups([OTHER_GROUP]));

export const groupCases: RulesCase[] = [
  // Defined, renamed, deleted and assigned by /api/events/{e}/groups; only admins read them.
  ...gs('groups/{g}', {
    get: { allowed: ADMIN_ROLES, attempt: (a) => a.db.doc(`${E}/groups/${GROUP}`).get() },
    list: { allowed: ADMIN_ROLES, attempt: (a) => a.db.collection(`${E}/groups`).get() },
    create: {
      allowed: NOBODY,
      attempt: (a) =>
        a.db
          .doc(`${E}/groups/new-group`)
          .set({ eventId: EVENT, name: 'Family', createdAt: serverTime() }),
    },
    update: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(`${E}/groups/${GROUP}`).update({ name: 'Renamed' }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${E}/groups/${GROUP}`).delete() },
  }),
  // PUT /api/events/{e}/groups/{g}/members is the only way into a group.
  ...gs('members/{own} groupIds', {
    update: {
      allowed: NOBODY,
      what: 'joins a group',
      attempt: (a) => a.db.doc(`${E}/members/${ownOf(a)}`).update({ groupIds: [GROUP] }),
    },
  }),
  ...gs('limited item, caller in no group', outside.item),
  ...gs('limited item answers, caller in no group', outside.answers),
  ...gs("limited item's going, caller in no group", outside.whoIsGoing),
  ...gs("limited item's going, caller in the group", inside.whoIsGoing),
  // A member's answers map names every item they answered, limited ones too: only the member
  // and the admins read it, whatever groups the caller is in.
  ...gs('rsvpsByUser/{attendee2} with a limited answer, caller in the group', {
    get: {
      allowed: ADMIN_ROLES,
      prepare: joinGroups([GROUP]),
      attempt: (a) => a.db.doc(`${E}/rsvpsByUser/${UID.attendee2}`).get(),
    },
  }),
  // An answer announcement about a limited item names it: the admins read it, and those in
  // its groups get it by e-mail. No member lists announcements unconstrained.
  ...gs('announcement about a limited item', {
    get: {
      allowed: ADMIN_ROLES,
      attempt: (a) => a.db.doc(`${E}/announcements/${LIMITED_ANNOUNCEMENT}`).get(),
    },
    list: { allowed: ADMIN_ROLES, attempt: (a) => a.db.collection(`${E}/announcements`).get() },
    listen: {
      allowed: ADMIN_ROLES,
      attempt: (a) => listenDoc(a.db, `${E}/announcements/${LIMITED_ANNOUNCEMENT}`),
    },
  }),
  ...gs('announcement about a limited item, caller in the group', {
    get: {
      allowed: ADMIN_ROLES,
      prepare: joinGroups([GROUP]),
      attempt: (a) => a.db.doc(`${E}/announcements/${LIMITED_ANNOUNCEMENT}`).get(),
    },
  }),
  ...gs('announcements not about a limited item', {
    list: {
      allowed: MEMBER_ROLES,
      what: 'itemLimited == false',
      attempt: (a) => a.db.collection(`${E}/announcements`).where('itemLimited', '==', false).get(),
    },
  }),
  ...gs('limited item, caller in the group', inside.item),
  ...gs('limited item answers, caller in the group', inside.answers),
  ...gs('limited item, the group is the caller’s second', secondGroup.item),
  ...gs('limited item answers, the group is the caller’s second', secondGroup.answers),
  ...gs('limited item, caller in another group', otherGroupOnly.item),
  ...gs('limited item answers, caller in another group', otherGroupOnly.answers),
  ...gs('limited items', {
    list: {
      allowed: ADMIN_ROLES,
      what: "audience == 'groups'",
      prepare: joinGroups([GROUP]),
      attempt: (a) => a.db.collection(`${E}/schedule`).where('audience', '==', 'groups').get(),
    },
  }),
  ...gs('answers across items, caller in the group', {
    list: {
      allowed: ADMIN_ROLES,
      what: 'collection group, eventId == event',
      prepare: joinGroups([GROUP]),
      attempt: (a) => a.db.collectionGroup('rsvps').where('eventId', '==', EVENT).get(),
    },
  }),
  ...gs('own answers in the collection group', {
    list: {
      allowed: MEMBER_ROLES,
      what: 'eventId == event, userId == caller',
      attempt: (a) =>
        a.db
          .collectionGroup('rsvps')
          .where('eventId', '==', EVENT)
          .where('userId', '==', ownOf(a))
          .get(),
    },
  }),
  ...gs('new limited item', {
    create: {
      allowed: ADMIN_ROLES,
      attempt: (a) =>
        a.db.doc(`${E}/schedule/limited-new`).set({
          ...newScheduleItem('limited-new', ownOf(a)),
          audience: 'groups',
          groupAccess: { [GROUP]: true },
        }),
    },
  }),
  ...gs('new item without its audience', {
    create: {
      allowed: NOBODY,
      attempt: (a) => {
        const { audience: _a, groupAccess: _g, ...rest } = newScheduleItem('no-aud', ownOf(a));
        return a.db.doc(`${E}/schedule/no-aud`).set(rest);
      },
    },
  }),
  ...gs('new item limited to no group', {
    create: {
      allowed: NOBODY,
      attempt: (a) =>
        a.db.doc(`${E}/schedule/empty-limit`).set({
          ...newScheduleItem('empty-limit', ownOf(a)),
          audience: 'groups',
          groupAccess: {},
        }),
    },
  }),
  ...gs('limit lifted', {
    update: {
      allowed: ADMIN_ROLES,
      what: 'to everyone',
      attempt: (a) => a.db.doc(limited).update({ audience: 'everyone', groupAccess: {} }),
    },
  }),
  ...gs('limit changed', {
    update: {
      allowed: ADMIN_ROLES,
      what: 'two groups',
      attempt: (a) =>
        a.db.doc(limited).update({ groupAccess: { [GROUP]: true, [OTHER_GROUP]: true } }),
    },
  }),
  ...gs('item open to everyone limited', {
    update: {
      allowed: ADMIN_ROLES,
      what: 'to a group',
      attempt: (a) =>
        a.db.doc(`${E}/schedule/${SCHEDULE_ITEM}`).update({
          audience: 'groups',
          groupAccess: { [GROUP]: true },
        }),
    },
  }),
  // Every member reads a date poll, so an item with one stays open to everyone.
  ...gs('item with a date poll limited', {
    update: {
      allowed: NOBODY,
      what: 'to a group',
      prepare: async (owner) => {
        await owner.db
          .doc(`${E}/polls/item-${SCHEDULE_ITEM}`)
          .set({ eventId: EVENT, target: { kind: 'item', scheduleId: SCHEDULE_ITEM } });
      },
      attempt: (a) =>
        a.db.doc(`${E}/schedule/${SCHEDULE_ITEM}`).update({
          audience: 'groups',
          groupAccess: { [GROUP]: true },
        }),
    },
  }),
  ...gs('limit with a false entry', {
    update: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(limited).update({ groupAccess: { [GROUP]: false } }),
    },
  }),
  ...gs('limit to eleven groups', {
    update: {
      allowed: NOBODY,
      attempt: (a) =>
        a.db.doc(limited).update({
          groupAccess: Object.fromEntries([...Array(11).keys()].map((k) => [`g${k}`, true])),
        }),
    },
  }),
  ...gs('everyone with groups left in', {
    update: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(limited).update({ audience: 'everyone' }),
    },
  }),
];
