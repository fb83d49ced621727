// Production limits mode over the wire: queries without their index are refused as production
// refuses them (admin SDK, listeners), the index-usage and write-rate endpoints, and commits past
// 500 writes. The planner's rules themselves are table-tested in index-planner.test.ts.
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FirestoreEmulator, startFirestoreEmulator } from '../../src/firestore/server.ts';
import { adminFirestore, uniqueProject } from './helpers.ts';

let strict: FirestoreEmulator;
let lenient: FirestoreEmulator;

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = 'none';
  strict = await startFirestoreEmulator({ port: 0, logLevel: 'silent', productionLimits: true });
  lenient = await startFirestoreEmulator({ port: 0, logLevel: 'silent', productionLimits: false });
});

afterAll(async () => {
  await strict.stop();
  await lenient.stop();
});

/** An admin client of one emulator (FIRESTORE_EMULATOR_HOST is read when the client starts). */
function adminOf(emulator: FirestoreEmulator, projectId: string) {
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  const client = adminFirestore(projectId);
  return client;
}

async function control(
  emulator: FirestoreEmulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`http://${emulator.host}:${emulator.port}/emulator/v1/projects/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const photosIndex = {
  collectionGroup: 'photos',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'uploader', order: 'ASCENDING' },
    { fieldPath: 'at', order: 'DESCENDING' },
  ],
};
const unusedIndex = {
  collectionGroup: 'photos',
  queryScope: 'COLLECTION',
  fields: [
    { fieldPath: 'size', order: 'ASCENDING' },
    { fieldPath: 'at', order: 'ASCENDING' },
  ],
};

async function seed(db: Firestore): Promise<void> {
  const batch = db.batch();
  for (let i = 0; i < 4; i++)
    batch.set(db.doc(`events/e/photos/p${i}`), { uploader: `u${i % 2}`, at: i, size: 10 * i });
  await batch.commit();
}

describe('production limits mode: composite indexes', () => {
  it('refuses a query production would refuse, until firestore.indexes.json declares its index', async () => {
    const projectId = uniqueProject('indexes');
    const { db, close } = adminOf(strict, projectId);
    try {
      await seed(db);
      const query = db
        .collection('events/e/photos')
        .where('uploader', '==', 'u1')
        .orderBy('at', 'desc');
      const refused = await query.get().then(
        () => null,
        (err: { code?: number; details?: string }) => err,
      );
      expect(refused?.code).toBe(9); // FAILED_PRECONDITION
      expect(refused?.details).toBe(
        `The query requires an index. Declare it in firestore.indexes.json "indexes": ${JSON.stringify(photosIndex)}`,
      );
      // Single-field queries need nothing declared.
      expect(
        (await db.collection('events/e/photos').where('uploader', '==', 'u1').get()).size,
      ).toBe(2);

      const loaded = await control(strict, 'PUT', `${projectId}:indexes`, {
        indexes: [photosIndex, unusedIndex],
      });
      expect(loaded.status).toBe(200);
      expect((await query.get()).docs.map((d) => d.id)).toEqual(['p3', 'p1']);

      const usage = await control(strict, 'GET', `${projectId}:indexUsage`);
      expect(usage.json).toMatchObject({
        productionLimits: true,
        used: [{ declaration: photosIndex, queries: 1 }],
        unused: [unusedIndex],
        missing: [{ declaration: photosIndex, queries: 1 }],
      });
      expect(usage.json.automatic).toEqual([
        {
          declaration: {
            collectionGroup: 'photos',
            fieldPath: 'uploader',
            indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
          },
          queries: 1,
        },
      ]);
      await control(strict, 'DELETE', `${projectId}:indexUsage`);
      expect((await control(strict, 'GET', `${projectId}:indexUsage`)).json).toMatchObject({
        used: [],
        missing: [],
      });
    } finally {
      await close();
    }
  });

  it('ends a listener on a query without its index with FAILED_PRECONDITION', async () => {
    const projectId = uniqueProject('listen');
    const { db, close } = adminOf(strict, projectId);
    try {
      await seed(db);
      const error = await new Promise<Error>((resolve) => {
        db.collectionGroup('photos')
          .where('uploader', '==', 'u0')
          .onSnapshot(
            () => resolve(new Error('the listener got a snapshot')),
            (err) => resolve(err),
          );
      });
      // firebase-admin reports a removed target as `Error <code>: <cause>`.
      expect(error.message).toMatch(
        /^Error 9: The query requires a COLLECTION_GROUP_ASC index for collection photos and field uploader\./,
      );
    } finally {
      await close();
    }
  });

  it('refuses a malformed index configuration with a sentence', async () => {
    const answer = await control(strict, 'PUT', `${uniqueProject('bad')}:indexes`, {
      indexes: [{ collectionGroup: 'photos', fields: [{ fieldPath: 'a', order: 'UP' }] }],
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.json)).toMatch(/order ASCENDING\|DESCENDING or arrayConfig/);
  });

  it('leaves a query the rules deny out of the usage report (it neither needs nor uses an index)', async () => {
    const projectId = uniqueProject('denied');
    const { db, close } = adminOf(strict, projectId);
    try {
      await seed(db);
      const rules = await control(strict, 'PUT', `${projectId}:securityRules`, {
        rules: {
          files: [
            {
              name: 'firestore.rules',
              content: `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /events/{e}/photos/{p} { allow read: if request.auth != null; }
  }
}`,
            },
          ],
        },
      });
      expect(rules.status).toBe(200);
      await control(strict, 'PUT', `${projectId}:indexes`, { indexes: [unusedIndex] });
      const runQuery = (where: 'uploader' | 'size', authorization?: string) =>
        fetch(
          `http://${strict.host}:${strict.port}/v1/projects/${projectId}/databases/(default)/documents/events/e:runQuery`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              ...(authorization ? { authorization } : {}),
            },
            body: JSON.stringify({
              structuredQuery: {
                from: [{ collectionId: 'photos' }],
                where: {
                  fieldFilter: {
                    field: { fieldPath: where },
                    op: 'EQUAL',
                    value: where === 'size' ? { integerValue: '10' } : { stringValue: 'u1' },
                  },
                },
                // (uploader ==, at desc) has no index; (size ==, at asc) has unusedIndex.
                orderBy: [
                  {
                    field: { fieldPath: 'at' },
                    direction: where === 'size' ? 'ASCENDING' : 'DESCENDING',
                  },
                ],
              },
            }),
          },
        );
      // Signed out: denied by the rules, whether or not the index exists.
      expect((await runQuery('uploader')).status).toBe(403);
      expect((await runQuery('size')).status).toBe(403);
      expect((await control(strict, 'GET', `${projectId}:indexUsage`)).json).toMatchObject({
        used: [],
        unused: [unusedIndex],
        missing: [],
      });
      // Signed in: allowed, so the query needs its index (refused) or uses it.
      const alice = `Bearer ${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'alice' })).toString('base64url')}.`;
      expect((await runQuery('uploader', alice)).status).toBe(400);
      expect((await runQuery('size', alice)).status).toBe(200);
      expect((await control(strict, 'GET', `${projectId}:indexUsage`)).json).toMatchObject({
        used: [{ declaration: unusedIndex, queries: 1 }],
        unused: [],
        missing: [{ declaration: photosIndex, queries: 1 }],
      });
    } finally {
      await close();
    }
  });

  it('with the mode off runs the query and still reports the missing index', async () => {
    const projectId = uniqueProject('lenient');
    const { db, close } = adminOf(lenient, projectId);
    try {
      await seed(db);
      const snap = await db
        .collection('events/e/photos')
        .where('uploader', '==', 'u1')
        .orderBy('at', 'desc')
        .get();
      expect(snap.size).toBe(2);
      const usage = await control(lenient, 'GET', `${projectId}:indexUsage`);
      expect(usage.json).toMatchObject({
        productionLimits: false,
        missing: [{ declaration: photosIndex, queries: 1 }],
      });
    } finally {
      await close();
    }
  });
});

