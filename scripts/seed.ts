// Seeds the demo world (scripts/lib/demo-data.ts) into running emulators with firebase-admin:
// Auth users (with a Google identity so the emulator's sign-in popup offers them), the
// subscription tiers, events with members, photos (real PNGs in Storage), flights, carpools,
// schedule and RSVPs. Used by `npm start`; run alone with `npx tsx scripts/seed.ts` while the
// emulators are up (FIRESTORE_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST,
// FIREBASE_AUTH_EMULATOR_HOST default to the ports in firebase.json).
import { groupLimit } from '@gatherly/domain/groups';
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import type { PersonSummary, UserSummary } from '@gatherly/domain/entities/common';
import { TIERS } from '@gatherly/domain/tiers';
import { dataAccess, type DataAccess } from '../functions/src/db.ts';
import { backfillEvent } from '../functions/src/services/backfill.ts';
import { EVENTS, USERS, type DemoEvent, type DemoUser } from './lib/demo-data.ts';
import { gradientPng, hexToRgb } from './lib/png.ts';

export interface SeedOptions {
  projectId: string;
  /** Skip Auth users (e.g. when no Auth emulator runs). */
  withAuth?: boolean;
}

export interface SeedSummary {
  users: number;
  events: number;
  photos: number;
  objects: number;
  /** Pending demo invitations with their link tokens. */
  invitations: Array<{ eventName: string; email: string; token: string }>;
}

const DEFAULT_HOSTS: Record<string, string> = {
  FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
  FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
};

function summaryOf(user: DemoUser): UserSummary {
  return { displayName: user.displayName, email: user.email, photoURL: '' };
}

function person(uid: string): PersonSummary {
  const user = USERS.find((u) => u.uid === uid);
  if (!user) throw new Error(`demo data names unknown user ${uid}`);
  return { displayName: user.displayName, photoURL: '' };
}

function userOf(uid: string): DemoUser {
  const user = USERS.find((u) => u.uid === uid);
  if (!user) throw new Error(`demo data names unknown user ${uid}`);
  return user;
}

/** Timestamps spread over the last days so lists have a natural order. */
function ago(hours: number): Timestamp {
  return Timestamp.fromMillis(Date.now() - hours * 3600_000);
}

export async function seedDemoData(opts: SeedOptions): Promise<SeedSummary> {
  if (!opts.projectId.startsWith('demo-'))
    throw new Error(`refusing to seed non-demo project ${opts.projectId}`);
  for (const [name, value] of Object.entries(DEFAULT_HOSTS)) process.env[name] ??= value;
  const app = initializeApp(
    { projectId: opts.projectId, storageBucket: `${opts.projectId}.appspot.com` },
    `seed-${randomUUID()}`,
  );
  try {
    if (opts.withAuth !== false) await seedAuth(app);
    // The functions' typed references: documents are written in their data-model shape.
    const db = dataAccess(getFirestore(app));
    await seedUsersAndTiers(db);
    let photos = 0;
    let objects = 0;
    const invitations: SeedSummary['invitations'] = [];
    for (const event of EVENTS) {
      const result = await seedEvent(app, db, event);
      photos += result.photos;
      objects += result.objects;
      invitations.push(...result.invitations);
    }
    return { users: USERS.length, events: EVENTS.length, photos, objects, invitations };
  } finally {
    await deleteApp(app);
  }
}

async function seedAuth(app: App): Promise<void> {
  const auth = getAuth(app);
  const existing = await auth.getUsers(USERS.map((u) => ({ uid: u.uid })));
  const have = new Set(existing.users.map((u) => u.uid));
  const missing = USERS.filter((u) => !have.has(u.uid));
  if (missing.length === 0) return;
  const result = await auth.importUsers(
    missing.map((u) => ({
      uid: u.uid,
      email: u.email,
      emailVerified: true,
      displayName: u.displayName,
      providerData: [
        { uid: u.googleId, providerId: 'google.com', email: u.email, displayName: u.displayName },
      ],
    })),
  );
  if (result.failureCount > 0) {
    throw new Error(`Auth import failed: ${result.errors.map((e) => e.error.message).join('; ')}`);
  }
}

