import {
  ADMIN_ROLES,
  EVENT,
  MEMBER_ROLES,
  NOBODY,
  OTHER_EVENT,
  SIGNED_IN_ROLES,
  UID,
  type Role,
} from './fixtures.ts';
import { listenQuery, matrix, ownOf, single, type Actor, type RulesCase } from './cases.ts';

/**
 * E-mail (docs/data-model.md, "E-mail"): announcements are read by members and written only by
 * the announcement function; the scheduler's reminderRuns and the mail queue are server-only
 * (mail: firestore-matrix.ts); people change their own e-mail preferences, and admins the event's
 * reminder settings, within the shapes the domain defines.
 */
const E = `events/${EVENT}`;
const fs = (area: string, cells: Parameters<typeof matrix>[2]): RulesCase[] =>
  matrix('firestore', area, cells);

const announcement = (authorId: string) => ({
  eventId: EVENT,
  authorId,
  author: { displayName: 'Me', photoURL: '' },
  message: 'Free drinks for everyone',
  audience: { kind: 'all' },
  audienceLabel: 'Everyone',
  itemLimited: false,
  recipientCount: 0,
  createdAt: new Date(),
});

const announcements = [
  ...fs('announcements', {
    get: {
      allowed: MEMBER_ROLES,
      attempt: (a) => a.db.doc(`${E}/announcements/announcement-1`).get(),
    },
    // One about an item limited to groups is the admins' (group-cases.ts): members' lists say
    // they want the others.
    list: {
      allowed: ADMIN_ROLES,
      attempt: (a) =>
        a.db.collection(`${E}/announcements`).orderBy('createdAt', 'desc').limit(20).get(),
    },
    listen: {
      allowed: MEMBER_ROLES,
      what: 'itemLimited == false',
      attempt: (a) =>
        listenQuery(a.db.collection(`${E}/announcements`).where('itemLimited', '==', false)),
    },
    create: {
      allowed: NOBODY,
      what: 'as its author, skipping the limit and the e-mails',
      attempt: (a) => a.db.doc(`${E}/announcements/new-${ownOf(a)}`).set(announcement(ownOf(a))),
    },
    update: {
      allowed: NOBODY,
      what: 'message',
      attempt: (a) => a.db.doc(`${E}/announcements/announcement-1`).update({ message: 'Edited' }),
    },
    delete: {
      allowed: NOBODY,
      attempt: (a) => a.db.doc(`${E}/announcements/announcement-1`).delete(),
    },
  }),
  ...fs('collectionGroup(announcements) all', {
    list: { allowed: NOBODY, attempt: (a) => a.db.collectionGroup('announcements').get() },
  }),
];

const reminderRuns = fs('reminderRuns', {
  get: { allowed: NOBODY, attempt: (a) => a.db.doc(`${E}/reminderRuns/unanswered:item-1`).get() },
  list: { allowed: NOBODY, attempt: (a) => a.db.collection(`${E}/reminderRuns`).get() },
  create: {
    allowed: NOBODY,
    what: 'marking reminders sent',
    attempt: (a) =>
      a.db
        .doc(`${E}/reminderRuns/day-of:2027-06-12`)
        .set({ kind: 'day-of', key: '2027-06-12', mailCount: 0 }),
  },
  update: {
    allowed: NOBODY,
    attempt: (a) => a.db.doc(`${E}/reminderRuns/unanswered:item-1`).update({ mailCount: 99 }),
  },
  delete: {
    allowed: NOBODY,
    what: 'to be reminded again',
    attempt: (a) => a.db.doc(`${E}/reminderRuns/unanswered:item-1`).delete(),
  },
});

const preferences = [
  ...fs('users/{own} emailPreferences', {
    update: {
      allowed: SIGNED_IN_ROLES,
      what: 'reminders off',
      attempt: (a) =>
        a.db.doc(`users/${ownOf(a)}`).update({ emailPreferences: { reminders: false } }),
    },
  }),
  ...fs('users/{other} emailPreferences', {
    update: {
      allowed: NOBODY,
      what: 'announcements off for someone else',
      attempt: (a) =>
        a.db.doc(`users/${UID.attendee2}`).update({ emailPreferences: { announcements: false } }),
    },
  }),
];

const allow = (role: Role, what: string, attempt: (a: Actor) => Promise<unknown>) =>
  single('firestore', 'update', role, 'allow', what, attempt);
const deny = (role: Role, what: string, attempt: (a: Actor) => Promise<unknown>) =>
  single('firestore', 'update', role, 'deny', what, attempt);

const ownPrefs = (a: Actor, value: unknown) =>
  a.db.doc(`users/${ownOf(a)}`).update({ emailPreferences: value });

const preferenceShapes = [
  allow('attendee', 'e-mail preferences, both topics', (a) =>
    ownPrefs(a, { reminders: true, announcements: false }),
  ),
  deny('attendee', 'e-mail preferences with an unknown topic', (a) =>
    ownPrefs(a, { reminders: false, marketing: true }),
  ),
  deny('attendee', 'e-mail preferences not a boolean', (a) => ownPrefs(a, { reminders: 'off' })),
  deny('attendee', 'e-mail preferences not a map', (a) => ownPrefs(a, false)),
];

const settings = (value: unknown) => (a: Actor) => a.db.doc(E).update({ reminderSettings: value });

const reminderSettings = [
  ...fs('events/{event} reminderSettings', {
    update: {
      allowed: ADMIN_ROLES,
      what: '24 hours, summary on',
      attempt: settings({ unansweredHoursBefore: 24, dayOfSummary: true }),
    },
  }),
  allow(
    'admin',
    'reminder settings off',
    settings({ unansweredHoursBefore: null, dayOfSummary: false }),
  ),
  allow(
    'creator',
    'reminder settings one week',
    settings({ unansweredHoursBefore: 168, dayOfSummary: true }),
  ),
  deny(
    'admin',
    'reminder settings 0 hours',
    settings({ unansweredHoursBefore: 0, dayOfSummary: true }),
  ),
  deny(
    'admin',
    'reminder settings 169 hours',
    settings({ unansweredHoursBefore: 169, dayOfSummary: true }),
  ),
  deny(
    'admin',
    'reminder settings 2.5 hours',
    settings({ unansweredHoursBefore: 2.5, dayOfSummary: true }),
  ),
  deny(
    'admin',
    'reminder settings hours as text',
    settings({ unansweredHoursBefore: '48', dayOfSummary: true }),
  ),
  deny(
    'admin',
    'reminder settings without the summary switch',
    settings({ unansweredHoursBefore: 48 }),
  ),
  deny(
    'admin',
    'reminder settings with an extra key',
    settings({ unansweredHoursBefore: 48, dayOfSummary: true, spam: true }),
  ),
  deny('admin', 'reminder settings with the name in one write', (a) =>
    a.db.doc(E).update({
      name: 'Renamed',
      reminderSettings: { unansweredHoursBefore: 48, dayOfSummary: true },
    }),
  ),
  deny('admin', 'reminder settings of another event', (a) =>
    a.db
      .doc(`events/${OTHER_EVENT}`)
      .update({ reminderSettings: { unansweredHoursBefore: 1, dayOfSummary: true } }),
  ),
];

export const emailCases: RulesCase[] = [
  ...announcements,
  ...reminderRuns,
  ...preferences,
  ...preferenceShapes,
  ...reminderSettings,
];
