import { BrowserRouter, useRoutes } from 'react-router-dom';
import { AppProviders } from './providers.tsx';
import { routes } from './routes.tsx';

/**
 * The declarative router: the app uses no loaders, actions or fetchers, and the data router's
 * code would add ~17 KB gzip to every screen (docs/performance.md, "JavaScript").
 */
export function App() {
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
