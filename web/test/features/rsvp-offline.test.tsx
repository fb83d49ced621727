// Offline RSVPs on the dashboard schedule, through the real queue and schedule hook: the API
// (apiRequest) and the two live reads (the live-data layer, lib/live) are the mocked edges.
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../src/app/system.ts';
import { OfflineBanner } from '../../src/components/OfflineBanner.tsx';
import { resetToasts } from '../../src/lib/toast-store.ts';
import { Toaster } from '../../src/components/toaster.tsx';
import { useSchedule } from '../../src/features/schedule/data.ts';
import { SchedulePanel } from '../../src/features/schedule/SchedulePanel.tsx';
import * as api from '../../src/lib/api.ts';
import { resetReachability } from '../../src/lib/offline/connectivity.ts';
import { rsvpQueue, startRsvpSync } from '../../src/features/schedule/rsvp-sync.ts';
import { QUEUED_MESSAGE, resetWriteQueue } from '../../src/lib/offline/write-queue.ts';
import type { ScheduleDoc } from '../../src/lib/types.ts';
import { ApiError, routeApi } from '../api-mock.ts';
import { goOffline } from '../offline.ts';
import { testDb } from './firebase-stub.ts';
import type { RsvpStatus } from '@gatherly/domain/rsvp-options';

const server = vi.hoisted(() => ({
  statuses: {} as Record<string, RsvpStatus>,
}));

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
  useLiveQuery: () => ({ loading: false, data: [ITEM] }),
  useLiveDoc: () => ({ loading: false, data: { statuses: server.statuses } }),
}));
vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
// The signed-in person, as Firebase Auth reports it on app start (also offline).
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('firebase/auth')>()),
  onAuthStateChanged: (_auth: unknown, next: (user: { uid: string }) => void) => {
    next({ uid: 'u1' });
    return () => undefined;
  },
}));

const ITEM: ScheduleDoc = {
  id: 's1',
  eventId: 'e1',
  title: 'Ceremony',
  description: '',
  startTime: '2099-06-12T15:00:00.000Z',
  endTime: null,
  location: 'The barn',
  createdBy: 'u1',
  createdAt: null,
  rsvpCounts: { going: 2, maybe: 1, notGoing: 0 },
};
const apiRequest = vi.mocked(api.apiRequest);
const PUT = 'PUT /api/events/e1/schedule/s1/rsvp';

function Dashboard() {
  const schedule = useSchedule('e1', 'u1', 'attendee');
  return (
    <>
      <OfflineBanner />
      <SchedulePanel
        eventId="e1"
        eventName="Vineyard Wedding"
        timeZone="UTC"
        uid="u1"
        isAdmin={false}
        isCreator={false}
        showNames={false}
        items={schedule.items}
        going={{ allowance: 0, questions: [], storedAnswers: null }}
      />
      <p data-testid="going">{schedule.goingHeads}</p>
    </>
  );
}

function renderDashboard() {
  return render(
    <ChakraProvider value={system}>
      <Dashboard />
      <Toaster />
    </ChakraProvider>,
  );
}

const row = () => screen.getByTestId('schedule-item');

