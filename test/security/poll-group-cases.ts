/**
 * The date poll of an item limited to a guest group (docs/product.md, "Date polls"; the poll
 * carries a copy of its item's limit): members outside the group read neither the poll nor its
 * tallies and ballots, members inside do; an admin's limit edit carries the poll along in the
 * same batch, and nothing else writes the copy. Both ways, for every role, including list
 * queries (members name what they read: `groupAccess.<g> == true` or `audience == 'everyone'`)
 * and the collection group.
 */
import {
  listenDoc,
  listenQuery,
  matrix,
  ownOf,
  single,
  type Actor,
  type Owner,
  type RulesCase,
} from './cases.ts';
import { ADMIN_ROLES, EVENT, GROUP, MEMBER_ROLES, NOBODY, UID, type Role } from './fixtures.ts';
import { LIMITED_POLL, POLLED_ITEM } from './poll-seed.ts';

const E = `events/${EVENT}`;
const P = `${E}/polls/${LIMITED_POLL}`;
const ITEM = `${E}/schedule/${POLLED_ITEM}`;
const OTHER_GROUP = 'group-family';

type Cells = Parameters<typeof matrix>[2];

const pg = (area: string, cells: Cells): RulesCase[] =>
  matrix('firestore', `limited poll: ${area}`, cells);

/** Puts every member role of the main event in `groupIds`. */
const joinGroups =
  (groupIds: string[]) =>
  async (owner: Owner): Promise<void> => {
    await Promise.all(
      (['attendee', 'admin', 'creator'] as const).map((role) =>
        owner.db.doc(`${E}/members/${UID[role]}`).update({ groupIds }),
      ),
    );
  };

const openByGroup = (a: Actor, group: string) =>
  a.db
    .collection(`${E}/polls`)
    .where('status', '==', 'open')
    .where(`groupAccess.${group}`, '==', true);

/** The poll, its tallies and its ballots, for callers who may read them (`allowed`). */
function reads(allowed: readonly Role[], prepare?: (owner: Owner) => Promise<void>): Cells {
  const p = prepare ? { prepare } : {};
  return {
    get: { allowed, ...p, attempt: (a) => a.db.doc(P).get() },
    list: {
      allowed,
      what: `open, groupAccess.${GROUP} == true`,
      ...p,
      attempt: (a) => openByGroup(a, GROUP).get(),
    },
  };
}

function innerReads(allowed: readonly Role[], prepare?: (owner: Owner) => Promise<void>): Cells {
  const p = prepare ? { prepare } : {};
  return {
    get: {
      allowed,
      what: 'own ballot',
      ...p,
      attempt: (a) => a.db.doc(`${P}/ballots/${ownOf(a)}`).get(),
    },
    list: {
      allowed,
      what: 'tallies and who answered what',
      ...p,
      attempt: async (a) => {
        await a.db.collection(`${P}/tallies`).get();
        return a.db.collection(`${P}/ballots`).orderBy('user.displayName').limit(20).get();
      },
    },
  };
}

/** The item's new limit written with its poll's copy in one batch (what the web does). */
const limitBoth = (a: Actor, item: object, poll: object) => {
  const batch = a.db.batch();
  batch.update(a.db.doc(ITEM), item);
  batch.update(a.db.doc(P), poll);
  return batch.commit();
};

const EVERYONE = { audience: 'everyone', groupAccess: {} };
const TWO_GROUPS = { audience: 'groups', groupAccess: { [GROUP]: true, [OTHER_GROUP]: true } };

