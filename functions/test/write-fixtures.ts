/**
 * One table of payloads for the writes reachable both directly and through `/api`
 * (docs/data-model.md, "Event settings" and "RSVPs"): the event settings write (`events/{e}`
 * update ⇔ PUT /api/events/{e}), where each row says whether both paths must accept or refuse
 * it; and a member's own RSVP, which only PUT /api/events/{e}/schedule/{s}/rsvp may write (it keeps the
 * counters; docs/performance.md, "Counters"): its rows say what the API does, and the direct
 * write of `events/{e}/schedule/{s}/rsvps/{uid}` must be refused for every row.
 * write-paths.test.ts runs every row both ways.
 *
 * Rows are written in the stored form both paths share (ISO dates as toISOString() writes
 * them). The API also normalises other ISO-8601 notations and '' to that form before the same
 * checks; the direct path stores exactly what it is given, so those notations are not rows.
 */
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import { DEFAULT_REMINDER_SETTINGS } from '@gatherly/domain/email/reminder-settings';

export type FixtureRole = 'creator' | 'admin' | 'attendee' | 'outsider';

export interface WriteFixture {
  name: string;
  write: 'settings' | 'rsvp';
  as: FixtureRole;
  /** Settings: the changed fields. RSVP: the member's fields besides the fixed ones. */
  payload: (ids: { eventId: string }) => Record<string, unknown>;
  /** Settings: both paths. RSVP: the API (the direct path refuses every RSVP). */
  accept: boolean;
}

/** The event every settings row starts from. */
export const BASELINE_DATES = {
  startDate: '2027-06-12T15:00:00.000Z',
  endDate: '2027-06-14T11:00:00.000Z',
};

const colours = {
  primary: '#112233',
  secondary: '#445566',
  tertiary: '#778899',
  background: '#AABBCC',
  surface: '#ddeeff',
};
const banner = (eventId: string) => ({
  style: 'full-width',
  autoRotate: false,
  rotateInterval: 6000,
  customBannerImage: `events/${eventId}/banner/cover.jpg`,
});
const x = (n: number) => 'x'.repeat(n);

const settings = (
  name: string,
  accept: boolean,
  payload: WriteFixture['payload'],
  as: FixtureRole = 'admin',
): WriteFixture => ({ name, write: 'settings', as, payload, accept });
const rsvp = (
  name: string,
  accept: boolean,
  payload: Record<string, unknown>,
  as: FixtureRole = 'attendee',
): WriteFixture => ({ name, write: 'rsvp', as, payload: () => payload, accept });

