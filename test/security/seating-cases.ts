// Seating charts (docs/data-model.md, "Seating"): admins and the creator read the whole chart;
// a member reads only their own placement and the one table they sit at, and only while "Show
// guests their table" is on; nobody writes directly (the seating functions do). Each case
// prepares the chart it needs with rules bypassed.
import {
  ADMIN_ROLES,
  EVENT,
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

const CHART = `events/${EVENT}/seatingCharts/${SCHEDULE_ITEM}`;
const TABLES = `${CHART}/tables`;
const PLACEMENTS = `${CHART}/placements`;
/** Every member role sits at this table; attendee2 alone at the other. */
const MINE = `${TABLES}/t-mine`;
const THEIRS = `${TABLES}/t-theirs`;
const seated = [UID.creator, UID.admin, UID.attendee];

const person = (userId: string) => ({ userId, person: 'self', name: userId, child: false });
const table = (id: string, memberIds: string[]) => ({
  eventId: EVENT,
  scheduleId: SCHEDULE_ITEM,
  name: id,
  number: 1,
  shape: 'round',
  seats: 8,
  order: 0,
  people: memberIds.map(person),
  memberIds,
  updatedAt: serverTime(),
});

/** The chart with both tables and everyone's placement; `shown`: "Show guests their table". */
const chart = (shown: boolean) => async (owner: Owner, _role?: Role) => {
  await owner.db.doc(CHART).set({
    eventId: EVENT,
    scheduleId: SCHEDULE_ITEM,
    showGuestsTheirTable: shown,
    tableCount: 2,
    nextOrder: 2,
    updatedAt: serverTime(),
  });
  await owner.db.doc(MINE).set(table('t-mine', seated));
  await owner.db.doc(THEIRS).set(table('t-theirs', [UID.attendee2]));
  for (const uid of [...seated, UID.attendee2]) {
    await owner.db.doc(`${PLACEMENTS}/${uid}`).set({
      eventId: EVENT,
      scheduleId: SCHEDULE_ITEM,
      userId: uid,
      tables: { self: uid === UID.attendee2 ? 't-theirs' : 't-mine' },
      updatedAt: serverTime(),
    });
  }
};
const shown = chart(true);
const hidden = chart(false);

const fs = (area: string, cells: Parameters<typeof matrix>[2]): RulesCase[] =>
  matrix('firestore', `seating: ${area}`, cells);

export const seatingCases: RulesCase[] = [
  ...fs('chart, shown', {
    get: { allowed: MEMBER_ROLES, prepare: shown, attempt: (a) => a.db.doc(CHART).get() },
  }),
  ...fs('chart, hidden', {
    get: { allowed: ADMIN_ROLES, prepare: hidden, attempt: (a) => a.db.doc(CHART).get() },
    create: {
      allowed: NOBODY,
      attempt: (a) =>
        a.db.doc(`events/${EVENT}/seatingCharts/item-new`).set({
          eventId: EVENT,
          scheduleId: 'item-new',
          showGuestsTheirTable: true,
          tableCount: 0,
          nextOrder: 0,
          updatedAt: serverTime(),
        }),
    },
    update: {
      allowed: NOBODY,
      prepare: hidden,
      what: 'showGuestsTheirTable on',
      attempt: (a) => a.db.doc(CHART).update({ showGuestsTheirTable: true }),
    },
    delete: { allowed: NOBODY, prepare: hidden, attempt: (a) => a.db.doc(CHART).delete() },
  }),
  ...fs('the table the caller sits at, shown', {
    get: { allowed: MEMBER_ROLES, prepare: shown, attempt: (a) => a.db.doc(MINE).get() },
    listen: { allowed: MEMBER_ROLES, prepare: shown, attempt: (a) => listenDoc(a.db, MINE) },
    list: {
      allowed: ADMIN_ROLES,
      prepare: shown,
      what: 'memberIds array-contains caller: members get it by id instead',
      attempt: (a) => a.db.collection(TABLES).where('memberIds', 'array-contains', ownOf(a)).get(),
    },
  }),
  ...fs('the table the caller sits at, hidden', {
    get: { allowed: ADMIN_ROLES, prepare: hidden, attempt: (a) => a.db.doc(MINE).get() },
  }),
  ...fs('another table, shown', {
    get: { allowed: ADMIN_ROLES, prepare: shown, attempt: (a) => a.db.doc(THEIRS).get() },
  }),
  ...fs('every table (the whole chart), shown', {
    list: { allowed: ADMIN_ROLES, prepare: shown, attempt: (a) => a.db.collection(TABLES).get() },
    listen: {
      allowed: ADMIN_ROLES,
      prepare: shown,
      what: "another party's table by memberIds",
      // (The whole collection could first be answered from the client's cache of the caller's
      // own table, so the listener asks for another party's.)
      attempt: (a) =>
        listenQuery(a.db.collection(TABLES).where('memberIds', 'array-contains', UID.attendee2)),
    },
  }),
  ...fs('tables', {
    create: {
      allowed: NOBODY,
      prepare: shown,
      attempt: (a) => a.db.doc(`${TABLES}/t-new`).set(table('t-new', [ownOf(a)])),
    },
    update: {
      allowed: NOBODY,
      prepare: shown,
      what: 'seat the caller',
      attempt: (a) => a.db.doc(THEIRS).update({ memberIds: [ownOf(a)] }),
    },
    delete: { allowed: NOBODY, prepare: shown, attempt: (a) => a.db.doc(MINE).delete() },
  }),
  ...fs('own placement, shown', {
    get: {
      allowed: MEMBER_ROLES,
      prepare: shown,
      attempt: (a) => a.db.doc(`${PLACEMENTS}/${ownOf(a)}`).get(),
    },
    list: {
      allowed: MEMBER_ROLES,
      prepare: shown,
      what: 'userId == caller',
      attempt: (a) => a.db.collection(PLACEMENTS).where('userId', '==', ownOf(a)).get(),
    },
  }),
  ...fs('own placement, hidden', {
    get: {
      allowed: ADMIN_ROLES,
      prepare: hidden,
      attempt: (a) => a.db.doc(`${PLACEMENTS}/${ownOf(a)}`).get(),
    },
  }),
  ...fs('placements', {
    get: {
      allowed: ADMIN_ROLES,
      prepare: shown,
      what: "attendee2's",
      attempt: (a) => a.db.doc(`${PLACEMENTS}/${UID.attendee2}`).get(),
    },
    list: {
      allowed: ADMIN_ROLES,
      prepare: shown,
      attempt: (a) => a.db.collection(PLACEMENTS).get(),
    },
    create: {
      allowed: NOBODY,
      attempt: (a) =>
        a.db.doc(`${PLACEMENTS}/${ownOf(a)}`).set({
          eventId: EVENT,
          scheduleId: SCHEDULE_ITEM,
          userId: ownOf(a),
          tables: { self: 't-mine' },
          updatedAt: serverTime(),
        }),
    },
    update: {
      allowed: NOBODY,
      prepare: shown,
      what: 'own table changed',
      attempt: (a) =>
        a.db.doc(`${PLACEMENTS}/${ownOf(a)}`).update({ tables: { self: 't-theirs' } }),
    },
    delete: {
      allowed: NOBODY,
      prepare: shown,
      attempt: (a) => a.db.doc(`${PLACEMENTS}/${ownOf(a)}`).delete(),
    },
  }),
];
