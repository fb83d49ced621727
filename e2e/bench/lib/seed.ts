// Writes the bench events (./world.ts) into the running emulators with firebase-admin batch
// writes, in the document shapes of docs/data-model.md (the same as scripts/seed.ts writes).
// Photos share four tiny images and four thumbnails in Storage: the screens only need the
// objects they display to exist, and Storage traffic is not what the bench measures.
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import {
  Timestamp,
  getFirestore,
  type DocumentData,
  type Firestore,
} from 'firebase-admin/firestore';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import { buildActivityFeed, type ActivitySources } from '@gatherly/domain/activity';
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import type { PollAnswer, PollCounts } from '@gatherly/domain/entities/polls';
import type { RsvpCounts } from '@gatherly/domain/entities/schedule';
import {
  POLL_ANSWERS,
  POLL_TALLY_SHARDS,
  pollIdFor,
  pollShardOf,
  tallyMoves,
} from '@gatherly/domain/polls';
import { memberSearchTokens, photoSearchTokens } from '@gatherly/domain/search';
import { TIERS } from '@gatherly/domain/tiers';
import { gradientPng, hexToRgb } from '../../../scripts/lib/png.ts';
import { dataAccess } from '../../../functions/src/db.ts';
import { backfillEvent } from '../../../functions/src/services/backfill.ts';
import { CREATOR, GUEST, documentCount, type BenchEvent, type BenchMember } from './world.ts';
import type { RsvpStatus } from '@gatherly/domain/rsvp-options';

const BATCH_SIZE = 500;
const BATCHES_IN_FLIGHT = 4;
const SHARED_COLORS: [string, string][] = [
  ['#831843', '#fbcfe8'],
  ['#1e3a8a', '#f59e0b'],
  ['#065f46', '#38bdf8'],
  ['#7f1d1d', '#fde68a'],
];

export interface SeedResult {
  event: BenchEvent;
  documents: number;
  seconds: number;
  skipped: boolean;
}

const ago = (hours: number) => Timestamp.fromMillis(Date.now() - hours * 3600_000);

/** Sets queued documents in batches of 500, a few batches in flight. */
class BulkSets {
  private pending: Array<[string, DocumentData]> = [];
  private inFlight: Promise<unknown>[] = [];
  written = 0;
  constructor(private readonly db: Firestore) {}

  async set(path: string, data: DocumentData): Promise<void> {
    this.pending.push([path, data]);
    if (this.pending.length >= BATCH_SIZE) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const batch = this.db.batch();
    for (const [path, data] of this.pending) batch.set(this.db.doc(path), data);
    this.written += this.pending.length;
    this.pending = [];
    const commit = batch.commit();
    this.inFlight.push(commit);
    void commit.finally(() => (this.inFlight = this.inFlight.filter((p) => p !== commit)));
    if (this.inFlight.length >= BATCHES_IN_FLIGHT) await Promise.race(this.inFlight);
  }

  async done(): Promise<void> {
    await this.flush();
    await Promise.all(this.inFlight);
  }
}

/** The first schedule item's open date poll, answered by every member (seedPoll). */
export const benchPollPath = (e: BenchEvent) =>
  `events/${e.id}/polls/${pollIdFor({ kind: 'schedule', scheduleId: e.schedule[0]!.id })}`;

/**
 * An open date poll on the first schedule item with four evenings, every member's ballot and
 * the 20 tally shards the ballot function would leave (docs/performance.md, "Date poll
 * tallies"): the dashboard shows it to everyone, so its reads are measured at both sizes.
 */
