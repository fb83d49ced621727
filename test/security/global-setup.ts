import type { TestProject } from 'vitest/node';
import { fileURLToPath } from 'node:url';
import { startEmulators } from '@gatherly/emulator/index';
import { parseHostAndPort, type EmulatorEndpoints } from './endpoints.ts';
import { saveRuleCoverage } from './rule-coverage.ts';

const PROJECT_ID = process.env.GATHERLY_RULES_PROJECT ?? 'demo-gatherly';

/**
 * Starts the offline Firestore + Storage emulators on random ports for this run, or, with
 * GATHERLY_EMULATORS=official, uses the official emulators named by FIRESTORE_EMULATOR_HOST and
 * FIREBASE_STORAGE_EMULATOR_HOST (started elsewhere, left running).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.GATHERLY_EMULATORS === 'official') {
    const endpoints: EmulatorEndpoints = {
      firestore: parseHostAndPort('FIRESTORE_EMULATOR_HOST', process.env.FIRESTORE_EMULATOR_HOST),
      storage: parseHostAndPort(
        'FIREBASE_STORAGE_EMULATOR_HOST',
        process.env.FIREBASE_STORAGE_EMULATOR_HOST,
      ),
    };
    project.provide('emulators', endpoints);
    return () => saveRuleCoverage(endpoints.firestore, PROJECT_ID);
  }
  const running = await startEmulators({
    firestorePort: 0,
    storagePort: 0,
    logLevel: 'error',
    firestoreIndexes: fileURLToPath(new URL('../../firestore.indexes.json', import.meta.url)),
  });
  project.provide('emulators', { firestore: running.firestore, storage: running.storage });
  return async () => {
    await saveRuleCoverage(running.firestore, PROJECT_ID);
    await running.stop();
  };
}
