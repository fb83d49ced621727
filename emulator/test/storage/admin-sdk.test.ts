import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getDownloadURL, getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStorageEmulator, type StorageEmulator } from '../../src/storage/server.ts';
import { memberDocs, pngBytes } from './fixtures.ts';

// firebase-admin's bucket (@google-cloud/storage over the Cloud Storage JSON API), pointed at
// the emulator with FIREBASE_STORAGE_EMULATOR_HOST as functions are. Admin bypasses rules.

const projectId = 'demo-storage-admin';
let emulator: StorageEmulator;
let app: App;

beforeAll(async () => {
  emulator = await startStorageEmulator({
    port: 0,
    logLevel: 'warn',
    firestore: () => memberDocs({}),
  });
  process.env['FIREBASE_STORAGE_EMULATOR_HOST'] = `127.0.0.1:${emulator.port}`;
  delete process.env['STORAGE_EMULATOR_HOST'];
  app = initializeApp(
    { projectId, storageBucket: `${projectId}.appspot.com` },
    'admin-storage-test',
  );
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.stop();
});

beforeEach(() => emulator.reset());

describe('Cloud Storage JSON API with firebase-admin', () => {
  it('saves (resumable and multipart), reads metadata, downloads with hash validation', async () => {
    const bucket = getStorage(app).bucket();
    const big = Buffer.from(pngBytes(600_000));
    await bucket
      .file('events/e1/photos/u1/big.png')
      .save(big, { contentType: 'image/png', resumable: true });
    const small = Buffer.from(pngBytes(2_000));
    await bucket.file('events/e1/thumbs/u1/small.png').save(small, {
      contentType: 'image/png',
      resumable: false,
      metadata: { metadata: { caption: 'x' } },
    });

    const [meta] = await bucket.file('events/e1/photos/u1/big.png').getMetadata();
    expect(meta.size).toBe('600000');
    expect(meta.contentType).toBe('image/png');
    const [smallMeta] = await bucket.file('events/e1/thumbs/u1/small.png').getMetadata();
    expect(smallMeta.metadata).toEqual({ caption: 'x' });

    const [downloaded] = await bucket.file('events/e1/photos/u1/big.png').download();
    expect(Buffer.compare(downloaded, big)).toBe(0);
    const [exists] = await bucket.file('events/e1/photos/u1/big.png').exists();
    expect(exists).toBe(true);
    const [missing] = await bucket.file('nope.png').exists();
    expect(missing).toBe(false);
  });

  it('streams a chunked resumable upload', async () => {
    const bucket = getStorage(app).bucket();
    const data = Buffer.from(pngBytes(700_000));
    const file = bucket.file('chunked.bin');
    await new Promise<void>((resolve, reject) => {
      const stream = file.createWriteStream({
        resumable: true,
        chunkSize: 256 * 1024,
        contentType: 'application/octet-stream',
      });
      stream.on('error', reject).on('finish', () => resolve());
      stream.end(data);
    });
    const [back] = await file.download();
    expect(Buffer.compare(back, data)).toBe(0);
  });

  it('lists by prefix and deletes files by prefix', async () => {
    const bucket = getStorage(app).bucket();
    for (const name of [
      'events/e1/photos/a/1.png',
      'events/e1/photos/b/2.png',
      'events/e1/banner/b.png',
      'events/e2/photos/a/3.png',
    ]) {
      await bucket
        .file(name)
        .save(Buffer.from('x'), { contentType: 'image/png', resumable: false });
    }
    const [files] = await bucket.getFiles({ prefix: 'events/e1/' });
    expect(files.map((f) => f.name).sort()).toEqual([
      'events/e1/banner/b.png',
      'events/e1/photos/a/1.png',
      'events/e1/photos/b/2.png',
    ]);
    await bucket.deleteFiles({ prefix: 'events/e1/' });
    const [left] = await bucket.getFiles();
    expect(left.map((f) => f.name)).toEqual(['events/e2/photos/a/3.png']);
    await bucket.file('events/e2/photos/a/3.png').delete();
    const [none] = await bucket.getFiles();
    expect(none).toHaveLength(0);
  });

  it('honours ifGenerationMatch=0 (create only) and download tokens set through metadata', async () => {
    const bucket = getStorage(app).bucket();
    const file = bucket.file('once.png');
    await file.save(Buffer.from('a'), {
      resumable: false,
      preconditionOpts: { ifGenerationMatch: 0 },
    });
    await expect(
      file.save(Buffer.from('b'), { resumable: false, preconditionOpts: { ifGenerationMatch: 0 } }),
    ).rejects.toMatchObject({
      code: 412,
    });
    await file.setMetadata({ metadata: { firebaseStorageDownloadTokens: 'tok-1' } });
    const url = await getDownloadURL(file);
    expect(url).toMatch(/\?alt=media&token=tok-1$/);
    const response = await fetch(url);
    expect(await response.text()).toBe('a');
  });
});
