/**
 * firestore.rules and storage.rules repeat the domain's limits, enums and field lists (the
 * rules language cannot import them). This suite reads both files with the emulator's rules
 * parser and ties every literal to its source in @gatherly/domain, so they cannot drift apart:
 *
 * - a literal that differs from its domain constant fails, naming file, line and site;
 * - a literal with no entry below fails: a new limit, list or pattern in the rules must be tied
 *   to the domain here before it lands (field names tested with `'x' in keys` are exempt: the
 *   field lists they are checked against are tied);
 * - an entry that matches no literal fails, so the table never outlives the rules.
 *
 * A site is `<function or allow statement>: <expression with · for the literal>`
 * (rules-literals.ts explains the format). Field lists are tied to runtime domain objects
 * where one exists (schema fields, defaults), otherwise to the entity type through
 * `satisfies Record<keyof T, true>`, which `npm run typecheck` checks both ways (a missing or
 * an unknown field is a type error).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_BANNER_SETTINGS,
  DEFAULT_THEME_COLORS,
  type Event,
} from '@gatherly/domain/entities/events';
import type { Photo } from '@gatherly/domain/entities/photos';
import type { ScheduleItem } from '@gatherly/domain/entities/schedule';
import type { Member } from '@gatherly/domain/entities/members';
import { ITEM_AUDIENCES, ITEM_LIMIT_FIELDS, MAX_GROUPS_PER_EVENT } from '@gatherly/domain/groups';
import type { Announcement } from '@gatherly/domain/entities/activity';
import { pollIdFor } from '@gatherly/domain/polls';
import type { Poll, PollTarget } from '@gatherly/domain/entities/polls';
import type { Flight } from '@gatherly/domain/entities/travel';
import type { EditableUserFields, User } from '@gatherly/domain/entities/users';
import { MEMBER_ROLES, isAdminRole } from '@gatherly/domain/roles';
import {
  BANNER_MAX_ROTATE_INTERVAL_MS,
  BANNER_MIN_ROTATE_INTERVAL_MS,
  BANNER_STYLES,
  MAX_LENGTHS,
  CARPOOL_MAX_SEATS,
  CARPOOL_MIN_SEATS,
  createCarpoolRequestSchema,
  createFlightRequestSchema,
  eventUpdateFieldSchemas,
  isHexColor,
  isHttpUrl,
  scheduleItemFormSchema,
} from '@gatherly/domain/schemas';
import {
  BANNER_RESTRICTIONS,
  GALLERY_RESTRICTIONS,
  GALLERY_FOLDERS,
  MAX_IMAGE_BYTES,
  isAllowedType,
} from '@gatherly/domain/upload';
import { MAX_TIME_ZONE_LENGTH, TIME_ZONE_ID_PATTERN } from '@gatherly/domain/time-zones';
import { EMAIL_TOPICS } from '@gatherly/domain/email/preferences';
import { MAX_PLUS_ONES } from '@gatherly/domain/rsvp-options';
import {
  DEFAULT_REMINDER_SETTINGS,
  REMINDER_HOURS_MAX,
  REMINDER_HOURS_MIN,
} from '@gatherly/domain/email/reminder-settings';
import {
  agreesOn,
  checkLiterals,
  collectLiterals,
  equals,
  escapeRegex,
  matchPaths,
  sameMembers,
  type LiteralTable,
  type LiteralTie,
} from './rules-literals.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const firestoreRules = readFileSync(join(repoRoot, 'firestore.rules'), 'utf8');
const storageRules = readFileSync(join(repoRoot, 'storage.rules'), 'utf8');

// ---- Domain facts the rules encode ------------------------------------------------------------

/** "Admin status is true for admin or creator" (docs/product.md, "Members and roles"). */
const ADMIN_ROLES = MEMBER_ROLES.filter(isAdminRole);

/** Sample inputs with the domain's own answer for each. */
function judged(
  accepts: (input: string) => boolean,
  inputs: readonly string[],
): { input: string; domain: boolean }[] {
  return inputs.map((input) => ({ input, domain: accepts(input) }));
}

