// The firebase web SDK running in Node (gRPC transport): Write stream writes, live listeners
// that get initial data and later changes made by another client, queries, transactions.
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  addDoc,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  disableNetwork,
  doc,
  enableNetwork,
  type Firestore,
  getAggregateFromServer,
  getCountFromServer,
  getDoc,
  getDocs,
  increment,
  initializeFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  sum,
  terminate,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator, uniqueProject } from './helpers.ts';

let emulator: TestEmulator;
const apps: FirebaseApp[] = [];
const projectId = uniqueProject('web');

function client(): Firestore {
  const app = initializeApp({ projectId, apiKey: 'fake-api-key' }, `web-${apps.length}`);
  apps.push(app);
  const db = initializeFirestore(app, {});
  connectFirestoreEmulator(db, emulator.host, emulator.port);
  return db;
}

/** Collects snapshots of a listener and lets a test wait for one that satisfies a predicate. */
function watch<T>(subscribe: (next: (value: T) => void, fail: (err: Error) => void) => () => void) {
  const seen: T[] = [];
  const waiters: { test: (v: T) => boolean; resolve: (v: T) => void }[] = [];
  let failure: Error | null = null;
  const unsubscribe = subscribe(
    (value) => {
      seen.push(value);
      for (const w of [...waiters]) {
        if (w.test(value)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(value);
        }
      }
    },
    (err) => {
      failure = err;
    },
  );
  return {
    seen,
    unsubscribe,
    until(test: (v: T) => boolean, timeoutMs = 5000): Promise<T> {
      const hit = seen.find(test);
      if (hit !== undefined) return Promise.resolve(hit);
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        waiters.push({ test, resolve });
        setTimeout(
          () =>
            reject(new Error(`listener condition not met; last: ${JSON.stringify(seen.at(-1))}`)),
          timeoutMs,
        );
      });
    },
  };
}

beforeAll(async () => {
  emulator = await startTestEmulator();
});

afterAll(async () => {
  for (const app of apps) await deleteApp(app);
  await emulator.stop();
});

