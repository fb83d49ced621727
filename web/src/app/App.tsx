import { useEffect } from 'react';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { startRsvpSync } from '../features/schedule/rsvp-sync.ts';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

/**
 * The declarative router: the app uses no loaders, actions or fetchers, and the data router's
 * code would add ~17 KB gzip to every screen (docs/performance.md, "JavaScript").
 */
export function App() {
  // RSVPs an earlier visit queued on this device go out once the person is signed in and the
  // servers answer (docs/decisions.md, "Venue Wi-Fi"), whichever screen opens first.
  useEffect(() => startRsvpSync(), []);
  return (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

function AppRoutes() {
  return useRoutes(routes);
}
