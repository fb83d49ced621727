// The REST edge, driven by the official `firebase/firestore/lite` SDK (which talks REST over
// fetch, like the browser SDK's unary calls): CRUD, queries, transactions, aggregations, rules
// applied to its bearer token, and CORS preflight for pages on another origin.
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  limit,
  orderBy,
  query,
  runTransaction,
  setDoc,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  officialEmulator,
  startTestEmulator,
  type TestEmulator,
  uniqueProject,
} from './helpers.ts';

let emulator: TestEmulator;
let app: FirebaseApp;
const projectId = uniqueProject('lite');

beforeAll(async () => {
  emulator = await startTestEmulator();
  app = initializeApp({ projectId, apiKey: 'fake-api-key' }, 'lite');
  connectFirestoreEmulator(getFirestore(app), emulator.host, emulator.port);
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.stop();
});

describe('REST edge via firebase/firestore/lite', () => {
  it('writes, reads, queries and deletes', async () => {
    const db = getFirestore(app);
    await setDoc(doc(db, 'events/r1'), { title: 'A', n: 1 });
    await setDoc(doc(db, 'events/r2'), { title: 'B', n: 2 });
    await updateDoc(doc(db, 'events/r1'), { n: increment(10) });
    expect((await getDoc(doc(db, 'events/r1'))).data()).toEqual({ title: 'A', n: 11 });
    const snap = await getDocs(
      query(collection(db, 'events'), where('n', '>', 1), orderBy('n', 'desc'), limit(1)),
    );
    expect(snap.docs.map((d) => d.id)).toEqual(['r1']);
    expect((await getCount(collection(db, 'events'))).data().count).toBe(2);
    const batch = writeBatch(db);
    batch.delete(doc(db, 'events/r2'));
    batch.set(doc(db, 'events/r3'), { title: 'C' });
    await batch.commit();
    await deleteDoc(doc(db, 'events/r1'));
    expect((await getDocs(collection(db, 'events'))).docs.map((d) => d.id)).toEqual(['r3']);
  });

  it('runs transactions over REST', async () => {
    const db = getFirestore(app);
    await setDoc(doc(db, 'counters/lite'), { n: 1 });
    await runTransaction(db, async (tx) => {
      const n = (await tx.get(doc(db, 'counters/lite'))).get('n') as number;
      tx.update(doc(db, 'counters/lite'), { n: n * 5 });
    });
    expect((await getDoc(doc(db, 'counters/lite'))).get('n')).toBe(5);
  });

  it('answers CORS preflights for browser pages on other origins', async () => {
    const res = await fetch(
      `http://${emulator.host}:${emulator.port}/v1/projects/${projectId}/databases/(default)/documents:commit`,
      {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://localhost:5173',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type,x-goog-api-client',
        },
      },
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  // The official emulator implements PartitionQuery; this checks the offline emulator's loud limits.
  it.skipIf(officialEmulator)(
    'reports unsupported features as UNIMPLEMENTED naming them',
    async () => {
      const res = await fetch(
        `http://${emulator.host}:${emulator.port}/v1/projects/${projectId}/databases/(default)/documents:partitionQuery`,
        {
          method: 'POST',
          body: '{}',
        },
      );
      expect(res.status).toBe(501);
      const body = (await res.json()) as { error: { status: string; message: string } };
      expect(body.error.status).toBe('UNIMPLEMENTED');
      expect(body.error.message).toContain('partitionQuery');
    },
  );
});