/** A date-time as stored: what the domain's API schema turns a valid input into (UTC `...Z`). */
function isApiDateTime(input: string): boolean {
  try {
    return eventUpdateFieldSchemas.startDate.validateSync(input) === input;
  } catch {
    return false;
  }
}

/** A content type every upload restriction of the domain (gallery and banner) allows. */
function isAllowedImageType(type: string): boolean {
  return [GALLERY_RESTRICTIONS, BANNER_RESTRICTIONS].every((r) =>
    isAllowedType({ name: 'upload', type }, r.allowedFileTypes),
  );
}

/** The object names a storage.rules match path covers, wildcards as one segment each. */
function storageMatchRegex(path: string, fill: Readonly<Record<string, string>>): RegExp {
  const body = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const wildcard = /^\{(\w+)\}$/.exec(segment);
      if (!wildcard) return escapeRegex(segment);
      const value = fill[wildcard[1]!];
      return value === undefined ? '[^/]+' : escapeRegex(value);
    })
    .join('/');
  return new RegExp(`^${body}$`);
}
const BANNER_STORAGE_PATH = '/events/{eventId}/banner/{fileName}';

/** Keys of a field record whose completeness the compiler checks (`satisfies Record<K, true>`). */
const keysOf = (record: Readonly<Record<string, true>>): string[] => Object.keys(record);

/**
 * What an admin writes; `rsvpCounts` is kept by the RSVP function only and `capacity` by
 * PUT /api/events/{e}/schedule/{s}/capacity (never client-written).
 */
const SCHEDULE_ITEM_FIELDS = keysOf({
  id: true,
  eventId: true,
  title: true,
  description: true,
  startTime: true,
  endTime: true,
  location: true,
  createdBy: true,
  createdAt: true,
  audience: true,
  groupAccess: true,
} satisfies Record<Exclude<keyof ScheduleItem, 'rsvpCounts' | 'capacity'>, true>);

/** The announcement field that keeps one about a limited item the admins' (absent = false). */
const ANNOUNCEMENT_LIMITED_FIELD = 'itemLimited' satisfies keyof Announcement;
/** The member field that lists a member's groups (Member.groupIds). */
const MEMBER_GROUPS_FIELD = 'groupIds' satisfies keyof Member;
/** The item field that names its audience, and the value "open to everyone". */
const AUDIENCE_FIELD = ITEM_LIMIT_FIELDS[0];
const [EVERYONE, GROUPS] = ITEM_AUDIENCES;
/** A poll's copy of its item's limit, under the item's field names. */
const POLL_AUDIENCE_FIELD = ITEM_LIMIT_FIELDS[0] satisfies keyof Poll;
const POLL_GROUP_ACCESS_FIELD = ITEM_LIMIT_FIELDS[1] satisfies keyof Poll;
const SCHEDULE_POLL_KIND = 'schedule' satisfies PollTarget['kind'];

/** The rules test each of a member's groups by index: 0 .. MAX_GROUPS_PER_EVENT - 1. */
const GROUP_INDEX_TIES: LiteralTable = Object.fromEntries(
  [...Array(MAX_GROUPS_PER_EVENT).keys()].map((i) => [
    `inAnyGroup: hasGroupAt(groups, ·, access) #${i + 1}`,
    equals(`group index ${i} (below MAX_GROUPS_PER_EVENT)`, i),
  ]),
);

/** A fixed value the domain does not name, with the reason it is what it is. */
function structural(value: number | string, reason: string): LiteralTie {
  return equals(reason, value);
}

/** The mark DELETE /api/events/{id} sets while it deletes (EventRecord in functions/src/db.ts). */
const DELETING_MARK = structural('deleting', 'the event field EventRecord.deleting');

// ---- The tables --------------------------------------------------------------------------------