describe('production limits mode: writes', () => {
  it('refuses a commit of more than 500 writes (INVALID_ARGUMENT), takes 500', async () => {
    const projectId = uniqueProject('commit-size');
    const commit = (n: number) =>
      fetch(
        `http://${strict.host}:${strict.port}/v1/projects/${projectId}/databases/(default)/documents:commit`,
        {
          method: 'POST',
          headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
          body: JSON.stringify({
            writes: Array.from({ length: n }, (_, i) => ({
              update: {
                name: `projects/${projectId}/databases/(default)/documents/items/i${i}`,
                fields: { n: { integerValue: String(i) } },
              },
            })),
          }),
        },
      );
    const refused = await commit(501);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        status: 'INVALID_ARGUMENT',
        message: 'maximum 500 writes allowed per request',
      },
    });
    expect((await commit(500)).status).toBe(200);
  });

  it('refuses a document with more than 40,000 index entries unless the field is exempt', async () => {
    const projectId = uniqueProject('entries');
    const { db, close } = adminOf(strict, projectId);
    try {
      const tags = Array.from({ length: 40_001 }, (_, i) => `t${i}`);
      const refused = await db
        .doc('photos/many')
        .set({ tags })
        .then(
          () => null,
          (err: { code?: number; details?: string }) => err,
        );
      expect(refused?.code).toBe(3); // INVALID_ARGUMENT
      expect(refused?.details).toMatch(/would have 40001 index entries; the maximum is 40000/);
      await control(strict, 'PUT', `${projectId}:indexes`, {
        fieldOverrides: [{ collectionGroup: 'photos', fieldPath: 'tags', indexes: [] }],
      });
      await db.doc('photos/many').set({ tags });
      expect((await db.doc('photos/many').get()).get('tags')).toHaveLength(40_001);
    } finally {
      await close();
    }
  });

  it('refuses a composite index entry over 7.5 KiB', async () => {
    const projectId = uniqueProject('entry-size');
    const { db, close } = adminOf(strict, projectId);
    try {
      const fields = ['a', 'b', 'c', 'd', 'e', 'f'];
      const data = Object.fromEntries(fields.map((f) => [f, f.repeat(2_000)]));
      await db.doc('notes/n1').set(data); // single-field entries index 1,500 bytes of a string
      await control(strict, 'PUT', `${projectId}:indexes`, {
        indexes: [
          {
            collectionGroup: 'notes',
            queryScope: 'COLLECTION',
            fields: fields.map((fieldPath) => ({ fieldPath, order: 'ASCENDING' })),
          },
        ],
      });
      const refused = await db
        .doc('notes/n2')
        .set(data)
        .then(
          () => null,
          (err: { code?: number; details?: string }) => err,
        );
      expect(refused?.code).toBe(3);
      expect(refused?.details).toMatch(
        /index entry for composite \(a, b, c, d, e, f\) would be \d+ bytes; the maximum is 7680 bytes/,
      );
    } finally {
      await close();
    }
  });

  it('serves write rates per document, hottest first, and resets them', async () => {
    const projectId = uniqueProject('rates');
    const { db, close } = adminOf(strict, projectId);
    try {
      for (let i = 0; i < 5; i++) await db.doc('events/x/stats/photos').set({ n: i });
      await db.doc('events/x').set({ title: 'x' });
      const batch = db.batch();
      batch.set(db.doc('events/x/stats/photos'), { n: 9 });
      batch.update(db.doc('events/x/stats/photos'), { m: 1 }); // one commit: one write
      await batch.commit();

      const all = await control(strict, 'GET', `${projectId}:writeRates`);
      expect(all.json).toEqual({
        windowSeconds: 10,
        documents: [
          { path: 'events/x/stats/photos', peakWritesPerSecond: 0.6, writes: 6 },
          { path: 'events/x', peakWritesPerSecond: 0.1, writes: 1 },
        ],
      });
      const top = await control(strict, 'GET', `${projectId}:writeRates?limit=1`);
      expect((top.json.documents as unknown[]).length).toBe(1);
      expect((await control(strict, 'GET', `${projectId}:writeRates?limit=x`)).status).toBe(400);

      expect((await control(strict, 'DELETE', `${projectId}:writeRates`)).status).toBe(200);
      expect((await control(strict, 'GET', `${projectId}:writeRates`)).json).toEqual({
        windowSeconds: 10,
        documents: [],
      });
    } finally {
      await close();
    }
  });
});