describe('firebase web SDK (Node, gRPC)', () => {
  it('writes and reads documents through the Write stream', async () => {
    const db = client();
    const ref = doc(db, 'events/w1');
    await setDoc(ref, { title: 'Trip', at: serverTimestamp(), n: 1 });
    await updateDoc(ref, { n: increment(4), 'nested.x': true });
    const snap = await getDoc(ref);
    expect(snap.get('title')).toBe('Trip');
    expect(snap.get('n')).toBe(5);
    expect(snap.get('nested')).toEqual({ x: true });
    expect(snap.get('at').toMillis()).toBeGreaterThan(0);
    const added = await addDoc(collection(db, 'events/w1/photos'), { url: 'u' });
    expect((await getDoc(added)).exists()).toBe(true);
    const batch = writeBatch(db);
    batch.set(doc(db, 'events/w2'), { title: 'B' });
    batch.delete(added);
    await batch.commit();
    expect((await getDoc(added)).exists()).toBe(false);
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('delivers initial data and later changes from another client to a query listener', async () => {
    const writer = client();
    const reader = client();
    await setDoc(doc(writer, 'rsvps/a'), { status: 'going', order: 1 });
    await setDoc(doc(writer, 'rsvps/b'), { status: 'maybe', order: 2 });
    const going = query(
      collection(reader, 'rsvps'),
      where('status', '==', 'going'),
      orderBy('order'),
    );
    const listener = watch<{ ids: string[]; fromCache: boolean }>((next, fail) =>
      onSnapshot(
        going,
        (s) => next({ ids: s.docs.map((d) => d.id), fromCache: s.metadata.fromCache }),
        fail,
      ),
    );
    await listener.until((s) => !s.fromCache && s.ids.join() === 'a');
    await updateDoc(doc(writer, 'rsvps/b'), { status: 'going' });
    await listener.until((s) => s.ids.join() === 'a,b');
    await setDoc(doc(writer, 'rsvps/c'), { status: 'going', order: 0 });
    await listener.until((s) => s.ids.join() === 'c,a,b');
    await deleteDoc(doc(writer, 'rsvps/a'));
    await listener.until((s) => s.ids.join() === 'c,b');
    await updateDoc(doc(writer, 'rsvps/c'), { status: 'not going' });
    await listener.until((s) => s.ids.join() === 'b');
    listener.unsubscribe();
  });

  it('delivers document listener updates, including deletion', async () => {
    const writer = client();
    const reader = client();
    const listener = watch<{ exists: boolean; title?: string; fromCache: boolean }>((next, fail) =>
      onSnapshot(
        doc(reader, 'events/live'),
        (s) =>
          next({
            exists: s.exists(),
            title: s.get('title') as string | undefined,
            fromCache: s.metadata.fromCache,
          }),
        fail,
      ),
    );
    await listener.until((s) => !s.fromCache && !s.exists);
    await setDoc(doc(writer, 'events/live'), { title: 'One' });
    await listener.until((s) => s.title === 'One');
    await updateDoc(doc(writer, 'events/live'), { title: 'Two' });
    await listener.until((s) => s.title === 'Two');
    await deleteDoc(doc(writer, 'events/live'));
    await listener.until((s) => !s.exists && !s.fromCache);
    listener.unsubscribe();
  });

  it('resumes a listener after the stream restarts and drops documents deleted meanwhile', async () => {
    const writer = client();
    const reader = client();
    await setDoc(doc(writer, 'resume/a'), { v: 1 });
    await setDoc(doc(writer, 'resume/b'), { v: 2 });
    const listener = watch<{ ids: string[]; fromCache: boolean }>((next, fail) =>
      onSnapshot(
        collection(reader, 'resume'),
        (s) => next({ ids: s.docs.map((d) => d.id), fromCache: s.metadata.fromCache }),
        fail,
      ),
    );
    await listener.until((s) => !s.fromCache && s.ids.join() === 'a,b');
    await disableNetwork(reader);
    await deleteDoc(doc(writer, 'resume/a'));
    await setDoc(doc(writer, 'resume/c'), { v: 3 });
    await enableNetwork(reader); // re-listens with the target's resume token
    await listener.until((s) => !s.fromCache && s.ids.join() === 'b,c');
    listener.unsubscribe();
  });

  it('runs queries, limits and aggregations', async () => {
    const db = client();
    for (let i = 0; i < 5; i++)
      await setDoc(doc(db, `scores/s${i}`), { v: i, team: i % 2 ? 'odd' : 'even' });
    const top = await getDocs(query(collection(db, 'scores'), orderBy('v', 'desc'), limit(2)));
    expect(top.docs.map((d) => d.id)).toEqual(['s4', 's3']);
    const evens = await getCountFromServer(
      query(collection(db, 'scores'), where('team', '==', 'even')),
    );
    expect(evens.data().count).toBe(3);
    const total = await getAggregateFromServer(collection(db, 'scores'), { total: sum('v') });
    expect(total.data().total).toBe(10);
  });

  it('retries web transactions under contention without losing updates', async () => {
    const a = client();
    const b = client();
    await setDoc(doc(a, 'counters/web'), { n: 0 });
    await Promise.all(
      [a, b, a, b, a, b].map((db) =>
        runTransaction(db, async (tx) => {
          const snap = await tx.get(doc(db, 'counters/web'));
          tx.update(doc(db, 'counters/web'), { n: (snap.get('n') as number) + 1 });
        }),
      ),
    );
    expect((await getDoc(doc(a, 'counters/web'))).get('n')).toBe(6);
  });

  it('commits a transaction that reads one document and writes another (Write.verify)', async () => {
    // The SDK sends a `verify` write for each document read but not written; the public
    // @google-cloud/firestore protos lack the field, so the emulator adds it (field 5).
    const db = client();
    await setDoc(doc(db, 'verify/source'), { n: 5 });
    await runTransaction(db, async (tx) => {
      const snap = await tx.get(doc(db, 'verify/source'));
      tx.set(doc(db, 'verify/target'), { copied: snap.get('n') as number });
    });
    expect((await getDoc(doc(db, 'verify/target'))).get('copied')).toBe(5);
    // A read document that changed before the commit fails the verify: the SDK retries.
    let attempts = 0;
    await runTransaction(db, async (tx) => {
      attempts++;
      const snap = await tx.get(doc(db, 'verify/source'));
      if (attempts === 1) await setDoc(doc(client(), 'verify/source'), { n: 6 });
      tx.set(doc(db, 'verify/target'), { copied: snap.get('n') as number });
    });
    expect(attempts).toBe(2);
    expect((await getDoc(doc(db, 'verify/target'))).get('copied')).toBe(6);
  });

  it('applies 50 concurrent increments from web clients', async () => {
    const a = client();
    const b = client();
    await setDoc(doc(a, 'counters/inc'), { n: 0 });
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        updateDoc(doc(i % 2 ? a : b, 'counters/inc'), { n: increment(1) }),
      ),
    );
    expect((await getDoc(doc(a, 'counters/inc'))).get('n')).toBe(50);
    await terminate(a);
  });
});
