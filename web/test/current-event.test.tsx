import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useCurrentEvent,
  useMyEvents,
  type CurrentEvent,
  type MyEvents,
} from '../src/lib/current-event.tsx';
import { CurrentEventProvider } from '../src/lib/current-event-provider.tsx';
import { clearNewlyCreated, markNewlyCreated } from '../src/lib/newly-created.ts';
import { SessionContext } from '../src/lib/session.tsx';
import { makeEvent, makeSession } from './render.tsx';

// The Firestore SDK boundary: listeners and counts are driven by the test.
const fs = vi.hoisted(() => {
  type Listener = { next: (snap: unknown) => void; error: (err: Error) => void };
  return {
    listeners: new Map<string, Listener>(),
    counts: new Map<string, number>(),
  };
});

vi.mock('firebase/firestore', () => ({
  collectionGroup: (_db: unknown, id: string) => ({ key: `group:${id}` }),
  query: (ref: { key: string }) => ref,
  where: () => null,
  doc: (_db: unknown, ...path: string[]) => ({ key: path.join('/') }),
  collection: (_db: unknown, ...path: string[]) => ({ key: path.join('/') }),
  onSnapshot: (ref: { key: string }, next: (s: unknown) => void, error: (e: Error) => void) => {
    fs.listeners.set(ref.key, { next, error });
    return () => fs.listeners.delete(ref.key);
  },
  getCountFromServer: async (ref: { key: string }) => ({
    data: () => ({ count: fs.counts.get(ref.key) ?? 0 }),
  }),
}));
const db = vi.hoisted(() => ({}));
vi.mock('reactfire', () => ({ useFirestore: () => db }));
vi.mock('../src/lib/firebase.ts', () => ({ getAppAuth: () => ({ currentUser: { uid: 'u1' } }) }));

const memberships = (rows: [string, string][]) => ({
  docs: rows.map(([eventId, role]) => ({
    ref: { parent: { parent: { id: eventId } } },
    get: () => role,
  })),
});
const eventSnap = (id: string, name: string) => {
  const { id: _id, ...data } = makeEvent(id, { name });
  return { exists: () => true, data: () => data };
};

let my: MyEvents;
let current: CurrentEvent;
function Probe() {
  my = useMyEvents();
  current = useCurrentEvent();
  return (
    <p data-testid="probe">{`${current.eventId}|${current.role}|${current.isAdmin}|${my.loading}`}</p>
  );
}

function mount(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <CurrentEventProvider>
            <Probe />
          </CurrentEventProvider>
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

const push = async (key: string, snap: unknown) => {
  await act(async () => fs.listeners.get(key)?.next(snap));
};
const probe = () => screen.getByTestId('probe').textContent;

async function loadTwoEvents() {
  await push(
    'group:members',
    memberships([
      ['e1', 'creator'],
      ['e2', 'attendee'],
    ]),
  );
  await push('events/e1', eventSnap('e1', 'Beach Wedding'));
  await push('events/e2', eventSnap('e2', 'Ski Trip'));
}

beforeEach(() => {
  fs.listeners.clear();
  fs.counts.clear();
  fs.counts.set('events/e1/members', 5);
  fs.counts.set('events/e2/members', 1);
});
afterEach(() => clearNewlyCreated());

describe('CurrentEventProvider', () => {
  it('loads the memberships, their live event documents and member counts', async () => {
    mount('/');
    expect(probe()).toBe('null|null|false|true');
    await loadTwoEvents();
    expect(my.loading).toBe(false);
    expect(my.events.map((e) => [e.id, e.event.name, e.role, e.memberCount])).toEqual([
      ['e1', 'Beach Wedding', 'creator', 5],
      ['e2', 'Ski Trip', 'attendee', 1],
    ]);
    await push('events/e2', eventSnap('e2', 'Ski Weekend'));
    expect(my.events[1]?.event.name).toBe('Ski Weekend');
  });

  it('selects the event of the URL and stores it', async () => {
    mount('/events/e2/photos');
    await loadTwoEvents();
    expect(probe()).toBe('e2|attendee|false|false');
    expect(current.isMember).toBe(true);
    expect(localStorage.getItem('currentEventId')).toBe('e2');
  });

  it('refuses a non-member event from the URL or the switcher with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mount('/events/stranger');
    await loadTwoEvents();
    expect(probe()).toBe('null|null|false|false');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('stranger'));
    act(() => current.select('e1'));
    expect(probe()).toBe('e1|creator|true|false');
    act(() => current.select('other'));
    expect(probe()).toBe('e1|creator|true|false');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('resets the selection when the event leaves the list', async () => {
    mount('/events/e1');
    await loadTwoEvents();
    expect(probe()).toBe('e1|creator|true|false');
    await push('group:members', memberships([['e2', 'attendee']]));
    expect(probe()).toBe('null|null|false|false');
    expect(localStorage.getItem('currentEventId')).toBeNull();
  });

  it('restores the stored selection if still a member', async () => {
    localStorage.setItem('currentEventId', 'e2');
    mount('/');
    await loadTwoEvents();
    expect(probe()).toBe('e2|attendee|false|false');
  });

  it('opens a newly created event before the list has it, as its creator', async () => {
    markNewlyCreated('fresh');
    mount('/events/fresh');
    await push('group:members', memberships([['e1', 'creator']]));
    await push('events/e1', eventSnap('e1', 'Beach Wedding'));
    await push('events/fresh', eventSnap('fresh', 'Just Made'));
    expect(probe()).toBe('fresh|creator|true|false');
    expect(current.event?.name).toBe('Just Made');
  });
});
