import { readFileSync } from 'node:fs';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  getBytes,
  getDownloadURL,
  getStorage,
  listAll,
  ref,
  uploadBytes,
} from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData, type SeedSummary } from '../../../scripts/seed.ts';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/server.ts';
import { startStorageEmulator, type StorageEmulator } from '../../src/storage/server.ts';

// The Storage emulator wired to the Firestore emulator in one process, as `npm start` runs
// them: the demo seed goes in through firebase-admin (gRPC + Cloud Storage JSON API), and
// storage.rules decide web-SDK access from the seeded membership documents.

const projectId = 'demo-seeded-stack';
let firestore: FirestoreEmulator;
let storage: StorageEmulator;
let summary: SeedSummary;
const apps: FirebaseApp[] = [];

beforeAll(async () => {
  firestore = await startFirestoreEmulator({ port: 0, logLevel: 'silent' });
  storage = await startStorageEmulator({
    port: 0,
    logLevel: 'warn',
    firestore: (p) => firestore.documentSource(p),
  });
  storage.setRules(readFileSync(new URL('../../../storage.rules', import.meta.url), 'utf8'));
  process.env['FIRESTORE_EMULATOR_HOST'] = `127.0.0.1:${firestore.port}`;
  process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `127.0.0.1:${storage.port}`;
  delete process.env['STORAGE_EMULATOR_HOST'];
  summary = await seedDemoData({ projectId, withAuth: false });
}, 60_000);

afterAll(async () => {
  await Promise.all(apps.map((a) => deleteApp(a)));
  await storage.stop();
  await firestore.stop();
});

function storageAs(uid: string): ReturnType<typeof getStorage> {
  const app = initializeApp(
    { projectId, storageBucket: `${projectId}.appspot.com`, apiKey: 'k' },
    `seeded-${apps.length}`,
  );
  apps.push(app);
  const s = getStorage(app);
  connectStorageEmulator(s, '127.0.0.1', storage.port, {
    mockUserToken: { user_id: uid, sub: uid },
  });
  return s;
}

describe('seeded stack', () => {
  it('seeds users, events, photos and Storage objects', () => {
    expect(summary).toMatchObject({ users: 5, events: 3, photos: 5, objects: 11 });
    expect(summary.invitations).toHaveLength(2);
  });

  it('lets members read event photos and keeps others out (firestore.get through the Firestore emulator)', async () => {
    const ava = storageAs('demo-ava');
    const photo = ref(ava, 'events/tahoe-weekend/photos/demo-olivia/cabin-sunrise.png');
    const bytes = new Uint8Array(await getBytes(photo));
    expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // "PNG"
    expect(await getDownloadURL(photo)).toContain('token=');
    const listing = await listAll(ref(ava, 'events/tahoe-weekend/photos'));
    expect(listing.prefixes.map((p) => p.name).sort()).toEqual(['demo-ava', 'demo-olivia']);

    const emma = storageAs('demo-emma'); // not a member of the Tahoe weekend
    await expect(getBytes(photo)).resolves.toBeDefined();
    await expect(getBytes(ref(emma, photo.fullPath))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await expect(
      uploadBytes(ref(emma, 'events/tahoe-weekend/photos/demo-emma/x.png'), new Uint8Array(8), {
        contentType: 'image/png',
      }),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });

    // The wedding banner: admins upload, attendees may not.
    const olivia = storageAs('demo-olivia');
    await uploadBytes(ref(olivia, 'events/sam-alex-wedding/banner/new.png'), new Uint8Array(8), {
      contentType: 'image/png',
    });
    await expect(
      uploadBytes(ref(ava, 'events/sam-alex-wedding/banner/mine.png'), new Uint8Array(8), {
        contentType: 'image/png',
      }),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
  });
});
