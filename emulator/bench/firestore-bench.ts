// Firestore emulator benchmark through firebase-admin (gRPC): single-document writes per second
// (sequential and 32 in flight) and query latency over a 10,000-document collection; then the
// same work in-process (service and query engine, no SDK or network) to separate the
// emulator's own cost from the SDK's and the transport's.
// Run: npx tsx emulator/bench/firestore-bench.ts
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { parseIndexConfig } from '../src/firestore/indexes.ts';
import { compileQuery, executeQuery } from '../src/firestore/query.ts';
import { ProjectRegistry } from '../src/firestore/registry.ts';
import { startFirestoreEmulator } from '../src/firestore/server.ts';
import { FirestoreService } from '../src/firestore/service.ts';

// Production limits mode (the default) with the indexes this bench's queries need.
const emulator = await startFirestoreEmulator({
  port: 0,
  logLevel: 'silent',
  indexes: parseIndexConfig({
    indexes: [
      {
        collectionGroup: 'photos',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'uploader', order: 'ASCENDING' },
          { fieldPath: 'createdAt', order: 'DESCENDING' },
        ],
      },
    ],
    fieldOverrides: [
      {
        collectionGroup: 'photos',
        fieldPath: 'uploader',
        indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }],
      },
    ],
  }),
});
process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
process.env.METADATA_SERVER_DETECTION = 'none';
const app = initializeApp({ projectId: 'demo-bench' }, 'bench');
const db = getFirestore(app);

async function timed(label: string, count: number, run: () => Promise<void>): Promise<void> {
  const start = performance.now();
  await run();
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${label}: ${count} in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} writes/s`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function latency(label: string, runs: number, run: () => Promise<number>): Promise<void> {
  await run(); // warm-up
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    size = await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label}: ${size} results, median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${runs} runs)`,
  );
}

// Warm the gRPC channel.
await db.doc('warm/up').set({ ok: true });

const sequential = 1000;
await timed('single-document writes, sequential', sequential, async () => {
  for (let i = 0; i < sequential; i++) await db.doc(`seq/d${i}`).set({ i, at: Date.now() });
});

const parallel = 3000;
await timed('single-document writes, 32 in flight', parallel, async () => {
  let next = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < parallel) {
        const i = next++;
        await db.doc(`par/d${i}`).set({ i });
      }
    }),
  );
});

// 10,000 documents to query.
for (let start = 0; start < 10_000; start += 500) {
  const batch = db.batch();
  for (let i = start; i < start + 500; i++) {
    batch.set(db.doc(`events/bench/photos/p${String(i).padStart(5, '0')}`), {
      uploader: `u${i % 50}`,
      votes: i % 97,
      createdAt: new Date(1_700_000_000_000 + i * 1000),
      tags: [`t${i % 7}`],
    });
  }
  await batch.commit();
}
const photos = db.collection('events/bench/photos');
console.log(`seeded ${emulator.projects.database('demo-bench').store.size} documents`);
await latency(
  'query at 10k docs: uploader == u7 order by createdAt desc limit 20',
  50,
  async () =>
    (await photos.where('uploader', '==', 'u7').orderBy('createdAt', 'desc').limit(20).get()).size,
);
await latency(
  'query at 10k docs: votes >= 90 (range + implicit order)',
  50,
  async () => (await photos.where('votes', '>=', 90).get()).size,
);
await latency(
  'query at 10k docs: array-contains t3, limit 50',
  50,
  async () => (await photos.where('tags', 'array-contains', 't3').limit(50).get()).size,
);
await latency('count() at 10k docs', 50, async () => (await photos.count().get()).data().count);
await latency(
  'collection-group query at 10k docs: uploader == u1',
  20,
  async () => (await db.collectionGroup('photos').where('uploader', '==', 'u1').get()).size,
);

await deleteApp(app);
await emulator.stop();

// In-process: the emulator's own cost per operation.
const registry = new ProjectRegistry(true);
const service = new FirestoreService(registry);
const ctx = { projectId: 'demo-core', databaseId: '(default)', caller: 'owner' as const };
const root = 'projects/demo-core/databases/(default)/documents';
const coreWrites = 20_000;
const coreStart = performance.now();
for (let i = 0; i < coreWrites; i++) {
  await service.commit(ctx, {
    writes: [
      {
        update: {
          name: `${root}/events/core/photos/p${String(i % 10_000).padStart(5, '0')}`,
          fields: {
            uploader: { stringValue: `u${i % 50}` },
            votes: { integerValue: String(i % 97) },
          },
        },
      },
    ],
  });
}
const coreSeconds = (performance.now() - coreStart) / 1000;
console.log(
  `in-process single-document commits: ${coreWrites} in ${coreSeconds.toFixed(2)} s = ${Math.round(coreWrites / coreSeconds)} writes/s`,
);
const coreQuery = compileQuery('demo-core', '(default)', 'events/core', {
  from: [{ collectionId: 'photos' }],
  where: {
    fieldFilter: { field: { fieldPath: 'uploader' }, op: 'EQUAL', value: { stringValue: 'u7' } },
  },
  orderBy: [{ field: { fieldPath: 'votes' }, direction: 'DESCENDING' }],
  limit: 20,
});
await latency(
  'in-process query at 10k docs: uploader == u7 order by votes desc limit 20',
  200,
  async () => executeQuery(registry.database('demo-core').store, coreQuery).length,
);
