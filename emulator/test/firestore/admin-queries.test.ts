// Every query shape through firebase-admin: filter operators, unary filters, AND/OR, ordering
// across types, implicit __name__ order, limit/limitToLast/offset, cursors, projections,
// collection groups and aggregations.
import {
  AggregateField,
  FieldPath,
  Filter,
  type Firestore,
  Timestamp,
} from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore, startTestEmulator, type TestEmulator, uniqueProject } from './helpers.ts';

let emulator: TestEmulator;
let db: Firestore;
let close: () => Promise<void>;

const ids = (snap: { docs: { id: string }[] }): string[] => snap.docs.map((d) => d.id);

beforeAll(async () => {
  emulator = await startTestEmulator();
  ({ db, close } = adminFirestore(uniqueProject('queries')));
  const batch = db.batch();
  const people = [
    { id: 'ann', age: 31, city: 'Oslo', tags: ['a', 'b'], score: 1.5, active: true },
    { id: 'bob', age: 25, city: 'Rome', tags: ['b'], score: 3, active: false },
    { id: 'cat', age: 40, city: 'Oslo', tags: ['c'], score: Number.NaN, active: true },
    { id: 'dan', age: 25, city: 'Paris', tags: [], score: null, active: true },
    { id: 'eve', city: 'Rome', tags: ['a', 'c'], score: 2, active: false },
  ];
  for (const { id, ...data } of people) batch.set(db.doc(`people/${id}`), data);
  // Mixed types in one field to check Firestore's cross-type ordering.
  const mixed: [string, unknown][] = [
    ['m-null', null],
    ['m-bool', true],
    ['m-int', 7],
    ['m-nan', Number.NaN],
    ['m-time', Timestamp.fromMillis(0)],
    ['m-str', 'text'],
    ['m-bytes', Buffer.from([1])],
    ['m-ref', db.doc('a/b')],
    ['m-arr', [1]],
    ['m-map', { k: 1 }],
  ];
  for (const [id, v] of mixed) batch.set(db.doc(`mixed/${id}`), { v });
  batch.set(db.doc('events/e1/members/u1'), { userId: 'u1', role: 'creator' });
  batch.set(db.doc('events/e2/members/u1'), { userId: 'u1', role: 'attendee' });
  batch.set(db.doc('events/e2/members/u2'), { userId: 'u2', role: 'admin' });
  batch.set(db.doc('other/x/members/u1'), { userId: 'u1', role: 'attendee' });
  await batch.commit();
});

afterAll(async () => {
  await close();
  await emulator.stop();
});

describe('filters', () => {
  const people = () => db.collection('people');

  it('supports every comparison operator', async () => {
    expect(ids(await people().where('age', '==', 25).get())).toEqual(['bob', 'dan']);
    expect(ids(await people().where('age', '!=', 25).get())).toEqual(['ann', 'cat']);
    expect(ids(await people().where('age', '<', 31).get())).toEqual(['bob', 'dan']);
    expect(ids(await people().where('age', '<=', 31).get())).toEqual(['bob', 'dan', 'ann']);
    expect(ids(await people().where('age', '>', 25).get())).toEqual(['ann', 'cat']);
    expect(ids(await people().where('age', '>=', 31).get())).toEqual(['ann', 'cat']);
    expect(ids(await people().where('tags', 'array-contains', 'b').get())).toEqual(['ann', 'bob']);
    expect(ids(await people().where('tags', 'array-contains-any', ['c', 'x']).get())).toEqual([
      'cat',
      'eve',
    ]);
    expect(ids(await people().where('city', 'in', ['Rome', 'Paris']).get())).toEqual([
      'bob',
      'dan',
      'eve',
    ]);
    expect(ids(await people().where('city', 'not-in', ['Rome', 'Paris']).get())).toEqual([
      'ann',
      'cat',
    ]);
  });

  it('supports unary filters (NaN and null)', async () => {
    expect(ids(await people().where('score', '==', Number.NaN).get())).toEqual(['cat']);
    expect(ids(await people().where('score', '==', null).get())).toEqual(['dan']);
    expect(ids(await people().where('score', '!=', Number.NaN).get())).toEqual([
      'ann',
      'eve',
      'bob',
    ]);
    expect(ids(await people().where('score', '!=', null).get())).toEqual([
      'cat',
      'ann',
      'eve',
      'bob',
    ]);
  });

  it('supports AND / OR composite filters', async () => {
    const or = await people()
      .where(Filter.or(Filter.where('city', '==', 'Paris'), Filter.where('age', '>', 35)))
      .get();
    expect(ids(or).sort()).toEqual(['cat', 'dan']);
    const nested = await people()
      .where(
        Filter.and(
          Filter.where('active', '==', true),
          Filter.or(Filter.where('city', '==', 'Oslo'), Filter.where('age', '==', 25)),
        ),
      )
      .get();
    expect(ids(nested).sort()).toEqual(['ann', 'cat', 'dan']);
  });

  it('filters on document id', async () => {
    expect(ids(await people().where(FieldPath.documentId(), '>', 'cat').get())).toEqual([
      'dan',
      'eve',
    ]);
    expect(ids(await people().where(FieldPath.documentId(), 'in', ['bob', 'zed']).get())).toEqual([
      'bob',
    ]);
  });
});

