import { readFileSync } from 'node:fs';
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getBytes,
  getDownloadURL,
  getMetadata,
  getStorage,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  uploadString,
  type FirebaseStorage,
} from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageEmulator, type StorageEmulator } from '../../src/storage/server.ts';
import { memberDocs, pngBytes } from './fixtures.ts';

// The Firebase web SDK (modular and the compat one inside @firebase/rules-unit-testing) against
// the offline Storage emulator with a fixed rules set shaped like the app's (app-shaped.rules).

const projectId = 'demo-storage-web';
const bucket = `${projectId}.appspot.com`;
const rules = readFileSync(new URL('./app-shaped.rules', import.meta.url), 'utf8');

let emulator: StorageEmulator;
let env: RulesTestEnvironment;
const apps: FirebaseApp[] = [];

function storageAs(uid: string | null): FirebaseStorage {
  const app = initializeApp(
    { projectId, storageBucket: bucket, apiKey: 'demo-key' },
    `app-${apps.length}`,
  );
  apps.push(app);
  const storage = getStorage(app);
  connectStorageEmulator(
    storage,
    '127.0.0.1',
    emulator.port,
    uid ? { mockUserToken: { user_id: uid, sub: uid } } : {},
  );
  return storage;
}

beforeAll(async () => {
  emulator = await startStorageEmulator({
    port: 0,
    logLevel: 'warn',
    firestore: (project) =>
      project === projectId
        ? memberDocs({
            e1: { carol: 'creator', adam: 'admin', alice: 'attendee', ann: 'attendee' },
          })
        : memberDocs({}),
  });
  env = await initializeTestEnvironment({
    projectId,
    storage: { host: '127.0.0.1', port: emulator.port, rules },
  });
});

afterAll(async () => {
  await Promise.all(apps.map((a) => deleteApp(a)));
  await env.cleanup();
  await emulator.stop();
});

beforeEach(() => emulator.reset());

