/**
 * The activity feed and search-token triggers end to end: documents written into the offline
 * Firestore emulator fire the deployed triggers in firebase-tools' real Functions emulator (the
 * emulator delivers document events as the official one does), which write the feed entries and
 * tokens this test reads.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';
import { startFunctionsEmulator } from '@gatherly/emulator/functions/functions-emulator';
import type { DataAccess } from '../src/db.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the triggers through the Functions emulator', () => {
  let stop: () => Promise<void> = async () => {};
  let store: DataAccess;

  beforeAll(async () => {
    process.env.METADATA_SERVER_DETECTION = 'none';
    let offline: { firestore: { host: string; port: number }; stop(): Promise<void> } | null = null;
    if (process.env.GATHERLY_EMULATORS !== 'official') {
      const { startEmulators } = await import('@gatherly/emulator/index');
      offline = await startEmulators({
        firestorePort: 0,
        storagePort: 0,
        host: '127.0.0.1',
        logLevel: 'error',
        firestoreIndexes: `${ROOT}firestore.indexes.json`,
      });
    }
    // The Functions emulator loads the bundle (functions/lib), as `firebase deploy` does.
    execFileSync(process.execPath, ['build.mjs'], { cwd: `${ROOT}functions`, stdio: 'ignore' });
    const start = () =>
      startFunctionsEmulator({
        projectDir: ROOT,
        projectId: 'demo-gatherly',
        ...(offline ? { firestore: offline.firestore } : {}),
      });
    // The free port it picks can be taken by a parallel suite before firebase-tools binds it
    // ("port taken"): pick again once.
    const functions = await start().catch((err: unknown) => {
      if (err instanceof Error && /port taken/i.test(err.message)) return start();
      throw err;
    });
    process.env.FIRESTORE_EMULATOR_HOST = `${functions.firestore.host}:${functions.firestore.port}`;
    stop = async () => {
      await functions.stop();
      await offline?.stop();
    };
    store = (await import('../src/firebase.ts')).store();
  }, 240_000);
  afterAll(async () => {
    await stop();
  });

  it('entries follow created and deleted documents; captions refresh tokens', async () => {
    const eventId = `trigger-${Date.now()}`;
    const now = Timestamp.now();
    await store.event(eventId).set({
      id: eventId,
      name: 'Trigger party',
      description: '',
      location: '',
      startDate: null,
      endDate: null,
      customLogo: '',
      themeColors: { ...DEFAULT_THEME_COLORS },
      bannerSettings: { ...DEFAULT_BANNER_SETTINGS },
      bannerImageUrl: null,
      adminId: 'host',
      createdBy: 'host',
      createdAt: now,
    });
    await store.member(eventId, 'host').set({
      id: 'host',
      eventId,
      userId: 'host',
      role: 'creator',
      joinedAt: now,
      user: { displayName: 'Hosta', email: 'host@example.com', photoURL: '' },
    });
    const photoRef = store.photos(eventId).doc('p1');
    await photoRef.set({
      id: 'p1',
      eventId,
      uploadedBy: 'host',
      uploadedByUser: { displayName: 'Hosta', photoURL: '' },
      filename: 'p.jpg',
      objectPath: `events/${eventId}/photos/host/p.jpg`,
      thumbPath: '',
      url: `https://files.test/events/${eventId}/photos/host/p.jpg`,
      thumbUrl: '',
      caption: 'Toast',
      size: 10,
      contentType: 'image/jpeg',
      votes: 0,
      isFeatured: false,
      uploadedAt: now,
      searchTokens: ['toast'],
    });
    const flightRef = store.flights(eventId).doc('f1');
    await flightRef.set({
      id: 'f1',
      eventId,
      userId: 'host',
      user: { displayName: 'Hosta', photoURL: '' },
      airline: '',
      flightNumber: '',
      departure: 'LIS',
      arrival: 'OPO',
      departureTime: '2027-06-11T08:00:00.000Z',
      arrivalTime: '2027-06-11T09:00:00.000Z',
      createdAt: now,
    });
    const entries = () => store.activity(eventId).get();
    await until('two feed entries', async () => ((await entries()).size === 2 ? true : null));
    expect((await store.activity(eventId).doc('member:host').get()).data()?.title).toBe(
      'Hosta created the event',
    );
    expect((await store.activity(eventId).doc('flight:f1').get()).data()?.title).toBe(
      'Hosta added a flight from LIS to OPO',
    );

    await photoRef.update({ caption: 'Cake cutting' });
    await until('refreshed tokens', async () =>
      (await photoRef.get()).data()?.searchTokens?.includes('cake') ? true : null,
    );

    await flightRef.delete();
    await until('the flight entry removed', async () =>
      (await store.activity(eventId).doc('flight:f1').get()).exists ? null : true,
    );
    // Photo lines are kept by the photo functions (one per upload batch), never by a trigger:
    // the photo written directly above has none.
    expect((await entries()).docs.map((d) => d.id)).toEqual(['member:host']);
  });
});
