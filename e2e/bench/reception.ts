// `npm run bench:reception`: the reception, 200 phones at once (issue 34, docs/performance.md,
// "The reception"). Against `npm start`'s stack, through the real /api and the real Firebase
// client SDKs (Auth, Storage, Firestore in Node; the admin SDK only sets the scene up and reads
// the result), one event of BENCH_GUESTS guests lives through a burst of BENCH_SECONDS:
//
// - half the guests upload photos (the Storage object through the Storage SDK, then the record
//   call), the first of each within the first ten seconds;
// - every guest votes, mostly for the same three photos, and some take a vote back;
// - most guests answer the after-party (capacity, waitlist) and some change their minds, which
//   frees spots for those waiting; many answer brunch (no capacity);
// - a third of the guests race for the carpools' seats;
// - a quarter keep the dashboard's and the gallery's listeners open;
// - and a Free event's guests upload past its 100-photo cap.
//
// Then it prints per operation the throughput, p50 / p95 / max latency and outcomes (refusals
// the product makes by design, and failures: the goal is none), checks every stored count
// against the documents and every cap at its limit, and prints the ten documents written
// fastest (peak writes per second over any 10 s, from the emulator's write-rate report).
//
// Environment: BENCH_GUESTS (default 200), BENCH_SECONDS (default 300; 150 is the same work at
// twice the rate), E2E_BASE_URL (reuse a running `npm start`), E2E_PORT_WAIT_S. Exit status 1
// when any failure or check fails (never for timings): CI runs the short form
// (`BENCH_GUESTS=40 BENCH_SECONDS=60`).
import { groupLimit } from '@gatherly/domain/groups';
import { sameTally, sumTallies, toTally } from '@gatherly/domain/rsvp-counter';
import type { SubscriptionResponse } from '@gatherly/domain/api/responses';
import { storageUsedMb } from '@gatherly/domain/tiers';
import { randomUUID } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { deleteApp as deleteAdminApp, initializeApp as initAdmin } from 'firebase-admin/app';
import { Timestamp, getFirestore as getAdminFirestore, type Query } from 'firebase-admin/firestore';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { deleteApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  initializeFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  terminate,
  where,
  type Firestore,
} from 'firebase/firestore';
import { gradientPng } from '../../scripts/lib/png.ts';
import { dataAccess } from '../../functions/src/db.ts';
import { startStack } from '../lib/stack.ts';
import {
  API,
  BUCKET,
  CallError,
  FIRESTORE,
  HOST,
  PROJECT_ID,
  addAttendees,
  api,
  createEvent,
  createPeople,
  makeEnterprise,
  useEmulators,
  type Guest,
} from './lib/guests.ts';
import { CallSlots } from './lib/call-slots.ts';
import { OpRecorder, quantile, type OpFigures, type Outcome } from './lib/op-stats.ts';
import { uploadPhoto as upload } from './lib/uploads.ts';

const GUESTS = Math.max(8, Number(process.env.BENCH_GUESTS ?? 200));
const SECONDS = Math.max(10, Number(process.env.BENCH_SECONDS ?? 300));
const FREE_GUESTS = Math.min(24, Math.max(4, Math.round(GUESTS / 8)));
const FREE_SEEDED = 100 - FREE_GUESTS; // each Free guest uploads two: half of them fit
const PHOTOS_PER_UPLOADER = 3;
const CARPOOLS = Math.max(2, Math.round(GUESTS / 20));
const CARPOOL_SEATS = 4;
const PARTY_CAPACITY = Math.round(GUESTS * 0.4);
const RESULTS = path.resolve(import.meta.dirname, '..', 'results', 'bench-reception.json');

useEmulators();