const FIRESTORE: LiteralTable = {
  // Identity and membership
  'isAdmin: roleOf(eventId) in ·': sameMembers('MEMBER_ROLES.filter(isAdminRole)', ADMIN_ROLES),
  'isOpen: get(/databases/$(database)/documents/events/$(eventId)).data.get(·, false)':
    DELETING_MARK,
  'seesAnswersOf: roleOf(eventId) in ·': sameMembers(
    'MEMBER_ROLES.filter(isAdminRole)',
    ADMIN_ROLES,
  ),
  'seesAnswersOf: get(/databases/$(database)/documents/events/$(eventId)).data.get(·, true)':
    structural('guestsSeeWhoIsGoing', 'the event field Event.guestsSeeWhoIsGoing'),

  // Write shape
  'isRequiredText: value.trim().size() > ·': structural(
    0,
    'required text is non-blank after trimming (the schemas .trim().required())',
  ),
  'isIsoDateTime: value.matches(·)': agreesOn(
    'the stored form of eventUpdateFieldSchemas date-times (ISO-8601 UTC)',
    judged(isApiDateTime, [
      '2027-06-12T13:00:00.000Z',
      new Date(Date.UTC(2027, 0, 1)).toISOString(),
      '2027-06-12T15:00:00+02:00',
      '2027-06-12T15:00',
      '2027-06-12',
      '2027-06-12T13:00:00.000000001Z',
      'tomorrow',
      '',
    ]),
  ),
  // The year, month and day of the stored form YYYY-MM-DDT... (checked as a real calendar day).
  'isIsoDateTime: value[·:4]': structural(0, 'the year starts the stored form'),
  'isIsoDateTime: value[0:·]': structural(4, 'the year is four digits'),
  'isIsoDateTime: value[·:7]': structural(5, 'the month follows "YYYY-"'),
  'isIsoDateTime: value[5:·]': structural(7, 'the month is two digits'),
  'isIsoDateTime: value[·:10] #1': structural(8, 'the day follows "YYYY-MM-"'),
  'isIsoDateTime: value[8:·] #1': structural(10, 'the day is two digits'),
  'isIsoDateTime: value[·:10] #2': structural(8, 'the day follows "YYYY-MM-"'),
  'isIsoDateTime: value[8:·] #2': structural(10, 'the day is two digits'),
  'isTimeZoneId: value.size() <= ·': equals('MAX_TIME_ZONE_LENGTH', MAX_TIME_ZONE_LENGTH),
  'isTimeZoneId: value.matches(·)': agreesOn(
    'TIME_ZONE_ID_PATTERN',
    judged(
      (input) => TIME_ZONE_ID_PATTERN.test(input),
      [
        'UTC',
        'Europe/Paris',
        'America/Argentina/Buenos_Aires',
        'Etc/GMT+5',
        'America/Port-au-Prince',
        '',
        '1Europe/Paris',
        'Europe/',
        'Europe//Paris',
        '/Europe',
        'Europe/Par is',
        'Europe/Paris\n',
      ],
    ),
  ),
  'isHexColour: value.matches(·)': agreesOn(
    'isHexColor',
    judged(isHexColor, ['#6236ff', '#ABCDEF', '#abc', '6236ff', '#6236ffa', '#gggggg', '']),
  ),
  'isOptionalHttpUrl: value == ·': equals(
    "'' for no logo or avatar (eventUpdateFieldSchemas.customLogo)",
    eventUpdateFieldSchemas.customLogo.validateSync(''),
  ),
  // The domain parses with URL, the rules use a pattern. They differ on an upper-case scheme
  // and on a space in the path (URL accepts both, the pattern neither), so those inputs stay
  // out of the samples until one side changes.
  'isOptionalHttpUrl: value.matches(·)': agreesOn(
    'isHttpUrl',
    judged(isHttpUrl, [
      'https://example.com/logo.png',
      'http://example.com',
      'https://cdn.example.com/a/b.png?size=2',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'ftp://example.com/logo.png',
      'https://',
      'logo.png',
    ]),
  ),

  // Users
  'allow update /users/{userId}: onlyChanges(·)': sameMembers(
    'EditableUserFields, User.updatedAt and User.emailPreferences',
    keysOf({
      displayName: true,
      photoURL: true,
      phoneNumber: true,
      venmoUsername: true,
      updatedAt: true,
      emailPreferences: true,
    } satisfies Record<
      keyof EditableUserFields | Extract<keyof User, 'updatedAt' | 'emailPreferences'>,
      true
    >),
  ),
  'isValidEmailPreferences: prefs.keys().hasOnly(·)': sameMembers('EMAIL_TOPICS', EMAIL_TOPICS),
  'isValidProfileChange: isText(data.displayName, ·)': equals(
    'MAX_LENGTHS.displayName',
    MAX_LENGTHS.displayName,
  ),
  'isValidProfileChange: isOptionalHttpUrl(data.photoURL, ·)': equals(
    'MAX_LENGTHS.url',
    MAX_LENGTHS.url,
  ),
  'isValidProfileChange: isOptionalText(data.phoneNumber, ·)': equals(
    'MAX_LENGTHS.phoneNumber',
    MAX_LENGTHS.phoneNumber,
  ),
  'isValidProfileChange: isOptionalText(data.venmoUsername, ·)': equals(
    'MAX_LENGTHS.venmoUsername',
    MAX_LENGTHS.venmoUsername,
  ),

  // Event settings
  'isValidSettingsWrite: keys.hasOnly(·) #1': sameMembers(
    'eventUpdateFieldSchemas fields and bannerSettings',
    [...new Set([...Object.keys(eventUpdateFieldSchemas), 'bannerSettings'])],
  ),
  'isValidSettingsWrite: keys.size() <= ·': structural(
    1,
    'settings save one field at a time (docs/data-model.md)',
  ),
  'isValidSettingsWrite: keys.hasOnly(·) #2': sameMembers(
    'Event.startDate and Event.endDate (Dates TBD clears both)',
    ['startDate', 'endDate'] satisfies (keyof Event)[],
  ),
  'isValidSettingsWrite: keys.hasAny(·)': sameMembers(
    'Event.startDate and Event.endDate (an end never precedes its start)',
    ['startDate', 'endDate'] satisfies (keyof Event)[],
  ),
  'isValidSettingsWrite: isRequiredText(data.name, ·)': equals(
    'MAX_LENGTHS.eventName',
    MAX_LENGTHS.eventName,
  ),
  'isValidSettingsWrite: isText(data.description, ·)': equals(
    'MAX_LENGTHS.eventDescription',
    MAX_LENGTHS.eventDescription,
  ),
  'isValidSettingsWrite: isText(data.location, ·)': equals(
    'MAX_LENGTHS.eventLocation',
    MAX_LENGTHS.eventLocation,
  ),
  'isValidSettingsWrite: isOptionalHttpUrl(data.customLogo, ·)': equals(
    'MAX_LENGTHS.url',
    MAX_LENGTHS.url,
  ),
  'isValidSettingsWrite: data.plusOnesAllowed >= ·': structural(
    0,
    'no plus-ones is the least allowance (plusOnesAllowedSchema)',
  ),
  'isValidSettingsWrite: data.plusOnesAllowed <= ·': equals('MAX_PLUS_ONES', MAX_PLUS_ONES),
  'isValidReminderSettings: hasExactly(settings, ·)': sameMembers(
    'ReminderSettings (DEFAULT_REMINDER_SETTINGS)',
    Object.keys(DEFAULT_REMINDER_SETTINGS),
  ),
  'isValidReminderSettings: settings.unansweredHoursBefore >= ·': equals(
    'REMINDER_HOURS_MIN',
    REMINDER_HOURS_MIN,
  ),
  'isValidReminderSettings: settings.unansweredHoursBefore <= ·': equals(
    'REMINDER_HOURS_MAX',
    REMINDER_HOURS_MAX,
  ),
  'isValidThemeColors: hasExactly(colors, ·)': sameMembers(
    'ThemeColors (DEFAULT_THEME_COLORS)',
    Object.keys(DEFAULT_THEME_COLORS),
  ),
  'isValidBannerSettings: hasExactly(banner, ·)': sameMembers(
    'BannerSettings (DEFAULT_BANNER_SETTINGS)',
    Object.keys(DEFAULT_BANNER_SETTINGS),
  ),
  'isValidBannerSettings: banner.style in ·': sameMembers('BANNER_STYLES', BANNER_STYLES),
  'isValidBannerSettings: banner.rotateInterval >= ·': equals(
    'BANNER_MIN_ROTATE_INTERVAL_MS',
    BANNER_MIN_ROTATE_INTERVAL_MS,
  ),
  'isValidBannerSettings: banner.rotateInterval <= ·': equals(
    'BANNER_MAX_ROTATE_INTERVAL_MS',
    BANNER_MAX_ROTATE_INTERVAL_MS,
  ),
  'isValidBannerSettings: isText(banner.customBannerImage, ·)': equals(
    'MAX_LENGTHS.objectPath',
    MAX_LENGTHS.objectPath,
  ),
  // The banner image must be an object the storage.rules banner match covers, for this event.
  'isValidBannerSettings: banner.customBannerImage.matches(·) #1': agreesOn(
    `storage.rules match ${BANNER_STORAGE_PATH}`,
    judged(
      (name) => storageMatchRegex(BANNER_STORAGE_PATH, { eventId: 'event-1' }).test(name),
      [
        'events/event-1/banner/cover.jpg',
        'events/event-1/banner/lqz3k-a8f9.jpg',
        'events/event-1/banner/',
        'events/event-1/banner/a/b.jpg',
        'events/event-2/banner/cover.jpg',
        'events/event-1/photos/user-1/cover.jpg',
        'events/event-1x/banner/cover.jpg',
      ],
    ),
    { eventId: 'event-1' },
  ),
  'isValidBannerSettings: banner.customBannerImage.matches(·) #2': structural(
    '.*/[.][.]?$',
    'a file name is never . or .. (storage object names)',
  ),

  // Members, photos
  'allow update /events/{eventId}/photos/{photoId}: onlyChanges(·)': sameMembers(
    'Photo.caption (the uploader edits the caption)',
    ['caption'] satisfies (keyof Photo)[],
  ),
  'allow update /events/{eventId}/photos/{photoId}: isText(incoming().caption, ·)': equals(
    'MAX_LENGTHS.caption',
    MAX_LENGTHS.caption,
  ),

  // Carpools
  'allow update /events/{eventId}/carpools/{carpoolId}: onlyChanges(·)': sameMembers(
    'createCarpoolRequestSchema fields',
    Object.keys(createCarpoolRequestSchema.fields),
  ),
  'isValidCarpoolFields: isText(data.fromLocation, ·)': equals(
    'MAX_LENGTHS.carpoolLocation',
    MAX_LENGTHS.carpoolLocation,
  ),
  'isValidCarpoolFields: isText(data.toLocation, ·)': equals(
    'MAX_LENGTHS.carpoolLocation',
    MAX_LENGTHS.carpoolLocation,
  ),
  'isValidCarpoolFields: data.maxSeats >= ·': equals('CARPOOL_MIN_SEATS', CARPOOL_MIN_SEATS),
  'isValidCarpoolFields: data.maxSeats <= ·': equals('CARPOOL_MAX_SEATS', CARPOOL_MAX_SEATS),
  // Flights
  'allow update /events/{eventId}/flights/{flightId}: onlyChanges(·)': sameMembers(
    'createFlightRequestSchema fields',
    Object.keys(createFlightRequestSchema.fields),
  ),
  'isValidFlightFields: isText(data.airline, ·)': equals(
    'MAX_LENGTHS.airline',
    MAX_LENGTHS.airline,
  ),
  'isValidFlightFields: isText(data.flightNumber, ·)': equals(
    'MAX_LENGTHS.flightNumber',
    MAX_LENGTHS.flightNumber,
  ),
  'isValidFlightFields: isText(data.departure, ·)': equals(
    'MAX_LENGTHS.airport',
    MAX_LENGTHS.airport,
  ),
  'isValidFlightFields: isText(data.arrival, ·)': equals(
    'MAX_LENGTHS.airport',
    MAX_LENGTHS.airport,
  ),
  'isValidFlightFields: data.get(·, null) #1': equals(
    'Flight.departureTimeZone',
    'departureTimeZone' satisfies keyof Flight,
  ),
  'isValidFlightFields: data.get(·, null) #2': equals(
    'Flight.arrivalTimeZone',
    'arrivalTimeZone' satisfies keyof Flight,
  ),

  // Schedule and RSVPs
  'allow create /events/{eventId}/schedule/{itemId}: hasExactly(incoming(), ·)': sameMembers(
    'ScheduleItem fields',
    SCHEDULE_ITEM_FIELDS,
  ),
  'allow update /events/{eventId}/schedule/{itemId}: onlyChanges(·)': sameMembers(
    'scheduleItemFormSchema fields a ScheduleItem stores (its timeZone is the entry zone only; its groupIds are stored as ITEM_LIMIT_FIELDS)',
    [
      ...Object.keys(scheduleItemFormSchema.fields).filter((f) => SCHEDULE_ITEM_FIELDS.includes(f)),
      ...ITEM_LIMIT_FIELDS,
    ],
  ),
  'allow update /events/{eventId}/schedule/{itemId}: changedKeys().hasAny(·)': sameMembers(
    'ITEM_LIMIT_FIELDS',
    ITEM_LIMIT_FIELDS,
  ),
  'isValidGroupLimit: data.groupAccess.size() <= ·': equals(
    'MAX_GROUPS_PER_EVENT',
    MAX_GROUPS_PER_EVENT,
  ),
  'isValidGroupLimit: data.audience == · #1': equals('ITEM_AUDIENCES[0]', EVERYONE),
  'isValidGroupLimit: data.groupAccess.size() == ·': structural(0, 'open to everyone: no groups'),
  'isValidGroupLimit: data.audience == · #2': equals('ITEM_AUDIENCES[1]', GROUPS),
  'isValidGroupLimit: data.groupAccess.size() > ·': structural(0, 'limited: at least one group'),

  // Guest groups
  'groupsOf: memberDoc(eventId).data.get(·, [])': equals('Member.groupIds', MEMBER_GROUPS_FIELD),
  ...GROUP_INDEX_TIES,
  'seesItem: roleOf(eventId) in ·': sameMembers('MEMBER_ROLES.filter(isAdminRole)', ADMIN_ROLES),
  "seesItem: item.get(·, 'everyone')": equals('ITEM_LIMIT_FIELDS[0]', AUDIENCE_FIELD),
  "seesItem: item.get('audience', ·)": equals('ITEM_AUDIENCES[0] (absent = everyone)', EVERYONE),
  "seesItem: item.get('audience', 'everyone') == ·": equals('ITEM_AUDIENCES[0]', EVERYONE),
  // A schedule item's date poll carries a copy of its limit (domain/src/entities/polls.ts).
  'pollOfItemPath: /databases/$(database)/documents/events/$(eventId)/polls/$(·)': equals(
    "pollIdFor({ kind: 'schedule', scheduleId })",
    pollIdFor({ kind: 'schedule', scheduleId: '$(itemId)' }),
  ),
  "pollFollowsLimit: getAfter(pollOfItemPath(eventId, itemId)).data.get(·, 'everyone')": equals(
    'ITEM_LIMIT_FIELDS[0] (Poll.audience)',
    POLL_AUDIENCE_FIELD,
  ),
  "pollFollowsLimit: getAfter(pollOfItemPath(eventId, itemId)).data.get('audience', ·)": equals(
    'ITEM_AUDIENCES[0] (absent = everyone)',
    EVERYONE,
  ),
  'pollFollowsLimit: getAfter(pollOfItemPath(eventId, itemId)).data.get(·, {})': equals(
    'ITEM_LIMIT_FIELDS[1] (Poll.groupAccess)',
    POLL_GROUP_ACCESS_FIELD,
  ),
  'allow update /events/{eventId}/polls/{pollId}: resource.data.target.kind == ·': equals(
    "PollTarget kind of a schedule item's poll",
    SCHEDULE_POLL_KIND,
  ),
  'allow update /events/{eventId}/polls/{pollId}: onlyChanges(·)': sameMembers(
    'ITEM_LIMIT_FIELDS (the copy on the poll)',
    ITEM_LIMIT_FIELDS,
  ),
  'allow get, list /events/{eventId}/announcements/{announcementId}: resource.data.get(·, false)':
    equals('Announcement.itemLimited', ANNOUNCEMENT_LIMITED_FIELD),
  'isValidScheduleFields: isRequiredText(data.title, ·)': equals(
    'MAX_LENGTHS.scheduleTitle',
    MAX_LENGTHS.scheduleTitle,
  ),
  'isValidScheduleFields: isText(data.description, ·)': equals(
    'MAX_LENGTHS.scheduleDescription',
    MAX_LENGTHS.scheduleDescription,
  ),
  'isValidScheduleFields: isText(data.location, ·)': equals(
    'MAX_LENGTHS.scheduleLocation',
    MAX_LENGTHS.scheduleLocation,
  ),
};

