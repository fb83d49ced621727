// Contending transactions through firebase-admin: batches of concurrent "photo saves" in one
// event (each reads the event, the caller's membership, a duplicate check, tier documents, the
// event's photo count and the caller's storage sum, then creates a photo), as the /api does.
// Prints per batch the wall time, the attempts the SDK made (aborted tries are retried) and the
// emulator's forced lock hand-overs (stalled-holder takeovers or wound-wait).
// Run: npx tsx emulator/bench/contention-bench.ts [savesPerBatch=6] [batches=5]
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { AggregateField, getFirestore } from 'firebase-admin/firestore';
import { fileURLToPath } from 'node:url';
import { readIndexConfig } from '../src/firestore/index-files.ts';
import { startFirestoreEmulator } from '../src/firestore/server.ts';

const saves = Number(process.argv[2] ?? 6);
const batches = Number(process.argv[3] ?? 5);
const projectId = 'demo-contention';
// Production limits mode (the default) with the app's firestore.indexes.json: these are its queries.
const emulator = await startFirestoreEmulator({
  port: 0,
  logLevel: 'silent',
  indexes: readIndexConfig(fileURLToPath(new URL('../../firestore.indexes.json', import.meta.url))),
});
process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
process.env.METADATA_SERVER_DETECTION = 'none';
const app = initializeApp({ projectId }, 'bench');
const db = getFirestore(app);
const transactions = emulator.projects.database(projectId).transactions;

const event = db.doc('events/e');
await event.set({ name: 'E', createdBy: 'owner' });
await db.doc('users/owner').set({ tier: 'pro' });
await db.doc('subscriptionTiers/pro').set({ maxPhotosPerEvent: 10_000 });
const users = Array.from({ length: saves }, (_, i) => `u${i}`);
for (const uid of users) {
  await event.collection('members').doc(uid).set({ role: 'attendee' });
  await db.doc(`users/${uid}`).set({ tier: 'pro' });
}

for (let batch = 0; batch < batches; batch++) {
  let attempts = 0;
  const takeovers = transactions.lockTakeovers;
  const start = performance.now();
  const finished: number[] = [];
  await Promise.all(
    users.map((uid) =>
      db
        .runTransaction(async (tx) => {
          attempts++;
          await tx.get(event);
          await tx.get(event.collection('members').doc(uid));
          const path = `${batch}-${uid}`;
          await tx.get(event.collection('photos').where('objectPath', '==', path).limit(1));
          await tx.get(db.doc('users/owner'));
          await tx.get(db.doc('subscriptionTiers/pro'));
          const count = await tx.get(event.collection('photos').count());
          await tx.get(db.doc(`users/${uid}`));
          const used = await tx.get(
            db
              .collectionGroup('photos')
              .where('uploadedBy', '==', uid)
              .aggregate({ bytes: AggregateField.sum('size') }),
          );
          tx.create(event.collection('photos').doc(path), {
            objectPath: path,
            uploadedBy: uid,
            size: 1000,
            photosBefore: count.data().count,
            bytesBefore: used.data().bytes,
          });
        })
        .then(() => finished.push((performance.now() - start) / 1000)),
    ),
  );
  console.log(
    `batch ${batch + 1}: ${saves} saves in ${((performance.now() - start) / 1000).toFixed(2)} s ` +
      `(each done at ${finished.map((s) => s.toFixed(1)).join(', ')} s), ` +
      `${attempts} attempts, ${transactions.lockTakeovers - takeovers} lock takeovers`,
  );
}

await deleteApp(app);
await emulator.stop();
