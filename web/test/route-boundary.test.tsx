import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, useLocation, useRoutes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RouteBoundary } from '../src/app/RouteBoundary.tsx';
import { system } from '../src/app/system.ts';

/** Fails on /broken, renders elsewhere: one element, so the same boundary sees both. */
function FailsOnBroken() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('boom: internal detail');
  return <p data-testid="content">{pathname}</p>;
}

function Routes() {
  return useRoutes([
    {
      path: '*',
      element: (
        <RouteBoundary>
          <FailsOnBroken />
          <Link to="/fine">elsewhere</Link>
        </RouteBoundary>
      ),
    },
  ]);
}

function renderAt(path: string) {
  render(
    <ChakraProvider value={system}>
      <MemoryRouter initialEntries={[path]}>
        <Routes />
      </MemoryRouter>
    </ChakraProvider>,
  );
}

describe('RouteBoundary', () => {
  it('shows the error screen in place of a failing route, and logs the error', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Screen failed', expect.any(Error));
    log.mockRestore();
  });

  it('clears the error on navigation, as the data router did', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken');
    await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(screen.getByTestId('content')).toHaveTextContent('/');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
    log.mockRestore();
  });

  it('renders its route untouched when nothing fails', () => {
    renderAt('/fine');
    expect(screen.getByTestId('content')).toHaveTextContent('/fine');
  });
});