const say = (m: string) => console.log(`[reception] ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (n: number) => Math.floor(Math.random() * n);
interface Scene {
  baseUrl: string;
  eventId: string;
  freeEventId: string;
  host: Guest;
  freeHost: Guest;
  guests: Guest[];
  freeGuests: Guest[];
  party: string;
  brunch: string;
  carpools: string[];
  popular: string[];
}

// ---- Calls --------------------------------------------------------------------------------

const recorder = new OpRecorder();

const slots = new CallSlots();

/**
 * Runs one operation, timed; `refusedIf` says which refusals are the product working as
 * designed (they are counted apart from failures).
 */
async function timed<T>(
  op: string,
  run: () => Promise<T>,
  refusedIf: (o: Outcome) => boolean = () => false,
): Promise<T | null> {
  return slots.run(async () => {
    const started = performance.now();
    try {
      const value = await run();
      recorder.record(op, performance.now() - started, 'ok');
      return value;
    } catch (err) {
      const outcome =
        err instanceof CallError
          ? err.outcome
          : { status: 0, message: err instanceof Error ? err.message : String(err) };
      const refused = refusedIf(outcome);
      recorder.record(
        op,
        performance.now() - started,
        refused ? { refused: outcome } : { failed: outcome },
      );
      if (!refused && recorder.failureCount <= 20) {
        say(`FAILED ${op}: ${outcome.status}: ${outcome.message}`);
      }
      return null;
    }
  });
}

// ---- The scene (admin SDK: people, memberships, the Free event's earlier photos) -------------

async function setScene(baseUrl: string): Promise<Scene> {
  const admin = initAdmin(
    { projectId: PROJECT_ID, storageBucket: BUCKET },
    `reception-${randomUUID()}`,
  );
  const db = getAdminFirestore(admin);
  const store = dataAccess(db);
  const run = randomUUID().slice(0, 8);
  const people = (label: string, n: number, from: number, name: string) =>
    createPeople(admin, baseUrl, `reception-${run}-${label}`, n, from, (k) => `${name} ${k + 1}`);
  const [host, freeHost] = await people('host', 2, 0, 'Host');
  const guests = await people('guest', GUESTS, 2, 'Guest');
  const freeGuests = await people('free', FREE_GUESTS, 2 + GUESTS, 'Free guest');
  await makeEnterprise(admin, host!);

  const eventId = await createEvent(baseUrl, host!, `Reception ${run}`);
  const freeEventId = await createEvent(baseUrl, freeHost!, `Free party ${run}`);
  await addAttendees(admin, eventId, guests);
  await addAttendees(admin, freeEventId, freeGuests);

  // The Free event already holds FREE_SEEDED photos, counted as the functions count them.
  const bucket = getAdminStorage(admin).bucket(BUCKET);
  const seedPath = `events/${freeEventId}/photos/${freeHost!.uid}/earlier.png`;
  await bucket
    .file(seedPath)
    .save(gradientPng(64, 48, [200, 120, 80], [40, 60, 140], { x: 20, y: 16, r: 8 }), {
      contentType: 'image/png',
      resumable: false,
    });
  const batch = db.batch();
  for (let i = 0; i < FREE_SEEDED; i++) {
    const ref = store.photos(freeEventId).doc();
    batch.set(ref, {
      id: ref.id,
      eventId: freeEventId,
      uploadedBy: freeHost!.uid,
      uploadedByUser: { displayName: freeHost!.name, photoURL: '' },
      filename: 'earlier.png',
      objectPath: seedPath,
      thumbPath: '',
      url: '',
      thumbUrl: '',
      caption: '',
      size: 0,
      contentType: 'image/png',
      votes: 0,
      isFeatured: false,
      uploadedAt: Timestamp.now(),
    });
  }
  batch.set(store.stats.photos(freeEventId), { id: 'photos', total: FREE_SEEDED, featured: 0 });
  await batch.commit();

  // Schedule items as admins write them (directly), the capacity through its function.
  const item = async (title: string) => {
    const ref = store.schedule(eventId).doc();
    await ref.set({
      id: ref.id,
      eventId,
      title,
      description: '',
      startTime: new Date(Date.now() + 4 * 3600_000).toISOString(),
      endTime: null,
      location: 'The barn',
      createdBy: host!.uid,
      createdAt: Timestamp.now(),
      ...groupLimit([]),
    });
    return ref.id;
  };
  const party = await item('After-party');
  const brunch = await item('Brunch');
  await api(baseUrl, host!, 'PUT', API.capacity(eventId, party), { capacity: PARTY_CAPACITY });

  // Carpools home, offered by guests who drive (through the API).
  const carpools: string[] = [];
  for (let i = 0; i < CARPOOLS; i++) {
    const driver = guests[guests.length - 1 - i]!;
    const res = await api<{ carpool: { id: string } }>(
      baseUrl,
      driver,
      'POST',
      API.carpools(eventId),
      {
        fromLocation: 'The barn',
        toLocation: `Town ${i + 1}`,
        departureTime: new Date(Date.now() + 6 * 3600_000).toISOString(),
        maxSeats: CARPOOL_SEATS,
      },
    );
    carpools.push(res.carpool.id);
  }

  // Three photos everyone will vote for, recorded by the host before the burst.
  const popular: string[] = [];
  for (let i = 0; i < 3; i++)
    popular.push((await uploadPhoto(baseUrl, host!, eventId, `first-dance-${i}`))!);

  await deleteAdminApp(admin);
  return {
    baseUrl,
    eventId,
    freeEventId,
    host: host!,
    freeHost: freeHost!,
    guests,
    freeGuests,
    party,
    brunch,
    carpools,
    popular,
  };
}

// ---- The guests' actions ---------------------------------------------------------------------

/** A small real image per upload (distinct bytes, so sizes differ). */
const imageFor = (seed: number) =>
  gradientPng(48 + (seed % 16), 32, [seed % 256, 90, 160], [20, (seed * 7) % 256, 60], {
    x: seed % 40,
    y: 12,
    r: 6,
  });

/** Storage object through the Storage SDK (its rules), then the record call. */
async function uploadPhoto(
  baseUrl: string,
  guest: Guest,
  eventId: string,
  name: string,
): Promise<string> {
  const image = imageFor(guest.index * 31 + name.length);
  const recorded = await upload(
    baseUrl,
    guest,
    eventId,
    name,
    { image },
    {
      caption: `${guest.name} at the reception`,
      batchId: `reception-${guest.index}`,
    },
  );
  return recorded.id;
}

const isCapRefusal = (o: Outcome) =>
  o.status === 403 && /Premium subscription required/.test(o.message);
const isFull = (o: Outcome) => o.status === 409 && /full|already joined/.test(o.message);

/** One guest's evening: a list of (time, action) spread over the burst. */
function plan(scene: Scene, g: Guest, i: number): [number, () => Promise<unknown>][] {
  const ms = SECONDS * 1000;
  const at = (from: number, to: number) => from * ms + Math.random() * (to - from) * ms;
  const steps: [number, () => Promise<unknown>][] = [];
  const { baseUrl, eventId } = scene;
  // Half the room uploads: the first photo within ten seconds, the rest in the first half.
  if (i < GUESTS / 2) {
    for (let p = 0; p < PHOTOS_PER_UPLOADER; p++) {
      const t = p === 0 ? Math.random() * Math.min(10_000, ms / 4) : at(0.05, 0.5);
      steps.push([
        t,
        () =>
          timed('upload (Storage + record)', () => uploadPhoto(baseUrl, g, eventId, `p${i}-${p}`)),
      ]);
    }
  }
  // Everyone votes: the first popular photo, most the second, some the third; some unvote.
  const votes = [0, ...(Math.random() < 0.7 ? [1] : []), ...(Math.random() < 0.4 ? [2] : [])];
  for (const v of votes) {
    const photoId = scene.popular[v]!;
    const t = at(0.1, 0.8);
    steps.push([t, () => timed('vote', () => api(baseUrl, g, 'POST', API.vote(eventId, photoId)))]);
    if (Math.random() < 0.15) {
      steps.push([
        t + at(0.02, 0.15),
        () => timed('unvote', () => api(baseUrl, g, 'DELETE', API.vote(eventId, photoId))),
      ]);
    }
  }
  // 80 % answer the after-party (going, waiting if full); a quarter of them later say no.
  if (Math.random() < 0.8) {
    const t = at(0.2, 0.7);
    steps.push([
      t,
      () =>
        timed('RSVP after-party (capacity)', () =>
          api(baseUrl, g, 'PUT', API.rsvp(eventId, scene.party), {
            status: 'going',
            waitlist: true,
          }),
        ),
    ]);
    if (Math.random() < 0.25) {
      steps.push([
        t + at(0.05, 0.25),
        () =>
          timed('RSVP after-party (capacity)', () =>
            api(baseUrl, g, 'PUT', API.rsvp(eventId, scene.party), { status: 'not_going' }),
          ),
      ]);
    }
  }
  if (Math.random() < 0.5) {
    steps.push([
      at(0.1, 0.9),
      () =>
        timed('RSVP brunch', () =>
          api(baseUrl, g, 'PUT', API.rsvp(eventId, scene.brunch), {
            status: Math.random() < 0.7 ? 'going' : 'maybe',
          }),
        ),
    ]);
  }
  // A third race for seats home: a random carpool, then the next ones while they are full.
  if (i % 3 === 0 && i < GUESTS - CARPOOLS) {
    steps.push([
      at(0.6, 0.75),
      async () => {
        const first = rand(scene.carpools.length);
        for (let k = 0; k < 3; k++) {
          const id = scene.carpools[(first + k) % scene.carpools.length]!;
          const joined = await timed(
            'carpool join',
            () => api(baseUrl, g, 'POST', API.join(eventId, id)),
            isFull,
          );
          if (joined !== null) return;
        }
      },
    ]);
  }
  return steps;
}

// ---- Listeners (the dashboard and gallery of a quarter of the guests) ------------------------

interface Listening {
  snapshots: number;
  errors: string[];
  stop(): Promise<void>;
}

function listen(scene: Scene, listeners: Guest[]): Listening {
  const state: Listening = { snapshots: 0, errors: [], stop: async () => {} };
  const dbs: Firestore[] = [];
  const unsubs: (() => void)[] = [];
  for (const g of listeners) {
    const db = initializeFirestore(g.app, {});
    connectFirestoreEmulator(db, HOST, 8080);
    dbs.push(db);
    const e = scene.eventId;
    const onError = (err: Error) => state.errors.push(`${g.name}: ${err.message}`);
    const onNext = () => void state.snapshots++;
    const photos = collection(db, 'events', e, 'photos');
    unsubs.push(
      onSnapshot(collection(db, 'events', e, 'stats'), onNext, onError),
      onSnapshot(
        query(
          photos,
          orderBy('isFeatured', 'desc'),
          orderBy('votes', 'desc'),
          orderBy('uploadedAt', 'desc'),
          limit(10),
        ),
        onNext,
        onError,
      ),
      onSnapshot(query(photos, orderBy('uploadedAt', 'desc'), limit(9)), onNext, onError),
      onSnapshot(
        // A guest's schedule query, as the web app's (features/groups/visible-schedule.ts).
        query(
          collection(db, 'events', e, 'schedule'),
          where('audience', '==', 'everyone'),
          orderBy('startTime'),
        ),
        onNext,
        onError,
      ),
      onSnapshot(doc(db, 'events', e, 'rsvpsByUser', g.uid), onNext, onError),
      onSnapshot(
        query(collection(db, 'events', e, 'activity'), orderBy('at', 'desc'), limit(5)),
        onNext,
        onError,
      ),
    );
  }
  state.stop = async () => {
    for (const u of unsubs) u();
    await Promise.all(dbs.map((d) => terminate(d)));
  };
  return state;
}

// ---- Checks -------------------------------------------------------------------------------

interface Check {
  what: string;
  ok: boolean;
  detail: string;
}

async function checks(scene: Scene, freeAttempts: number): Promise<Check[]> {
  const admin = initAdmin(
    { projectId: PROJECT_ID, storageBucket: BUCKET },
    `reception-check-${randomUUID()}`,
  );
  const db = getAdminFirestore(admin);
  const s = dataAccess(db);
  const out: Check[] = [];
  const check = (what: string, ok: boolean, detail: string) => out.push({ what, ok, detail });
  const count = async (q: Query) => (await q.count().get()).data().count;
  // The stored photo counts: every document of the event's stats whose id starts with
  // "photos" (the base and its shards; before the shards, the one `stats/photos`).
  const readPhotoCounts = async (e: string) => {
    const docs = (await db.collection(`events/${e}/stats`).get()).docs.filter((d) =>
      /^photos(-\d+)?$/.test(d.id),
    );
    if (!docs.some((d) => d.id === 'photos')) return null;
    return {
      total: docs.reduce((n, d) => n + Number(d.get('total') ?? 0), 0),
      featured: docs.reduce((n, d) => n + Number(d.get('featured') ?? 0), 0),
    };
  };

  for (const e of [scene.eventId, scene.freeEventId]) {
    const label = e === scene.eventId ? 'reception' : 'Free event';
    const counts = await readPhotoCounts(e);
    const photos = await count(s.photos(e));
    const featured = await count(s.photos(e).where('isFeatured', '==', true));
    check(
      `${label}: photos counted = photo documents`,
      counts?.total === photos,
      `${counts?.total} / ${photos}`,
    );
    check(
      `${label}: featured counted = featured documents`,
      counts?.featured === featured,
      `${counts?.featured} / ${featured}`,
    );
    const members = (await s.stats.members(e).get()).data();
    const memberDocs = await count(s.members(e));
    check(
      `${label}: members counted = member documents`,
      members?.total === memberDocs,
      `${members?.total} / ${memberDocs}`,
    );
  }
  // The Free cap: exactly 100, every other attempt refused.
  const freePhotos = await count(s.photos(scene.freeEventId));
  check(
    'Free event: 100-photo cap reached exactly, never passed',
    freePhotos === 100,
    `${freePhotos} photos`,
  );
  const freeRecorded = freePhotos - FREE_SEEDED;
  check(
    'Free event: refusals = attempts beyond the cap',
    freeAttempts - freeRecorded ===
      (recorder.figures(1).find((f) => f.op === 'upload, Free event')?.refused ?? 0),
    `${freeAttempts} attempts, ${freeRecorded} recorded`,
  );

  // Votes: each photo's count (folded in by the trigger, within a couple of seconds) = its votes.
  const photos = (await s.photos(scene.eventId).orderBy('votes', 'desc').limit(50).get()).docs;
  let votesOk = true;
  const details: string[] = [];
  for (const p of photos) {
    const votes = await count(s.votes(scene.eventId, p.id));
    if (p.data().votes !== votes) {
      votesOk = false;
      details.push(`${p.id}: ${p.data().votes} / ${votes}`);
    }
  }
  const top = photos.slice(0, 3).map((p) => p.data().votes);
  check(
    "votes: every photo's count = its vote documents",
    votesOk,
    details.join(', ') || `top ${top.join(', ')}`,
  );

  // RSVPs: replies and heads against the answers; capacity kept; nobody left waiting who fits.
  for (const item of [scene.party, scene.brunch]) {
    const data = (await s.schedule(scene.eventId).doc(item).get()).data();
    const rsvps = (await s.rsvps(scene.eventId, item).get()).docs.map((d) => d.data());
    const by = (st: string) => rsvps.filter((r) => r.status === st);
    const heads = (list: typeof rsvps) => list.reduce((n, r) => n + (r.party?.size ?? 1), 0);
    const c = data?.rsvpCounts;
    const expected = {
      going: by('going').length,
      goingHeads: heads(by('going')),
      waitlisted: by('waitlisted').length,
      waitlistedHeads: heads(by('waitlisted')),
      maybe: by('maybe').length,
      notGoing: by('not_going').length,
    };
    const stored = {
      going: c?.going ?? 0,
      goingHeads: c?.goingHeads ?? c?.going ?? 0,
      waitlisted: c?.waitlisted ?? 0,
      waitlistedHeads: c?.waitlistedHeads ?? 0,
      maybe: c?.maybe ?? 0,
      notGoing: c?.notGoing ?? 0,
    };
    check(
      `${data?.title}: heads, replies and waitlist counted = answers`,
      JSON.stringify(stored) === JSON.stringify(expected),
      JSON.stringify(stored),
    );
    if (data?.capacity) {
      check(
        `${data.title}: heads going ≤ capacity ${data.capacity}`,
        expected.goingHeads <= data.capacity,
        `${expected.goingHeads} going`,
      );
      check(
        `${data.title}: nobody waits while a spot is free`,
        expected.waitlisted === 0 || expected.goingHeads >= data.capacity,
        `${expected.waitlisted} waiting, ${data.capacity - expected.goingHeads} free`,
      );
    }
  }

  // Seats: taken = the driver + riders, never above the car's seats.
  let seatsOk = true;
  const seatDetail: string[] = [];
  for (const id of scene.carpools) {
    const car = (await s.carpools(scene.eventId).doc(id).get()).data();
    const riders = await count(s.passengers(scene.eventId, id));
    const ok =
      !!car &&
      car.currentSeats === 1 + riders &&
      car.passengerIds.length === riders &&
      car.currentSeats <= car.maxSeats;
    if (!ok) seatsOk = false;
    seatDetail.push(`${car?.currentSeats}/${car?.maxSeats}`);
  }
  check('carpools: seats taken = driver + passengers ≤ seats', seatsOk, seatDetail.join(' '));

  // Storage bytes: each uploader's recorded sizes (originals and thumbnails) = their objects in
  // Storage, and what the subscription screen says.
  const bucket = getAdminStorage(admin).bucket(BUCKET);
  let bytesOk = true;
  const bytesDetail: string[] = [];
  // The event's gallery objects, listed once (originals and thumbnails: `events/{e}/{kind}/{uid}/`).
  const [files] = await bucket.getFiles({ prefix: `events/${scene.eventId}/` });
  for (const g of scene.guests.slice(0, 5)) {
    const recorded = (
      await s.photos(scene.eventId).where('uploadedBy', '==', g.uid).get()
    ).docs.reduce((n, d) => n + d.data().size + (d.data().thumbSize ?? 0), 0);
    const stored = files
      .filter((f) => f.name.includes(`/${g.uid}/`))
      .reduce((n, f) => n + Number(f.metadata.size ?? 0), 0);
    const summary = await api<SubscriptionResponse>(scene.baseUrl, g, 'GET', API.subscription);
    const shown = summary.usageCounts.storage.used;
    if (recorded !== stored || shown !== storageUsedMb(stored)) bytesOk = false;
    bytesDetail.push(`${recorded}/${stored} B, ${shown} MB`);
  }
  check(
    'storage bytes: recorded = objects in Storage = usage shown',
    bytesOk,
    bytesDetail.join(', '),
  );
  await deleteAdminApp(admin);
  return out;
}

/**
 * Waits until the vote counts and the RSVP counts are folded in (the triggers space their
 * writes of one document ~1 s apart).
 */
async function settle(scene: Scene): Promise<void> {
  const admin = initAdmin({ projectId: PROJECT_ID }, `reception-settle-${randomUUID()}`);
  const s = dataAccess(getAdminFirestore(admin));
  const deadline = Date.now() + 60_000;
  for (;;) {
    let pending = 0;
    for (const id of scene.popular) {
      const photo = (await s.photos(scene.eventId).doc(id).get()).data();
      const votes = (await s.votes(scene.eventId, id).count().get()).data().count;
      if (photo?.votes !== votes) pending++;
    }
    for (const id of [scene.party, scene.brunch]) {
      const item = (await s.schedule(scene.eventId).doc(id).get()).data();
      if (!item?.rsvpBase) continue; // counts moved in the answers' own commits
      const shards = (await s.rsvpCountShards(scene.eventId, id).get()).docs.map((d) => d.data());
      const exact = sumTallies(toTally(item.rsvpBase), shards);
      if (!item.rsvpCounts || !sameTally(toTally(item.rsvpCounts), exact)) pending++;
    }
    if (pending === 0 || Date.now() > deadline) break;
    await sleep(1000);
  }
  await deleteAdminApp(admin);
}

// ---- Write rates ------------------------------------------------------------------------------

interface WriteRate {
  path: string;
  peakWritesPerSecond: number;
  writes: number;
}

const ratesUrl = (q = '') =>
  `http://${FIRESTORE}/emulator/v1/projects/${PROJECT_ID}:writeRates${q}`;

// ---- Main -------------------------------------------------------------------------------------

function printFigures(figures: OpFigures[]): void {
  const pad = (v: string | number, n: number) => String(v).padStart(n);
  console.log(
    `\n${'operation'.padEnd(30)} ${pad('count', 6)} ${pad('per s', 6)} ${pad('ok', 5)} ${pad('refused', 8)} ${pad('failed', 7)} ${pad('p50 ms', 7)} ${pad('p95 ms', 7)} ${pad('max ms', 7)}`,
  );
  for (const f of figures) {
    console.log(
      `${f.op.padEnd(30)} ${pad(f.count, 6)} ${pad(f.perSecond.toFixed(2), 6)} ${pad(f.ok, 5)} ${pad(f.refused, 8)} ${pad(f.failed, 7)} ${pad(Math.round(f.p50), 7)} ${pad(Math.round(f.p95), 7)} ${pad(Math.round(f.max), 7)}`,
    );
    for (const [k, v] of Object.entries(f.refusals))
      console.log(`${''.padEnd(32)}refused as designed ×${v}: ${k}`);
    for (const [k, v] of Object.entries(f.failures))
      console.log(`${''.padEnd(32)}FAILED ×${v}: ${k}`);
  }
}

async function main(): Promise<void> {
  const stack = await startStack();
  let exitCode = 0;
  const stopping = async () => {
    await stack.stop();
    process.exit(130);
  };
  process.once('SIGINT', () => void stopping());
  try {
    say(
      `${GUESTS} guests, ${SECONDS} s burst; Free event: ${FREE_GUESTS} guests, ${FREE_SEEDED} photos before`,
    );
    const t0 = Date.now();
    const scene = await setScene(stack.baseUrl);
    say(`scene set in ${((Date.now() - t0) / 1000).toFixed(1)} s (event ${scene.eventId})`);

    const listeners = listen(scene, scene.guests.slice(0, Math.max(2, Math.round(GUESTS / 4))));
    await sleep(2000);
    await fetch(ratesUrl(), { method: 'DELETE' });

    const steps = scene.guests.flatMap((g, i) => plan(scene, g, i));
    // The Free event's guests: two uploads each within the first third.
    let freeAttempts = 0;
    for (const [i, g] of scene.freeGuests.entries()) {
      for (let p = 0; p < 2; p++) {
        freeAttempts++;
        steps.push([
          Math.random() * SECONDS * 330,
          () =>
            timed(
              'upload, Free event',
              () => uploadPhoto(scene.baseUrl, g, scene.freeEventId, `free-${i}-${p}`),
              isCapRefusal,
            ),
        ]);
      }
    }
    say(`burst: ${steps.length} actions`);
    const started = Date.now();
    const ticker = setInterval(() => {
      const done = recorder.figures(1).reduce((n, f) => n + f.count, 0);
      say(
        `${Math.round((Date.now() - started) / 1000)} s: ${done} calls answered, ${recorder.failureCount} failures`,
      );
    }, 30_000);
    await Promise.all(
      steps.map(async ([t, action]) => {
        await sleep(t);
        await action();
      }),
    );
    clearInterval(ticker);
    const seconds = (Date.now() - started) / 1000;
    say(`burst over in ${seconds.toFixed(1)} s`);
    await settle(scene);
    const rates = (await (await fetch(ratesUrl('?limit=10'))).json()) as {
      windowSeconds: number;
      documents: WriteRate[];
    };
    await listeners.stop();

    const figures = recorder.figures(seconds);
    printFigures(figures);
    const waits = [...slots.waits].sort((a, b) => a - b);
    console.log(
      `\nbench-side wait for one of ${slots.limit} call slots: p50 ${Math.round(quantile(waits, 0.5))} ms, p95 ${Math.round(quantile(waits, 0.95))} ms, max ${Math.round(waits.at(-1) ?? 0)} ms`,
    );
    console.log(`listeners: ${listeners.snapshots} snapshots, ${listeners.errors.length} errors`);
    for (const e of listeners.errors.slice(0, 5)) console.log(`  FAILED: ${e}`);

    const results = await checks(scene, freeAttempts);
    console.log('\nchecks:');
    for (const c of results) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.what} (${c.detail})`);

    const eventPrefix = (p: string) =>
      p
        .replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '')
        .replace(scene.eventId, '{reception}')
        .replace(scene.freeEventId, '{free}');
    console.log(`\nhottest documents (peak writes/s over any ${rates.windowSeconds} s; goal ≤ 1):`);
    for (const d of rates.documents) {
      console.log(
        `  ${d.peakWritesPerSecond.toFixed(1).padStart(5)}/s  ${String(d.writes).padStart(5)} writes  ${eventPrefix(d.path)}${d.peakWritesPerSecond > 1 ? '  ABOVE 1/s' : ''}`,
      );
    }

    mkdirSync(path.dirname(RESULTS), { recursive: true });
    writeFileSync(
      RESULTS,
      JSON.stringify(
        {
          guests: GUESTS,
          seconds: SECONDS,
          figures,
          checks: results,
          rates,
          listeners: { snapshots: listeners.snapshots, errors: listeners.errors },
        },
        null,
        2,
      ),
    );
    const failed =
      recorder.failureCount + listeners.errors.length + results.filter((c) => !c.ok).length;
    say(
      failed === 0
        ? 'no failures, every count and cap exact'
        : `${failed} failures or failed checks`,
    );
    if (failed > 0) exitCode = 1;
    await Promise.all(
      [scene.host, scene.freeHost, ...scene.guests, ...scene.freeGuests].map((g) =>
        deleteApp(g.app),
      ),
    );
  } finally {
    await stack.stop();
  }
  process.exit(exitCode);
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
