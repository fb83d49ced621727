import { describe, expect, it } from 'vitest';
import {
  MAX_LENGTHS,
  bannerPhotoSchema,
  bannerSettingsSchema,
  carpoolFormSchema,
  createCarpoolRequestSchema,
  createEventFormSchema,
  createEventRequestSchema,
  createFlightRequestSchema,
  eventUpdateFieldSchemas,
  flightFormSchema,
  inviteFormSchema,
  inviteRequestSchema,
  isDateTimeLocal,
  isHexColor,
  isHttpUrl,
  isIsoDateTime,
  parseWith,
  photoRecordSchema,
  roleChangeSchema,
  rsvpSchema,
  scheduleItemFormSchema,
  userProfileSchema,
  validateSettingsField,
} from '../src/schemas.ts';

const errorsOf = (result: { ok: boolean; errors?: string[] }) =>
  result.ok ? [] : (result.errors ?? []);

describe('create event form', () => {
  it('requires a name; empty and blank names fail', () => {
    expect(errorsOf(parseWith(createEventFormSchema, { name: '' }))).toEqual([
      'Event name is required',
    ]);
    expect(errorsOf(parseWith(createEventFormSchema, { name: '   ' }))).toEqual([
      'Event name is required',
    ]);
  });

  it('accepts a name alone with defaults for the rest', () => {
    const r = parseWith(createEventFormSchema, { name: 'Wedding' });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value).toMatchObject({
        name: 'Wedding',
        description: '',
        location: '',
        startDate: '',
        endDate: '',
        customLogo: '',
        datesTbd: false,
      });
      expect(r.value.themeColors).toEqual({
        primary: '#6236ff',
        secondary: '#14b8a6',
        tertiary: '#f59e0b',
      });
    }
  });

  it('accepts empty (TBD) dates and rejects an end before the start', () => {
    expect(parseWith(createEventFormSchema, { name: 'x', startDate: '', endDate: '' }).ok).toBe(
      true,
    );
    expect(
      parseWith(createEventFormSchema, {
        name: 'x',
        startDate: '2027-06-12T15:00',
        endDate: '2027-06-12T15:00',
      }).ok,
    ).toBe(true);
    expect(
      errorsOf(
        parseWith(createEventFormSchema, {
          name: 'x',
          startDate: '2027-06-12T15:00',
          endDate: '2027-06-12T14:59',
        }),
      ),
    ).toEqual(['End date cannot be before the start date']);
  });

  it('rejects malformed colours and logo URLs', () => {
    expect(
      errorsOf(parseWith(createEventFormSchema, { name: 'x', themeColors: { primary: 'purple' } })),
    ).toEqual(['Please enter a colour as a hex value like #6236ff']);
    expect(
      parseWith(createEventFormSchema, { name: 'x', customLogo: 'javascript:alert(1)' }).ok,
    ).toBe(false);
    expect(
      parseWith(createEventFormSchema, { name: 'x', customLogo: 'https://example.org/logo.png' })
        .ok,
    ).toBe(true);
  });
});

describe('settings fields (one at a time)', () => {
  it.each([
    ['name', '', 'Event name is required'],
    ['name', 'Trip', null],
    ['description', '', null],
    ['location', '', null],
    ['startDate', '', null],
    ['endDate', '2027-06-12T15:00', null],
    ['startDate', 'next tuesday', 'Please enter a valid date and time'],
    ['customLogo', '', null],
    ['customLogo', 'not a url', 'Please enter a valid URL starting with http:// or https://'],
  ] as const)('%s = %j → %s', (field, value, expected) => {
    expect(validateSettingsField(field, value)).toBe(expected);
  });

  it('themeColors must carry all five hex colours', () => {
    const full = {
      primary: '#6236ff',
      secondary: '#14b8a6',
      tertiary: '#f59e0b',
      background: '#ffffff',
      surface: '#f8fafc',
    };
    expect(validateSettingsField('themeColors', full)).toBeNull();
    expect(validateSettingsField('themeColors', { ...full, surface: '#fff' })).toBe(
      'Please enter a colour as a hex value like #6236ff',
    );
  });
});

