// Test setup for the Firestore compatibility suite: the emulator on a random port, and the
// official SDKs pointed at it exactly as they would be at the official emulator.
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { type FirestoreEmulator, startFirestoreEmulator } from '../../src/firestore/server.ts';

/**
 * GATHERLY_EMULATORS=official runs the suite against an already running official emulator
 * (FIRESTORE_EMULATOR_HOST, as `firebase emulators:exec` sets it) instead of starting ours.
 */
export const officialEmulator = process.env.GATHERLY_EMULATORS === 'official';

export interface TestEmulator {
  host: string;
  port: number;
  /** The offline emulator itself (absent against the official one): for its diagnostics. */
  offline?: FirestoreEmulator;
  stop(): Promise<void>;
}

export async function startTestEmulator(): Promise<TestEmulator> {
  process.env.METADATA_SERVER_DETECTION = 'none';
  if (officialEmulator) {
    const hostPort = process.env.FIRESTORE_EMULATOR_HOST;
    const match = hostPort ? /^(.*):(\d+)$/.exec(hostPort) : null;
    if (!match)
      throw new Error('GATHERLY_EMULATORS=official needs FIRESTORE_EMULATOR_HOST=host:port');
    return { host: match[1] ?? '127.0.0.1', port: Number(match[2]), stop: async () => {} };
  }
  // These suites check parity with the official emulator (and run against it), which is lenient
  // about indexes and commit sizes: production limits mode off, as for the upstream suites.
  // test/firestore/production-limits.test.ts covers the mode.
  const emulator = await startFirestoreEmulator({
    port: 0,
    logLevel: 'silent',
    productionLimits: false,
  });
  // What `firebase emulators:exec` exports; firebase-admin then sends "Bearer owner".
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  return { host: emulator.host, port: emulator.port, offline: emulator, stop: emulator.stop };
}

let appCounter = 0;

export function adminFirestore(projectId: string): { db: Firestore; close: () => Promise<void> } {
  const app: App = initializeApp({ projectId }, `admin-${projectId}-${++appCounter}`);
  const db = getFirestore(app);
  return { db, close: () => deleteApp(app) };
}

export function uniqueProject(prefix: string): string {
  return `demo-${prefix}-${Math.random().toString(36).slice(2, 8)}`;
}
