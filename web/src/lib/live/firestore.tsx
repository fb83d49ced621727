// The reactfire half of the live-data layer (docs/web.md, "Live data"): the Firestore instance
// and one document or one query, live. reactfire shares one listener per equal query or
// document among the components that read it, so a second reader renders the value at once.
// A failed listener throws to the route's error boundary (RouteBoundary: "Something went
// wrong", or under an event the removal or deletion first).
import type { Auth } from 'firebase/auth';
import type { DocumentReference, Firestore, Query } from 'firebase/firestore';
import type { FirebaseApp } from 'firebase/app';
import type { ReactNode } from 'react';
import {
  AuthProvider,
  FirebaseAppProvider,
  FirestoreProvider,
  useFirestore,
  useFirestoreCollectionData,
  useFirestoreDocData,
} from 'reactfire';

/** Puts `db` (with its app and Auth) at the disposal of the layer's hooks below `children`. */
export function LiveDataProvider({
  app,
  auth,
  db,
  children,
}: {
  app: FirebaseApp;
  auth: Auth;
  db: Firestore;
  children: ReactNode;
}) {
  return (
    <FirebaseAppProvider firebaseApp={app}>
      <AuthProvider sdk={auth}>
        <FirestoreProvider sdk={db}>{children}</FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}

/** The Firestore instance: for building references and for writes. */
export function useDb(): Firestore {
  return useFirestore();
}

export interface LiveDoc<T> {
  /** True until the first snapshot (from the device's cache or the server). */
  loading: boolean;
  /** The document; undefined while loading or when it does not exist. */
  data: T | undefined;
}

export interface LiveQuery<T> {
  loading: boolean;
  /** The matching documents, in the query's order (empty while loading). */
  data: T[];
}

/** One document, live. */
export function useLiveDoc<T>(ref: DocumentReference<T>): LiveDoc<T> {
  const res = useFirestoreDocData(ref);
  return { loading: res.status === 'loading', data: res.data };
}

const NONE: never[] = [];

/** One bounded query, live (the query carries its limit: docs/performance.md). */
export function useLiveQuery<T>(q: Query<T>): LiveQuery<T> {
  const res = useFirestoreCollectionData(q);
  return { loading: res.status === 'loading', data: res.data ?? NONE };
}
