import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SessionGate } from '../src/app/routes.tsx';
import { system } from '../src/app/system.ts';
import { ColorModeProvider } from '../src/lib/color-mode.tsx';
import { SessionContext } from '../src/lib/session.tsx';
import { makeSession } from './render.tsx';

function renderGate(status: 'loading' | 'signed-out', path: string) {
  const router = createMemoryRouter(
    [{ element: <SessionGate />, children: [{ path: '*', element: <p>screen</p> }] }],
    {
      initialEntries: [path],
    },
  );
  render(
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <SessionContext.Provider value={makeSession({ status, user: null })}>
          <RouterProvider router={router} />
        </SessionContext.Provider>
      </ColorModeProvider>
    </ChakraProvider>,
  );
}

describe('SessionGate', () => {
  it('shows the spinner with Loading... while auth loads', () => {
    renderGate('loading', '/events/e1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows the landing page to signed-out visitors on any route', async () => {
    renderGate('signed-out', '/events/e1/photos');
    expect(
      await screen.findByRole('button', { name: 'Start Planning for Free' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('screen')).not.toBeInTheDocument();
  });
});
