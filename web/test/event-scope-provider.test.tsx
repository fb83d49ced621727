import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventScopeProvider } from '../src/lib/event-scope-provider.tsx';
import {
  useEventAccess,
  useMyEvents,
  useSelectedEvent,
  type EventAccess,
  type MyEvents,
  type SelectedEvent,
} from '../src/lib/event-scope.tsx';
import { clearNewlyCreated, markNewlyCreated } from '../src/lib/newly-created.ts';
import { SessionContext } from '../src/lib/session.tsx';
import type { GatherlyEvent, MemberRole } from '../src/lib/types.ts';
import { makeEvent, makeSession } from './render.tsx';

// The live-data layer is the boundary: typed references become keys; the test pushes each
// listener's state (a query's snapshot or failure, a document's state) and the fake hooks answer
// it, as the layer does (a document's last state stays readable by path).
const fs = vi.hoisted(() => {
  const subscribers = new Set<() => void>();
  let version = 0;
  return {
    states: new Map<string, unknown>(),
    counts: new Map<string, number>(),
    subscribe(listener: () => void) {
      subscribers.add(listener);
      return () => subscribers.delete(listener);
    },
    version: () => version,
    set(key: string, state: unknown) {
      this.states.set(key, state);
      version += 1;
      for (const listener of subscribers) listener();
    },
  };
});
vi.mock('../src/lib/db/refs.ts', () => ({
  membershipsQuery: (_db: unknown, uid: string) => ({ key: `memberships:${uid}` }),
  eventRef: (_db: unknown, id: string) => ({ key: `events/${id}`, path: `events/${id}`, id }),
  membersRef: (_db: unknown, id: string) => ({ key: `events/${id}/members` }),
}));
vi.mock('firebase/firestore', () => ({
  getCountFromServer: async (ref: { key: string }) => ({
    data: () => ({ count: fs.counts.get(ref.key) ?? 0 }),
  }),
}));
const db = vi.hoisted(() => ({}));
vi.mock('../src/lib/live/index.ts', async () => {
  const { useSyncExternalStore } = await import('react');
  const useVersion = () => useSyncExternalStore(fs.subscribe, fs.version);
  return {
    useDb: () => db,
    useLiveQueryState: (q: { key: string } | null) => {
      useVersion();
      return (q && fs.states.get(q.key)) ?? { status: 'loading' };
    },
    useLiveDocs: () => {
      useVersion();
      return new Map([...fs.states].filter(([key]) => key.startsWith('events/')));
    },
  };
});
vi.mock('../src/lib/firebase.ts', () => ({ getAppAuth: () => ({ currentUser: { uid: 'u1' } }) }));

const memberships = (rows: [string, MemberRole][]) => ({
  status: 'ready',
  data: rows.map(([eventId, role]) => ({
    id: 'u1',
    eventId,
    userId: 'u1',
    role,
    joinedAt: null,
    user: {},
  })),
});
const eventSnap = (id: string, name: string) => ({
  kind: 'exists',
  data: makeEvent(id, { name }) satisfies GatherlyEvent,
});
const deletedSnap = { kind: 'missing' };

let my: MyEvents;
let selected: SelectedEvent | null;
let access: EventAccess;
/**
 * Reads everything the provider offers; `watch` is the event whose access is probed. The values
 * are handed to the test after each commit, so rendering stays pure.
 */
function Probe({ watch }: { watch: string }) {
  const values = { my: useMyEvents(), selected: useSelectedEvent(), access: useEventAccess(watch) };
  useEffect(() => {
    ({ my, selected, access } = values);
  });
  return <p data-testid="probe">{`${values.selected?.eventId ?? null}|${values.access.status}`}</p>;
}

function mount(path: string, watch = 'e1') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <EventScopeProvider>
            <Probe watch={watch} />
          </EventScopeProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <SessionContext.Provider value={makeSession()}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return router;
}

const push = async (key: string, state: unknown) => {
  await act(async () => fs.set(key, state));
};
const denied = () => new Error('Missing or insufficient permissions.');
const fail = async (key: string) => {
  const error = denied();
  await push(
    key,
    key.startsWith('events/') ? { kind: 'unreadable', error } : { status: 'failed', error },
  );
};
const probe = () => screen.getByTestId('probe').textContent;

async function loadTwoEvents() {
  await push(
    'memberships:u1',
    memberships([
      ['e1', 'creator'],
      ['e2', 'attendee'],
    ]),
  );
  await push('events/e1', eventSnap('e1', 'Beach Wedding'));
  await push('events/e2', eventSnap('e2', 'Ski Trip'));
}

beforeEach(() => {
  fs.states.clear();
  fs.counts.clear();
  fs.counts.set('events/e1/members', 5);
  fs.counts.set('events/e2/members', 1);
});
afterEach(() => clearNewlyCreated());

