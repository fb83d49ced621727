// firebase-admin listeners (Listen stream): document and collection-group targets receive the
// initial state, then incremental changes, removals and deletions.
import type { DocumentSnapshot, Firestore, QuerySnapshot } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore, startTestEmulator, type TestEmulator, uniqueProject } from './helpers.ts';

let emulator: TestEmulator;
let db: Firestore;
let close: () => Promise<void>;

beforeAll(async () => {
  emulator = await startTestEmulator();
  ({ db, close } = adminFirestore(uniqueProject('listen')));
});

afterAll(async () => {
  await close();
  await emulator.stop();
});

function collect<T>(subscribe: (next: (v: T) => void, fail: (e: Error) => void) => () => void) {
  const seen: T[] = [];
  let error: Error | null = null;
  const unsubscribe = subscribe(
    (v) => seen.push(v),
    (e) => {
      error = e;
    },
  );
  const until = async (test: (v: T) => boolean): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const hit = seen.find(test);
      if (hit) return hit;
      if (error) throw error;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('listener condition not met');
  };
  return { seen, unsubscribe, until };
}

describe('admin listeners', () => {
  it('follows a document from missing to created, updated and deleted', async () => {
    const ref = db.doc('events/l1');
    const listener = collect<DocumentSnapshot>((next, fail) => ref.onSnapshot(next, fail));
    await listener.until((s) => !s.exists);
    await ref.set({ title: 'a' });
    await listener.until((s) => s.get('title') === 'a');
    await ref.update({ title: 'b' });
    await listener.until((s) => s.get('title') === 'b');
    await ref.delete();
    await listener.until((s) => !s.exists && listener.seen.indexOf(s) > 0);
    listener.unsubscribe();
  });

  it('reports added, modified and removed documents of a collection-group query', async () => {
    await db.doc('events/e1/members/u1').set({ userId: 'u1', role: 'attendee' });
    const listener = collect<QuerySnapshot>((next, fail) =>
      db.collectionGroup('members').where('userId', '==', 'u1').onSnapshot(next, fail),
    );
    const initial = await listener.until((s) => s.size === 1);
    expect(initial.docChanges().map((c) => c.type)).toEqual(['added']);
    await db.doc('events/e2/members/u1').set({ userId: 'u1', role: 'admin' });
    const added = await listener.until((s) => s.size === 2);
    expect(added.docChanges().map((c) => `${c.type}:${c.doc.ref.path}`)).toEqual([
      'added:events/e2/members/u1',
    ]);
    await db.doc('events/e1/members/u1').update({ role: 'admin' });
    const modified = await listener.until((s) => s.docChanges().some((c) => c.type === 'modified'));
    expect(modified.docChanges()[0]?.doc.get('role')).toBe('admin');
    await db.doc('events/e2/members/u1').update({ userId: 'u9' });
    const removed = await listener.until(
      (s) => s.size === 1 && s.docChanges().some((c) => c.type === 'removed'),
    );
    expect(removed.docs[0]?.ref.path).toBe('events/e1/members/u1');
    listener.unsubscribe();
  });
});