export const WRITE_FIXTURES: WriteFixture[] = [
  // -- settings: accepted
  settings('a new name', true, () => ({ name: 'Renamed' })),
  settings('a name of 120 characters', true, () => ({ name: x(120) })),
  settings('an empty description', true, () => ({ description: '' })),
  settings('a description of 2000 characters', true, () => ({ description: x(2000) })),
  settings('a location', true, () => ({ location: 'Porto' })),
  settings('a logo URL', true, () => ({ customLogo: 'https://example.com/logo.png' })),
  settings('no logo', true, () => ({ customLogo: '' })),
  settings('an earlier start', true, () => ({ startDate: '2027-06-11T09:00:00.000Z' })),
  settings('a later end', true, () => ({ endDate: '2027-06-20T09:00:00.000Z' })),
  settings('an end equal to the start', true, () => ({ endDate: BASELINE_DATES.startDate })),
  settings('both dates moved later together', true, () => ({
    startDate: '2027-08-01T09:00:00.000Z',
    endDate: '2027-08-02T09:00:00.000Z',
  })),
  settings('dates to TBD', true, () => ({ startDate: null, endDate: null })),
  settings('both dates on a leap day', true, () => ({
    startDate: '2028-02-29T09:00:00.000Z',
    endDate: '2028-03-01T09:00:00.000Z',
  })),
  settings('whole theme colours', true, () => ({ themeColors: colours })),
  settings('whole banner settings', true, ({ eventId }) => ({ bannerSettings: banner(eventId) })),
  settings('banner settings without an image', true, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), customBannerImage: null },
  })),
  settings('the creator renames', true, () => ({ name: 'By the creator' }), 'creator'),
  // -- settings: bad values
  settings('an empty name', false, () => ({ name: '' })),
  settings('a blank name', false, () => ({ name: '   ' })),
  settings('a name of 121 characters', false, () => ({ name: x(121) })),
  settings('a name that is a number', false, () => ({ name: 42 })),
  settings('a null name', false, () => ({ name: null })),
  settings('a description of 2001 characters', false, () => ({ description: x(2001) })),
  settings('a location of 201 characters', false, () => ({ location: x(201) })),
  settings('a javascript: logo', false, () => ({ customLogo: 'javascript:alert(1)' })),
  settings('an ftp logo', false, () => ({ customLogo: 'ftp://example.com/logo.png' })),
  settings('a logo URL of 2049 characters', false, () => ({
    customLogo: `https://${x(2041)}`,
  })),
  // -- settings: bad dates
  settings('a date in words', false, () => ({ startDate: 'next tuesday' })),
  settings('a date that is a number', false, () => ({ startDate: 20270613 })),
  settings('a day that does not exist', false, () => ({
    startDate: '2027-02-30T10:00:00.000Z',
    endDate: '2027-03-01T10:00:00.000Z',
  })),
  settings('hour 25', false, () => ({ startDate: '2027-06-12T25:00:00.000Z' })),
  settings('a date without a time', false, () => ({ startDate: '2027-06-12' })),
  // -- settings: end before start
  settings('a start after the stored end', false, () => ({
    startDate: '2027-07-01T09:00:00.000Z',
  })),
  settings('an end before the stored start', false, () => ({
    endDate: '2027-06-01T09:00:00.000Z',
  })),
  settings('both dates, the end first', false, () => ({
    startDate: '2027-08-02T09:00:00.000Z',
    endDate: '2027-08-01T09:00:00.000Z',
  })),
  // -- settings: keys
  settings('an unknown field', false, () => ({ isPremium: true })),
  settings('a field named constructor', false, () => ({ constructor: 1 })),
  settings('a server field (createdBy)', false, () => ({ createdBy: 'me' })),
  settings('two fields at once', false, () => ({ name: 'A', location: 'B' })),
  settings('a date and the name together', false, () => ({ startDate: null, name: 'A' })),
  settings('theme colours missing one', false, () => ({
    themeColors: { primary: '#112233', secondary: '#445566' },
  })),
  settings('theme colours with an extra key', false, () => ({
    themeColors: { ...colours, accent: '#000000' },
  })),
  settings('theme colours with toString', false, () => ({
    themeColors: { ...colours, toString: '#000000' },
  })),
  settings('a colour that is not hex', false, () => ({
    themeColors: { ...colours, primary: 'red' },
  })),
  // -- settings: banner
  settings('partial banner settings', false, () => ({ bannerSettings: { style: 'full-width' } })),
  settings('banner settings without autoRotate', false, ({ eventId }) => {
    const { autoRotate: _autoRotate, ...rest } = banner(eventId);
    return { bannerSettings: rest };
  }),
  settings('banner settings with an unknown key', false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), speed: 2 },
  })),
  settings('banner settings with valueOf', false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), valueOf: 2 },
  })),
  settings('an unknown banner style', false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), style: 'huge' },
  })),
  settings('a rotation of 10 ms', false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), rotateInterval: 10 },
  })),
  settings('a rotation of 61 s', false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), rotateInterval: 61000 },
  })),
  settings('a rotation as text', false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), rotateInterval: '4000' },
  })),
  settings('autoRotate as text', false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), autoRotate: 'yes' },
  })),
  settings("a banner from another event's folder", false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), customBannerImage: 'events/other/banner/x.jpg' },
  })),
  settings('a banner in a sub-folder', false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), customBannerImage: `events/${eventId}/banner/a/b.jpg` },
  })),
  settings("a banner named '..'", false, ({ eventId }) => ({
    bannerSettings: { ...banner(eventId), customBannerImage: `events/${eventId}/banner/..` },
  })),
  settings('a banner path of 1025 characters', false, ({ eventId }) => ({
    bannerSettings: {
      ...banner(eventId),
      customBannerImage: `events/${eventId}/banner/${x(1025 - `events/${eventId}/banner/`.length)}`,
    },
  })),
  // -- settings: reminder e-mails (domain/src/email/reminders.ts)
  settings('reminders 24 hours before, no day-of summary', true, () => ({
    reminderSettings: { unansweredHoursBefore: 24, dayOfSummary: false },
  })),
  settings('reminders off', true, () => ({
    reminderSettings: { unansweredHoursBefore: null, dayOfSummary: true },
  })),
  settings('reminders 1 hour before (the shortest)', true, () => ({
    reminderSettings: { unansweredHoursBefore: 1, dayOfSummary: true },
  })),
  settings('reminders 168 hours before (the longest)', true, () => ({
    reminderSettings: { unansweredHoursBefore: 168, dayOfSummary: true },
  })),
  settings('reminders 0 hours before', false, () => ({
    reminderSettings: { unansweredHoursBefore: 0, dayOfSummary: true },
  })),
  settings('reminders 169 hours before', false, () => ({
    reminderSettings: { unansweredHoursBefore: 169, dayOfSummary: true },
  })),
  settings('reminders 1.5 hours before', false, () => ({
    reminderSettings: { unansweredHoursBefore: 1.5, dayOfSummary: true },
  })),
  settings('reminder hours as text', false, () => ({
    reminderSettings: { unansweredHoursBefore: '48', dayOfSummary: true },
  })),
  settings('reminder settings without the summary switch', false, () => ({
    reminderSettings: { unansweredHoursBefore: 48 },
  })),
  settings('reminder settings with an extra key', false, () => ({
    reminderSettings: { unansweredHoursBefore: 48, dayOfSummary: true, sms: true },
  })),
  settings('a summary switch that is text', false, () => ({
    reminderSettings: { unansweredHoursBefore: 48, dayOfSummary: 'yes' },
  })),
  settings(
    'an attendee changes the reminders',
    false,
    () => ({
      reminderSettings: { unansweredHoursBefore: 24, dayOfSummary: true },
    }),
    'attendee',
  ),
  // -- "Guests can see who's going" (the guest list's privacy switch)
  settings("guests may not see who's going", true, () => ({ guestsSeeWhoIsGoing: false })),
  settings("guests may see who's going", true, () => ({ guestsSeeWhoIsGoing: true })),
  settings("who's going switch as text", false, () => ({ guestsSeeWhoIsGoing: 'false' })),
  settings("who's going switch as a number", false, () => ({ guestsSeeWhoIsGoing: 0 })),
  settings("who's going switch null", false, () => ({ guestsSeeWhoIsGoing: null })),
  settings(
    "an attendee shows everyone who's going",
    false,
    () => ({ guestsSeeWhoIsGoing: true }),
    'attendee',
  ),
  // -- Plus-ones each member may bring (docs/product.md, "Plus-ones, questions and waitlists")
  settings('one plus-one each', true, () => ({ plusOnesAllowed: 1 })),
  settings('no plus-ones', true, () => ({ plusOnesAllowed: 0 })),
  settings('the most plus-ones', true, () => ({ plusOnesAllowed: 10 })),
  settings('eleven plus-ones', false, () => ({ plusOnesAllowed: 11 })),
  settings('negative plus-ones', false, () => ({ plusOnesAllowed: -1 })),
  settings('half a plus-one', false, () => ({ plusOnesAllowed: 1.5 })),
  settings('plus-ones as text', false, () => ({ plusOnesAllowed: '2' })),
  settings('plus-ones null', false, () => ({ plusOnesAllowed: null })),
  settings('plus-ones with a rename', false, () => ({ plusOnesAllowed: 2, name: 'Both' })),
  settings('an attendee allows plus-ones', false, () => ({ plusOnesAllowed: 3 }), 'attendee'),
  // The host's questions are not a settings field: PUT /api/events/{e}/questions writes them.
  settings('questions as a setting', false, () => ({ questions: [] })),
  // -- settings: wrong role
  settings('an attendee renames', false, () => ({ name: 'Mine' }), 'attendee'),
  settings(
    'an attendee changes the banner',
    false,
    ({ eventId }) => ({
      bannerSettings: banner(eventId),
    }),
    'attendee',
  ),
  settings('an outsider renames', false, () => ({ name: 'Mine' }), 'outsider'),
  // -- RSVPs
  rsvp('going', true, { status: 'going' }),
  rsvp('maybe, by an admin', true, { status: 'maybe' }, 'admin'),
  rsvp('not going, by the creator', true, { status: 'not_going' }, 'creator'),
  rsvp('an unknown status', false, { status: 'yes' }),
  rsvp('a label instead of a status', false, { status: 'Going' }),
  rsvp('a status that is a number', false, { status: 1 }),
  rsvp('no status', false, {}),
  rsvp('an unknown field', false, { status: 'going', note: 'x' }),
  rsvp('a field named hasOwnProperty', false, { status: 'going', hasOwnProperty: 1 }),
  rsvp('an outsider answers', false, { status: 'going' }, 'outsider'),
  rsvp('going with a guest the event does not allow', false, {
    status: 'going',
    guests: [{ name: 'Sam' }],
  }),
  rsvp('maybe with a guest', false, { status: 'maybe', guests: [{ name: 'Sam' }] }),
  rsvp('going with a nameless guest', false, { status: 'going', guests: [{ name: ' ' }] }),
  rsvp('going, willing to wait', true, { status: 'going', waitlist: true }),
  rsvp('going with answers to no questions', true, { status: 'going', answers: {} }),
  rsvp('answers that are not a map', false, { status: 'going', answers: ['Vegan'] }),
  rsvp('the waitlisted state sent by a member', false, { status: 'waitlisted' }),
];

export const BASELINE_EVENT_FIELDS = {
  name: 'Fixture Event',
  description: 'The event every row starts from',
  location: 'Lisbon',
  ...BASELINE_DATES,
  customLogo: '',
  themeColors: { ...DEFAULT_THEME_COLORS },
  bannerSettings: { ...DEFAULT_BANNER_SETTINGS },
  reminderSettings: { ...DEFAULT_REMINDER_SETTINGS },
  guestsSeeWhoIsGoing: true,
};
