// Behaviour the official SDKs' own integration suites (firebase-js-sdk, nodejs-firestore) check
// against production and that the emulator once got wrong: write preconditions within a commit,
// resource-name and size limits, and query semantics at the edges of Firestore's value order.
import { type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore, startTestEmulator, type TestEmulator, uniqueProject } from './helpers.ts';

let emulator: TestEmulator;
let db: Firestore;
let close: () => Promise<void>;

beforeAll(async () => {
  emulator = await startTestEmulator();
  ({ db, close } = adminFirestore(uniqueProject('parity')));
});

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