describe('Firebase Storage REST API with the web SDK', () => {
  it('uploads (multipart), reads metadata, gets a download URL and downloads byte-identical', async () => {
    const storage = storageAs('alice');
    const bytes = pngBytes(5000);
    const objectRef = ref(storage, 'events/e1/photos/alice/one.png');
    const result = await uploadBytes(objectRef, bytes, {
      contentType: 'image/png',
      customMetadata: { caption: 'hi' },
    });
    expect(result.metadata.size).toBe(5000);
    expect(result.metadata.fullPath).toBe('events/e1/photos/alice/one.png');

    const meta = await getMetadata(objectRef);
    expect(meta.contentType).toBe('image/png');
    expect(meta.customMetadata).toEqual({ caption: 'hi' });
    expect(meta.md5Hash).toMatch(/==$/);

    const url = await getDownloadURL(objectRef);
    expect(url).toContain(
      `/v0/b/${bucket}/o/events%2Fe1%2Fphotos%2Falice%2Fone.png?alt=media&token=`,
    );
    // The token grants access without any Authorization header.
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);

    const viaSdk = new Uint8Array(await getBytes(objectRef));
    expect(viaSdk).toEqual(bytes);
  });

  it('uploads resumably in chunks with progress events', async () => {
    const storage = storageAs('alice');
    const bytes = pngBytes(1_200_000);
    const task = uploadBytesResumable(ref(storage, 'events/e1/photos/alice/big.png'), bytes, {
      contentType: 'image/png',
    });
    const progress: number[] = [];
    task.on('state_changed', (snap) => progress.push(snap.bytesTransferred));
    const snapshot = await task;
    expect(snapshot.totalBytes).toBe(1_200_000);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress[progress.length - 1]).toBe(1_200_000);
    const back = new Uint8Array(await getBytes(ref(storage, 'events/e1/photos/alice/big.png')));
    expect(Buffer.compare(Buffer.from(back), Buffer.from(bytes))).toBe(0);
  });

  it('lists with prefixes, pages and listAll', async () => {
    const storage = storageAs('alice');
    for (const name of ['a.png', 'b.png', 'c.png']) {
      await uploadBytes(ref(storage, `events/e1/photos/alice/${name}`), pngBytes(100), {
        contentType: 'image/png',
      });
    }
    await uploadBytes(ref(storage, 'events/e1/thumbs/alice/a.png'), pngBytes(100), {
      contentType: 'image/png',
    });
    const top = await listAll(ref(storage, 'events/e1'));
    expect(top.prefixes.map((p) => p.fullPath).sort()).toEqual([
      'events/e1/photos',
      'events/e1/thumbs',
    ]);
    const page1 = await list(ref(storage, 'events/e1/photos/alice'), { maxResults: 2 });
    expect(page1.items.map((i) => i.name)).toEqual(['a.png', 'b.png']);
    expect(page1.nextPageToken).toBeTruthy();
    const page2 = await list(ref(storage, 'events/e1/photos/alice'), {
      maxResults: 2,
      pageToken: page1.nextPageToken ?? '',
    });
    expect(page2.items.map((i) => i.name)).toEqual(['c.png']);
    expect(page2.nextPageToken).toBeUndefined();
  });

  it('updates metadata and deletes', async () => {
    const storage = storageAs('alice');
    const objectRef = ref(storage, 'events/e1/photos/alice/x.png');
    await uploadString(objectRef, 'not really a png', 'raw', { contentType: 'image/png' });
    const updated = await updateMetadata(objectRef, { customMetadata: { caption: 'new' } });
    expect(updated.customMetadata).toEqual({ caption: 'new' });
    expect(updated.metageneration).toBe('2');
    await deleteObject(objectRef);
    await expect(getMetadata(objectRef)).rejects.toMatchObject({
      code: 'storage/object-not-found',
    });
  });

  it('denies what storage.rules deny, including firestore.get() membership checks', async () => {
    const stranger = storageAs('zed');
    await expect(
      uploadBytes(ref(stranger, 'events/e1/photos/zed/a.png'), pngBytes(10), {
        contentType: 'image/png',
      }),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });

    const alice = storageAs('alice');
    // Someone else's folder, a non-image, and an oversize resumable upload (denied at start).
    await expect(
      uploadBytes(ref(alice, 'events/e1/photos/ann/a.png'), pngBytes(10), {
        contentType: 'image/png',
      }),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(
      uploadBytes(ref(alice, 'events/e1/photos/alice/a.txt'), new Uint8Array(10), {
        contentType: 'text/plain',
      }),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
    await expect(
      uploadBytesResumable(
        ref(alice, 'events/e1/photos/alice/huge.png'),
        new Uint8Array(10485761),
        { contentType: 'image/png' },
      ),
    ).rejects.toMatchObject({ code: 'storage/unauthorized' });
    // Exactly the limit is fine.
    await uploadBytesResumable(
      ref(alice, 'events/e1/photos/alice/max.png'),
      new Uint8Array(10485760),
      { contentType: 'image/png' },
    );

    const anonymous = storageAs(null);
    await expect(
      getMetadata(ref(anonymous, 'events/e1/photos/alice/max.png')),
    ).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });

    // Another attendee may read but not delete; an admin may delete.
    const ann = storageAs('ann');
    await getMetadata(ref(ann, 'events/e1/photos/alice/max.png'));
    await expect(deleteObject(ref(ann, 'events/e1/photos/alice/max.png'))).rejects.toMatchObject({
      code: 'storage/unauthorized',
    });
    await deleteObject(ref(storageAs('adam'), 'events/e1/photos/alice/max.png'));
  });

  it('works with @firebase/rules-unit-testing contexts and clearStorage', async () => {
    const alice = env.authenticatedContext('alice').storage();
    await assertSucceeds(
      alice
        .ref('events/e1/banner/b.png')
        .getMetadata()
        .catch((e: { code?: string }) => {
          if (e.code === 'storage/object-not-found') return null;
          throw e;
        }),
    );
    await assertFails(
      alice.ref('events/e1/banner/b.png').put(pngBytes(10), { contentType: 'image/png' }).then(),
    );
    const adam = env.authenticatedContext('adam').storage();
    await assertSucceeds(
      adam.ref('events/e1/banner/b.png').put(pngBytes(10), { contentType: 'image/png' }).then(),
    );
    await env.withSecurityRulesDisabled(async (ctx) => {
      await ctx.storage().ref('top-level.png').put(pngBytes(10), { contentType: 'image/png' });
    });
    await env.clearStorage();
    await env.withSecurityRulesDisabled(async (ctx) => {
      const all = await ctx.storage().ref().listAll();
      expect(all.items).toHaveLength(0);
    });
  });
});
