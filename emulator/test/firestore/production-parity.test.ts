// Behaviour the official SDKs' own integration suites (firebase-js-sdk, nodejs-firestore) check
// against production and that the emulator once got wrong: write preconditions within a commit,
// resource-name and size limits, and query semantics at the edges of Firestore's value order.
import { AggregateField, FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore, startTestEmulator, type TestEmulator, uniqueProject } from './helpers.ts';

let emulator: TestEmulator;
let db: Firestore;
let close: () => Promise<void>;
const projectId = uniqueProject('parity');

beforeAll(async () => {
  emulator = await startTestEmulator();
  ({ db, close } = adminFirestore(projectId));
});

/** A raw REST call as the owner (what the SDKs do not let a test send). */
async function rest(path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(
    `http://${emulator.host}:${emulator.port}/v1/projects/${projectId}/databases/(default)/documents${path}`,
    {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  return { status: res.status, json: await res.json() };
}

const name = (path: string) => `projects/${projectId}/databases/(default)/documents/${path}`;

async function collectionOf(id: string, docs: Record<string, Record<string, unknown>>) {
  const coll = db.collection(id);
  const batch = db.batch();
  for (const [docId, data] of Object.entries(docs)) batch.set(coll.doc(docId), data);
  await batch.commit();
  return coll;
}

afterAll(async () => {
  await close();
  await emulator.stop();
});

describe('writes within one commit', () => {
  it('updating a document deleted earlier in the same commit is an invalid argument', async () => {
    const ref = db.doc('parity/deleted-then-updated');
    await ref.set({ v: 1 });
    const batch = db.batch();
    batch.delete(ref);
    batch.update(ref, { v: 2 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 3 }); // INVALID_ARGUMENT
    expect((await ref.get()).get('v')).toBe(1);
    await expect(
      db.runTransaction(async (tx) => {
        tx.delete(ref);
        tx.update(ref, { v: 3 });
      }),
    ).rejects.toMatchObject({ code: 3 });
    // A document missing from the start is NOT_FOUND.
    await expect(db.doc('parity/never').update({ v: 1 })).rejects.toMatchObject({ code: 5 });
  });
});

describe('resource names and limits', () => {
  it('accepts ids with line terminators, as production does', async () => {
    const ids = ['line\nfeed', 'carriage\rreturn', 'line\u2028separator', 'para\u2029separator'];
    for (const id of ids) await db.collection('terminators').doc(id).set({ id });
    for (const id of ids)
      expect((await db.collection('terminators').doc(id).get()).get('id')).toBe(id);
    const listed = await db.collection('terminators').get();
    expect(listed.docs.map((d) => d.id).sort()).toEqual([...ids].sort());
  });

  it('rejects reserved ids __x__ (only numeric __id<n>__ ids are allowed)', async () => {
    await expect(db.doc('reserved/__x__').set({ v: 1 })).rejects.toThrow(/reserved/);
    await expect(db.doc('__coll__/doc').set({ v: 1 })).rejects.toThrow(/reserved/);
    // A permanent error on a streamed read comes at once (response headers before the status:
    // without them google-gax takes the error for "no response" and retries twice, seconds apart).
    const start = Date.now();
    await expect(db.doc('reserved/__x__').get()).rejects.toThrow(/reserved/);
    expect(Date.now() - start).toBeLessThan(1500);
    await db.doc('reserved/__id7__').set({ v: 1 });
    await db.doc('reserved/__id-7__').set({ v: 1 });
    await db.doc('reserved/__id').set({ v: 1 });
    expect((await db.collection('reserved').get()).size).toBe(3);
  });

  it('enforces the 1 MiB document size', async () => {
    // Size: name (16 + "sizes"+1 + "big"+1) + field ("v"+1) + value (n+1) + 32 = n + 61.
    const max = 1_048_576 - 61;
    await db.doc('sizes/big').set({ v: 'x'.repeat(max) });
    await expect(db.doc('sizes/big').set({ v: 'x'.repeat(max + 1) })).rejects.toThrow(
      /cannot be written because its size \(1,048,577 bytes\) exceeds the maximum allowed size of 1,048,576 bytes/,
    );
    // The limit applies to the document after the write: an update that makes it too large fails.
    await expect(db.doc('sizes/big').update({ w: 'y' })).rejects.toMatchObject({ code: 3 });
  });

  it('rejects values nested more than 20 levels deep', async () => {
    let value: Record<string, unknown> = { integerValue: '1' };
    for (let i = 0; i < 21; i++) value = { mapValue: { fields: { a: value } } };
    const deep = await rest(':commit', {
      writes: [{ update: { name: name('depth/d'), fields: { top: value } } }],
    });
    expect(deep.status).toBe(400);
    expect(JSON.stringify(deep.json)).toMatch(/nested more than 20 levels/);
  });
});

describe('queries', () => {
  it('in and array-contains-any never match null (nor NaN)', async () => {
    const coll = await collectionOf('in-null', {
      a: { zip: 98101, array: [42] },
      h: { zip: null, array: [null] },
      i: { zip: Number.NaN, array: [Number.NaN] },
    });
    const ids = async (q: FirebaseFirestore.Query) => (await q.get()).docs.map((d) => d.id);
    expect(await ids(coll.where('zip', 'in', [null]))).toEqual([]);
    expect(await ids(coll.where('zip', 'in', [98101, null]))).toEqual(['a']);
    expect(await ids(coll.where('zip', 'in', [Number.NaN]))).toEqual([]);
    expect(await ids(coll.where('array', 'array-contains-any', [null]))).toEqual([]);
    expect(await ids(coll.where('array', 'array-contains-any', [42, null]))).toEqual(['a']);
    expect(await ids(coll.where('zip', '==', null))).toEqual(['h']);
  });

  it('orders numeric __id<n>__ document ids before strings, by value, in order and ranges', async () => {
    const ids = [
      'A',
      'a',
      'Aa',
      '7',
      '12',
      '__id7__',
      '__id12__',
      '__id-2__',
      '_id1__',
      '__id1_',
      '__id',
      '__id9223372036854775807__',
      '__id9223372036854775806__',
      '__id-9223372036854775808__',
      '__id-9223372036854775807__',
    ];
    const coll = await collectionOf(
      'numeric-ids',
      Object.fromEntries(ids.map((id) => [id, { a: 1 }])),
    );
    const ordered = await coll.orderBy(FieldPath.documentId()).get();
    expect(ordered.docs.map((d) => d.id)).toEqual([
      '__id-9223372036854775808__',
      '__id-9223372036854775807__',
      '__id-2__',
      '__id7__',
      '__id12__',
      '__id9223372036854775806__',
      '__id9223372036854775807__',
      '12',
      '7',
      'A',
      'Aa',
      '__id',
      '__id1_',
      '_id1__',
      'a',
    ]);
    const range = await coll
      .orderBy(FieldPath.documentId())
      .where(FieldPath.documentId(), '>', '__id7__')
      .where(FieldPath.documentId(), '<=', 'Aa')
      .get();
    expect(range.docs.map((d) => d.id)).toEqual([
      '__id12__',
      '__id9223372036854775806__',
      '__id9223372036854775807__',
      '12',
      '7',
      'A',
      'Aa',
    ]);
  });

  it('orders vectors after arrays and before maps, shorter vectors first', async () => {
    const coll = await collectionOf('vectors', {
      map: { v: { x: 1 } },
      long: { v: FieldValue.vector([0, 0, 0]) },
      shortBig: { v: FieldValue.vector([100]) },
      shortSmall: { v: FieldValue.vector([1]) },
      mid: { v: FieldValue.vector([2, 1]) },
      array: { v: [1, 2, 3, 4] },
    });
    const ordered = await coll.orderBy('v').get();
    expect(ordered.docs.map((d) => d.id)).toEqual([
      'array',
      'shortSmall',
      'shortBig',
      'mid',
      'long',
      'map',
    ]);
    const range = await coll
      .where('v', '>=', FieldValue.vector([50]))
      .orderBy('v')
      .get();
    expect(range.docs.map((d) => d.id)).toEqual(['shortBig', 'mid', 'long']);
  });

  it('rejects more than 5 aggregations', async () => {
    const coll = await collectionOf('agg-limit', { a: { n: 1 } });
    await expect(
      coll
        .aggregate({
          a: AggregateField.count(),
          b: AggregateField.sum('n'),
          c: AggregateField.average('n'),
          d: AggregateField.count(),
          e: AggregateField.sum('n'),
          f: AggregateField.average('n'),
        })
        .get(),
    ).rejects.toThrow(/maximum number of aggregations/);
  });

  it('aggregates over several fields only the documents that have all of them', async () => {
    const coll = await collectionOf('agg-fields', {
      a: { pages: 100, year: 1980 },
      b: { pages: 50, year: 2020 },
      c: { pages: 150, year: 2021 },
      d: { pages: 50 },
    });
    const snapshot = await coll
      .aggregate({
        totalPages: AggregateField.sum('pages'),
        averagePages: AggregateField.average('pages'),
        averageYear: AggregateField.average('year'),
        count: AggregateField.count(),
      })
      .get();
    expect(snapshot.data()).toEqual({
      totalPages: 300,
      averagePages: 100,
      averageYear: 2007,
      count: 3,
    });
    expect((await coll.count().get()).data().count).toBe(4);
  });

  it('rejects orderings production rejects with several inequality fields', async () => {
    const coll = await collectionOf('inequality-order', { doc1: { key: 1 } });
    await expect(coll.where('key', '!=', 42).orderBy(FieldPath.documentId()).get()).rejects.toThrow(
      /order by clause cannot contain more fields after the key/i,
    );
    await expect(
      coll.where('key', '!=', 42).where(FieldPath.documentId(), '==', 'doc1').get(),
    ).rejects.toThrow(
      'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
    );
    // Key inequalities may be combined: the key is then ordered last.
    const ok = await coll.where('key', '>', 0).where(FieldPath.documentId(), '>=', 'doc0').get();
    expect(ok.size).toBe(1);
  });
});

describe('field transforms', () => {
  it('maximum and minimum of a number and NaN are NaN', async () => {
    await db.doc('transforms/m').set({ max: 5, min: 5, nanMax: Number.NaN });
    const result = await rest(':commit', {
      writes: [
        {
          transform: {
            document: name('transforms/m'),
            fieldTransforms: [
              { fieldPath: 'max', maximum: { doubleValue: 'NaN' } },
              { fieldPath: 'min', minimum: { doubleValue: 'NaN' } },
              { fieldPath: 'nanMax', maximum: { integerValue: '7' } },
            ],
          },
        },
      ],
    });
    expect(result.status).toBe(200);
    const doc = (await db.doc('transforms/m').get()).data() ?? {};
    expect(Number.isNaN(doc.max)).toBe(true);
    expect(Number.isNaN(doc.min)).toBe(true);
    expect(Number.isNaN(doc.nanMax)).toBe(true);
  });
});
