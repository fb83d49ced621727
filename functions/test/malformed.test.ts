import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiRoutes } from '../src/app.ts';
import { startStack, type Stack, type TestUser } from './harness.ts';
import {
  ISO,
  dumpDatabase,
  eventWithRoles,
  grantApiAccess,
  listFiles,
  putObject,
  seedSchedule,
} from './fixtures.ts';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ authEmulatorHost: inject('authEmulatorHost') });
});
afterAll(async () => {
  await stack?.stop();
});

interface BadCall {
  method: string;
  path: string;
  as: TestUser;
  body?: unknown;
  rawBody?: string;
}

const long = (n: number) => 'x'.repeat(n);
const WRONG_TYPES: unknown[] = [123, -1, 2.5, true, false, [], ['a'], {}, { a: 1 }];

describe('malformed input sweep', () => {
  it('answers every bad body with a 4xx and writes nothing', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    // The two writes open to API clients are swept too (docs/api.md, "Access").
    await grantApiAccess(stack, admin, attendee);
    const carpool = await stack.call<{ carpool: { id: string } }>(
      'POST',
      `/api/events/${eventId}/carpools`,
      {
        as: admin,
        body: { departureTime: ISO(2), maxSeats: 4 },
      },
    );
    const photoPath = `uploads/${eventId}/photos/${attendee.uid}/ok.jpg`;
    await putObject(photoPath);
    const photo = await stack.call<{ photo: { id: string } }>(
      'POST',
      `/api/events/${eventId}/photos`,
      {
        as: attendee,
        body: { filename: 'ok.jpg', objectPath: photoPath },
      },
    );
    const itemId = await seedSchedule(stack.store, eventId);
    const invited = await stack.call<{ inviteUrl: string }>(
      'POST',
      `/api/events/${eventId}/members`,
      {
        as: admin,
        body: { userEmail: 'sweep-guest@example.com', role: 'attendee' },
      },
    );
    const token = invited.body.inviteUrl.split('/invite/')[1] as string;

    const calls: BadCall[] = [];
    const add = (method: string, path: string, as: TestUser, bodies: unknown[]) => {
      for (const body of bodies) calls.push({ method, path, as, body });
    };

    // POST /api/events
    const goodEvent = { name: 'Valid', startDate: ISO(1), endDate: ISO(2) };
    add('POST', '/api/events', creator, [
      {},
      { name: '' },
      { name: '   ' },
      { name: null },
      ...WRONG_TYPES.map((name) => ({ name })),
      { name: long(121) },
      { name: long(200_000) },
      { ...goodEvent, description: long(2001) },
      { ...goodEvent, description: 5 },
      { ...goodEvent, location: long(201) },
      { ...goodEvent, location: [] },
      { ...goodEvent, startDate: 'tomorrow' },
      { ...goodEvent, startDate: '2027-13-45T00:00:00Z' },
      { ...goodEvent, startDate: 1893456000000 },
      { ...goodEvent, endDate: ISO(0) },
      { ...goodEvent, endDate: '2027-06-01' },
      { ...goodEvent, customLogo: 'javascript:alert(1)' },
      { ...goodEvent, customLogo: 'ftp://x/y.png' },
      { ...goodEvent, customLogo: 42 },
      { ...goodEvent, customLogo: `https://x.test/${long(2100)}` },
      { ...goodEvent, themeColors: 'red' },
      { ...goodEvent, themeColors: [] },
      { ...goodEvent, themeColors: { primary: 'red' } },
      { ...goodEvent, themeColors: { primary: '#fff' } },
      { ...goodEvent, themeColors: { secondary: 123 } },
      { ...goodEvent, themeColors: { surface: '#12345g' } },
    ]);

    // PUT /api/events/{id}
    const colours = {
      primary: '#000000',
      secondary: '#111111',
      tertiary: '#222222',
      background: '#ffffff',
      surface: '#eeeeee',
    };
    add('PUT', `/api/events/${eventId}`, admin, [
      {},
      { name: '' },
      { name: null },
      ...WRONG_TYPES.map((name) => ({ name })),
      { name: long(121) },
      { description: long(2001) },
      { location: 7 },
      { startDate: 'soon' },
      { endDate: 99 },
      { endDate: ISO(-400) },
      { customLogo: 'data:image/png;base64,AAAA' },
      { themeColors: 'blue' },
      { themeColors: { ...colours, primary: 'blue' } },
      { themeColors: { primary: '#000000' } },
      { themeColors: null },
      { bannerSettings: {} },
      { bannerSettings: null },
      { bannerSettings: 'full' },
      { bannerSettings: { style: 'huge' } },
      { bannerSettings: { autoRotate: 'yes' } },
      { bannerSettings: { rotateInterval: 'fast' } },
      { bannerSettings: { rotateInterval: 5 } },
      { bannerSettings: { rotateInterval: 10_000_000 } },
      { bannerSettings: { rotateInterval: 1500.5 } },
      { bannerSettings: { customBannerImage: 'https://evil.test/x.jpg' } },
      { bannerSettings: { customBannerImage: `events/${eventId}/photos/x.jpg` } },
      { bannerSettings: { customBannerImage: 12 } },
      { createdBy: attendee.uid },
      { adminId: attendee.uid },
      { createdAt: '2020-01-01T00:00:00Z' },
      { name: 'a', description: 'b' },
      { reminderSettings: null },
      { reminderSettings: {} },
      { reminderSettings: 'off' },
      { reminderSettings: { unansweredHoursBefore: 0, dayOfSummary: true } },
      { reminderSettings: { unansweredHoursBefore: 169, dayOfSummary: true } },
      { reminderSettings: { unansweredHoursBefore: 2.5, dayOfSummary: true } },
      { reminderSettings: { unansweredHoursBefore: '48', dayOfSummary: true } },
      { reminderSettings: { unansweredHoursBefore: 48, dayOfSummary: 'yes' } },
      { reminderSettings: { unansweredHoursBefore: 48, dayOfSummary: true, sms: true } },
      [],
      'name',
      5,
    ]);

    // POST /api/events/{id}/members
    add('POST', `/api/events/${eventId}/members`, admin, [
      {},
      { role: 'attendee' },
      ...['', 'nope', 'a@', '@b.co', 'a b@c.de', `${long(250)}@example.com`, '<script>@x.co'].map(
        (userEmail) => ({ userEmail, role: 'attendee' }),
      ),
      ...WRONG_TYPES.map((userEmail) => ({ userEmail, role: 'attendee' })),
      { userEmail: null, role: 'attendee' },
      ...['creator', 'owner', 'ADMIN', '', 'member'].map((role) => ({
        userEmail: 'valid@example.com',
        role,
      })),
      ...WRONG_TYPES.map((role) => ({ userEmail: 'valid@example.com', role })),
      { userEmail: 'valid@example.com', role: null },
    ]);

    // PATCH role
    add('PATCH', `/api/events/${eventId}/members/${attendee.uid}/role`, creator, [
      {},
      ...['creator', 'owner', '', 'Admin'].map((role) => ({ role })),
      ...WRONG_TYPES.map((role) => ({ role })),
      { role: null },
    ]);

    // POST photos and banner-photo
    const okPath = `uploads/${eventId}/photos/${attendee.uid}/new.jpg`;
    add('POST', `/api/events/${eventId}/photos`, attendee, [
      {},
      { filename: 'a.jpg' },
      { objectPath: okPath },
      { filename: '', objectPath: okPath },
      { filename: long(256), objectPath: okPath },
      ...WRONG_TYPES.map((filename) => ({ filename, objectPath: okPath })),
      ...WRONG_TYPES.map((objectPath) => ({ filename: 'a.jpg', objectPath })),
      { filename: 'a.jpg', objectPath: '' },
      { filename: 'a.jpg', objectPath: long(1025) },
      { filename: 'a.jpg', objectPath: `uploads/${eventId}/photos/${attendee.uid}/../../../x.jpg` },
      { filename: 'a.jpg', objectPath: `events/other/photos/${attendee.uid}/a.jpg` },
      { filename: 'a.jpg', objectPath: okPath },
      { filename: 'a.jpg', objectPath: photoPath, thumbPath: 5 },
      { filename: 'a.jpg', objectPath: photoPath, thumbPath: 'events/x/thumbs/y.jpg' },
      { filename: 'a.jpg', objectPath: photoPath, caption: long(501) },
      { filename: 'a.jpg', objectPath: photoPath, caption: 12 },
      { filename: 'a.jpg', objectPath: photoPath, batchId: 'a/b' },
      { filename: 'a.jpg', objectPath: photoPath, batchId: long(65) },
      { filename: 'a.jpg', objectPath: photoPath, batchId: ['b1'] },
    ]);
    add('POST', `/api/events/${eventId}/banner-photo`, admin, [
      {},
      { filename: 'b.jpg' },
      { filename: 'b.jpg', objectPath: `events/${eventId}/banner/missing.jpg` },
      { filename: 'b.jpg', objectPath: `events/${eventId}/photos/x.jpg` },
      { filename: 'b.jpg', objectPath: `events/${eventId}/banner/` },
      { filename: 'b.jpg', objectPath: `events/${eventId}/banner/x.jpg`, setBanner: 'yes' },
      ...WRONG_TYPES.map((objectPath) => ({ filename: 'b.jpg', objectPath })),
    ]);

    // Travel
    const flight = {
      airline: 'TAP',
      flightNumber: 'TP1',
      departure: 'JFK',
      arrival: 'LIS',
      departureTime: ISO(1),
      arrivalTime: ISO(1.2),
    };
    add('POST', `/api/events/${eventId}/flights`, attendee, [
      {},
      { ...flight, departureTime: '' },
      { ...flight, departureTime: undefined },
      { ...flight, departureTime: null },
      { ...flight, departureTime: 'next tuesday' },
      { ...flight, departureTime: 1700000000 },
      { ...flight, arrivalTime: '' },
      { ...flight, arrivalTime: null },
      { ...flight, arrivalTime: '2027-02-30' },
      { ...flight, airline: long(101) },
      { ...flight, airline: 5 },
      { ...flight, flightNumber: long(21) },
      { ...flight, departure: long(121) },
      { ...flight, arrival: {} },
    ]);
    const ride = { fromLocation: 'A', toLocation: 'B', departureTime: ISO(1) };
    add('POST', `/api/events/${eventId}/carpools`, attendee, [
      {},
      { ...ride, departureTime: '' },
      { ...ride, departureTime: 'noon' },
      { ...ride, departureTime: null },
      ...[0, 9, -1, 2.5, 1e9, '4', 'NaN', null, true, [], {}].map((maxSeats) => ({
        ...ride,
        maxSeats,
      })),
      { ...ride, fromLocation: long(201) },
      { ...ride, toLocation: 3 },
    ]);
    for (const seats of ['NaN', 'Infinity', '-Infinity']) {
      calls.push({
        method: 'POST',
        path: `/api/events/${eventId}/carpools`,
        as: attendee,
        rawBody: `{"departureTime":"${ISO(1)}","maxSeats":${seats}}`,
      });
    }

    // RSVP
    add('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, attendee, [
      {},
      ...['yes', '', 'GOING', 'not going', 'notGoing'].map((status) => ({ status })),
      ...WRONG_TYPES.map((status) => ({ status })),
      { status: null },
    ]);

    // Announcements
    add('POST', `/api/events/${eventId}/announcements`, admin, [
      {},
      { message: '' },
      { message: '   ' },
      { message: null },
      ...WRONG_TYPES.map((message) => ({ message })),
      { message: long(2001) },
      { message: 'Hi', audience: 'going' },
      { message: 'Hi', audience: [] },
      { message: 'Hi', audience: { status: 'going' } },
      { message: 'Hi', audience: { scheduleId: itemId } },
      { message: 'Hi', audience: { scheduleId: itemId, status: 'yes' } },
      { message: 'Hi', audience: { scheduleId: itemId, status: 5 } },
      { message: 'Hi', audience: { scheduleId: 'missing-item', status: 'going' } },
      { message: 'Hi', audience: { scheduleId: long(201), status: 'going' } },
    ]);

    // Parties, questions, capacity, answers, allowances (docs/api.md, "Plus-ones, questions and
    // answers").
    add('PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, attendee, [
      { status: 'going', guests: 'Sam' },
      { status: 'going', guests: [{}] },
      { status: 'going', guests: [{ name: '' }] },
      { status: 'going', guests: [{ name: 5 }] },
      { status: 'going', guests: [{ name: 'Sam', child: 'no' }] },
      { status: 'going', guests: [{ name: long(81) }] },
      { status: 'going', guests: [{ name: 'Sam', age: 3 }] },
      { status: 'going', guests: [null] },
      { status: 'going', guests: [{ name: 'Sam' }] },
      { status: 'maybe', guests: [{ name: 'Sam' }] },
      { status: 'going', guests: Array.from({ length: 11 }, () => ({ name: 'x' })) },
      { status: 'going', waitlist: 'yes' },
      { status: 'waitlisted' },
      ...WRONG_TYPES.filter((v) => typeof v !== 'object').map((answers) => ({
        status: 'going',
        answers,
      })),
      { status: 'going', answers: [] },
      { status: 'going', answers: { diet: 5 } },
      { status: 'going', answers: { 'Not An Id': 'x' } },
    ]);
    add('PUT', `/api/events/${eventId}/schedule/${itemId}/capacity`, admin, [
      {},
      { capacity: 0 },
      { capacity: -1 },
      { capacity: 1.5 },
      { capacity: 11_001 },
      { capacity: '10' },
      { capacity: [10] },
      { capacity: 10, extra: 1 },
    ]);
    add('PUT', `/api/events/${eventId}/schedule/missing-item/capacity`, admin, [{ capacity: 10 }]);
    // A valid capacity on the Free plan: refused (the creator's plan has no advanced scheduling).
    add('PUT', `/api/events/${eventId}/schedule/${itemId}/capacity`, admin, [{ capacity: 10 }]);
    const question = {
      id: 'diet',
      label: 'Diet',
      kind: 'single',
      options: ['A', 'B'],
      required: true,
    };
    add('PUT', `/api/events/${eventId}/questions`, admin, [
      {},
      { questions: 'diet' },
      { questions: [{}] },
      { questions: [null] },
      { questions: [{ ...question, id: 'Not An Id' }] },
      { questions: [{ ...question, label: '' }] },
      { questions: [{ ...question, label: long(121) }] },
      { questions: [{ ...question, kind: 'essay' }] },
      { questions: [{ ...question, options: ['A'] }] },
      { questions: [{ ...question, options: ['A', 'a'] }] },
      { questions: [{ ...question, options: 'A,B' }] },
      { questions: [{ ...question, kind: 'text' }] },
      { questions: [{ ...question, required: 'yes' }] },
      { questions: [question, question] },
      { questions: Array.from({ length: 11 }, (_, i) => ({ ...question, id: `q${i}` })) },
    ]);
    add('PUT', `/api/events/${eventId}/questions`, attendee, [{ questions: [] }]);
    add('PUT', `/api/events/${eventId}/answers`, attendee, [
      {},
      { answers: null },
      { answers: 'Vegan' },
      { answers: [] },
      { answers: { diet: 5 } },
      { answers: { diet: [1] } },
      { answers: { 'Not An Id': 'x' } },
      { answers: {}, extra: 1 },
    ]);
    add('PUT', `/api/events/${eventId}/members/${attendee.uid}/plus-ones`, admin, [
      {},
      { plusOnesAllowed: 11 },
      { plusOnesAllowed: -1 },
      { plusOnesAllowed: '2' },
      { plusOnesAllowed: 1.5 },
    ]);
    add('PUT', `/api/events/${eventId}/members/${attendee.uid}/plus-ones`, attendee, [
      { plusOnesAllowed: 2 },
    ]);

    // Broken JSON and non-object JSON on every body-taking route, including ones that ignore bodies.
    const bodyRoutes: [string, string, TestUser][] = [
      ['POST', '/api/events', creator],
      ['PUT', `/api/events/${eventId}`, admin],
      ['POST', `/api/events/${eventId}/members`, admin],
      ['PATCH', `/api/events/${eventId}/members/${attendee.uid}/role`, creator],
      ['POST', `/api/events/${eventId}/photos`, attendee],
      ['POST', `/api/events/${eventId}/flights`, attendee],
      ['POST', `/api/events/${eventId}/carpools`, attendee],
      ['PUT', `/api/events/${eventId}/schedule/${itemId}/rsvp`, attendee],
      ['POST', `/api/events/${eventId}/announcements`, admin],
      ['POST', `/api/events/${eventId}/carpools/${carpool.body.carpool.id}/join`, creator],
      ['POST', `/api/events/${eventId}/photos/${photo.body.photo.id}/vote`, creator],
      ['POST', `/api/invitations/${token}/accept`, creator],
      ['POST', '/api/auth/login', creator],
      ['PUT', `/api/events/${eventId}/schedule/${itemId}/rsvps/${attendee.uid}`, admin],
      ['PUT', `/api/events/${eventId}/schedule/${itemId}/capacity`, admin],
      ['PUT', `/api/events/${eventId}/questions`, admin],
      ['PUT', `/api/events/${eventId}/answers`, attendee],
      ['PUT', `/api/events/${eventId}/members/${attendee.uid}/plus-ones`, admin],
    ];
    for (const [method, path, as] of bodyRoutes) {
      for (const rawBody of ['{', '{"a":}', '[1,', '"open', 'nul', `{"x":"${long(300_000)}"}`])
        calls.push({ method, path, as, rawBody });
    }
    for (const [method, path, as] of [...bodyRoutes.slice(0, 9), ...bodyRoutes.slice(-5)]) {
      for (const rawBody of ['null', '[]', '"text"', '5', 'true'])
        calls.push({ method, path, as, rawBody });
    }

    const dbBefore = await dumpDatabase(stack.db);
    const filesBefore = await listFiles();
    const failures: string[] = [];
    const statusCounts = new Map<number, number>();
    for (const c of calls) {
      const res = await stack.call<{ error?: unknown }>(c.method, c.path, {
        as: c.as,
        body: c.body,
        rawBody: c.rawBody,
      });
      statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
      if (res.status < 400 || res.status >= 500 || typeof res.body.error !== 'string') {
        failures.push(
          `${c.method} ${c.path} ${JSON.stringify(c.body ?? c.rawBody).slice(0, 120)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
      }
    }
    const dbAfter = await dumpDatabase(stack.db);
    const filesAfter = await listFiles();
    console.log(
      `malformed sweep: ${calls.length} bad requests, statuses ${JSON.stringify(Object.fromEntries(statusCounts))}, ${dbBefore.size} documents compared`,
    );

    expect(failures).toEqual([]);
    expect(calls.length).toBeGreaterThanOrEqual(200);
    expect(filesAfter).toEqual(filesBefore);
    expect([...dbAfter.keys()].sort()).toEqual([...dbBefore.keys()].sort());
    for (const [path, data] of dbBefore) expect(dbAfter.get(path), path).toBe(data);
  });

  it('keys named like built-in object members are refused like any unknown key; never a 500', async () => {
    const { eventId, creator, admin, attendee } = await eventWithRoles(stack);
    // Enterprise: the creator makes ten events here, beyond the Free plan's two.
    await grantApiAccess(stack, creator, admin, attendee);
    const itemId = await seedSchedule(stack.store, eventId);
    const colours = {
      primary: '#000000',
      secondary: '#111111',
      tertiary: '#222222',
      background: '#ffffff',
      surface: '#eeeeee',
    };
    const banner = { style: 'contained', autoRotate: true, rotateInterval: 4000 };
    /** A copy with `key` as an own property, so JSON carries it even for __proto__. */
    const withKey = (value: object, key: string): object => {
      const copy = { ...value };
      Object.defineProperty(copy, key, { value: 1, enumerable: true });
      return copy;
    };
    const KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];
    const answers: string[] = [];
    for (const key of KEYS) {
      const cases: [string, string, TestUser, object, number][] = [
        ['POST', '/api/events', creator, withKey({ name: `Party ${key}` }, key), 400],
        [
          'POST',
          '/api/events',
          creator,
          { name: `Colours ${key}`, themeColors: withKey(colours, key) },
          400,
        ],
        ['PUT', `/api/events/${eventId}`, admin, withKey({ name: 'Renamed' }, key), 400],
        ['PUT', `/api/events/${eventId}`, admin, { themeColors: withKey(colours, key) }, 400],
        [
          'PUT',
          `/api/events/${eventId}`,
          admin,
          { bannerSettings: withKey({ ...banner, customBannerImage: null }, key) },
          400,
        ],
        [
          'POST',
          `/api/events/${eventId}/members`,
          admin,
          withKey({ userEmail: `${key.replace(/_/g, '')}@example.com` }, key),
          400,
        ],
        [
          'PATCH',
          `/api/events/${eventId}/members/${attendee.uid}/role`,
          creator,
          withKey({ role: 'attendee' }, key),
          400,
        ],
        [
          'POST',
          `/api/events/${eventId}/announcements`,
          admin,
          withKey({ message: `Hello ${key}` }, key),
          400,
        ],
        [
          'POST',
          `/api/events/${eventId}/announcements`,
          admin,
          { message: 'Hi', audience: withKey({ scheduleId: itemId, status: 'going' }, key) },
          400,
        ],
        [
          'PUT',
          `/api/events/${eventId}`,
          admin,
          { reminderSettings: withKey({ unansweredHoursBefore: 24, dayOfSummary: true }, key) },
          400,
        ],
        [
          'POST',
          `/api/events/${eventId}/flights`,
          attendee,
          withKey({ departureTime: ISO(1), arrivalTime: ISO(1.1) }, key),
          400,
        ],
        [
          'POST',
          `/api/events/${eventId}/carpools`,
          attendee,
          withKey({ departureTime: ISO(1) }, key),
          400,
        ],
        [
          'POST',
          `/api/events/${eventId}/photos`,
          attendee,
          withKey(
            { filename: 'x.jpg', objectPath: `uploads/${eventId}/photos/${attendee.uid}/none.jpg` },
            key,
          ),
          400,
        ],
        [
          'POST',
          `/api/events/${eventId}/banner-photo`,
          admin,
          withKey({ filename: 'b.jpg', objectPath: `events/${eventId}/banner/none.jpg` }, key),
          400,
        ],
        [
          'PUT',
          `/api/events/${eventId}/schedule/${itemId}/rsvp`,
          attendee,
          withKey({ status: 'going' }, key),
          400,
        ],
        // Inside lists too: a guest or a question with a built-in key is refused.
        [
          'PUT',
          `/api/events/${eventId}/schedule/${itemId}/rsvp`,
          attendee,
          { status: 'going', guests: [withKey({ name: 'Sam' }, key)] },
          400,
        ],
        [
          'PUT',
          `/api/events/${eventId}/questions`,
          admin,
          {
            questions: [
              withKey(
                { id: 'song', label: 'Song', kind: 'text', options: [], required: false },
                key,
              ),
            ],
          },
          400,
        ],
        [
          'PUT',
          `/api/events/${eventId}/schedule/${itemId}/capacity`,
          admin,
          withKey({ capacity: null }, key),
          400,
        ],
        [
          'PUT',
          `/api/events/${eventId}/members/${attendee.uid}/plus-ones`,
          admin,
          withKey({ plusOnesAllowed: 1 }, key),
          400,
        ],
        ['PUT', `/api/events/${eventId}/answers`, attendee, withKey({ answers: {} }, key), 400],
        // An answer keyed like a built-in member: a well-formed id ("constructor") answers no
        // question and is dropped; the others are not question ids.
        [
          'PUT',
          `/api/events/${eventId}/answers`,
          attendee,
          { answers: Object.defineProperty({}, key, { value: 'x', enumerable: true }) },
          key === 'constructor' ? 200 : 400,
        ],
      ];
      for (const [method, path, as, body, expected] of cases) {
        const res = await stack.call<{ error?: string }>(method, path, {
          as,
          rawBody: JSON.stringify(body),
        });
        if (res.status !== expected) {
          answers.push(
            `${method} ${path} ${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`,
          );
        }
      }
    }
    expect(answers).toEqual([]);
    // Refused means nothing named like that reached a document.
    const stored = await stack.store.events.where('createdBy', '==', creator.uid).get();
    for (const doc of stored.docs) {
      const raw = (await stack.db.doc(doc.ref.path).get()).data() ?? {};
      for (const key of KEYS) {
        expect(Object.hasOwn(raw, key), `${doc.id}.${key}`).toBe(false);
        expect(Object.hasOwn(raw.themeColors as object, key), `${doc.id}.themeColors.${key}`).toBe(
          false,
        );
      }
    }
  });

  it('path ids with line terminators or control characters are refused at once on every route', async () => {
    const { creator } = await eventWithRoles(stack);
    const BAD_IDS = ['a%0Ab', 'a%0D', '%E2%80%A8x', 'x%E2%80%A9', 'a%00b', 'tab%09'];
    const slow: string[] = [];
    const wrong: string[] = [];
    let calls = 0;
    for (const r of apiRoutes.filter((route) => route.endpoint.path.includes(':'))) {
      for (const bad of BAD_IDS) {
        const path = `/api${r.endpoint.path.replace(/:[A-Za-z]+/g, bad)}`;
        const started = Date.now();
        const res = await stack.call(r.endpoint.method, path, {
          as: creator,
          ...(r.endpoint.method === 'GET' || r.endpoint.method === 'DELETE' ? {} : { body: {} }),
        });
        calls++;
        if (Date.now() - started > 1000) slow.push(`${r.endpoint.method} ${path}`);
        if (
          res.status !== 400 ||
          JSON.stringify(res.body) !== '{"error":"Invalid id in the request path"}'
        ) {
          wrong.push(`${r.endpoint.method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
    expect(slow).toEqual([]);
  });
});
