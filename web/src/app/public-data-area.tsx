import { Outlet } from 'react-router-dom';
import { DataProviders } from './data-providers.tsx';

/** Public routes that still use the data layer (the invitation page), without the shell. */
export default function PublicDataArea() {
  return (
    <DataProviders>
      <Outlet />
    </DataProviders>
  );
}