describe('create event request (server)', () => {
  it('normalises dates to UTC, turns empty dates into null and strips unknown keys', () => {
    const r = parseWith(createEventRequestSchema, {
      name: '  Reunion ',
      startDate: '2027-06-12T17:00:00+02:00',
      endDate: '',
      adminId: 'spoofed',
    });
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.name).toBe('Reunion');
      expect(r.value.startDate).toBe('2027-06-12T15:00:00.000Z');
      expect(r.value.endDate).toBeNull();
      expect('adminId' in r.value).toBe(false);
    }
  });

  it('caps lengths: name 120, description 2000', () => {
    expect(
      parseWith(createEventRequestSchema, { name: 'n'.repeat(MAX_LENGTHS.eventName) }).ok,
    ).toBe(true);
    expect(errorsOf(parseWith(createEventRequestSchema, { name: 'n'.repeat(121) }))).toEqual([
      'Must be at most 120 characters',
    ]);
    expect(
      errorsOf(parseWith(createEventRequestSchema, { name: 'n', description: 'd'.repeat(2001) })),
    ).toEqual(['Must be at most 2000 characters']);
  });

  it('rejects non-ISO dates and end before start', () => {
    expect(
      errorsOf(parseWith(createEventRequestSchema, { name: 'n', startDate: '12/06/2027' })),
    ).toEqual(['Please enter a valid date and time']);
    expect(
      errorsOf(
        parseWith(createEventRequestSchema, {
          name: 'n',
          startDate: '2027-06-12T15:00:00Z',
          endDate: '2027-06-11T15:00:00Z',
        }),
      ),
    ).toEqual(['End date cannot be before the start date']);
  });

  it('allows null dates and partial theme colours', () => {
    const r = parseWith(createEventRequestSchema, {
      name: 'n',
      startDate: null,
      endDate: null,
      themeColors: { primary: '#000000' },
    });
    expect(r.ok).toBe(true);
  });
});

describe('event update fields and banner settings (server)', () => {
  it('validates single fields', () => {
    expect(parseWith(eventUpdateFieldSchemas.name, '').ok).toBe(false);
    expect(parseWith(eventUpdateFieldSchemas.description, '').ok).toBe(true);
    expect(parseWith(eventUpdateFieldSchemas.startDate, null).ok).toBe(true);
    expect(parseWith(eventUpdateFieldSchemas.location, 'x'.repeat(201)).ok).toBe(false);
  });

  it('banner settings are whole (every key) and reject bad values', () => {
    const whole = {
      style: 'full-width',
      autoRotate: false,
      rotateInterval: 4000,
      customBannerImage: null,
    };
    expect(parseWith(bannerSettingsSchema, whole).ok).toBe(true);
    expect(parseWith(bannerSettingsSchema, { autoRotate: false }).ok).toBe(false);
    expect(parseWith(bannerSettingsSchema, { ...whole, style: 'tiled' }).ok).toBe(false);
    expect(parseWith(bannerSettingsSchema, { ...whole, rotateInterval: 999 }).ok).toBe(false);
    expect(parseWith(bannerSettingsSchema, { ...whole, rotateInterval: 1500.5 }).ok).toBe(false);
    expect(parseWith(bannerSettingsSchema, { ...whole, autoRotate: 'yes' }).ok).toBe(false);
    expect(parseWith(bannerSettingsSchema, undefined)).toEqual({
      ok: false,
      errors: ['Banner settings are required'],
    });
  });
});

describe('flight form', () => {
  it('requires both times with the spec messages', () => {
    expect(errorsOf(parseWith(flightFormSchema, {}))).toEqual([
      'Departure time is required',
      'Arrival time is required',
    ]);
    expect(errorsOf(parseWith(flightFormSchema, { departureTime: '2027-06-12T10:00' }))).toEqual([
      'Arrival time is required',
    ]);
  });

  it('defaults the other fields to empty', () => {
    const r = parseWith(flightFormSchema, {
      departureTime: '2027-06-12T10:00',
      arrivalTime: '2027-06-12T12:00',
    });
    expect(r.ok && r.value).toMatchObject({
      airline: '',
      flightNumber: '',
      departure: '',
      arrival: '',
    });
  });

  it('server variant needs ISO times and caps the flight number', () => {
    const base = {
      departureTime: '2027-06-12T10:00:00.000Z',
      arrivalTime: '2027-06-12T12:00:00.000Z',
    };
    expect(parseWith(createFlightRequestSchema, base).ok).toBe(true);
    expect(
      parseWith(createFlightRequestSchema, { ...base, departureTime: '2027-06-12T10:00' }).ok,
    ).toBe(false);
    expect(parseWith(createFlightRequestSchema, { ...base, flightNumber: 'F'.repeat(21) }).ok).toBe(
      false,
    );
  });
});