async function seedPoll(out: BulkSets, e: BenchEvent): Promise<void> {
  const item = e.schedule[0]!;
  const path = benchPollPath(e);
  const ids = ['opta', 'optb', 'optc', 'optd'];
  const start = Date.parse(item.startTime);
  await out.set(path, {
    id: path.split('/').pop(),
    eventId: e.id,
    target: { kind: 'schedule', scheduleId: item.id },
    title: `When should ${item.title} be?`,
    // Its item's limit (the bench's items are open to everyone).
    audience: 'everyone',
    groupAccess: {},
    options: ids.map((id, k) => ({
      id,
      start: new Date(start + k * 7 * 86_400_000).toISOString(),
      end: null,
      allDay: false,
    })),
    deadline: null,
    status: 'open',
    chosenOptionId: null,
    createdBy: e.members[CREATOR]!.uid,
    createdAt: Timestamp.fromMillis(start - 30 * 86_400_000),
    closedAt: null,
    reminderDueAt: null,
    announcedCount: null,
  });
  const shards = Array.from({ length: POLL_TALLY_SHARDS }, () => ({
    counts: {} as Record<string, Partial<PollCounts>>,
    voters: 0,
  }));
  for (const [i, m] of e.members.entries()) {
    const answers: Record<string, PollAnswer> = {};
    for (const [k, id] of ids.entries()) answers[id] = POLL_ANSWERS[(i + k) % 3]!;
    await out.set(`${path}/ballots/${m.uid}`, {
      id: m.uid,
      eventId: e.id,
      pollId: path.split('/').pop(),
      userId: m.uid,
      user: { displayName: m.displayName, photoURL: '' },
      answers,
      updatedAt: Timestamp.fromMillis(start - 20 * 86_400_000),
    });
    const shard = shards[pollShardOf(m.uid)]!;
    shard.voters += 1;
    for (const [id, moves] of Object.entries(tallyMoves(null, answers))) {
      const c = (shard.counts[id] ??= {});
      for (const a of POLL_ANSWERS) if (moves[a]) c[a] = (c[a] ?? 0) + moves[a];
    }
  }
  for (const [k, shard] of shards.entries()) await out.set(`${path}/tallies/${k}`, shard);
}

/** True when the event is already there with every photo and RSVP (a reused stack). */
async function alreadySeeded(db: Firestore, e: BenchEvent): Promise<boolean> {
  const base = db.doc(`events/${e.id}`);
  if (!(await base.get()).exists) return false;
  // Events seeded before the stored counts existed are seeded again (sets overwrite).
  if (!(await base.collection('stats').doc('photos').get()).exists) return false;
  // Seeded before the bench's date poll: seed again.
  if (!(await db.doc(benchPollPath(e)).get()).exists) return false;
  const [photos, rsvps, members] = await Promise.all([
    base.collection('photos').count().get(),
    db.collectionGroup('rsvps').where('eventId', '==', e.id).count().get(),
    base.collection('members').count().get(),
  ]);
  const expectedRsvps = e.schedule.reduce((n, s) => n + s.rsvps.length, 0);
  return (
    photos.data().count === e.photos.length &&
    rsvps.data().count === expectedRsvps &&
    members.data().count === e.members.length
  );
}

/** Auth accounts (with a Google identity, so the emulator's popup offers them) for the two viewers. */
async function seedViewers(
  projectId: string,
  appName: string,
  viewers: BenchMember[],
): Promise<void> {
  const app = initializeApp({ projectId }, `${appName}-auth`);
  try {
    const auth = getAuth(app);
    const existing = await auth.getUsers(viewers.map((v) => ({ uid: v.uid })));
    const have = new Set(existing.users.map((u) => u.uid));
    const missing = viewers.filter((v) => !have.has(v.uid));
    if (missing.length === 0) return;
    const result = await auth.importUsers(
      missing.map((v) => ({
        uid: v.uid,
        email: v.email,
        emailVerified: true,
        displayName: v.displayName,
        providerData: [
          {
            uid: `bench-${v.uid}`,
            providerId: 'google.com',
            email: v.email,
            displayName: v.displayName,
          },
        ],
      })),
    );
    if (result.failureCount > 0)
      throw new Error(
        `Auth import failed: ${result.errors.map((x) => x.error.message).join('; ')}`,
      );
  } finally {
    await deleteApp(app);
  }
}

