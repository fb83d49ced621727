import { Outlet } from 'react-router-dom';
import { DataProviders } from './data-providers.tsx';
import { AppShell } from './shell/AppShell.tsx';

/** Everything a signed-in route renders inside: the data layer and the app shell. */
export default function SignedInArea() {
  return (
    <DataProviders>
      <AppShell>
        <Outlet />
      </AppShell>
    </DataProviders>
  );
}
