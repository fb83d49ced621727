// The RSVP step on the dashboard schedule (docs/product.md, "Plus-ones, questions and
// waitlists"), through the real schedule hook, panel, dialog and device queue: the API
// (apiRequest) and the two live reads (the live-data layer, lib/live) are the mocked edges.
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuestQuestion, Party, RsvpState } from '@gatherly/domain/rsvp-options';
import { system } from '../../src/app/system.ts';
import { OfflineBanner } from '../../src/components/OfflineBanner.tsx';
import { resetToasts } from '../../src/lib/toast-store.ts';
import { Toaster } from '../../src/components/toaster.tsx';
import { useSchedule } from '../../src/features/schedule/data.ts';
import { SchedulePanel, type GoingRules } from '../../src/features/schedule/SchedulePanel.tsx';
import * as api from '../../src/lib/api.ts';
import { resetReachability } from '../../src/lib/offline/connectivity.ts';
import { rsvpQueue, startRsvpSync } from '../../src/features/schedule/rsvp-sync.ts';
import { QUEUED_MESSAGE, resetWriteQueue } from '../../src/lib/offline/write-queue.ts';
import type { ScheduleDoc } from '../../src/lib/types.ts';
import { ApiError, routeApi } from '../api-mock.ts';
import { goOffline } from '../offline.ts';
import { testDb } from './firebase-stub.ts';

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

const server = vi.hoisted(() => ({
  item: null as unknown as ScheduleDoc,
  statuses: {} as Record<string, RsvpState>,
  parties: {} as Record<string, Party>,
}));

vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => testDb,
  useLiveQuery: () => ({ loading: false, data: [server.item] }),
  useLiveDoc: () => ({
    loading: false,
    data: { statuses: server.statuses, parties: server.parties },
  }),
}));
vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('firebase/auth')>()),
  onAuthStateChanged: (_auth: unknown, next: (user: { uid: string }) => void) => {
    next({ uid: 'u1' });
    return () => undefined;
  },
}));

const apiRequest = vi.mocked(api.apiRequest);
const PUT = 'PUT /api/events/e1/schedule/s1/rsvp';
const GET = 'GET /api/events/e1/schedule/s1/rsvp';

const DIET: GuestQuestion = {
  id: 'diet',
  label: 'Dietary needs',
  kind: 'single',
  options: ['None', 'Vegetarian', 'Vegan'],
  required: true,
};
const ACCESS: GuestQuestion = {
  id: 'access',
  label: 'Accessibility needs',
  kind: 'multi',
  options: ['Step-free access', 'Hearing loop'],
  required: false,
};
const SONG: GuestQuestion = {
  id: 'song',
  label: 'Song request',
  kind: 'text',
  options: [],
  required: false,
};

const NOTHING_TO_ASK: GoingRules = { allowance: 0, questions: [], storedAnswers: null };

function Dashboard({ going }: { going: GoingRules }) {
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
        going={going}
      />
      <p data-testid="heads">{schedule.goingHeads}</p>
    </>
  );
}

function renderDashboard(going: GoingRules = NOTHING_TO_ASK) {
  const view = render(
    <ChakraProvider value={system}>
      <Dashboard going={going} />
      <Toaster />
    </ChakraProvider>,
  );
  return {
    ...view,
    refresh: () =>
      view.rerender(
        <ChakraProvider value={system}>
          <Dashboard going={going} />
          <Toaster />
        </ChakraProvider>,
      ),
  };
}

const row = () => screen.getByTestId('schedule-item');

