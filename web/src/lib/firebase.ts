import { initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import { onReconnect } from './offline/connectivity.ts';

/**
 * Firebase initialisation and emulator wiring. Nothing on a first screen imports this module:
 * it loads with Auth (lib/firebase-auth.ts, when someone may be signed in or signs in) and with
 * the signed-in area. Firestore and Storage are dynamic imports so their SDKs download only once
 * a signed-in screen asks for them.
 */
const env = import.meta.env;

export const firebaseConfig = {
  apiKey: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? 'demo-gatherly.firebaseapp.com',
  projectId: env.VITE_FIREBASE_PROJECT_ID ?? 'demo-gatherly',
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET ?? 'demo-gatherly.appspot.com',
  appId: env.VITE_FIREBASE_APP_ID ?? 'demo-app',
};

/**
 * Emulators: on in dev unless VITE_USE_EMULATORS is 'false'; in a build only when it is 'true'
 * (the e2e build the Hosting emulator serves; a `demo-` project can reach nothing else anyway).
 */
export const useEmulators: boolean =
  env.VITE_USE_EMULATORS === 'true' || (env.DEV && env.VITE_USE_EMULATORS !== 'false');

/** Auth emulator URL; `npm start` may point it at the offline popup relay in front of it. */
export const authEmulatorUrl: string = env.VITE_AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
const firestoreEmulator = {
  host: '127.0.0.1',
  port: Number(env.VITE_FIRESTORE_EMULATOR_PORT ?? 8080),
};
const storageEmulator = { host: '127.0.0.1', port: Number(env.VITE_STORAGE_EMULATOR_PORT ?? 9199) };

export const firebaseApp: FirebaseApp = initializeApp(firebaseConfig);

let authInstance: Auth | null = null;

/** The Auth instance (a getter, so importing this module has no side effect on Auth); connected to the emulator on first use in dev. */
export function getAppAuth(): Auth {
  if (!authInstance) {
    authInstance = getAuth(firebaseApp);
    if (useEmulators) connectAuthEmulator(authInstance, authEmulatorUrl, { disableWarnings: true });
  }
  return authInstance;
}

let firestorePromise: Promise<Firestore> | null = null;
let storagePromise: Promise<FirebaseStorage> | null = null;

/**
 * Firestore with the persistent local cache (IndexedDB, shared by the app's tabs): a visited
 * event opens with no network, also after a reload, and writes made offline are queued on the
 * phone until the connection returns (docs/decisions.md, "Venue Wi-Fi"). Where IndexedDB is
 * unavailable the SDK falls back to its memory cache by itself.
 */
export function loadFirestore(): Promise<Firestore> {
  firestorePromise ??= import('firebase/firestore').then(
    ({
      initializeFirestore,
      persistentLocalCache,
      persistentMultipleTabManager,
      connectFirestoreEmulator,
      disableNetwork,
      enableNetwork,
    }) => {
      const db = initializeFirestore(firebaseApp, {
        localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }),
      });
      if (useEmulators)
        connectFirestoreEmulator(db, firestoreEmulator.host, firestoreEmulator.port);
      // The SDK retries a dead connection with a growing back-off (up to a minute); once the
      // servers answer again, reconnect at once so queued writes go out without that wait.
      onReconnect(() => void disableNetwork(db).then(() => enableNetwork(db)));
      // Writes queued before a reload (offline) show in the offline indicator until they sync.
      void import('./offline/commit-write.ts').then(({ trackEarlierWrites }) =>
        trackEarlierWrites(db),
      );
      return db;
    },
  );
  return firestorePromise;
}

export function loadStorage(): Promise<FirebaseStorage> {
  storagePromise ??= import('firebase/storage').then(({ getStorage, connectStorageEmulator }) => {
    const storage = getStorage(firebaseApp);
    if (useEmulators) connectStorageEmulator(storage, storageEmulator.host, storageEmulator.port);
    return storage;
  });
  return storagePromise;
}

/**
 * Offline Google popup: the Auth emulator's popup needs Google's gapi script, which cannot load
 * without internet. The popup relay (emulator/src/auth-popup) serves a shim at this path; loading
 * it before signInWithPopup makes the SDK use it. Resolves even if the relay is absent.
 */
let gapiShim: Promise<void> | null = null;
export function loadOfflineGapiShim(): Promise<void> {
  if (!useEmulators) return Promise.resolve();
  gapiShim ??= new Promise<void>((resolve) => {
    const script = document.createElement('script');
    script.src = `${authEmulatorUrl}/__offline/gapi.js`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => resolve();
    document.head.appendChild(script);
  });
  return gapiShim;
}
