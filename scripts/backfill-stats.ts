// Writes the documents the scale design derives from an event's own data (docs/performance.md,
// "Counters", "Search", "Activity") for events created before they existed: the stats counters,
// rsvpCounts, rsvpsByUser, searchTokens, the photos' and banner's download URLs and the activity
// feed. Idempotent; safe while the app runs (the counters are written in transactions from
// aggregation counts).
//
//   npx tsx scripts/backfill-stats.ts [eventId ...]
//
// Targets the project in GCLOUD_PROJECT (default demo-gatherly) with the admin SDK's usual
// credentials, or the emulator named by FIRESTORE_EMULATOR_HOST (and FIREBASE_STORAGE_EMULATOR_HOST);
// the bucket is STORAGE_BUCKET (default <project>.appspot.com). Without ids: every event.
import { pathToFileURL } from 'node:url';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { dataAccess } from '../functions/src/db.ts';
import { backfillEvent } from '../functions/src/services/backfill.ts';

export async function backfillAll(projectId: string, eventIds: readonly string[]): Promise<void> {
  const storageBucket = process.env.STORAGE_BUCKET ?? `${projectId}.appspot.com`;
  const app = initializeApp({ projectId, storageBucket }, `backfill-${Date.now()}`);
  try {
    const db = dataAccess(getFirestore(app));
    const ids = eventIds.length ? eventIds : (await db.events.select().get()).docs.map((d) => d.id);
    for (const id of ids) {
      const event = (await db.event(id).get()).data();
      if (!event) {
        console.log(`${id}: no such event, skipped`);
        continue;
      }
      if (event.deleting) {
        console.log(`${id}: being deleted, skipped`);
        continue;
      }
      const s = await backfillEvent(db, id);
      console.log(
        `${id}: ${s.members} members, ${s.photos} photos, ${s.flights} flights, ${s.carpools} carpools, ` +
          `${s.scheduleItems} schedule items with ${s.rsvps} RSVPs, ${s.activityEntries} activity entries`,
      );
    }
  } finally {
    await deleteApp(app);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const projectId = process.env['GCLOUD_PROJECT'] ?? 'demo-gatherly';
  backfillAll(projectId, process.argv.slice(2)).catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