async function choose(current: string, choice: string) {
  await userEvent.click(within(row()).getByRole('button', { name: `Your RSVP: ${current}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: choice }));
}

let restoreNetwork: (() => void) | null = null;
beforeAll(() => startRsvpSync());
beforeEach(() => {
  apiRequest.mockReset();
  server.item = { ...ITEM };
  server.statuses = {};
  server.parties = {};
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

describe('the RSVP step', () => {
  it('a first Going asks the party and the host’s questions in one step, checked with the domain’s messages', async () => {
    const sent: unknown[] = [];
    routeApi(apiRequest, {
      [PUT]: (body) => {
        sent.push(body);
        return { rsvp: { status: 'going' } };
      },
    });
    renderDashboard({ allowance: 2, questions: [DIET, ACCESS, SONG], storedAnswers: null });
    await choose('Not Responded', 'Going');
    const dialog = await screen.findByRole('dialog', { name: 'Going to Ceremony' });
    expect(within(dialog).getByText('You can bring up to 2 guests')).toBeInTheDocument();
    expect(within(dialog).getByText('A few questions from the host')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a guest' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'RSVP Going' }));
    expect(await within(dialog).findByText("Please enter each guest's name")).toBeInTheDocument();
    expect(within(dialog).getByText('Please answer “Dietary needs”')).toBeInTheDocument();
    expect(apiRequest).not.toHaveBeenCalled();

    const guest = within(dialog).getByRole('group', { name: 'Guest 1' });
    await userEvent.type(within(guest).getByRole('textbox', { name: /Guest 1/ }), 'Sam Lee');
    await userEvent.click(within(guest).getByRole('checkbox', { name: 'Child' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Vegetarian' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Hearing loop' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Song request' }), 'Dancing');
    // Two guests is the allowance: no third row to add.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a guest' }));
    expect(within(dialog).queryByRole('button', { name: 'Add a guest' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove guest 2' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'RSVP Going' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          status: 'going',
          guests: [{ name: 'Sam Lee', child: true }],
          answers: { diet: 'Vegetarian', access: ['Hearing loop'], song: 'Dancing' },
        },
      ]),
    );
    expect(await screen.findByText('RSVP saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(row()).getByRole('button', { name: 'Your RSVP: Going' })).toBeInTheDocument();
    expect(within(row()).getByTestId('my-party')).toHaveTextContent(
      'Your party: You + 1 guest (Sam Lee)',
    );
  });

  it('Maybe and Not Going stay one click; so does Going when there is nothing to ask', async () => {
    const sent: unknown[] = [];
    routeApi(apiRequest, { [PUT]: (body) => sent.push(body) });
    const { unmount } = renderDashboard({ allowance: 2, questions: [], storedAnswers: null });
    await choose('Not Responded', 'Maybe');
    await waitFor(() => expect(sent).toEqual([{ status: 'maybe' }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    unmount();
    // Questions answered before, no allowance, no capacity: Going is one click.
    renderDashboard({ allowance: 0, questions: [DIET], storedAnswers: { diet: 'Vegan' } });
    await choose('Maybe', 'Going');
    await waitFor(() => expect(sent).toEqual([{ status: 'maybe' }, { status: 'going' }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a party too large for the spots left gets the server’s sentence and may join the waitlist', async () => {
    server.item = {
      ...ITEM,
      capacity: 10,
      rsvpCounts: { going: 6, maybe: 0, notGoing: 0, goingHeads: 8, waitlisted: 0 },
    };
    const sent: unknown[] = [];
    routeApi(apiRequest, {
      [PUT]: (body) => {
        sent.push(body);
        if (!(body as { waitlist?: boolean }).waitlist)
          throw new ApiError(409, 'Only 2 spots left for 3 people');
        return { rsvp: { status: 'waitlisted' } };
      },
      [GET]: () => ({ status: 'waitlisted', party: null, waitlistPosition: 1 }),
    });
    renderDashboard({ allowance: 2, questions: [], storedAnswers: null });
    expect(within(row()).getByTestId('spots-left')).toHaveTextContent('2 spots left');
    await choose('Not Responded', 'Going');
    const dialog = await screen.findByRole('dialog', { name: 'Going to Ceremony' });
    expect(within(dialog).getByTestId('rsvp-spots')).toHaveTextContent('2 spots left');
    for (const name of ['Ana', 'Ben']) {
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add a guest' }));
      const inputs = within(dialog).getAllByRole('textbox');
      await userEvent.type(inputs.at(-1)!, name);
    }
    // The counts as they stand already say it.
    expect(within(dialog).getByTestId('rsvp-spots')).toHaveTextContent(
      'Only 2 spots left for 3 people.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'RSVP Going' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Only 2 spots left for 3 people');
    await userEvent.click(within(alert).getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      status: 'going',
      guests: [
        { name: 'Ana', child: false },
        { name: 'Ben', child: false },
      ],
      waitlist: true,
    });
    expect(await screen.findByText("You're on the waitlist")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(row()).getByRole('button', { name: 'Your RSVP: Waitlisted' }),
    ).toBeInTheDocument();
  });

  it('a full item says so, and the step’s button joins the waitlist', async () => {
    server.item = {
      ...ITEM,
      capacity: 5,
      rsvpCounts: {
        going: 3,
        maybe: 1,
        notGoing: 0,
        goingHeads: 5,
        waitlisted: 1,
        waitlistedHeads: 2,
      },
    };
    const sent: unknown[] = [];
    routeApi(apiRequest, {
      [PUT]: (body) => {
        sent.push(body);
        return { rsvp: { status: 'waitlisted' } };
      },
      [GET]: () => ({ status: 'waitlisted', party: null, waitlistPosition: 2 }),
    });
    renderDashboard();
    expect(within(row()).getByTestId('rsvp-counts')).toHaveTextContent('5 going · 4 replies');
    expect(within(row()).getByTestId('spots-left')).toHaveTextContent('Full · 1 on the waitlist');
    expect(screen.getByTestId('heads')).toHaveTextContent('5');
    await choose('Not Responded', 'Going');
    const dialog = await screen.findByRole('dialog', { name: 'Going to Ceremony' });
    const spots = within(dialog).getByTestId('rsvp-spots');
    expect(spots).toHaveTextContent(/^Full/);
    expect(spots).toHaveTextContent(
      "You'll join the waitlist and get a spot automatically when one opens.",
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(sent).toEqual([{ status: 'going', guests: [] }]));
    expect(await screen.findByText("You're on the waitlist")).toBeInTheDocument();
  });

  it('Edit party changes the party of a Going; an already-going member is not offered the waitlist', async () => {
    server.statuses = { s1: 'going' };
    server.parties = { s1: { size: 2, guests: [{ name: 'Sam', child: false }] } };
    server.item = {
      ...ITEM,
      capacity: 4,
      rsvpCounts: { going: 2, maybe: 0, notGoing: 0, goingHeads: 4 },
    };
    const sent: unknown[] = [];
    routeApi(apiRequest, {
      [PUT]: (body) => {
        sent.push(body);
        if ((body as { guests: unknown[] }).guests.length > 1)
          throw new ApiError(409, 'No spots left for 3 people');
        return { rsvp: { status: 'going' } };
      },
    });
    renderDashboard({ allowance: 2, questions: [DIET], storedAnswers: { diet: 'Vegan' } });
    expect(within(row()).getByTestId('my-party')).toHaveTextContent('You + 1 guest (Sam)');
    await choose('Going', 'Edit party');
    const dialog = await screen.findByRole('dialog', { name: 'Your party for Ceremony' });
    // The party only: questions answered before are edited under "Your answers".
    expect(within(dialog).queryByText('Dietary needs')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Guest 1/ })).toHaveValue('Sam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a guest' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Guest 2/ }), 'Kit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save party' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No spots left for 3 people');
    expect(within(alert).queryByRole('button', { name: 'Join the waitlist' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove guest 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove guest 1' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save party' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ status: 'going', guests: [] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offline, a Going with a party waits on the device and replays as given', async () => {
    const sent: unknown[] = [];
    routeApi(apiRequest, {
      [PUT]: (body) => {
        sent.push(body);
        return { rsvp: { status: 'going' } };
      },
    });
    renderDashboard({ allowance: 1, questions: [DIET], storedAnswers: null });
    restoreNetwork = goOffline();
    await choose('Not Responded', 'Going');
    const dialog = await screen.findByRole('dialog', { name: 'Going to Ceremony' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a guest' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Guest 1/ }), 'Sam');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Vegan' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'RSVP Going' }));
    expect(await screen.findByText(QUEUED_MESSAGE)).toBeInTheDocument();
    expect(within(row()).getByText('Not synced yet')).toBeInTheDocument();
    expect(within(row()).getByTestId('my-party')).toHaveTextContent('You + 1 guest (Sam)');
    expect(apiRequest).not.toHaveBeenCalled();
    restoreNetwork();
    restoreNetwork = null;
    expect(await screen.findByText('All changes synced')).toBeInTheDocument();
    expect(sent).toEqual([
      { status: 'going', guests: [{ name: 'Sam', child: false }], answers: { diet: 'Vegan' } },
    ]);
  });
});

describe('the waitlist on the schedule', () => {
  it('a waitlisted member sees their place, asked again when the line moves; promoted, the chip turns Going', async () => {
    server.statuses = { s1: 'waitlisted' };
    server.item = {
      ...ITEM,
      capacity: 2,
      rsvpCounts: { going: 2, maybe: 0, notGoing: 0, goingHeads: 2, waitlisted: 3 },
    };
    let position = 2;
    routeApi(apiRequest, {
      [GET]: () => ({ status: 'waitlisted', party: null, waitlistPosition: position }),
    });
    const { refresh } = renderDashboard();
    expect(
      within(row()).getByRole('button', { name: 'Your RSVP: Waitlisted' }),
    ).toBeInTheDocument();
    expect(await within(row()).findByText('Waitlisted · #2 in line')).toBeInTheDocument();
    expect(apiRequest).toHaveBeenCalledTimes(1);
    // Someone ahead leaves the line: asked once more (no polling in between).
    position = 1;
    server.item = {
      ...server.item,
      rsvpCounts: { ...server.item.rsvpCounts, waitlisted: 2 },
    };
    refresh();
    expect(await within(row()).findByText('Waitlisted · #1 in line')).toBeInTheDocument();
    expect(apiRequest).toHaveBeenCalledTimes(2);
    // Promoted (the answer map changes live): Going, no place in line, nothing asked.
    server.statuses = { s1: 'going' };
    server.item = {
      ...server.item,
      rsvpCounts: { ...server.item.rsvpCounts, goingHeads: 2, waitlisted: 1 },
    };
    refresh();
    expect(within(row()).getByRole('button', { name: 'Your RSVP: Going' })).toBeInTheDocument();
    expect(within(row()).queryByTestId('waitlist-position')).not.toBeInTheDocument();
    expect(apiRequest).toHaveBeenCalledTimes(2);
  });
});