describe('carpool form', () => {
  it('requires departure time; seats default to 4', () => {
    expect(errorsOf(parseWith(carpoolFormSchema, {}))).toEqual(['Departure time is required']);
    const r = parseWith(carpoolFormSchema, { departureTime: '2027-06-12T10:00' });
    expect(r.ok && r.value.maxSeats).toBe(4);
  });

  it.each([
    [0, 'Seats must be at least 1'],
    [1, null],
    [8, null],
    [9, 'Seats cannot be more than 8'],
    [2.5, 'Seats must be a whole number'],
    ['abc', 'Seats must be a number'],
  ] as const)('maxSeats %s → %s', (maxSeats, expected) => {
    const errors = errorsOf(
      parseWith(carpoolFormSchema, { departureTime: '2027-06-12T10:00', maxSeats }),
    );
    expect(errors).toEqual(expected ? [expected] : []);
  });

  it('server variant applies the same seat bounds', () => {
    const base = { departureTime: '2027-06-12T10:00:00Z' };
    expect(parseWith(createCarpoolRequestSchema, { ...base, maxSeats: 8 }).ok).toBe(true);
    expect(parseWith(createCarpoolRequestSchema, { ...base, maxSeats: 9 }).ok).toBe(false);
  });
});

describe('invite form', () => {
  it.each([
    ['', 'Please enter a valid email address'],
    ['not-an-email', 'Please enter a valid email address'],
    ['someone@', 'Please enter a valid email address'],
    ['a@b', 'Please enter a valid email address'],
    ['a@b.', 'Please enter a valid email address'],
    ['friend@example.org', null],
    ['first.last@mail.example.co.uk', null],
  ])('userEmail %j → %s', (userEmail, expected) => {
    const errors = errorsOf(parseWith(inviteFormSchema, { userEmail, role: 'attendee' }));
    expect(errors).toEqual(expected ? [expected] : []);
  });

  it('role defaults to attendee and must be admin or attendee', () => {
    const r = parseWith(inviteFormSchema, { userEmail: 'a@b.co' });
    expect(r.ok && r.value.role).toBe('attendee');
    expect(errorsOf(parseWith(inviteFormSchema, { userEmail: 'a@b.co', role: 'creator' }))).toEqual(
      ['Please select a role'],
    );
    expect(errorsOf(parseWith(inviteFormSchema, { userEmail: 'a@b.co', role: '' }))).toEqual([
      'Please select a role',
    ]);
  });

  it('server variant lower-cases the e-mail', () => {
    const r = parseWith(inviteRequestSchema, { userEmail: ' Friend@Example.ORG ', role: 'admin' });
    // No guest groups given: none.
    expect(r.ok && r.value).toEqual({
      userEmail: 'friend@example.org',
      role: 'admin',
      groupIds: [],
    });
  });

  it('takes at most 10 guest groups for the invitation', () => {
    const ids = (n: number) => [...Array(n).keys()].map((i) => `g${i}`);
    const ten = parseWith(inviteRequestSchema, { userEmail: 'a@b.org', groupIds: ids(10) });
    expect(ten.ok && ten.value.groupIds).toEqual(ids(10));
    const eleven = parseWith(inviteRequestSchema, { userEmail: 'a@b.org', groupIds: ids(11) });
    expect(eleven.ok).toBe(false);
  });
});

