import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { system } from '../src/app/system.ts';
import { Toaster } from '../src/components/toaster.tsx';
import { ColorModeProvider } from '../src/lib/color-mode.tsx';
import {
  CurrentEventContext,
  MyEventsContext,
  type CurrentEvent,
  type MyEvent,
  type MyEvents,
} from '../src/lib/current-event.tsx';
import { SessionContext, type Session } from '../src/lib/session.tsx';
import type { GatherlyEvent, MemberRole } from '../src/lib/types.ts';
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '@gatherly/domain/entities';

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    status: 'signed-in',
    user: { uid: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: '' },
    signingIn: false,
    signInAttempted: false,
    domainUnauthorized: false,
    signIn: vi.fn(async () => undefined),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  };
}

export function makeEvent(id: string, overrides: Partial<GatherlyEvent> = {}): GatherlyEvent {
  return {
    id,
    name: `Event ${id}`,
    description: '',
    location: '',
    startDate: '2099-06-12T15:00:00.000Z',
    endDate: '2099-06-14T15:00:00.000Z',
    customLogo: '',
    themeColors: { ...DEFAULT_THEME_COLORS },
    bannerSettings: { ...DEFAULT_BANNER_SETTINGS },
    adminId: 'u1',
    createdBy: 'u1',
    createdAt: null,
    ...overrides,
  };
}

export function makeMyEvent(
  id: string,
  role: MemberRole,
  overrides: Partial<GatherlyEvent> = {},
  memberCount: number | null = 3,
): MyEvent {
  return { id, role, memberCount, event: makeEvent(id, overrides) };
}

export function makeMyEvents(events: MyEvent[], overrides: Partial<MyEvents> = {}): MyEvents {
  return { events, loading: false, error: null, refreshCounts: vi.fn(), ...overrides };
}

export function makeCurrentEvent(
  item: MyEvent | null,
  overrides: Partial<CurrentEvent> = {},
): CurrentEvent {
  const role = item?.role ?? null;
  return {
    eventId: item?.id ?? null,
    event: item?.event ?? null,
    role,
    isAdmin: role === 'creator' || role === 'admin',
    isMember: item !== null,
    loading: false,
    select: vi.fn(),
    ...overrides,
  };
}

export interface RenderOptions {
  path?: string;
  /** Route pattern for `ui` (default: the path itself). */
  pattern?: string;
  session?: Session;
  myEvents?: MyEvents;
  current?: CurrentEvent;
  /** Extra routes, e.g. navigation targets. */
  routes?: RouteObject[];
}

/**
 * Renders a screen with the real UI providers and the data layer injected at its hook
 * boundary (session, events, current event), inside a memory router.
 */
export function renderScreen(
  ui: ReactElement,
  opts: RenderOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const path = opts.path ?? '/';
  const session = opts.session ?? makeSession();
  const myEvents = opts.myEvents ?? makeMyEvents([]);
  const current = opts.current ?? makeCurrentEvent(null);
  const router = createMemoryRouter(
    [
      { path: opts.pattern ?? path, element: ui },
      ...(opts.routes ?? []),
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <SessionContext.Provider value={session}>
          <MyEventsContext.Provider value={myEvents}>
            <CurrentEventContext.Provider value={current}>
              <RouterProvider router={router} />
              <Toaster />
            </CurrentEventContext.Provider>
          </MyEventsContext.Provider>
        </SessionContext.Provider>
      </ColorModeProvider>
    </ChakraProvider>,
  );
  return { ...result, router };
}
