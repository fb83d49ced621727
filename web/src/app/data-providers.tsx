import type { Firestore } from 'firebase/firestore';
import { useEffect, useState, type ReactNode } from 'react';
import { PageSkeleton } from '../components/PageSkeleton.tsx';
import { EventScopeProvider } from '../lib/event-scope-provider.tsx';
import { LiveDataProvider } from '../lib/live/index.ts';
import { firebaseApp, getAppAuth, loadFirestore } from '../lib/firebase.ts';

/**
 * The live-data layer for signed-in screens (lib/live: `useDb`, `useLiveDoc`, `useLiveQuery`,
 * ...), plus the event scope (lib/event-scope.tsx). This module (and so the Firestore SDK) loads
 * only lazily. The Storage
 * SDK loads with the first upload (`loadStorage`): screens show stored download URLs.
 */
export function DataProviders({ children }: { children: ReactNode }) {
  const [db, setDb] = useState<Firestore | null>(null);
  const [error, setError] = useState<Error | null>(null);

  useEffect(() => {
    let cancelled = false;
    loadFirestore()
      .then((sdk) => {
        if (!cancelled) setDb(sdk);
      })
      .catch((err: Error) => setError(err));
    return () => {
      cancelled = true;
    };
  }, []);

  if (error) throw error;
  if (!db) return <PageSkeleton />;
  return (
    <LiveDataProvider app={firebaseApp} auth={getAppAuth()} db={db}>
      <EventScopeProvider>{children}</EventScopeProvider>
    </LiveDataProvider>
  );
}
