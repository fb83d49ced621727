// firebase-admin against the emulator: documents, subcollections, preconditions, merges,
// transforms and batched writes.
import { FieldPath, FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore, startTestEmulator, type TestEmulator, uniqueProject } from './helpers.ts';

let emulator: TestEmulator;
let db: Firestore;
let close: () => Promise<void>;

beforeAll(async () => {
  emulator = await startTestEmulator();
  ({ db, close } = adminFirestore(uniqueProject('crud')));
});

afterAll(async () => {
  await close();
  await emulator.stop();
});

describe('documents', () => {
  it('creates, reads, updates and deletes documents with every value type', async () => {
    const ref = db.doc('events/e1');
    const when = Timestamp.fromMillis(1_700_000_000_123);
    await ref.set({
      title: 'Wedding',
      n: 42,
      big: 12345678901,
      pi: 3.5,
      ok: true,
      nothing: null,
      when,
      tags: ['a', 'b'],
      nested: { deep: { value: 'x' } },
      bytes: Buffer.from([1, 2, 3]),
      where: new (await import('firebase-admin/firestore')).GeoPoint(51.5, -0.1),
      ref: db.doc('users/u1'),
    });
    const snap = await ref.get();
    expect(snap.exists).toBe(true);
    const data = snap.data() ?? {};
    expect(data.title).toBe('Wedding');
    expect(data.n).toBe(42);
    expect(data.big).toBe(12345678901);
    expect(data.pi).toBe(3.5);
    expect(data.ok).toBe(true);
    expect(data.nothing).toBeNull();
    expect((data.when as Timestamp).toMillis()).toBe(when.toMillis());
    expect(data.tags).toEqual(['a', 'b']);
    expect(data.nested).toEqual({ deep: { value: 'x' } });
    expect(Buffer.from(data.bytes as Uint8Array)).toEqual(Buffer.from([1, 2, 3]));
    expect(data.where.latitude).toBe(51.5);
    expect(data.ref.path).toBe('users/u1');
    expect(snap.createTime?.toMillis()).toBeGreaterThan(0);

    await ref.update({ title: 'Party', 'nested.deep.value': 'y', tags: FieldValue.delete() });
    const updated = (await ref.get()).data() ?? {};
    expect(updated.title).toBe('Party');
    expect(updated.nested).toEqual({ deep: { value: 'y' } });
    expect('tags' in updated).toBe(false);

    await ref.delete();
    expect((await ref.get()).exists).toBe(false);
  });

  it('merges with set({merge}) and mergeFields', async () => {
    const ref = db.doc('users/merge');
    await ref.set({ a: 1, b: { c: 2, d: 3 } });
    await ref.set({ b: { c: 20 }, e: 5 }, { merge: true });
    expect((await ref.get()).data()).toEqual({ a: 1, b: { c: 20, d: 3 }, e: 5 });
    await ref.set({ a: 100, e: 500 }, { mergeFields: ['e'] });
    expect((await ref.get()).data()).toEqual({ a: 1, b: { c: 20, d: 3 }, e: 500 });
  });

  it('enforces preconditions: create on existing, update on missing, lastUpdateTime', async () => {
    const ref = db.doc('users/pre');
    await ref.create({ a: 1 });
    await expect(ref.create({ a: 2 })).rejects.toMatchObject({ code: 6 });
    await expect(db.doc('users/missing').update({ a: 1 })).rejects.toMatchObject({ code: 5 });
    const snap = await ref.get();
    await ref.update({ a: 2 }, { lastUpdateTime: snap.updateTime });
    await expect(ref.update({ a: 3 }, { lastUpdateTime: snap.updateTime })).rejects.toMatchObject({
      code: 9,
    });
    await expect(ref.delete({ exists: true })).resolves.toBeDefined();
    await expect(ref.delete({ exists: true })).rejects.toMatchObject({ code: 5 });
  });

  it('keeps nested subcollections independent of their parent document', async () => {
    await db.doc('events/sub/members/u1').set({ role: 'creator' });
    await db.doc('events/sub/members/u2').set({ role: 'attendee' });
    await db.doc('events/sub/photos/p1').set({ url: 'x' });
    expect((await db.doc('events/sub').get()).exists).toBe(false);
    const members = await db.collection('events/sub/members').get();
    expect(members.docs.map((d) => d.id)).toEqual(['u1', 'u2']);
    const ids = (await db.doc('events/sub').listCollections()).map((c) => c.id);
    expect(ids).toEqual(['members', 'photos']);
    const refs = await db.collection('events').listDocuments();
    expect(refs.map((r) => r.id)).toContain('sub');
  });

  it('reads many documents at once with getAll and field masks', async () => {
    await db.doc('bulk/a').set({ x: 1, y: 2 });
    await db.doc('bulk/b').set({ x: 3, y: 4 });
    const [a, b, c] = await db.getAll(db.doc('bulk/a'), db.doc('bulk/b'), db.doc('bulk/c'), {
      fieldMask: ['x'],
    });
    expect(a?.data()).toEqual({ x: 1 });
    expect(b?.data()).toEqual({ x: 3 });
    expect(c?.exists).toBe(false);
  });
});

