// Test setup for the Firestore compatibility suite: the emulator on a random port, and the
// official SDKs pointed at it exactly as they would be at the official emulator.
import { type App, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Firestore, getFirestore } from 'firebase-admin/firestore';
import { type FirestoreEmulator, startFirestoreEmulator } from '../../src/firestore/server.ts';

export async function startTestEmulator(): Promise<FirestoreEmulator> {
  const emulator = await startFirestoreEmulator({ port: 0, logLevel: 'silent' });
  // What `firebase emulators:exec` exports; firebase-admin then sends "Bearer owner".
  process.env.FIRESTORE_EMULATOR_HOST = `${emulator.host}:${emulator.port}`;
  // Keeps google-auth-library from probing the GCE metadata server.
  process.env.METADATA_SERVER_DETECTION = 'none';
  return emulator;
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