async function seedUsersAndTiers(db: DataAccess): Promise<void> {
  const batch = db.firestore.batch();
  for (const tier of Object.values(TIERS)) {
    batch.set(db.tier(tier.tierName), {
      ...tier,
      id: tier.tierName,
      createdAt: ago(24 * 30),
      updatedAt: ago(24 * 30),
    });
  }
  USERS.forEach((u, i) => {
    batch.set(db.user(u.uid), {
      id: u.uid,
      email: u.email,
      displayName: u.displayName,
      photoURL: '',
      phoneNumber: u.phoneNumber,
      venmoUsername: u.venmoUsername,
      subscriptionStatus: u.tier === 'free' ? 'free' : 'active',
      subscriptionTier: u.tier,
      subscriptionExpiresAt:
        u.tier === 'free' ? null : Timestamp.fromDate(new Date('2027-12-31T23:59:59.000Z')),
      createdAt: ago(24 * (20 - i)),
      updatedAt: ago(24 * (10 - i)),
    });
  });
  await batch.commit();
}

async function seedEvent(
  app: App,
  db: DataAccess,
  event: DemoEvent,
): Promise<{ photos: number; objects: number; invitations: SeedSummary['invitations'] }> {
  const bucket = getStorage(app).bucket();
  const creator = Object.entries(event.members).find(([, role]) => role === 'creator')?.[0];
  if (!creator) throw new Error(`event ${event.id} has no creator`);
  const base = `events/${event.id}`;
  let objects = 0;

  /** Saves a PNG with a download token (as a Firebase upload has) and returns its URL. */
  const upload = async (path: string, png: Buffer): Promise<string> => {
    const file = bucket.file(path);
    await file.save(png, {
      resumable: false,
      contentType: 'image/png',
      metadata: { metadata: { firebaseStorageDownloadTokens: randomUUID() } },
    });
    objects++;
    return getDownloadURL(file);
  };

  let customBannerImage: string | null = null;
  let bannerImageUrl: string | null = null;
  if (event.banner) {
    customBannerImage = `${base}/banner/banner.png`;
    bannerImageUrl = await upload(
      customBannerImage,
      gradientPng(1200, 400, hexToRgb(event.banner[0]), hexToRgb(event.banner[1]), {
        x: 0.8,
        y: 0.3,
        r: 0.15,
      }),
    );
  }

  const batch = db.firestore.batch();
  batch.set(db.event(event.id), {
    id: event.id,
    name: event.name,
    description: event.description,
    location: event.location,
    startDate: event.startDate,
    endDate: event.endDate,
    timeZone: event.timeZone,
    customLogo: '',
    themeColors: event.themeColors,
    bannerSettings: {
      style: event.bannerStyle,
      autoRotate: true,
      rotateInterval: 5000,
      customBannerImage,
    },
    bannerImageUrl,
    adminId: creator,
    createdBy: creator,
    createdAt: ago(24 * 14),
  });
  Object.entries(event.members).forEach(([uid, role], i) => {
    batch.set(db.member(event.id, uid), {
      id: uid,
      eventId: event.id,
      userId: uid,
      role,
      joinedAt: ago(24 * 14 - i * 5),
      user: summaryOf(userOf(uid)),
    });
  });

  for (const [i, photo] of event.photos.entries()) {
    const objectPath = `${base}/photos/${photo.by}/${photo.fileName}`;
    const thumbPath = `${base}/thumbs/${photo.by}/${photo.fileName}`;
    const sun = { x: 0.25 + 0.2 * i, y: 0.35, r: 0.12 };
    const original = gradientPng(
      800,
      533,
      hexToRgb(photo.colors[0]),
      hexToRgb(photo.colors[1]),
      sun,
    );
    const url = await upload(objectPath, original);
    const thumbUrl = await upload(
      thumbPath,
      gradientPng(240, 160, hexToRgb(photo.colors[0]), hexToRgb(photo.colors[1]), sun),
    );
    batch.set(db.photos(event.id).doc(photo.id), {
      id: photo.id,
      eventId: event.id,
      uploadedBy: photo.by,
      uploadedByUser: person(photo.by),
      filename: photo.fileName,
      objectPath,
      thumbPath,
      url,
      thumbUrl,
      caption: photo.caption,
      size: original.length,
      contentType: 'image/png',
      votes: photo.votes.length,
      isFeatured: photo.featured,
      uploadedAt: ago(72 - i * 6),
      ...(photo.batch ? { batchId: photo.batch } : {}),
    });
    for (const voter of photo.votes) {
      batch.set(db.votes(event.id, photo.id).doc(voter), {
        id: voter,
        eventId: event.id,
        photoId: photo.id,
        userId: voter,
        votedAt: ago(48 - i),
      });
    }
  }

  event.flights.forEach((f, i) => {
    batch.set(db.flights(event.id).doc(f.id), {
      id: f.id,
      eventId: event.id,
      userId: f.by,
      user: person(f.by),
      airline: f.airline,
      flightNumber: f.flightNumber,
      departure: f.departure,
      arrival: f.arrival,
      departureTime: f.departureTime,
      arrivalTime: f.arrivalTime,
      departureTimeZone: f.departureTimeZone,
      arrivalTimeZone: f.arrivalTimeZone,
      createdAt: ago(40 - i),
    });
  });

  event.carpools.forEach((c, i) => {
    batch.set(db.carpools(event.id).doc(c.id), {
      id: c.id,
      eventId: event.id,
      driverId: c.driver,
      driver: person(c.driver),
      fromLocation: c.fromLocation,
      toLocation: c.toLocation,
      departureTime: c.departureTime,
      maxSeats: c.maxSeats,
      currentSeats: 1 + c.passengers.length,
      passengerIds: c.passengers,
      createdAt: ago(36 - i),
    });
    c.passengers.forEach((uid, j) => {
      batch.set(db.passengers(event.id, c.id).doc(uid), {
        id: uid,
        eventId: event.id,
        carpoolId: c.id,
        userId: uid,
        user: person(uid),
        joinedAt: ago(30 - j),
      });
    });
  });

  event.schedule.forEach((s, i) => {
    batch.set(db.schedule(event.id).doc(s.id), {
      id: s.id,
      eventId: event.id,
      title: s.title,
      description: s.description,
      startTime: s.startTime,
      endTime: s.endTime,
      location: s.location,
      createdBy: creator,
      createdAt: ago(50 - i),
      ...groupLimit([]),
    });
    Object.entries(s.rsvps).forEach(([uid, status], j) => {
      batch.set(db.rsvps(event.id, s.id).doc(uid), {
        id: uid,
        eventId: event.id,
        scheduleId: s.id,
        userId: uid,
        status,
        respondedAt: ago(20 - j),
      });
    });
  });

  const invitations: SeedSummary['invitations'] = [];
  for (const inv of event.pendingInvitations) {
    batch.set(db.invitations(event.id).doc(inv.id), {
      id: inv.id,
      eventId: event.id,
      email: inv.email,
      role: inv.role,
      status: 'pending',
      invitedByUserId: inv.by,
      invitedAt: ago(26),
      respondedAt: null,
    });
    const token = randomBytes(32).toString('base64url');
    invitations.push({ eventName: event.name, email: inv.email, token });
    batch.set(db.invitationToken(token), {
      id: token,
      eventId: event.id,
      invitationId: inv.id,
      email: inv.email,
      createdAt: ago(26),
    });
  }

  for (const change of event.roleChanges) {
    batch.set(db.roleChanges(event.id).doc(change.id), {
      id: change.id,
      eventId: event.id,
      changedUserId: change.user,
      changedByUserId: change.by,
      oldRole: change.oldRole,
      newRole: change.newRole,
      changedAt: ago(24 * 10),
    });
  }

  await batch.commit();
  // Counters, rsvpsByUser, searchTokens and the activity feed, as the functions and their
  // triggers keep them for documents they write (docs/performance.md).
  await backfillEvent(db, event.id);
  return { photos: event.photos.length, objects, invitations };
}

export { USERS as DEMO_USERS };

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const projectId = process.env['GCLOUD_PROJECT'] ?? 'demo-gatherly';
  seedDemoData({ projectId })
    .then((s) =>
      console.log(
        `Seeded ${s.users} users, ${s.events} events, ${s.photos} photos (${s.objects} Storage objects) into ${projectId}.`,
      ),
    )
    .catch((err: unknown) => {
      console.error(err);
      process.exitCode = 1;
    });
}