describe('ordering, limits and cursors', () => {
  it('orders across types the way Firestore does', async () => {
    const snap = await db.collection('mixed').orderBy('v').get();
    expect(ids(snap)).toEqual([
      'm-null',
      'm-bool',
      'm-nan',
      'm-int',
      'm-time',
      'm-str',
      'm-bytes',
      'm-ref',
      'm-arr',
      'm-map',
    ]);
  });

  it('orders descending with implicit __name__ tie-break and skips missing fields', async () => {
    const snap = await db.collection('people').orderBy('age', 'desc').get();
    expect(ids(snap)).toEqual(['cat', 'ann', 'dan', 'bob']);
  });

  it('supports limit, limitToLast and offset', async () => {
    const byAge = db.collection('people').orderBy('age');
    expect(ids(await byAge.limit(2).get())).toEqual(['bob', 'dan']);
    expect(ids(await byAge.limitToLast(2).get())).toEqual(['ann', 'cat']);
    expect(ids(await byAge.offset(1).limit(2).get())).toEqual(['dan', 'ann']);
  });

  it('supports startAt / startAfter / endAt / endBefore and document cursors', async () => {
    const byAge = db.collection('people').orderBy('age');
    expect(ids(await byAge.startAt(25).endAt(31).get())).toEqual(['bob', 'dan', 'ann']);
    expect(ids(await byAge.startAfter(25).get())).toEqual(['ann', 'cat']);
    expect(ids(await byAge.endBefore(31).get())).toEqual(['bob', 'dan']);
    const bob = await db.doc('people/bob').get();
    expect(ids(await byAge.startAfter(bob).get())).toEqual(['dan', 'ann', 'cat']);
  });

  it('projects selected fields', async () => {
    const snap = await db.collection('people').select('city').where('age', '==', 25).get();
    expect(snap.docs.map((d) => d.data())).toEqual([{ city: 'Rome' }, { city: 'Paris' }]);
  });
});

describe('collection groups and aggregations', () => {
  it('queries a collection group by field', async () => {
    const snap = await db.collectionGroup('members').where('userId', '==', 'u1').get();
    expect(snap.docs.map((d) => d.ref.path)).toEqual([
      'events/e1/members/u1',
      'events/e2/members/u1',
      'other/x/members/u1',
    ]);
  });

  it('counts, sums and averages', async () => {
    const snap = await db
      .collection('people')
      .where('active', '==', true)
      .aggregate({
        n: AggregateField.count(),
        total: AggregateField.sum('age'),
        mean: AggregateField.average('age'),
      })
      .get();
    expect(snap.data()).toEqual({ n: 3, total: 96, mean: 32 });
    const none = await db
      .collection('people')
      .where('city', '==', 'Nowhere')
      .aggregate({ mean: AggregateField.average('age') })
      .get();
    expect(none.data().mean).toBeNull();
  });
});
