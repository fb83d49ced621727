import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { system } from '../src/app/system.ts';
import { Toaster } from '../src/components/toaster.tsx';
import { ColorModeProvider } from '../src/lib/color-mode.tsx';
import {
  EventAccessContext,
  EventScopeContext,
  MyEventsContext,
  SelectedEventContext,
  type EventAccess,
  type EventScope,
  type MyEvent,
  type MyEvents,
  type SelectedEvent,
} from '../src/lib/event-scope.tsx';
import { SessionContext, type Session } from '../src/lib/session.tsx';
import type { GatherlyEvent, MemberRole } from '../src/lib/types.ts';
import { DEFAULT_BANNER_SETTINGS, DEFAULT_THEME_COLORS } from '@gatherly/domain/entities/events';

export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    status: 'signed-in',
    user: { uid: 'u1', email: 'ada@example.com', displayName: 'Ada Lovelace', photoURL: '' },
    signingIn: false,
    signInAttempted: false,
    domainUnauthorized: false,
    signIn: vi.fn(async () => undefined),
    prepareSignIn: vi.fn(),
    signOut: vi.fn(async () => undefined),
    renamed: vi.fn(),
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
    timeZone: 'UTC',
    customLogo: '',
    themeColors: { ...DEFAULT_THEME_COLORS },
    bannerSettings: { ...DEFAULT_BANNER_SETTINGS },
    bannerImageUrl: null,
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

/** The shell's event for `item` (null: outside any event). */
export function makeSelected(item: MyEvent | null): SelectedEvent | null {
  return item
    ? { eventId: item.id, event: item.event, role: item.role, memberCount: item.memberCount }
    : null;
}

/** What the /events/:eventId layout hands its screens for `item`. */
export function makeScope(item: MyEvent, uid = 'u1'): EventScope {
  return { eventId: item.id, event: item.event, role: item.role, uid };
}

/** Access as the live provider decides it for a settled list: members ready, others denied. */
export function accessFromList(myEvents: MyEvents, uid = 'u1'): (eventId: string) => EventAccess {
  return (eventId) => {
    if (myEvents.loading) return { status: 'loading' };
    const item = myEvents.events.find((e) => e.id === eventId);
    return item ? { status: 'ready', scope: makeScope(item, uid) } : { status: 'denied' };
  };
}

export interface RenderOptions {
  path?: string;
  /** Route pattern for `ui` (default: the path itself). */
  pattern?: string;
  session?: Session;
  myEvents?: MyEvents;
  /** The shell's event (default: none). */
  selected?: SelectedEvent | null;
  /** Event access (default: accessFromList(myEvents)). */
  access?: (eventId: string) => EventAccess;
  /** For a screen under /events/:eventId: the scope its layout would give it. */
  scope?: EventScope;
  /** Extra routes, e.g. navigation targets. */
  routes?: RouteObject[];
}

/**
 * Renders a screen with the real UI providers and the data layer injected at its hook
 * boundary (session, events, event access and scope), inside a memory router.
 */
export function renderScreen(
  ui: ReactElement,
  opts: RenderOptions = {},
): RenderResult & { router: ReturnType<typeof createMemoryRouter> } {
  const path = opts.path ?? '/';
  const session = opts.session ?? makeSession();
  const myEvents = opts.myEvents ?? makeMyEvents([]);
  const selected = opts.selected ?? null;
  const access = opts.access ?? accessFromList(myEvents);
  const element = opts.scope ? (
    <EventScopeContext.Provider value={opts.scope}>{ui}</EventScopeContext.Provider>
  ) : (
    ui
  );
  const router = createMemoryRouter(
    [
      { path: opts.pattern ?? path, element },
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
            <EventAccessContext.Provider value={access}>
              <SelectedEventContext.Provider value={selected}>
                <RouterProvider router={router} />
                <Toaster />
              </SelectedEventContext.Provider>
            </EventAccessContext.Provider>
          </MyEventsContext.Provider>
        </SessionContext.Provider>
      </ColorModeProvider>
    </ChakraProvider>,
  );
  return { ...result, router };
}
