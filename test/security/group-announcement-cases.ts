import { ADMIN_ROLES, EVENT, GROUP, MEMBER_ROLES, NOBODY, UID } from './fixtures.ts';
import { listenDoc, listenQuery, matrix, ownOf, type Owner, type RulesCase } from './cases.ts';

/**
 * Announcements to guest groups (docs/product.md, "Guest groups"): the announcement carries
 * `itemLimited: true` and `groupAccess` (group id -> true); its feed line lives in the group's
 * feed (`groups/{g}/feed`). Members of the group and the admins read both; other members
 * neither, by get or by list; nobody writes them from a client (only the function does, after
 * the role check, the daily limit and the existence of the groups).
 */
const E = `events/${EVENT}`;
const ANNOUNCEMENT = 'announcement-group';
const OTHER_GROUP = 'group-family';
const announcementPath = `${E}/announcements/${ANNOUNCEMENT}`;
const feedLine = `${E}/groups/${GROUP}/feed/announcement:${ANNOUNCEMENT}`;

const ga = (area: string, cells: Parameters<typeof matrix>[2]): RulesCase[] =>
  matrix('firestore', `group announcements: ${area}`, cells);

const groupAnnouncement = (authorId: string) => ({
  eventId: EVENT,
  authorId,
  author: { displayName: `Name ${authorId}`, photoURL: '' },
  message: 'Rehearsal at 5, chapel entrance',
  audience: { kind: 'groups', groupIds: [GROUP] },
  audienceLabel: 'Wedding party',
  itemLimited: true,
  groupAccess: { [GROUP]: true },
  recipientCount: 2,
  createdAt: new Date('2030-01-01T00:00:00.000Z'),
});

const line = {
  id: `announcement:${ANNOUNCEMENT}`,
  kind: 'announcement',
  actor: { displayName: `Name ${UID.creator}`, photoURL: '' },
  subjectId: ANNOUNCEMENT,
  title: `Name ${UID.creator} sent an announcement to Wedding party: “Rehearsal at 5”`,
  at: new Date('2030-01-01T00:00:00.000Z'),
};

/** Seeds the announcement and its feed line; puts the event's members in `groupIds`. */
const seed =
  (groupIds: string[] | null) =>
  async (owner: Owner): Promise<void> => {
    await owner.db.doc(announcementPath).set(groupAnnouncement(UID.creator));
    await owner.db.doc(feedLine).set(line);
    if (groupIds === null) return;
    await Promise.all(
      (['attendee', 'admin', 'creator'] as const).map((role) =>
        owner.db.doc(`${E}/members/${UID[role]}`).update({ groupIds }),
      ),
    );
  };

const byGroup = (db: Parameters<RulesCase['attempt']>[0]['db'], group: string) =>
  db.collection(`${E}/announcements`).where(`groupAccess.${group}`, '==', true);

/** The read cells of both documents, for the callers who may (`allowed`). */
function reads(allowed: typeof MEMBER_ROLES, prepare: (owner: Owner) => Promise<void>) {
  return {
    announcement: ga('announcement', {
      get: { allowed, prepare, attempt: (a) => a.db.doc(announcementPath).get() },
      list: {
        allowed,
        what: `groupAccess.${GROUP} == true`,
        prepare,
        attempt: (a) => byGroup(a.db, GROUP).get(),
      },
    }),
    feed: ga('group feed', {
      get: { allowed, prepare, attempt: (a) => a.db.doc(feedLine).get() },
      list: {
        allowed,
        what: 'newest first',
        prepare,
        attempt: (a) =>
          a.db.collection(`${E}/groups/${GROUP}/feed`).orderBy('at', 'desc').limit(20).get(),
      },
    }),
  };
}

const rename = (cases: RulesCase[], state: string): RulesCase[] =>
  cases.map((c) => ({ ...c, name: c.name.replace(' · ', ` (${state}) · `) }));

const outside = reads(ADMIN_ROLES, seed(null));
const inside = reads(MEMBER_ROLES, seed([GROUP]));
const secondGroup = reads(MEMBER_ROLES, seed([OTHER_GROUP, GROUP]));
const otherGroup = reads(ADMIN_ROLES, seed([OTHER_GROUP]));

export const groupAnnouncementCases: RulesCase[] = [
  // Listeners only where they come first or allow (a client's cache of an earlier allowed
  // read could answer a denied one).
  ...ga('announcement, caller in no group', {
    listen: {
      allowed: ADMIN_ROLES,
      prepare: seed(null),
      attempt: (a) => listenDoc(a.db, announcementPath),
    },
  }),
  ...rename([...outside.announcement, ...outside.feed], 'caller in no group'),
  ...rename([...inside.announcement, ...inside.feed], 'caller in the group'),
  ...rename([...secondGroup.announcement, ...secondGroup.feed], 'the group is the caller’s second'),
  ...rename([...otherGroup.announcement, ...otherGroup.feed], 'caller in another group'),
  ...ga('group feed, caller in the group', {
    listen: {
      allowed: MEMBER_ROLES,
      prepare: seed([GROUP]),
      attempt: (a) =>
        listenQuery(a.db.collection(`${E}/groups/${GROUP}/feed`).orderBy('at', 'desc')),
    },
  }),
  // A member asking for another group's feed, or for every group announcement, is refused.
  ...ga('another group’s feed, caller in the group', {
    list: {
      allowed: ADMIN_ROLES,
      prepare: seed([GROUP]),
      attempt: (a) => a.db.collection(`${E}/groups/${OTHER_GROUP}/feed`).get(),
    },
  }),
  ...ga('every group announcement, caller in the group', {
    list: {
      allowed: ADMIN_ROLES,
      what: 'itemLimited == true',
      prepare: seed([GROUP]),
      attempt: (a) => a.db.collection(`${E}/announcements`).where('itemLimited', '==', true).get(),
    },
  }),
  ...ga('collectionGroup(feed)', {
    list: {
      allowed: NOBODY,
      prepare: seed([GROUP]),
      attempt: (a) => a.db.collectionGroup('feed').get(),
    },
  }),
  // Nobody forges one: not as a group announcement (skipping the role check, the limit and
  // the e-mails), nor its feed line, nor by editing or deleting them.
  ...ga('announcement writes, caller in the group', {
    create: {
      allowed: NOBODY,
      what: 'a group announcement as its author',
      prepare: seed([GROUP]),
      attempt: (a) =>
        a.db.doc(`${E}/announcements/forged-${ownOf(a)}`).set(groupAnnouncement(ownOf(a))),
    },
    update: {
      allowed: NOBODY,
      what: 'widens groupAccess',
      prepare: seed([GROUP]),
      attempt: (a) =>
        a.db.doc(announcementPath).update({ groupAccess: { [GROUP]: true, [OTHER_GROUP]: true } }),
    },
    delete: {
      allowed: NOBODY,
      prepare: seed([GROUP]),
      attempt: (a) => a.db.doc(announcementPath).delete(),
    },
  }),
  ...ga('group feed writes, caller in the group', {
    create: {
      allowed: NOBODY,
      what: 'a forged line',
      prepare: seed([GROUP]),
      attempt: (a) =>
        a.db.doc(`${E}/groups/${GROUP}/feed/announcement:forged-${ownOf(a)}`).set(line),
    },
    update: {
      allowed: NOBODY,
      prepare: seed([GROUP]),
      attempt: (a) => a.db.doc(feedLine).update({ title: 'Edited' }),
    },
    delete: {
      allowed: NOBODY,
      prepare: seed([GROUP]),
      attempt: (a) => a.db.doc(feedLine).delete(),
    },
  }),
];