describe('EventScopeProvider: the events list', () => {
  it('loads the memberships, their live event documents and member counts', async () => {
    mount('/');
    expect(my.loading).toBe(true);
    await loadTwoEvents();
    expect(my.loading).toBe(false);
    expect(my.events.map((e) => [e.id, e.event.name, e.role, e.memberCount])).toEqual([
      ['e1', 'Beach Wedding', 'creator', 5],
      ['e2', 'Ski Trip', 'attendee', 1],
    ]);
    await push('events/e2', eventSnap('e2', 'Ski Weekend'));
    expect(my.events[1]?.event.name).toBe('Ski Weekend');
  });

  it('reports a failed membership listener as an error, and access as failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mount('/events/e1');
    await fail('memberships:u1');
    expect(my.error?.message).toBe('Missing or insufficient permissions.');
    expect(my.loading).toBe(false);
    expect(access.status).toBe('failed');
  });
});

describe('EventScopeProvider: access to one event', () => {
  it('is loading until the membership and the event document are known, then ready', async () => {
    mount('/events/e2/photos', 'e2');
    expect(access.status).toBe('loading');
    await push('memberships:u1', memberships([['e2', 'attendee']]));
    expect(access.status).toBe('loading');
    await push('events/e2', eventSnap('e2', 'Ski Trip'));
    expect(access).toEqual({
      status: 'ready',
      scope: {
        eventId: 'e2',
        event: makeEvent('e2', { name: 'Ski Trip' }),
        role: 'attendee',
        uid: 'u1',
      },
    });
  });

  it('denies an event the user was never a member of', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mount('/events/stranger', 'stranger');
    await loadTwoEvents();
    expect(access.status).toBe('denied');
  });

  it('turns into removed, live, when the membership goes away', async () => {
    mount('/events/e2', 'e2');
    await loadTwoEvents();
    expect(probe()).toBe('e2|ready');
    // The server refuses the event document a moment before the membership listener catches up.
    await fail('events/e2');
    expect(access.status).toBe('unavailable');
    await push('memberships:u1', memberships([['e1', 'creator']]));
    expect(probe()).toBe('null|removed');
  });

  it('turns into deleted, live, when the event document disappears', async () => {
    mount('/events/e2', 'e2');
    await loadTwoEvents();
    await push('events/e2', deletedSnap);
    expect(access.status).toBe('deleted');
    // The cascade then deletes the memberships: still deleted, not removed.
    await push('memberships:u1', memberships([['e1', 'creator']]));
    expect(probe()).toBe('null|deleted');
  });

  it('is ready again when a removed member is invited back', async () => {
    mount('/events/e2', 'e2');
    await loadTwoEvents();
    await push('memberships:u1', memberships([['e1', 'creator']]));
    expect(access.status).toBe('removed');
    await push(
      'memberships:u1',
      memberships([
        ['e1', 'creator'],
        ['e2', 'admin'],
      ]),
    );
    await push('events/e2', eventSnap('e2', 'Ski Trip'));
    expect(probe()).toBe('e2|ready');
  });

  it('opens a newly created event before the memberships have it, as its creator', async () => {
    markNewlyCreated('fresh');
    mount('/events/fresh', 'fresh');
    await push('memberships:u1', memberships([['e1', 'creator']]));
    await push('events/e1', eventSnap('e1', 'Beach Wedding'));
    expect(access.status).toBe('loading');
    await push('events/fresh', eventSnap('fresh', 'Just Made'));
    expect(probe()).toBe('fresh|ready');
    expect(access.status === 'ready' && access.scope.role).toBe('creator');
    expect(selected?.event.name).toBe('Just Made');
  });
});

describe('EventScopeProvider: the shell’s selected event', () => {
  it('selects the event of the URL and stores it', async () => {
    mount('/events/e2/photos', 'e2');
    await loadTwoEvents();
    expect(selected).toEqual({
      eventId: 'e2',
      event: makeEvent('e2', { name: 'Ski Trip' }),
      role: 'attendee',
      memberCount: 1,
    });
    expect(localStorage.getItem('currentEventId')).toBe('e2');
  });

  it('refuses a non-member event from the URL with a warning; the previous selection stays', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem('currentEventId', 'e1');
    const router = mount('/events/e1', 'stranger');
    await loadTwoEvents();
    expect(probe()).toBe('e1|denied');
    await act(() => router.navigate('/events/stranger'));
    expect(probe()).toBe('e1|denied');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('stranger'));
    expect(localStorage.getItem('currentEventId')).toBe('e1');
  });

  it('resets the selection when the event leaves the list', async () => {
    mount('/events/e1');
    await loadTwoEvents();
    expect(probe()).toBe('e1|ready');
    await push('memberships:u1', memberships([['e2', 'attendee']]));
    expect(probe()).toBe('null|removed');
    expect(localStorage.getItem('currentEventId')).toBeNull();
  });

  it('restores the stored selection if still a member', async () => {
    localStorage.setItem('currentEventId', 'e2');
    mount('/');
    await loadTwoEvents();
    expect(selected?.eventId).toBe('e2');
  });

  it('drops a stored selection the user is not a member of', async () => {
    localStorage.setItem('currentEventId', 'gone');
    mount('/');
    await loadTwoEvents();
    expect(selected).toBeNull();
    expect(localStorage.getItem('currentEventId')).toBeNull();
  });
});