async function answer(current: string, choice: string) {
  await userEvent.click(within(row()).getByRole('button', { name: `Your RSVP: ${current}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: choice }));
}

let restoreNetwork: (() => void) | null = null;
beforeAll(() => startRsvpSync());
beforeEach(() => {
  apiRequest.mockReset();
  server.statuses = {};
  rsvpQueue.setUser('u1');
});
afterEach(() => {
  restoreNetwork?.();
  restoreNetwork = null;
  act(() => rsvpQueue.reset());
  resetWriteQueue();
  resetReachability();
  resetToasts();
});

describe('RSVPs without a connection', () => {
  it('offline: the chip shows the answer at once, says it is saved on this phone, counts as waiting, and syncs once online', async () => {
    const sent: unknown[] = [];
    routeApi(apiRequest, { [PUT]: (body) => sent.push(body) });
    renderDashboard();
    restoreNetwork = goOffline();
    await answer('Not Responded', 'Going');

    expect(await screen.findByText(QUEUED_MESSAGE)).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Your RSVP: Going' })).toBeInTheDocument();
    expect(within(row()).getByText('Not synced yet')).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('(1 change waiting)');
    // The tallies stay the server's until it has counted the answer.
    expect(within(row()).getByText('2 going · 3 replies')).toBeInTheDocument();
    expect(screen.getByTestId('going')).toHaveTextContent('2');
    expect(apiRequest).not.toHaveBeenCalled();
    expect(localStorage.getItem('gatherly.rsvpQueue/u1/e1/s1')).toContain('"going"');

    restoreNetwork();
    restoreNetwork = null;
    expect(await screen.findByText('All changes synced')).toBeInTheDocument();
    expect(sent).toEqual([{ status: 'going' }]);
    await waitFor(() => expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument());
    expect(within(row()).getByRole('button', { name: 'Your RSVP: Going' })).toBeInTheDocument();
    expect(within(row()).queryByText('Not synced yet')).not.toBeInTheDocument();
    expect(localStorage.getItem('gatherly.rsvpQueue/u1/e1/s1')).toBeNull();
  });

  it('a newer answer replaces the queued one: one change waiting, and only the last is sent', async () => {
    routeApi(apiRequest, { [PUT]: () => null });
    renderDashboard();
    restoreNetwork = goOffline();
    await answer('Not Responded', 'Going');
    await answer('Going', 'Maybe');
    expect(within(row()).getByRole('button', { name: 'Your RSVP: Maybe' })).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('(1 change waiting)');
    restoreNetwork();
    restoreNetwork = null;
    expect(await screen.findByText('All changes synced')).toBeInTheDocument();
    expect(apiRequest).toHaveBeenCalledTimes(1);
    expect(apiRequest).toHaveBeenCalledWith(
      'PUT',
      '/api/events/e1/schedule/s1/rsvp',
      { status: 'maybe' },
      { idempotent: true },
    );
  });

  it('after a reload offline, the queued answer still shows and counts, then syncs', async () => {
    // What an earlier visit left on the device (the queue reads it on first use).
    act(() => rsvpQueue.reset());
    localStorage.setItem(
      'gatherly.rsvpQueue/u1/e1/s1',
      JSON.stringify({
        uid: 'u1',
        eventId: 'e1',
        itemId: 's1',
        title: 'Ceremony',
        status: 'not_going',
        seq: 1,
      }),
    );
    routeApi(apiRequest, { [PUT]: () => null });
    restoreNetwork = goOffline();
    act(() => rsvpQueue.setUser('u1'));
    renderDashboard();
    expect(within(row()).getByRole('button', { name: 'Your RSVP: Not Going' })).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('(1 change waiting)');
    restoreNetwork();
    restoreNetwork = null;
    expect(await screen.findByText('All changes synced')).toBeInTheDocument();
    expect(apiRequest).toHaveBeenCalledWith(
      'PUT',
      '/api/events/e1/schedule/s1/rsvp',
      { status: 'not_going' },
      { idempotent: true },
    );
  });

  it('a queued answer the server refuses is dropped with a sentence; the chip returns to the server’s answer', async () => {
    server.statuses = { s1: 'maybe' };
    routeApi(apiRequest, {
      [PUT]: () => {
        throw new ApiError(404, 'Schedule item not found');
      },
    });
    renderDashboard();
    restoreNetwork = goOffline();
    await answer('Maybe', 'Going');
    expect(within(row()).getByRole('button', { name: 'Your RSVP: Going' })).toBeInTheDocument();
    restoreNetwork();
    restoreNetwork = null;
    expect(await screen.findByText('A change made offline was not saved')).toBeInTheDocument();
    expect(
      screen.getByText('Your RSVP "Going" to Ceremony was not saved: Schedule item not found'),
    ).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Your RSVP: Maybe' })).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
    expect(screen.queryByText('All changes synced')).not.toBeInTheDocument();
    expect(localStorage.getItem('gatherly.rsvpQueue/u1/e1/s1')).toBeNull();
  });

  it('online, when the request gets no answer, the answer is queued instead of spinning', async () => {
    routeApi(apiRequest, {
      [PUT]: () => {
        throw new ApiError(0, "Couldn't reach Gatherly. Check your connection and try again.");
      },
    });
    renderDashboard();
    await answer('Not Responded', 'Going');
    expect(await screen.findByText(QUEUED_MESSAGE)).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Your RSVP: Going' })).not.toHaveAttribute(
      'data-loading',
    );
    expect(within(row()).getByText('Not synced yet')).toBeInTheDocument();
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('1 change');
  });

  it('online, a refusal says why at once and keeps the server’s answer', async () => {
    routeApi(apiRequest, {
      [PUT]: () => {
        throw new ApiError(403, 'You are not a member of this event.');
      },
    });
    renderDashboard();
    await answer('Not Responded', 'Going');
    expect(await screen.findByText('You are not a member of this event.')).toBeInTheDocument();
    expect(
      within(row()).getByRole('button', { name: 'Your RSVP: Not Responded' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('offline-banner')).not.toBeInTheDocument();
  });
});
