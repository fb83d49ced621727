// Serializable transactions under contention through firebase-admin: no lost updates, the
// seats a carpool has are taken exactly once, aborted attempts are retried by the SDK.
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore, startTestEmulator, type TestEmulator, uniqueProject } from './helpers.ts';

let emulator: TestEmulator;
let db: Firestore;
let close: () => Promise<void>;

beforeAll(async () => {
  emulator = await startTestEmulator();
  ({ db, close } = adminFirestore(uniqueProject('txn')));
});

afterAll(async () => {
  await close();
  await emulator.stop();
});

describe('transactions', () => {
  it('20 concurrent seat-taking transactions on a 4-seat carpool take exactly 4 seats', async () => {
    const carpool = db.doc('events/e1/carpools/c1');
    await carpool.set({ seats: 4, taken: 0 });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db
          .runTransaction(async (tx) => {
            const snap = await tx.get(carpool);
            const taken = snap.get('taken') as number;
            if (taken >= (snap.get('seats') as number)) return 'full';
            tx.update(carpool, { taken: taken + 1 });
            tx.set(carpool.collection('passengers').doc(`u${i}`), { seat: taken + 1 });
            return 'joined';
          })
          .catch((err: unknown) => `error: ${String(err)}`),
      ),
    );
    expect(outcomes.filter((o) => o === 'joined')).toHaveLength(4);
    expect(outcomes.filter((o) => o === 'full')).toHaveLength(16);
    expect((await carpool.get()).get('taken')).toBe(4);
    const passengers = await carpool.collection('passengers').get();
    expect(passengers.size).toBe(4);
    expect(passengers.docs.map((d) => d.get('seat') as number).sort()).toEqual([1, 2, 3, 4]);
  });

  it('never loses read-modify-write updates from 40 concurrent transactions', async () => {
    const counter = db.doc('counters/rmw');
    await counter.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 40 }, () =>
        db.runTransaction(async (tx) => {
          const n = (await tx.get(counter)).get('n') as number;
          tx.update(counter, { n: n + 1 });
        }),
      ),
    );
    expect((await counter.get()).get('n')).toBe(40);
  });

  it('applies 50 concurrent increments', async () => {
    const counter = db.doc('counters/inc');
    await counter.set({ n: 0 });
    await Promise.all(
      Array.from({ length: 50 }, () => counter.update({ n: FieldValue.increment(1) })),
    );
    expect((await counter.get()).get('n')).toBe(50);
  });

  it('sees query results consistently and aborts when a queried collection changes', async () => {
    await db.doc('rsvps/a').set({ going: true });
    let attempts = 0;
    const count = await db.runTransaction(async (tx) => {
      attempts++;
      const snap = await tx.get(db.collection('rsvps').where('going', '==', true));
      if (attempts === 1) await db.doc('rsvps/b').set({ going: true }); // a concurrent writer
      tx.set(db.doc('summary/rsvps'), { going: snap.size });
      return snap.size;
    });
    expect(attempts).toBe(2);
    expect(count).toBe(2);
    expect((await db.doc('summary/rsvps').get()).get('going')).toBe(2);
  });

  it('does not let a stalled transaction hold its locks for long', async () => {
    const ref = db.doc('counters/stall');
    await ref.set({ n: 0 });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let attempts = 0;
    const slow = db.runTransaction(async (tx) => {
      attempts++;
      const n = (await tx.get(ref)).get('n') as number;
      if (attempts === 1) await sleep(6000); // e.g. a function stuck mid-transaction
      tx.update(ref, { n: n + 1 });
    });
    await sleep(300);
    const start = Date.now();
    await db.runTransaction(async (tx) => {
      const n = (await tx.get(ref)).get('n') as number;
      tx.update(ref, { n: n + 10 });
    });
    expect(Date.now() - start).toBeLessThan(5500);
    await slow;
    expect(attempts).toBe(2); // the stalled attempt lost its lock and was aborted, then retried
    expect((await ref.get()).get('n')).toBe(11);
  });

  it('rolls back a transaction whose function throws', async () => {
    const ref = db.doc('counters/rollback');
    await ref.set({ n: 1 });
    await expect(
      db.runTransaction(async (tx) => {
        tx.update(ref, { n: 2 });
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect((await ref.get()).get('n')).toBe(1);
  });
});
