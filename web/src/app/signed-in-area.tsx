import { useRoutes } from 'react-router-dom';
import { DataProviders } from './data-providers.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { signedInRoutes } from './signed-in-routes.tsx';

/** Everything a signed-in route renders inside: the data layer, the app shell and its routes. */
export default function SignedInArea() {
  const screen = useRoutes(signedInRoutes);
  return (
    <DataProviders>
      <AppShell>{screen}</AppShell>
    </DataProviders>
  );
}
