// The emulators' admin side, for what a journey needs that the product has no screen for (an
// event seeded at the Enterprise size, a plan bought elsewhere), at `npm start`'s fixed ports
// (firebase.json).
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Query } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import type { SubscriptionTierName } from '@gatherly/domain/entities/subscriptions';

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

/** The uid of the account with `email`, or null when there is none (any more). */
export async function uidOf(email: string): Promise<string | null> {
  pointAdminAtEmulators();
  const app = initializeApp({ projectId: PROJECT_ID }, `e2e-uid-${randomUUID()}`);
  try {
    return (await getAuth(app).getUserByEmail(email)).uid;
  } catch (err) {
    if ((err as { code?: unknown }).code === 'auth/user-not-found') return null;
    throw err;
  } finally {
    await deleteApp(app);
  }
}

/**
 * What the database and the bucket still hold about a person, by kind (only kinds with
 * something left): the checks of account deletion's own tests, seen from outside.
 */
export async function storedAbout(
  uid: string,
  email: string,
  eventIds: readonly string[],
): Promise<Record<string, number>> {
  pointAdminAtEmulators();
  const app = initializeApp(
    { projectId: PROJECT_ID, storageBucket: `${PROJECT_ID}.appspot.com` },
    `e2e-stored-${randomUUID()}`,
  );
  try {
    const db = getFirestore(app);
    const left: Record<string, number> = {};
    const counted: [string, Query][] = [
      ['memberships', db.collectionGroup('members').where('userId', '==', uid)],
      ['events created', db.collection('events').where('createdBy', '==', uid)],
      ['photos', db.collectionGroup('photos').where('uploadedBy', '==', uid)],
      ['votes', db.collectionGroup('votes').where('userId', '==', uid)],
      [
        'carpool seats',
        db.collectionGroup('carpools').where('passengerIds', 'array-contains', uid),
      ],
      ['passenger records', db.collectionGroup('passengers').where('userId', '==', uid)],
      ['RSVPs', db.collectionGroup('rsvps').where('userId', '==', uid)],
      ['mail', db.collection('mail').where('to', '==', email)],
    ];
    for (const [kind, query] of counted) {
      const n = (await query.count().get()).data().count;
      if (n > 0) left[kind] = n;
    }
    if ((await db.doc(`users/${uid}`).get()).exists) left.profile = 1;
    const bucket = getStorage(app).bucket();
    for (const eventId of eventIds) {
      for (const folder of ['photos', 'thumbs']) {
        const [files] = await bucket.getFiles({ prefix: `events/${eventId}/${folder}/${uid}/` });
        if (files.length > 0) left[`files in ${eventId}/${folder}`] = files.length;
      }
    }
    return left;
  } finally {
    await deleteApp(app);
  }
}

/**
 * Starts the Functions emulator's workers for the vote fold before the journeys: it starts one
 * worker per concurrent invocation on first use, which takes seconds on a loaded machine, and a
 * journey watching a vote count live would otherwise time that start instead of the app. Votes
 * in a throwaway event, at once, until the trigger has folded them in.
 */
export async function warmVoteFold(voters = 3): Promise<number> {
  pointAdminAtEmulators();
  const app = initializeApp({ projectId: PROJECT_ID }, `e2e-warm-${randomUUID()}`);
  const t0 = Date.now();
  try {
    const db = getFirestore(app);
    const eventId = `warm-up-${randomUUID()}`;
    const photo = db.doc(`events/${eventId}/photos/p`);
    await photo.set({ id: 'p', eventId, votes: 0 });
    await Promise.all(
      [...Array(voters).keys()].map((i) =>
        photo
          .collection('votes')
          .doc(`u${i}`)
          .set({ eventId, photoId: 'p', userId: `u${i}`, votedAt: new Date() }),
      ),
    );
    while (Date.now() - t0 < 120_000 && (await photo.get()).data()?.votes !== voters) {
      await new Promise((r) => setTimeout(r, 250));
    }
    await db.recursiveDelete(db.doc(`events/${eventId}`));
  } finally {
    await deleteApp(app);
  }
  return Date.now() - t0;
}
