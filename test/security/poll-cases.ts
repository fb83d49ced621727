/**
 * Date polls (docs/data-model.md, "Date polls"): every write goes through the poll functions
 * (they keep the tally shards equal to the ballots), members read the poll and its tallies, and
 * who answered what follows "Guests can see who's going". Both ways, for every role, including
 * list queries and the collection groups.
 */
import firebase from 'firebase/compat/app';
import 'firebase/compat/firestore';
import {
  listenDoc,
  listenQuery,
  matrix,
  ownOf,
  single,
  type Owner,
  type RulesCase,
} from './cases.ts';
import { ADMIN_ROLES, EVENT, MEMBER_ROLES, NOBODY, OTHER_EVENT, UID } from './fixtures.ts';
import { OPTION_A, OPTION_B, POLL, ballot, poll } from './poll-seed.ts';

const E = `events/${EVENT}`;
const P = `${E}/polls/${POLL}`;

const fs = (area: string, cells: Parameters<typeof matrix>[2]): RulesCase[] =>
  matrix('firestore', area, cells);

const hideAnswers = async (owner: Owner): Promise<void> => {
  await owner.db.doc(E).update({ guestsSeeWhoIsGoing: false });
};

const polls = [
  ...fs('polls/{poll}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(P).get() },
    list: {
      allowed: MEMBER_ROLES,
      what: "the event's polls open to everyone",
      attempt: (a) => a.db.collection(`${E}/polls`).where('audience', '==', 'everyone').get(),
    },
    listen: { allowed: MEMBER_ROLES, attempt: (a) => listenDoc(a.db, P) },
    create: {
      allowed: NOBODY,
      what: 'a poll for an item, past the function',
      attempt: (a) =>
        a.db
          .doc(`${E}/polls/item-x`)
          .set({ ...poll(EVENT), target: { kind: 'schedule', scheduleId: 'x' } }),
    },
    update: {
      allowed: NOBODY,
      what: 'close it with a chosen option',
      attempt: (a) => a.db.doc(P).update({ status: 'closed', chosenOptionId: OPTION_A }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(P).delete() },
  }),
  ...fs('polls/{poll}/tallies', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(`${P}/tallies/0`).get() },
    listen: {
      allowed: MEMBER_ROLES,
      what: 'the live tallies',
      attempt: (a) => listenQuery(a.db.collection(`${P}/tallies`)),
    },
    create: {
      allowed: NOBODY,
      what: 'a made-up shard',
      attempt: (a) =>
        a.db.doc(`${P}/tallies/7`).set({ counts: { [OPTION_A]: { yes: 100 } }, voters: 100 }),
    },
    update: {
      allowed: NOBODY,
      what: 'bump a count',
      attempt: (a) =>
        a.db.doc(`${P}/tallies/0`).update({
          [`counts.${OPTION_A}.yes`]: firebase.firestore.FieldValue.increment(1),
        }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${P}/tallies/0`).delete() },
  }),
  ...fs('polls/{poll}/ballots/{own}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(`${P}/ballots/${ownOf(a)}`).get() },
    create: {
      allowed: NOBODY,
      what: 'a ballot past the function',
      prepare: async (owner, role) =>
        owner.db.doc(`${P}/ballots/${role === 'signedOut' ? UID.attendee : UID[role]}`).delete(),
      attempt: (a) => a.db.doc(`${P}/ballots/${ownOf(a)}`).set(ballot(EVENT, ownOf(a))),
    },
    update: {
      allowed: NOBODY,
      what: 'change an answer without moving the tallies',
      attempt: (a) =>
        a.db.doc(`${P}/ballots/${ownOf(a)}`).update({ [`answers.${OPTION_B}`]: 'yes' }),
    },
    delete: { allowed: NOBODY, attempt: (a) => a.db.doc(`${P}/ballots/${ownOf(a)}`).delete() },
  }),
  ...fs('polls/{poll}/ballots/{own} answers hidden', {
    get: {
      allowed: MEMBER_ROLES,
      prepare: hideAnswers,
      attempt: (a) => a.db.doc(`${P}/ballots/${ownOf(a)}`).get(),
    },
    list: {
      allowed: MEMBER_ROLES,
      what: 'userId == caller',
      prepare: hideAnswers,
      attempt: (a) => a.db.collection(`${P}/ballots`).where('userId', '==', ownOf(a)).get(),
    },
  }),
  ...fs('polls/{poll}/ballots', {
    list: {
      allowed: MEMBER_ROLES,
      what: 'who answered what, a page by name',
      attempt: (a) => a.db.collection(`${P}/ballots`).orderBy('user.displayName').limit(50).get(),
    },
    listen: {
      allowed: MEMBER_ROLES,
      what: 'who answered what, live',
      attempt: (a) =>
        listenQuery(a.db.collection(`${P}/ballots`).orderBy('user.displayName').limit(50)),
    },
  }),
  ...fs('polls/{poll}/ballots answers hidden', {
    list: {
      allowed: ADMIN_ROLES,
      what: 'who answered what',
      prepare: hideAnswers,
      attempt: (a) => a.db.collection(`${P}/ballots`).orderBy('user.displayName').limit(50).get(),
    },
  }),
  ...fs('polls/{poll}/ballots/{attendee2}', {
    get: { allowed: MEMBER_ROLES, attempt: (a) => a.db.doc(`${P}/ballots/${UID.attendee2}`).get() },
  }),
  ...fs('polls/{poll}/ballots/{attendee2} answers hidden', {
    get: {
      allowed: ADMIN_ROLES,
      prepare: hideAnswers,
      attempt: (a) => a.db.doc(`${P}/ballots/${UID.attendee2}`).get(),
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

const attacks: RulesCase[] = [
  deny('get', 'attendee', "member reads another event's poll", (a) =>
    a.db.doc(`events/${OTHER_EVENT}/polls/${POLL}`).get(),
  ),
  deny('list', 'admin', "admin lists another event's ballots", (a) =>
    a.db.collection(`events/${OTHER_EVENT}/polls/${POLL}/ballots`).get(),
  ),
  deny('list', 'attendee', "member listens to another event's tallies", (a) =>
    listenQuery(a.db.collection(`events/${OTHER_EVENT}/polls/${POLL}/tallies`)),
  ),
  deny('list', 'attendee', 'ballots collection group across events', (a) =>
    a.db.collectionGroup('ballots').where('userId', '==', UID.stranger).get(),
  ),
  deny('list', 'creator', 'polls collection group across events', (a) =>
    a.db.collectionGroup('polls').where('status', '==', 'open').get(),
  ),
  deny('list', 'attendee', 'tallies collection group', (a) =>
    a.db.collectionGroup('tallies').get(),
  ),
  deny(
    'list',
    'attendee',
    'member asks for who answered what by name while answers are hidden',
    (a) => a.db.collection(`${P}/ballots`).where('userId', '==', UID.attendee2).get(),
    hideAnswers,
  ),
  deny('update', 'creator', 'creator re-opens a poll directly', (a) =>
    a.db.doc(P).update({ status: 'open', chosenOptionId: null }),
  ),
  deny('create', 'attendee', 'member writes a ballot for someone else', (a) =>
    a.db.doc(`${P}/ballots/${UID.newcomer}`).set(ballot(EVENT, UID.newcomer)),
  ),
];

export const pollCases: RulesCase[] = [...polls, ...attacks];
