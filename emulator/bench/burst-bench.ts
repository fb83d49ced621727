// A reception burst through firebase-admin transactions shaped like the api's: photo records
// (each reads the event, the caller's membership, a duplicate check, tier documents, the event's
// photo stats and the caller's storage sum, then creates the photo and updates the stats) and
// votes on a few photos (each reads the event and membership for the permission check, the photo
// and the vote, then writes both), sent at a fixed rate side by side. Votes share no written
// document with records: how long they wait shows whether transaction reads block each other.
// Prints p50 / p95 / max latency per kind, attempts (aborted tries are retried) and the hottest
// documents (write rates).
// Run: npx tsx emulator/bench/burst-bench.ts [records=400] [votes=150] [perSecond=24] [guests=100] [photos=3]
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { AggregateField, FieldValue, getFirestore } from 'firebase-admin/firestore';
import { readIndexConfig } from '../src/firestore/index-files.ts';
import { startFirestoreEmulator } from '../src/firestore/server.ts';

const [records, votes, perSecond, guests, photos] = [400, 150, 24, 100, 3].map((fallback, i) =>
  Number(process.argv[2 + i] ?? fallback),
) as [number, number, number, number, number];
const projectId = 'demo-burst';
const emulator = await startFirestoreEmulator({
  port: 0,
  logLevel: 'silent',
  indexes: readIndexConfig(fileURLToPath(new URL('../../firestore.indexes.json', import.meta.url))),
});
process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
process.env.METADATA_SERVER_DETECTION = 'none';
const app = initializeApp({ projectId }, 'burst');
const db = getFirestore(app);

const event = db.doc('events/burst');
const uid = (i: number) => `guest${i % guests}`;
const setup = db.batch();
setup.set(event, { createdBy: 'owner', title: 'Burst' });
setup.set(db.doc('users/owner'), { subscriptionTier: 'enterprise' });
setup.set(db.doc('subscriptionTiers/enterprise'), { maxPhotosPerEvent: 10_000 });
setup.set(event.collection('stats').doc('photos'), { total: 0 });
for (let g = 0; g < guests; g++) {
  setup.set(event.collection('members').doc(uid(g)), { role: 'attendee' });
  setup.set(db.doc(`users/${uid(g)}`), { subscriptionTier: 'enterprise' });
}
for (let p = 0; p < photos; p++)
  setup.set(event.collection('photos').doc(`seed${p}`), {
    objectPath: `seed${p}`,
    uploadedBy: 'owner',
    size: 1,
    votes: 0,
  });
await setup.commit();

let attempts = { record: 0, vote: 0 };

async function record(i: number): Promise<void> {
  const who = uid(i);
  const objectPath = `events/burst/photos/${who}/${i}.jpg`;
  await db.runTransaction(async (tx) => {
    attempts.record++;
    await Promise.all([tx.get(event), tx.get(event.collection('members').doc(who))]);
    await tx.get(event.collection('photos').where('objectPath', '==', objectPath).limit(1));
    await tx.get(db.doc('users/owner'));
    await tx.get(db.doc('subscriptionTiers/enterprise'));
    const stats = await tx.get(event.collection('stats').doc('photos'));
    await tx.get(db.doc(`users/${who}`));
    await tx.get(
      db
        .collectionGroup('photos')
        .where('uploadedBy', '==', who)
        .aggregate({ bytes: AggregateField.sum('size') }),
    );
    tx.create(event.collection('photos').doc(`r${i}`), {
      objectPath,
      uploadedBy: who,
      size: 1000,
      votes: 0,
    });
    tx.update(stats.ref, { total: FieldValue.increment(1) });
  });
}

async function vote(i: number): Promise<void> {
  const who = uid(i);
  const photo = event.collection('photos').doc(`seed${i % photos}`);
  const ballot = photo.collection('votes').doc(who);
  await db.runTransaction(async (tx) => {
    attempts.vote++;
    await Promise.all([tx.get(event), tx.get(event.collection('members').doc(who))]);
    const [photoSnap, ballotSnap] = await Promise.all([tx.get(photo), tx.get(ballot)]);
    const count = (photoSnap.get('votes') as number | undefined) ?? 0;
    if (ballotSnap.exists) {
      tx.delete(ballot);
      tx.update(photo, { votes: count - 1 });
    } else {
      tx.create(ballot, { userId: who });
      tx.update(photo, { votes: count + 1 });
    }
  });
}

const failures = { record: 0, vote: 0 };

/**
 * Fires `count` calls `perSecond` apart in time; resolves with each successful call's latency
 * (ms). A call that fails (ABORTED after the SDK's 5 attempts: contention) is counted.
 */
async function paced(
  kind: 'record' | 'vote',
  count: number,
  call: (i: number) => Promise<void>,
): Promise<number[]> {
  const latencies: number[] = [];
  const calls: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    calls.push(
      call(i).then(
        () => void latencies.push(performance.now() - sent),
        () => void failures[kind]++,
      ),
    );
  }
  await Promise.all(calls);
  return latencies.sort((a, b) => a - b);
}

function summary(label: string, latencies: number[], tries: number, failed: number): string {
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? NaN;
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `${label}: ${latencies.length} calls, p50 ${s(at(0.5))}, p95 ${s(at(0.95))}, max ${s(latencies.at(-1) ?? NaN)}, ${tries} attempts, ${failed} failed (ABORTED after the SDK's retries)`;
}

await fetch(
  `http://${emulator.host}:${emulator.port}/emulator/v1/projects/${projectId}:writeRates`,
  {
    method: 'DELETE',
  },
);
attempts = { record: 0, vote: 0 };
const started = performance.now();
const [recordTimes, voteTimes] = await Promise.all([
  paced('record', records, record),
  paced('vote', votes, vote),
]);
const seconds = (performance.now() - started) / 1000;
console.log(
  `burst of ${records} records and ${votes} votes on ${photos} photos by ${guests} guests, ` +
    `${perSecond} calls/s each, done in ${seconds.toFixed(1)} s ` +
    `(production limits ${emulator.productionLimits ? 'on' : 'off'})`,
);
console.log(summary('records', recordTimes, attempts.record, failures.record));
console.log(summary('votes  ', voteTimes, attempts.vote, failures.vote));
const rates = (await (
  await fetch(
    `http://${emulator.host}:${emulator.port}/emulator/v1/projects/${projectId}:writeRates?limit=4`,
  )
).json()) as { documents: { path: string; peakWritesPerSecond: number; writes: number }[] };
console.log(
  'hottest documents: ' +
    rates.documents
      .map((d) => `${d.path} ${d.peakWritesPerSecond}/s peak, ${d.writes} writes`)
      .join('; '),
);
await deleteApp(app);
await emulator.stop();
