// Firestore triggers and scheduled functions end to end: documents written with firebase-admin
// into the offline Firestore emulator reach functions running inside firebase-tools' real
// Functions emulator (the fixture project in ./fixture), which write documents the test reads.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type Firestore, FieldValue, GeoPoint, Timestamp } from 'firebase-admin/firestore';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc as webDoc,
  getFirestore as getWebFirestore,
  setDoc,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/server.ts';
import {
  startFunctionsEmulator,
  type FunctionsEmulator,
} from '../../src/functions/functions-emulator.ts';
import { adminFirestore, officialEmulator } from '../firestore/helpers.ts';
import { eventually } from './eventually.ts';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixture');
const PROJECT = 'demo-triggers';

let firestore: FirestoreEmulator | null = null;
let functions: FunctionsEmulator;
let db: Firestore;
let close: () => Promise<void>;

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = 'none';
  await build({
    entryPoints: [path.join(fixture, 'functions/src/index.ts')],
    outfile: path.join(fixture, 'functions/dist/index.js'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  if (!officialEmulator) {
    // Short backoff so the retry test does not wait production's 10 s.
    firestore = await startFirestoreEmulator({
      port: 0,
      logLevel: (process.env.EMULATOR_LOG_LEVEL as 'warn' | undefined) ?? 'silent',
      triggerRetry: { minBackoffMs: 200, maxBackoffMs: 1_000, maxAgeMs: 60_000 },
    });
  }
  functions = await startFunctionsEmulator({
    projectDir: fixture,
    projectId: PROJECT,
    ...(firestore ? { firestore: { host: firestore.host, port: firestore.port } } : {}),
  });
  process.env.FIRESTORE_EMULATOR_HOST = `${functions.firestore.host}:${functions.firestore.port}`;
  ({ db, close } = adminFirestore(PROJECT));
}, 180_000);

afterAll(async () => {
  await close?.();
  await functions?.stop();
  await firestore?.stop();
});

const result = (id: string) => db.doc(`results/${id}`).get();

describe('Firestore triggers (v2 onDocument*)', { timeout: 60_000 }, () => {
  it('created: the function gets the new document as event.data, with its params and attributes', async () => {
    const data = {
      text: 'hello',
      n: 42,
      x: 1.5,
      ok: true,
      nothing: null,
      when: Timestamp.fromMillis(1_700_000_000_123),
      where: new GeoPoint(52.5, 13.4),
      list: [1, 'two', { three: 3 }],
      nested: { deep: { er: 'yes' } },
      bytes: Buffer.from([1, 2, 3]),
      ref: db.doc('other/doc'),
    };
    const written = await db.doc('items/one').create(data);
    const snap = await eventually(
      () => result('created-one'),
      (s) => s.exists,
    );
    const seen = snap.data() as Record<string, unknown>;
    const echoed = seen.data as Record<string, unknown>;
    expect(echoed).toEqual({ ...data, ref: expect.anything(), bytes: expect.anything() });
    expect((echoed.ref as { path: string }).path).toBe('other/doc');
    expect(Buffer.from(echoed.bytes as Uint8Array)).toEqual(Buffer.from([1, 2, 3]));
    expect((seen.createTime as Timestamp).isEqual(written.writeTime)).toBe(true);
    expect(seen.params).toEqual({ itemId: 'one' });
    expect(seen.event).toMatchObject({
      type: 'google.cloud.firestore.document.v1.created',
      source: `//firestore.googleapis.com/projects/${PROJECT}/databases/(default)`,
      subject: 'documents/items/one',
      project: PROJECT,
      database: '(default)',
      namespace: '(default)',
      document: 'items/one',
    });
  });

  it('updated: before and after; a write that changes nothing is no update', async () => {
    await db.doc('items/two').set({ n: 1, keep: 'same' });
    await db.doc('items/two').set({ n: 1, keep: 'same' }); // no change: no event
    await db.doc('items/two').update({ n: 2 });
    const snap = await eventually(
      () => result('updated-two'),
      (s) => s.exists,
    );
    expect(snap.get('before')).toEqual({ n: 1, keep: 'same' });
    expect(snap.get('after')).toEqual({ n: 2, keep: 'same' });
    await new Promise((r) => setTimeout(r, 1000));
    expect((await result('updated-two')).get('count')).toBe(1);
  });

  it('deleted: the function gets the last version', async () => {
    await db.doc('items/three').set({ gone: 'soon' });
    await db.doc('items/three').delete();
    const snap = await eventually(
      () => result('deleted-three'),
      (s) => s.exists,
    );
    expect(snap.data()).toEqual({ before: { gone: 'soon' }, exists: true });
  });

  it('written with a multi-segment wildcard hears create, update and delete at any depth', async () => {
    const ref = db.doc('deep/top1/a/b/c/d');
    await ref.set({ v: 1 });
    await ref.update({ v: 2 });
    await ref.delete();
    const query = db.collection('results').where('kind', '==', 'deep');
    const snap = await eventually(
      () => query.get(),
      (s) => s.size === 3,
    );
    const seen = snap.docs.map((d) => [d.get('beforeExists'), d.get('afterExists')]);
    expect(seen).toEqual(
      expect.arrayContaining([
        [false, true],
        [true, true],
        [true, false],
      ]),
    );
    for (const doc of snap.docs) {
      expect(doc.get('params')).toEqual({ top: 'top1', rest: 'a/b/c/d' });
      expect(doc.get('document')).toBe('deep/top1/a/b/c/d');
    }
  });

  it('withAuthContext: a write by the admin SDK is a service account', async () => {
    await db.doc('authored/a1').set({ by: 'admin' });
    const snap = await eventually(
      () => result('auth-a1'),
      (s) => s.exists,
    );
    expect(snap.get('authType')).toBe('service_account');
  });

  it('withAuthContext: a signed-in user is an app user with their uid; nobody is unauthenticated', async () => {
    const apps: FirebaseApp[] = [];
    const client = (token?: { sub: string }) => {
      const app = initializeApp({ projectId: PROJECT, apiKey: 'fake' }, `web-${apps.length}`);
      apps.push(app);
      const web = getWebFirestore(app);
      connectFirestoreEmulator(web, functions.firestore.host, functions.firestore.port, {
        ...(token ? { mockUserToken: { ...token, user_id: token.sub } } : {}),
      });
      return web;
    };
    try {
      await setDoc(webDoc(client({ sub: 'alice' }), 'authored/a2'), { by: 'alice' });
      await setDoc(webDoc(client(), 'authored/a3'), { by: 'nobody' });
      const alice = await eventually(
        () => result('auth-a2'),
        (s) => s.exists,
      );
      expect(alice.data()).toEqual({ authType: 'app_user', authId: 'alice' });
      const nobody = await eventually(
        () => result('auth-a3'),
        (s) => s.exists,
      );
      expect(nobody.get('authType')).toBe('unauthenticated');
    } finally {
      await Promise.all(apps.map((app) => deleteApp(app)));
    }
  });

  it('documents outside every pattern trigger nothing', async () => {
    await db.doc('items/four/sub/x').set({ not: 'an item' });
    await db.doc('elsewhere/x').set({ v: 1 });
    await db.doc('items/five').set({ marker: true });
    await eventually(
      () => result('created-five'),
      (s) => s.exists,
    );
    expect((await result('created-x')).exists).toBe(false);
  });
});

describe('retries', { timeout: 90_000 }, () => {
  it('a function with retry: true gets the same event again until it succeeds', async () => {
    await db.doc('flaky/f1').set({ failTimes: 2 });
    const snap = await eventually(
      () => result('flaky-f1'),
      (s) => s.exists,
      60_000,
    );
    expect(snap.get('attempts')).toBe(3);
    const ids = snap.get('eventIds') as string[];
    expect(new Set(ids).size).toBe(1);
  });

  it('a failing function without retry runs once per event', async () => {
    await db.doc('failing/g1').set({ v: 1 });
    await eventually(
      () => db.doc('attempts/g1').get(),
      (s) => s.exists,
    );
    await new Promise((r) => setTimeout(r, 3000));
    expect((await db.doc('attempts/g1').get()).get('count')).toBe(1);
  });
});

describe('v1 functions (functions.firestore.document)', { timeout: 60_000 }, () => {
  it('onCreate gets the document and params through the legacy event', async () => {
    await db.doc('legacy/l1').set({ hello: 'v1', at: FieldValue.serverTimestamp() });
    const snap = await eventually(
      () => result('legacy-l1'),
      (s) => s.exists,
    );
    expect(snap.get('data.hello')).toBe('v1');
    expect(snap.get('data.at')).toBeInstanceOf(Timestamp);
    expect(snap.get('params')).toEqual({ id: 'l1' });
    expect(snap.get('resource')).toBe(
      `projects/${PROJECT}/databases/(default)/documents/legacy/l1`,
    );
  });
});

describe('scheduled functions (onSchedule)', { timeout: 60_000 }, () => {
  it('runs one now as Cloud Scheduler would', async () => {
    const scheduleTime = new Date('2026-11-23T02:00:00.000Z');
    const outcome = await functions.runScheduled('nightly', scheduleTime);
    expect(outcome.ok).toBe(true);
    const snap = await result('nightly');
    expect(snap.get('scheduleTime')).toBe(scheduleTime.toISOString());
    expect(snap.get('jobName')).toBe('firebase-schedule-nightly-us-central1');
  });

  it('names a function that is not scheduled', async () => {
    await expect(functions.runScheduled('itemCreated')).rejects.toThrow(/not a scheduled function/);
  });
});
