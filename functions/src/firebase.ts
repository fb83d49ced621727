import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { dataAccess, type DataAccess } from './db.ts';

// Initialised lazily so tests can point the emulator env vars before the first request.
function app(): App {
  const existing = getApps()[0];
  if (existing) return existing;
  // On Cloud Functions and in the Functions emulator FIREBASE_CONFIG carries the project and bucket.
  if (process.env.FIREBASE_CONFIG) return initializeApp();
  const projectId =
    process.env.GCLOUD_PROJECT ?? process.env.GOOGLE_CLOUD_PROJECT ?? 'demo-gatherly';
  return initializeApp({ projectId, storageBucket: `${projectId}.appspot.com` });
}

let firestore: Firestore | null = null;

export function db(): Firestore {
  firestore ??= getFirestore(app());
  return firestore;
}

export function auth(): Auth {
  return getAuth(app());
}

export function bucket() {
  const a = app();
  const name = a.options.storageBucket ?? `${a.options.projectId ?? 'demo-gatherly'}.appspot.com`;
  return getStorage(a).bucket(name);
}

let access: DataAccess | null = null;

/** Typed references (db.ts) over the default Firestore. */
export function store(): DataAccess {
  access ??= dataAccess(db());
  return access;
}
