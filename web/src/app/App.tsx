import { useEffect } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { useSession } from '../lib/session.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

/**
 * The declarative router: the app uses no loaders, actions or fetchers, and the data router's
 * code would add ~17 KB gzip to every screen (docs/performance.md, "JavaScript").
 */
export function App() {
  return (
    <AppProviders>
      <RsvpSync />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * RSVPs an earlier visit queued on this device go out once the person is signed in and the
 * servers answer (docs/decisions.md, "Venue Wi-Fi"), whichever screen opens first. The queue's
 * code loads only then: a signed-out visitor has nothing queued to send.
 */
function RsvpSync() {
  const signedIn = useSession().status === 'signed-in';
  useEffect(() => {
    if (!signedIn) return;
    import('../features/schedule/rsvp-sync.ts').then(
      ({ startRsvpSync }) => startRsvpSync(),
      (err: unknown) => console.error('The RSVP queue did not load', err),
    );
  }, [signedIn]);
  return null;
}