const STORAGE: LiteralTable = {
  'isOpen: firestore.get(/databases/(default)/documents/events/$(eventId)).data.get(·, false)':
    DELETING_MARK,
  'isAdmin: roleOf(eventId) in ·': sameMembers('MEMBER_ROLES.filter(isAdminRole)', ADMIN_ROLES),
  'isImageWithinLimit: request.resource.contentType.matches(·)': agreesOn(
    "GALLERY_RESTRICTIONS and BANNER_RESTRICTIONS allowedFileTypes ('image/*')",
    judged(isAllowedImageType, [
      'image/png',
      'image/jpeg',
      'image/webp',
      'image/heic',
      'application/pdf',
      'text/html',
      'video/mp4',
      'application/octet-stream',
      '',
    ]),
  ),
  'isImageWithinLimit: request.resource.size <= ·': equals('MAX_IMAGE_BYTES', MAX_IMAGE_BYTES),
  'isGalleryFolder: kind in ·': sameMembers('GALLERY_FOLDERS', GALLERY_FOLDERS),
};

// ---- The checks --------------------------------------------------------------------------------

describe('rules literals are the domain constants', () => {
  it('firestore.rules: every literal is tied and matches', () => {
    expect(checkLiterals('firestore.rules', firestoreRules, FIRESTORE)).toEqual([]);
  });

  it('storage.rules: every literal is tied and matches', () => {
    expect(checkLiterals('storage.rules', storageRules, STORAGE)).toEqual([]);
  });

  it('storage.rules still has the banner folder the Firestore banner pattern is tied to', () => {
    expect(matchPaths(storageRules)).toContain(BANNER_STORAGE_PATH);
  });

  it('sees numbers, string lists, strings and templates in the rules', () => {
    const kinds = new Set(
      [...collectLiterals(firestoreRules), ...collectLiterals(storageRules)].map((s) => s.kind),
    );
    expect([...kinds].sort()).toEqual(['list', 'number', 'string', 'template']);
  });
});