export const pollGroupCases: RulesCase[] = [
  // Listeners first, in the states that allow or come first (a denied listener could answer
  // from the cache of an earlier allowed read).
  ...pg('poll, caller in no group', {
    ...reads(ADMIN_ROLES),
    listen: { allowed: ADMIN_ROLES, attempt: (a) => listenDoc(a.db, P) },
  }),
  ...pg('tallies and ballots, caller in no group', {
    ...innerReads(ADMIN_ROLES),
    listen: {
      allowed: ADMIN_ROLES,
      what: 'the live tallies',
      attempt: (a) => listenQuery(a.db.collection(`${P}/tallies`)),
    },
  }),
  ...pg('poll, caller in the group', reads(MEMBER_ROLES, joinGroups([GROUP]))),
  ...pg('tallies and ballots, caller in the group', innerReads(MEMBER_ROLES, joinGroups([GROUP]))),
  ...pg(
    'poll, the group is the caller’s second',
    reads(MEMBER_ROLES, joinGroups([OTHER_GROUP, GROUP])),
  ),
  ...pg('poll, caller in another group', reads(ADMIN_ROLES, joinGroups([OTHER_GROUP]))),
  ...pg(
    'tallies and ballots, caller in another group',
    innerReads(ADMIN_ROLES, joinGroups([OTHER_GROUP])),
  ),
  // What the dashboard asks for besides a guest's groups: the polls open to everyone.
  ...pg('polls open to everyone', {
    list: {
      allowed: MEMBER_ROLES,
      what: "open, audience == 'everyone'",
      attempt: (a) =>
        a.db
          .collection(`${E}/polls`)
          .where('status', '==', 'open')
          .where('audience', '==', 'everyone')
          .get(),
    },
  }),
  // Rules are not filters: an unconstrained list would include the limited poll.
  ...pg('every poll', {
    list: {
      allowed: ADMIN_ROLES,
      what: 'open, whatever the audience',
      prepare: joinGroups([GROUP]),
      attempt: (a) => a.db.collection(`${E}/polls`).where('status', '==', 'open').get(),
    },
  }),
  // The item editor reads an item's poll before a limit edit, whether or not there is one.
  ...pg('a poll not proposed', {
    get: { allowed: ADMIN_ROLES, attempt: (a) => a.db.doc(`${E}/polls/item-none`).get() },
  }),
  // Limiting or lifting carries the poll along: both in one batch.
  ...pg('item limit lifted with its poll', {
    update: { allowed: ADMIN_ROLES, attempt: (a) => limitBoth(a, EVERYONE, EVERYONE) },
  }),
  ...pg('item limit changed with its poll', {
    update: { allowed: ADMIN_ROLES, attempt: (a) => limitBoth(a, TWO_GROUPS, TWO_GROUPS) },
  }),
  ...pg('item limit lifted, its poll left limited', {
    update: { allowed: NOBODY, attempt: (a) => a.db.doc(ITEM).update(EVERYONE) },
  }),
  ...pg('item limit lifted, its poll given another limit', {
    update: { allowed: NOBODY, attempt: (a) => limitBoth(a, EVERYONE, TWO_GROUPS) },
  }),
  ...pg("the poll's limit alone", {
    update: { allowed: NOBODY, attempt: (a) => a.db.doc(P).update(EVERYONE) },
  }),
  ...pg('the poll closed along with a limit edit', {
    update: {
      allowed: NOBODY,
      attempt: (a) => limitBoth(a, EVERYONE, { ...EVERYONE, status: 'closed' }),
    },
  }),
];

const deny = (
  operation: RulesCase['operation'],
  role: RulesCase['role'],
  what: string,
  attempt: RulesCase['attempt'],
  prepare?: RulesCase['prepare'],
): RulesCase => single('firestore', operation, role, 'deny', what, attempt, prepare);

export const pollGroupAttacks: RulesCase[] = [
  deny(
    'list',
    'attendee',
    'limited polls through the collection group, caller in the group',
    (a) => a.db.collectionGroup('polls').where(`groupAccess.${GROUP}`, '==', true).get(),
    joinGroups([GROUP]),
  ),
  deny('list', 'attendee', 'ballots of a limited poll through the collection group', (a) =>
    a.db.collectionGroup('ballots').where('pollId', '==', LIMITED_POLL).get(),
  ),
  deny('update', 'admin', "the event's own poll limited to a group", (a) =>
    a.db.doc(`${E}/polls/event`).update({ audience: 'groups', groupAccess: { [GROUP]: true } }),
  ),
];
