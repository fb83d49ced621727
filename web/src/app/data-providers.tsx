import type { Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import { useEffect, useState, type ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider, FirestoreProvider, StorageProvider } from 'reactfire';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { EventScopeProvider } from '../lib/event-scope-provider.tsx';
import { firebaseApp, getAppAuth, loadFirestore, loadStorage } from '../lib/firebase.ts';

/**
 * reactfire for signed-in and invitation screens: features use useFirestore(), useStorage(),
 * useFirestoreCollectionData, useFirestoreDocData, useUser..., plus the event scope
 * (lib/event-scope.tsx). This module (and so the Firestore and Storage SDKs) loads only lazily.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  const [sdks, setSdks] = useState<{ db: Firestore; storage: FirebaseStorage } | null>(null);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    let cancelled = false;
    Promise.all([loadFirestore(), loadStorage()])
      .then(([db, storage]) => {
        if (!cancelled) setSdks({ db, storage });
      })
      .catch((err: Error) => setError(err));
    return () => {
      cancelled = true;
    };
  }, []);

  if (error) throw error;
  if (!sdks) return <PageSkeleton />;
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={getAppAuth()}>
        <FirestoreProvider sdk={sdks.db}>
          <StorageProvider sdk={sdks.storage}>
            <EventScopeProvider>{children}</EventScopeProvider>
          </StorageProvider>
        </FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}