describe('the check fails on drift (edited copies of the rules in a temp folder)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gatherly-rules-drift-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * Writes an edited copy of a rules file, checks it as the suite checks the real one and
   * returns the problems the edit added (so these cases keep their meaning while the real file
   * has problems of its own, which the cases above report).
   */
  function checkEdited(
    name: string,
    source: string,
    table: LiteralTable,
    edit: [from: string, to: string],
  ): string[] {
    expect(source).toContain(edit[0]);
    const path = join(dir, name);
    writeFileSync(
      path,
      source.replace(edit[0], () => edit[1]),
    );
    const before = new Set(checkLiterals(name, source, table));
    return checkLiterals(name, readFileSync(path, 'utf8'), table).filter((p) => !before.has(p));
  }

  it('a changed length cap', () => {
    const problems = checkEdited('firestore.rules', firestoreRules, FIRESTORE, [
      'isText(data.description, 2000)',
      'isText(data.description, 2001)',
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /firestore\.rules:\d+:\d+ "isValidSettingsWrite: isText\(data\.description, ·\)" drifted from MAX_LENGTHS\.eventDescription: the rules say 2001, the domain 2000/,
    );
  });

  it('a changed upload size', () => {
    const problems = checkEdited('storage.rules', storageRules, STORAGE, [
      '<= 10485760',
      '<= 20971520',
    ]);
    expect(problems).toEqual([expect.stringMatching(/drifted from MAX_IMAGE_BYTES/)]);
  });

  it('a renamed event field in a rule', () => {
    const problems = checkEdited('firestore.rules', firestoreRules, FIRESTORE, [
      "data.get('guestsSeeWhoIsGoing', true)",
      "data.get('guestsCanSee', true)",
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/drifted from the event field Event\.guestsSeeWhoIsGoing/),
    ]);
  });

  it('a role list or banner style that drifted', () => {
    expect(
      checkEdited('storage.rules', storageRules, STORAGE, [
        "in ['admin', 'creator']",
        "in ['admin', 'creator', 'attendee']",
      ]),
    ).toEqual([expect.stringMatching(/isAdmin: roleOf\(eventId\) in ·" drifted/)]);
    expect(
      checkEdited('firestore.rules', firestoreRules, FIRESTORE, [
        "['contained', 'full-width']",
        "['contained', 'fullwidth']",
      ]),
    ).toEqual([expect.stringMatching(/drifted from BANNER_STYLES/)]);
  });

  it('a pattern that accepts what the domain rejects', () => {
    const problems = checkEdited('firestore.rules', firestoreRules, FIRESTORE, [
      "'^#[0-9a-fA-F]{6}$'",
      "'^#[0-9a-fA-F]{3,6}$'",
    ]);
    expect(problems).toEqual([
      expect.stringMatching(/drifted from isHexColor: '#abc': domain rejects/),
    ]);
  });

  it('a new, untied limit', () => {
    const problems = checkEdited('firestore.rules', firestoreRules, FIRESTORE, [
      'isText(data.airline, 100)',
      'isText(data.airline, 100) && data.airline.size() >= 2',
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /number 2 at "isValidFlightFields: data\.airline\.size\(\) >= ·" is not tied to a domain constant/,
      ),
    ]);
  });

  it('a new, untied string list', () => {
    const problems = checkEdited('firestore.rules', firestoreRules, FIRESTORE, [
      'isText(incoming().caption, 500)',
      "isText(incoming().caption, 500) && resource.data.contentType in ['image/png']",
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /list \["image\/png"\] at ".*resource\.data\.contentType in ·" is not tied/,
      ),
    ]);
  });

  it('a rules file that does not parse', () => {
    const problems = checkEdited('storage.rules', storageRules, STORAGE, [
      "matches('image/.*')",
      "matches('image/.*)",
    ]);
    expect(problems).toEqual([expect.stringMatching(/^storage\.rules:\d+:\d+ does not parse: /)]);
  });

  it('an entry whose literal is gone', () => {
    const problems = checkEdited('firestore.rules', firestoreRules, FIRESTORE, [
      '&& banner.rotateInterval <= 60000',
      '',
    ]);
    expect(problems).toEqual([
      expect.stringMatching(
        /"isValidBannerSettings: banner\.rotateInterval <= ·" matches no literal/,
      ),
    ]);
  });
});