describe('transforms', () => {
  it('applies serverTimestamp, increment, arrayUnion, arrayRemove, maximum and minimum', async () => {
    const ref = db.doc('counters/c1');
    await ref.set({ n: 1, d: 1.5, arr: [1, 2], m: 5 });
    const result = await ref.update({
      n: FieldValue.increment(2),
      d: FieldValue.increment(1),
      fresh: FieldValue.increment(7),
      arr: FieldValue.arrayUnion(2, 3, 'x'),
      at: FieldValue.serverTimestamp(),
    });
    const data = (await ref.get()).data() ?? {};
    expect(data.n).toBe(3);
    expect(data.d).toBe(2.5);
    expect(data.fresh).toBe(7);
    expect(data.arr).toEqual([1, 2, 3, 'x']);
    expect((data.at as Timestamp).toMillis()).toBe(result.writeTime.toMillis());
    await ref.update({ arr: FieldValue.arrayRemove(1, 'x', 'absent') });
    expect((await ref.get()).get('arr')).toEqual([2, 3]);
  });

  it('applies a set() with transforms and a batch atomically', async () => {
    const batch = db.batch();
    batch.set(db.doc('batch/a'), { v: 1, at: FieldValue.serverTimestamp() });
    batch.set(db.doc('batch/b'), { v: 2 });
    batch.update(db.doc('batch/missing'), { v: 3 });
    await expect(batch.commit()).rejects.toMatchObject({ code: 5 });
    expect((await db.doc('batch/a').get()).exists).toBe(false);

    const ok = db.batch();
    ok.set(db.doc('batch/a'), { v: 1 });
    ok.set(db.doc('batch/b'), { v: 2 });
    ok.delete(db.doc('batch/c'));
    const results = await ok.commit();
    expect(results).toHaveLength(3);
    const all = await db.collection('batch').orderBy(FieldPath.documentId()).get();
    expect(all.docs.map((d) => d.get('v'))).toEqual([1, 2]);
  });

  it('runs BulkWriter (BatchWrite) and recursiveDelete', async () => {
    const writer = db.bulkWriter();
    for (let i = 0; i < 30; i++) void writer.set(db.doc(`bulk-events/e${i}/members/u${i}`), { i });
    for (let i = 0; i < 5; i++) void writer.set(db.doc(`bulk-events/e${i}`), { i });
    await writer.close();
    expect((await db.collectionGroup('members').get()).size).toBeGreaterThanOrEqual(30);
    await db.recursiveDelete(db.collection('bulk-events'));
    expect((await db.collection('bulk-events').get()).size).toBe(0);
    expect((await db.doc('bulk-events/e7/members/u7').get()).exists).toBe(false);
  });
});
