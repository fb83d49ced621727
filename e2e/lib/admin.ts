// The emulators' admin side, for what a journey needs that the product has no screen for (an
// event seeded at the Enterprise size, a plan bought elsewhere), at `npm start`'s fixed ports
// (firebase.json).
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import type { SubscriptionTierName } from '@gatherly/domain/entities';

export const PROJECT_ID = 'demo-gatherly';

/** Points firebase-admin in this process at the local emulators. */
export function pointAdminAtEmulators(): void {
  Object.assign(process.env, {
    FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
    FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9199',
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    METADATA_SERVER_DETECTION: 'none',
  });
}

/** Puts the account with `email` on `tier`, as a purchase would. */
export async function setPlan(email: string, tier: SubscriptionTierName): Promise<void> {
  pointAdminAtEmulators();
  const app = initializeApp({ projectId: PROJECT_ID }, `e2e-plan-${randomUUID()}`);
  try {
    const { uid } = await getAuth(app).getUserByEmail(email);
    await getFirestore(app).doc(`users/${uid}`).set({ subscriptionTier: tier }, { merge: true });
  } finally {
    await deleteApp(app);
  }
}

/** Writes an event's field as an admin SDK would (a screen's setting made elsewhere). */
export async function updateEvent(eventId: string, fields: Record<string, unknown>): Promise<void> {
  pointAdminAtEmulators();
  const app = initializeApp({ projectId: PROJECT_ID }, `e2e-event-${randomUUID()}`);
  try {
    await getFirestore(app).doc(`events/${eventId}`).update(fields);
  } finally {
    await deleteApp(app);
  }
}

/**
 * Reads a stored document as the admin SDK sees it (what the server stored for a screen's
 * action), with the uid of the account with `email` in place of `{uid}` in `docPath`.
 */
export async function readDocument(
  docPath: string,
  email?: string,
): Promise<Record<string, unknown> | undefined> {
  pointAdminAtEmulators();
  const app = initializeApp({ projectId: PROJECT_ID }, `e2e-read-${randomUUID()}`);
  try {
    const uid = email ? (await getAuth(app).getUserByEmail(email)).uid : '';
    const snap = await getFirestore(app).doc(docPath.replace('{uid}', uid)).get();
    return snap.data();
  } finally {
    await deleteApp(app);
  }
}

/** The ids of a collection's documents, as the admin SDK lists them. */
export async function listDocumentIds(collectionPath: string): Promise<string[]> {
  pointAdminAtEmulators();
  const app = initializeApp({ projectId: PROJECT_ID }, `e2e-list-${randomUUID()}`);
  try {
    const refs = await getFirestore(app).collection(collectionPath).listDocuments();
    return refs.map((r) => r.id);
  } finally {
    await deleteApp(app);
  }
}
