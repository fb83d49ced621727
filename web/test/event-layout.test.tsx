import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isValidElement, useCallback, useEffect, useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EventLayout from '../src/app/EventLayout.tsx';
import { routes } from '../src/app/routes.tsx';
import { signedInRoutes } from '../src/app/signed-in-routes.tsx';
import { EventRouteError } from '../src/app/EventRouteError.tsx';
import { RouteBoundary } from '../src/app/RouteBoundary.tsx';
import { ACCESS_CHANGE_GRACE_MS } from '../src/app/RouteErrorScreen.tsx';
import { system } from '../src/app/system.ts';
import { ColorModeProvider } from '../src/lib/color-mode.tsx';
import { EventAccessContext, useEventScope, type EventAccess } from '../src/lib/event-scope.tsx';
import { PATHS } from '../src/lib/paths.ts';
import * as reload from '../src/lib/reload.ts';
import { makeEvent } from './render.tsx';

vi.mock('../src/lib/reload.ts', () => ({ reloadPage: vi.fn() }));

const READY: EventAccess = {
  status: 'ready',
  scope: {
    eventId: 'e1',
    event: makeEvent('e1', { name: 'Beach Wedding' }),
    role: 'admin',
    uid: 'u1',
  },
};

/** What a screen below the layout sees. */
function ScopeProbe() {
  const { eventId, event, role, uid } = useEventScope();
  return <p data-testid="scope">{`${eventId}|${event.name}|${role}|${uid}`}</p>;
}

/** A screen whose data fails as the given error. */
function Failing({ error }: { error: unknown }): ReactNode {
  throw error;
}

const permissionDenied = Object.assign(new Error('Missing or insufficient permissions.'), {
  code: 'permission-denied',
});

let setAccess: (access: EventAccess) => void = () => undefined;
let askedFor: string[] = [];

/** The live provider's role, driven by the test: one access for whatever event is asked. */
function AccessHarness({ initial, children }: { initial: EventAccess; children: ReactNode }) {
  const [access, set] = useState(initial);
  // Handed to the test after commit, so rendering stays pure.
  useEffect(() => {
    setAccess = set;
  }, [set]);
  const resolve = useCallback(
    (eventId: string) => {
      askedFor.push(eventId);
      return access;
    },
    [access],
  );
  return <EventAccessContext.Provider value={resolve}>{children}</EventAccessContext.Provider>;
}

function renderLayout(path: string, initial: EventAccess) {
  const router = createMemoryRouter(
    [
      {
        path: PATHS.event,
        element: (
          <RouteBoundary>
            <EventLayout />
          </RouteBoundary>
        ),
        children: [
          { index: true, element: <ScopeProbe /> },
          { path: 'photos', element: <ScopeProbe /> },
          {
            path: 'travel',
            element: (
              <RouteBoundary errorScreen={EventRouteError}>
                <Failing error={new Error('boom: {"code":13}')} />
              </RouteBoundary>
            ),
          },
          {
            path: 'members',
            element: (
              <RouteBoundary errorScreen={EventRouteError}>
                <Failing error={permissionDenied} />
              </RouteBoundary>
            ),
          },
        ],
      },
      { path: '/', element: <p data-testid="home" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <AccessHarness initial={initial}>
          <RouterProvider router={router} />
        </AccessHarness>
      </ColorModeProvider>
    </ChakraProvider>,
  );
  return router;
}

function expectErrorScreen() {
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  expect(
    screen.getByText(
      'This page could not be shown. Please try again; if it keeps happening, go back to your events.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
}

afterEach(() => {
  askedFor = [];
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('the /events/:eventId layout', () => {
  it('shows the loading skeleton until access is known', () => {
    renderLayout('/events/e1/photos', { status: 'loading' });
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByTestId('scope')).not.toBeInTheDocument();
    expect(askedFor).toContain('e1');
  });

  it('hands every screen below it the scope, once ready', async () => {
    const router = renderLayout('/events/e1', READY);
    expect(screen.getByTestId('scope')).toHaveTextContent('e1|Beach Wedding|admin|u1');
    await act(() => router.navigate('/events/e1/photos'));
    expect(screen.getByTestId('scope')).toHaveTextContent('e1|Beach Wedding|admin|u1');
  });

  it('shows Access Denied to a signed-in non-member on any event route', async () => {
    const router = renderLayout('/events/e1/photos', { status: 'denied' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You have not been invited to this event')).toBeInTheDocument();
    expect(screen.queryByTestId('scope')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('turns an open screen into "You no longer have access" when the member is removed', () => {
    renderLayout('/events/e1/photos', READY);
    expect(screen.getByTestId('scope')).toBeInTheDocument();
    act(() => setAccess({ status: 'removed' }));
    expect(
      screen.getByRole('heading', { name: 'You no longer have access to this event' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('scope')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('turns an open screen into "This event was deleted" when the event is deleted', () => {
    renderLayout('/events/e1', READY);
    act(() => setAccess({ status: 'deleted' }));
    expect(screen.getByRole('heading', { name: 'This event was deleted' })).toBeInTheDocument();
    expect(screen.queryByTestId('scope')).not.toBeInTheDocument();
  });

  it('waits for an unreadable event, then says something went wrong', () => {
    vi.useFakeTimers();
    renderLayout('/events/e1', { status: 'unavailable' });
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(ACCESS_CHANGE_GRACE_MS);
    });
    expectErrorScreen();
  });

  it('says something went wrong when the memberships cannot be loaded', () => {
    renderLayout('/events/e1', { status: 'failed' });
    expectErrorScreen();
  });
});

describe('error elements', () => {
  it('show a sentence with Retry and the way home, never the error itself', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLayout('/events/e1/travel', READY);
    expectErrorScreen();
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload.reloadPage).toHaveBeenCalledTimes(1);
  });

  it('wait on a refused read for the layout to learn of a removal', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLayout('/events/e1/members', READY);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    act(() => setAccess({ status: 'removed' }));
    expect(
      screen.getByRole('heading', { name: 'You no longer have access to this event' }),
    ).toBeInTheDocument();
  });

  it('show the error screen if a refused read is not explained in time', () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderLayout('/events/e1/members', READY);
    expect(screen.getByLabelText('Loading')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(ACCESS_CHANGE_GRACE_MS);
    });
    expectErrorScreen();
  });

  it('exist on every route of the app', () => {
    const missing: string[] = [];
    const walk = (list: RouteObject[], parent: string) => {
      for (const r of list) {
        const name = r.index ? `${parent} (index)` : `${parent}/${r.path ?? '(layout)'}`;
        if (!isValidElement(r.element) || r.element.type !== RouteBoundary) missing.push(name);
        walk(r.children ?? [], name);
      }
    };
    walk(routes, '');
    walk(signedInRoutes, '(signed in)');
    expect(missing).toEqual([]);
  });
});
