// Seeds the subscriptionTiers collection of a real Firebase project once after deploying
// (README, "Deploying"): GOOGLE_CLOUD_PROJECT=<id> npx tsx scripts/seed-tiers.ts, with
// application-default credentials. Tier values come from the domain package (data-model.md).
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { TIERS } from '@gatherly/domain/tiers';
import { dataAccess } from '../functions/src/db.ts';

async function main(): Promise<void> {
  const projectId = process.env['GOOGLE_CLOUD_PROJECT'] ?? process.env['GCLOUD_PROJECT'];
  if (!projectId) throw new Error('Set GOOGLE_CLOUD_PROJECT to the Firebase project id.');
  const app = initializeApp({ projectId, credential: applicationDefault() }, 'seed-tiers');
  try {
    const db = dataAccess(getFirestore(app));
    const batch = db.firestore.batch();
    for (const tier of Object.values(TIERS)) {
      batch.set(db.tier(tier.tierName), {
        ...tier,
        id: tier.tierName,
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
    }
    await batch.commit();
    console.log(`Wrote ${Object.keys(TIERS).length} subscription tiers to ${projectId}.`);
  } finally {
    await deleteApp(app);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