export async function seedBenchEvent(projectId: string, e: BenchEvent): Promise<SeedResult> {
  const started = Date.now();
  const appName = `bench-seed-${randomUUID()}`;
  const app = initializeApp({ projectId, storageBucket: `${projectId}.appspot.com` }, appName);
  try {
    await seedViewers(projectId, appName, [e.members[CREATOR]!, e.members[GUEST]!]);
    const db = getFirestore(app);
    if (await alreadySeeded(db, e)) {
      // Seeded before the derived documents existed: add them (the functions keep them after).
      if (!(await dataAccess(db).stats.members(e.id).get()).exists) {
        await backfillEvent(dataAccess(db), e.id);
      }
      return {
        event: e,
        documents: documentCount(e),
        seconds: (Date.now() - started) / 1000,
        skipped: true,
      };
    }
    const base = `events/${e.id}`;
    const creator = e.members[CREATOR]!;
    const person = (i: number) => ({ displayName: e.members[i]!.displayName, photoURL: '' });

    const bucket = getStorage(app).bucket();
    const shared = await Promise.all(
      SHARED_COLORS.map(async ([from, to], k) => {
        const objectPath = `${base}/photos/${creator.uid}/bench-shared-${k}.png`;
        const thumbPath = `${base}/thumbs/${creator.uid}/bench-shared-${k}.png`;
        const sun = { x: 0.3 + 0.1 * k, y: 0.35, r: 0.12 };
        const original = gradientPng(480, 320, hexToRgb(from), hexToRgb(to), sun);
        // With a download token, as a Firebase upload has; the photos store its URL.
        const save = async (path: string, png: Buffer) => {
          const file = bucket.file(path);
          await file.save(png, {
            resumable: false,
            contentType: 'image/png',
            metadata: { metadata: { firebaseStorageDownloadTokens: randomUUID() } },
          });
          return getDownloadURL(file);
        };
        const url = await save(objectPath, original);
        const thumbUrl = await save(
          thumbPath,
          gradientPng(240, 160, hexToRgb(from), hexToRgb(to), sun),
        );
        return { objectPath, thumbPath, url, thumbUrl, size: original.length };
      }),
    );

    const out = new BulkSets(db);
    // The activity feed entry a trigger writes for one created document.
    const activity = async (source: ActivitySources, subjectId: string) => {
      const item = buildActivityFeed(source, 1)[0]!;
      await out.set(`${base}/activity/${item.kind}:${subjectId}`, {
        kind: item.kind,
        actor: item.actor,
        subjectId,
        title: item.text,
        at: Timestamp.fromMillis(item.at),
      });
    };
    await out.set(base, {
      name: e.name,
      description: `Scale bench event: ${e.members.length} members, ${e.photos.length} photos.`,
      location: 'Napa Valley, CA',
      startDate: '2027-06-11T16:00:00.000Z',
      endDate: '2027-06-14T20:00:00.000Z',
      customLogo: '',
      themeColors: { ...DEFAULT_THEME_COLORS },
      bannerSettings: { ...DEFAULT_BANNER_SETTINGS },
      bannerImageUrl: null,
      adminId: creator.uid,
      createdBy: creator.uid,
      createdAt: ago(24 * 31),
    });
    for (const [i, m] of e.members.entries()) {
      const tier = i === CREATOR ? 'enterprise' : 'free';
      await out.set(`users/${m.uid}`, {
        email: m.email,
        displayName: m.displayName,
        photoURL: '',
        phoneNumber: '',
        venmoUsername: '',
        subscriptionStatus: tier === 'free' ? 'free' : 'active',
        subscriptionTier: tier,
        subscriptionExpiresAt:
          tier === 'free' ? null : Timestamp.fromDate(new Date('2027-12-31T23:59:59.000Z')),
        createdAt: ago(24 * 60),
        updatedAt: ago(24 * 40),
      });
      await out.set(`${base}/members/${m.uid}`, {
        eventId: e.id,
        userId: m.uid,
        role: m.role,
        joinedAt: ago(m.joinedHoursAgo),
        user: { displayName: m.displayName, email: m.email, photoURL: '' },
        searchTokens: memberSearchTokens(m.displayName, m.email),
      });
      await activity(
        {
          members: [
            { userId: m.uid, joinedAt: ago(m.joinedHoursAgo), user: person(i), role: m.role },
          ],
        },
        m.uid,
      );
    }
    for (const [i, m] of e.members.slice(2, 2 + e.size.admins).entries()) {
      await out.set(`${base}/roleChanges/${e.id.slice(0, 8)}-role-${i}`, {
        eventId: e.id,
        changedUserId: m.uid,
        changedByUserId: creator.uid,
        oldRole: 'attendee',
        newRole: 'admin',
        changedAt: ago(m.joinedHoursAgo - 1),
        changedUser: { displayName: m.displayName },
        changedBy: { displayName: creator.displayName },
      });
    }
    for (const p of e.photos) {
      const objects = shared[p.shared]!;
      await out.set(`${base}/photos/${p.id}`, {
        id: p.id,
        eventId: e.id,
        uploadedBy: e.members[p.uploader]!.uid,
        uploadedByUser: person(p.uploader),
        filename: p.filename,
        objectPath: objects.objectPath,
        thumbPath: objects.thumbPath,
        url: objects.url,
        thumbUrl: objects.thumbUrl,
        caption: p.caption,
        size: objects.size,
        contentType: 'image/png',
        votes: p.voters.length,
        isFeatured: p.featured,
        uploadedAt: ago(p.uploadedHoursAgo),
        searchTokens: photoSearchTokens(p.caption, person(p.uploader).displayName),
      });
      await activity(
        {
          photos: [
            {
              id: p.id,
              uploadedAt: ago(p.uploadedHoursAgo),
              uploadedByUser: person(p.uploader),
              caption: p.caption,
            },
          ],
        },
        p.id,
      );
      for (const v of p.voters) {
        const voter = e.members[v]!.uid;
        await out.set(`${base}/photos/${p.id}/votes/${voter}`, {
          eventId: e.id,
          photoId: p.id,
          userId: voter,
          votedAt: ago(p.uploadedHoursAgo - 1),
        });
      }
    }
    for (const f of e.flights) {
      await out.set(`${base}/flights/${f.id}`, {
        id: f.id,
        eventId: e.id,
        userId: e.members[f.by]!.uid,
        user: person(f.by),
        airline: f.airline,
        flightNumber: f.flightNumber,
        departure: f.departure,
        arrival: f.arrival,
        departureTime: f.departureTime,
        arrivalTime: f.arrivalTime,
        departureTimeZone: f.departureTimeZone,
        arrivalTimeZone: f.arrivalTimeZone,
        createdAt: ago(f.createdHoursAgo),
      });
      await activity(
        {
          flights: [
            {
              id: f.id,
              createdAt: ago(f.createdHoursAgo),
              user: person(f.by),
              departure: f.departure,
              arrival: f.arrival,
            },
          ],
        },
        f.id,
      );
    }
    for (const c of e.carpools) {
      await out.set(`${base}/carpools/${c.id}`, {
        id: c.id,
        eventId: e.id,
        driverId: e.members[c.driver]!.uid,
        driver: person(c.driver),
        fromLocation: c.fromLocation,
        toLocation: c.toLocation,
        departureTime: c.departureTime,
        maxSeats: c.maxSeats,
        currentSeats: 1 + c.passengers.length,
        passengerIds: c.passengers.map((i) => e.members[i]!.uid),
        createdAt: ago(c.createdHoursAgo),
      });
      await activity(
        {
          carpools: [
            {
              id: c.id,
              createdAt: ago(c.createdHoursAgo),
              driver: person(c.driver),
              fromLocation: c.fromLocation,
              toLocation: c.toLocation,
            },
          ],
        },
        c.id,
      );
      for (const i of c.passengers) {
        await out.set(`${base}/carpools/${c.id}/passengers/${e.members[i]!.uid}`, {
          eventId: e.id,
          carpoolId: c.id,
          userId: e.members[i]!.uid,
          user: person(i),
          joinedAt: ago(c.createdHoursAgo - 1),
        });
      }
    }
    // The RSVP function keeps each item's tallies and each member's answers document.
    const answers = new Map<string, Record<string, RsvpStatus>>();
    for (const [n, s] of e.schedule.entries()) {
      const counts: RsvpCounts = { going: 0, maybe: 0, notGoing: 0 };
      for (const [i, status] of s.rsvps.entries()) {
        if (status === 'going') counts.going += 1;
        else if (status === 'maybe') counts.maybe += 1;
        else counts.notGoing += 1;
        const uid = e.members[i]!.uid;
        answers.set(uid, { ...answers.get(uid), [s.id]: status });
      }
      await activity(
        { schedule: [{ id: s.id, createdAt: ago(24 * 25 - n), title: s.title }] },
        s.id,
      );
      await out.set(`${base}/schedule/${s.id}`, {
        rsvpCounts: counts,
        id: s.id,
        eventId: e.id,
        title: s.title,
        description: '',
        startTime: s.startTime,
        endTime: s.endTime,
        location: s.location,
        createdBy: creator.uid,
        createdAt: ago(24 * 25 - n),
        audience: 'everyone',
        groupAccess: {},
      });
      for (const [i, status] of s.rsvps.entries()) {
        await out.set(`${base}/schedule/${s.id}/rsvps/${e.members[i]!.uid}`, {
          eventId: e.id,
          scheduleId: s.id,
          userId: e.members[i]!.uid,
          status,
          respondedAt: ago(24 * 10 - (i % 200) / 10),
        });
      }
    }
    for (const [uid, statuses] of answers)
      await out.set(`${base}/rsvpsByUser/${uid}`, { statuses });
    await seedPoll(out, e);
    // The stored counts the functions keep (docs/performance.md, "Counters").
    const role = (r: string) => e.members.filter((m) => m.role === r).length;
    await out.set(`${base}/stats/members`, {
      total: e.members.length,
      creator: role('creator'),
      admin: role('admin'),
      attendee: role('attendee'),
    });
    await out.set(`${base}/stats/photos`, {
      total: e.photos.length,
      featured: e.photos.filter((p) => p.featured).length,
    });
    await out.set(`${base}/stats/travel`, {
      flights: e.flights.length,
      carpools: e.carpools.length,
    });
    await out.done();
    // Counters, rsvpsByUser, searchTokens and the activity feed, as the functions and their
    // triggers keep them for documents they write (docs/performance.md).
    await backfillEvent(dataAccess(db), e.id);
    return {
      event: e,
      documents: out.written,
      seconds: (Date.now() - started) / 1000,
      skipped: false,
    };
  } finally {
    await deleteApp(app);
  }
}

/** The tier documents the API reads (npm start seeds them too; harmless to repeat). */
export async function seedTiers(projectId: string): Promise<void> {
  const app = initializeApp({ projectId }, `bench-tiers-${randomUUID()}`);
  try {
    const db = getFirestore(app);
    const batch = db.batch();
    for (const tier of Object.values(TIERS)) {
      batch.set(db.doc(`subscriptionTiers/${tier.tierName}`), {
        ...tier,
        createdAt: ago(24 * 30),
        updatedAt: ago(24 * 30),
      });
    }
    await batch.commit();
  } finally {
    await deleteApp(app);
  }
}