describe('rsvp, role change, photo and schedule schemas', () => {
  it.each(['going', 'not_going', 'maybe'])('rsvp %s is valid', (status) => {
    expect(parseWith(rsvpSchema, { status }).ok).toBe(true);
  });

  it('rejects unknown rsvp statuses', () => {
    expect(parseWith(rsvpSchema, { status: 'Not Responded' }).ok).toBe(false);
    expect(parseWith(rsvpSchema, {}).ok).toBe(false);
  });

  it('role change accepts admin/attendee only', () => {
    expect(parseWith(roleChangeSchema, { role: 'admin' }).ok).toBe(true);
    expect(errorsOf(parseWith(roleChangeSchema, { role: 'creator' }))).toEqual([
      'Please select a role',
    ]);
  });

  it('photo record needs filename and object path; caption capped at 500', () => {
    expect(
      parseWith(photoRecordSchema, { filename: 'a.jpg', objectPath: 'events/e/photos/u/a.jpg' }).ok,
    ).toBe(true);
    expect(parseWith(photoRecordSchema, { filename: '', objectPath: 'p' }).ok).toBe(false);
    expect(parseWith(photoRecordSchema, { filename: 'a', objectPath: '' }).ok).toBe(false);
    expect(
      parseWith(photoRecordSchema, { filename: 'a', objectPath: 'p', caption: 'c'.repeat(501) }).ok,
    ).toBe(false);
    // The upload batch: an id a client mints (letters, digits, - and _), '' or absent for none.
    const batch = (batchId: unknown) =>
      parseWith(photoRecordSchema, { filename: 'a', objectPath: 'p', batchId });
    const ok = batch('Ab3_-x9QzLm0PqRsTuVw');
    expect(ok.ok && ok.value.batchId).toBe('Ab3_-x9QzLm0PqRsTuVw');
    const none = parseWith(photoRecordSchema, { filename: 'a', objectPath: 'p' });
    expect(none.ok && none.value.batchId).toBe('');
    expect(batch('').ok).toBe(true);
    expect(batch('b'.repeat(64)).ok).toBe(true);
    for (const bad of ['b'.repeat(65), 'a/b', 'a:b', 'a b', '..', 'é']) {
      expect(errorsOf(batch(bad)), bad).toEqual([
        'batchId must be 1 to 64 letters, digits, - or _',
      ]);
    }
    const b = parseWith(bannerPhotoSchema, {
      filename: 'b.png',
      objectPath: 'events/e/banner/b.png',
    });
    expect(b.ok && b.value.setBanner).toBe(true);
  });

  it('schedule item needs a title and start; end not before start', () => {
    expect(errorsOf(parseWith(scheduleItemFormSchema, {}))).toEqual([
      'Title is required',
      'Start time is required',
    ]);
    expect(
      parseWith(scheduleItemFormSchema, { title: 'Dinner', startTime: '2027-06-12T19:00' }).ok,
    ).toBe(true);
    expect(
      errorsOf(
        parseWith(scheduleItemFormSchema, {
          title: 'Dinner',
          startTime: '2027-06-12T19:00',
          endTime: '2027-06-12T18:00',
        }),
      ),
    ).toEqual(['End time cannot be before the start time']);
  });

  it('user profile caps fields and checks the photo URL', () => {
    expect(parseWith(userProfileSchema, { displayName: 'Ada', photoURL: '' }).ok).toBe(true);
    expect(parseWith(userProfileSchema, { displayName: 'x'.repeat(101) }).ok).toBe(false);
    expect(parseWith(userProfileSchema, { photoURL: 'data:image/png;base64,AAA' }).ok).toBe(false);
  });
});

describe('format predicates', () => {
  it.each([
    ['#6236ff', true],
    ['#ABCDEF', true],
    ['#fff', false],
    ['6236ff', false],
    ['#6236fg', false],
  ])('isHexColor(%s) = %s', (value, expected) => {
    expect(isHexColor(value)).toBe(expected);
  });

  it('ISO, datetime-local and URL checks', () => {
    expect(isIsoDateTime('2027-06-12T15:00:00.000Z')).toBe(true);
    expect(isIsoDateTime('2027-06-12T15:00')).toBe(false);
    expect(isIsoDateTime('2027-13-12T15:00:00Z')).toBe(false);
    expect(isIsoDateTime('2027-02-30T10:00:00Z')).toBe(false);
    expect(isIsoDateTime('2028-02-29T10:00:00Z')).toBe(true);
    expect(isDateTimeLocal('2027-02-29T10:00')).toBe(false);
    expect(isDateTimeLocal('2027-06-12T15:00')).toBe(true);
    expect(isDateTimeLocal('2027-06-12')).toBe(false);
    expect(isHttpUrl('http://x.test/a.png')).toBe(true);
    expect(isHttpUrl('ftp://x.test/a.png')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });
});

describe('forms carry the server length caps', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['create-event name', () => parseWith(createEventFormSchema, { name: long(121) })],
    [
      'create-event location',
      () => parseWith(createEventFormSchema, { name: 'A', location: long(201) }),
    ],
    [
      'flight airline',
      () =>
        parseWith(flightFormSchema, { airline: long(101), departureTime: 'x', arrivalTime: 'y' }),
    ],
    [
      'carpool from',
      () => parseWith(carpoolFormSchema, { fromLocation: long(201), departureTime: 'x' }),
    ],
  ])('%s over the cap is refused', (_label, run) => {
    expect(run().ok).toBe(false);
  });

  it('accepts exactly the cap', () => {
    expect(parseWith(createEventFormSchema, { name: long(120) }).ok).toBe(true);
    expect(validateSettingsField('name', long(120))).toBeNull();
    expect(validateSettingsField('name', long(121))).not.toBeNull();
    expect(validateSettingsField('description', long(2001))).not.toBeNull();
  });
});
