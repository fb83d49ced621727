import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../src/lib/toast-store.ts';
import EventsListPage from '../src/features/events/EventsListPage.tsx';
import { apiRequest } from '../src/lib/api.ts';
import { ApiError, routeApi, subscription } from './api-mock.ts';
import { makeMyEvent, makeMyEvents, renderScreen } from './render.tsx';

vi.mock('../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const created = makeMyEvent(
  'e1',
  'creator',
  {
    name: 'Beach Wedding',
    description: 'Sun, sand and vows',
    startDate: '2099-06-05T15:00:00.000Z',
  },
  1,
);
const admin = makeMyEvent('e2', 'admin', { name: 'Ski Trip' }, 12);
const past = makeMyEvent('e3', 'attendee', {
  name: 'Old Reunion',
  startDate: '2001-01-01T10:00:00.000Z',
  endDate: '2001-01-02T10:00:00.000Z',
});

beforeEach(() => {
  routeApi(api, { 'GET /api/user/subscription': () => subscription('free', [1, 2]) });
});
afterEach(() => {
  resetToasts();
  api.mockReset();
});

describe('EventsListPage', () => {
  it('welcomes the user and shows skeletons while the events load', () => {
    renderScreen(<EventsListPage />, { myEvents: makeMyEvents([], { loading: true }) });
    expect(screen.getByRole('heading', { name: 'Welcome back, Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Manage all your events from one place')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading events')).toBeInTheDocument();
  });

  it('shows the load error', () => {
    const error = Object.assign(new Error('Missing permissions'), { code: 'permission-denied' });
    renderScreen(<EventsListPage />, { myEvents: makeMyEvents([], { error }) });
    expect(screen.getByText('Failed to fetch events: permission-denied')).toBeInTheDocument();
  });

  it('shows the empty state, whose button checks limits and goes to Create Event', async () => {
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('free', [0, 2]),
      'GET /api/user/subscription/limits': () => ({ canCreate: true, currentUsage: 0, limit: 2 }),
    });
    const { router } = renderScreen(<EventsListPage />);
    expect(screen.getByRole('heading', { name: 'No Events Yet' })).toBeInTheDocument();
    expect(
      screen.getByText('Create your first event to start planning and coordinating with others.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create Your First Event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-event'));
  });

  it('lists events with date, members, role and description; only the creator can delete', () => {
    renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created, admin, past]) });
    expect(screen.getByRole('heading', { name: 'Your Events (3)' })).toBeInTheDocument();
    const beach = screen.getByRole('article', { name: 'Beach Wedding' });
    expect(within(beach).getByRole('link', { name: 'Beach Wedding' })).toHaveAttribute(
      'href',
      '/events/e1',
    );
    expect(within(beach).getByText('Jun 5, 2099')).toBeInTheDocument();
    expect(within(beach).getByText('1 member')).toBeInTheDocument();
    expect(within(beach).getByText('Creator')).toBeInTheDocument();
    expect(within(beach).getByText('Sun, sand and vows')).toBeInTheDocument();
    expect(within(beach).getByRole('button', { name: 'Delete Beach Wedding' })).toBeInTheDocument();
    const ski = screen.getByRole('article', { name: 'Ski Trip' });
    expect(within(ski).getByText('12 members')).toBeInTheDocument();
    expect(within(ski).getByText('Admin')).toBeInTheDocument();
    expect(within(ski).queryByRole('button')).not.toBeInTheDocument();
    const old = screen.getByRole('article', { name: 'Old Reunion' });
    expect(within(old).getByText('Member')).toBeInTheDocument();
    expect(within(old).queryByRole('button')).not.toBeInTheDocument();
  });

  it('filters to active events and opens an event on click', async () => {
    const { router } = renderScreen(<EventsListPage />, {
      myEvents: makeMyEvents([created, past]),
    });
    await userEvent.click(screen.getByText('Active Only'));
    expect(screen.queryByRole('link', { name: 'Old Reunion' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('All Events'));
    await userEvent.click(screen.getByRole('link', { name: 'Old Reunion' }));
    expect(router.state.location.pathname).toBe('/events/e3');
  });

  it('keeps an event active until its last day ends on its own calendar', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 6:00 AM on June 13 in UTC is still 11:00 PM on June 12 in Napa, the wedding's last day.
      vi.setSystemTime(new Date('2099-06-13T06:00:00.000Z'));
      const napa = makeMyEvent('e4', 'attendee', {
        name: 'Napa Wedding',
        timeZone: 'America/Los_Angeles',
        startDate: '2099-06-13T02:00:00.000Z',
        endDate: '2099-06-13T05:00:00.000Z',
      });
      const lisbon = makeMyEvent('e5', 'attendee', {
        name: 'Lisbon Lunch',
        timeZone: 'Europe/Lisbon',
        startDate: '2099-06-12T11:00:00.000Z',
        endDate: '2099-06-12T14:00:00.000Z',
      });
      renderScreen(<EventsListPage />, { myEvents: makeMyEvents([napa, lisbon]) });
      // The card's date is the day in Napa, not the UTC day of the instant.
      expect(
        within(screen.getByRole('article', { name: 'Napa Wedding' })).getByText('Jun 12, 2099'),
      ).toBeInTheDocument();
      fireEvent.click(screen.getByText('Active Only'));
      await waitFor(() =>
        expect(screen.queryByRole('link', { name: 'Lisbon Lunch' })).not.toBeInTheDocument(),
      );
      expect(screen.getByRole('link', { name: 'Napa Wedding' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('deletes after confirmation, showing Deleting... then the toast', async () => {
    let finish: () => void = () => undefined;
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('free', [1, 2]),
      'DELETE /api/events/e1': () => new Promise<void>((resolve) => (finish = resolve)),
    });
    renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created]) });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Beach Wedding' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Beach Wedding/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Event' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    await act(async () => finish());
    expect(await screen.findByText('Event Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the server message when deleting fails', async () => {
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('free', [1, 2]),
      'DELETE /api/events/e1': () => {
        throw new ApiError(403, 'Only the creator can delete this event');
      },
    });
    renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created]) });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Beach Wedding' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Event' }),
    );
    // The dialog stays open (modal: the toast region is aria-hidden behind it, so query by text).
    const message = await screen.findByText('Only the creator can delete this event');
    expect(message.closest('[data-status]')).toHaveAttribute('data-status', 'error');
    expect(message.closest('[data-status]')).toHaveTextContent('Error');
  });

  it('opens the upgrade dialog for the next tier when the limit is reached', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('free', [2, 2]),
      'GET /api/user/subscription/limits': () => ({ canCreate: false, currentUsage: 2, limit: 2 }),
    });
    const { router } = renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created]) });
    await screen.findByText('Upgrade to Unlock');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Upgrade to Pro')).toBeInTheDocument();
    expect(within(dialog).getByText('10 events')).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upgrade Now' }));
    expect(within(dialog).getByRole('button', { name: 'Opening...' })).toBeDisabled();
    expect(open).toHaveBeenCalledWith('/pricing.html', '_blank', 'noopener,noreferrer');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
  });

  it('offers Enterprise from Pro, and the generic text when the subscription is unknown', async () => {
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('paid', [10, 10]),
      'GET /api/user/subscription/limits': () => ({
        canCreate: false,
        currentUsage: 10,
        limit: 10,
      }),
    });
    const { unmount } = renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created]) });
    await screen.findByText('Pro Plan');
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(
      within(await screen.findByRole('dialog')).getByText('Upgrade to Enterprise'),
    ).toBeInTheDocument();
    expect(screen.getByText('Unlimited events (10x more events)')).toBeInTheDocument();
    unmount();

    routeApi(api, {
      'GET /api/user/subscription': () => {
        throw new ApiError(500, 'boom');
      },
      'GET /api/user/subscription/limits': () => ({ canCreate: false, currentUsage: 2, limit: 2 }),
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created]) });
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Upgrade Required')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        "You've reached your subscription limits. Upgrade to continue using all features.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Maybe Later' })).toBeInTheDocument();
  });

  it('goes to Create Event anyway when the limits check fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('free', [1, 2]),
      'GET /api/user/subscription/limits': () => {
        throw new ApiError(500, 'down');
      },
    });
    const { router } = renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created]) });
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-event'));
  });
});

describe('SubscriptionCard', () => {
  it('is collapsed with a summary, expands to usage and features, and warns near limits', async () => {
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('free', [2, 2], [10, 20], [100, 500]),
    });
    renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created]) });
    const toggle = await screen.findByRole('button', { name: /Upgrade to Unlock/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.getByText('2/2 events · 10/20 invitations today · 100/500 MB storage'),
    ).toBeInTheDocument();
    expect(screen.getByText('Approaching limits')).toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(screen.getByText('20%')).toBeInTheDocument();
    expect(screen.getByText('Data export')).toBeInTheDocument();
  });

  it('titles paid tiers "{displayName} Plan" without a warning under 75 %', async () => {
    routeApi(api, { 'GET /api/user/subscription': () => subscription('enterprise', [3, -1]) });
    renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created]) });
    expect(await screen.findByText('Enterprise Plan')).toBeInTheDocument();
    expect(screen.queryByText('Approaching limits')).not.toBeInTheDocument();
  });

  it('is hidden when the subscription cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    routeApi(api, {
      'GET /api/user/subscription': () => {
        throw new ApiError(500, 'down');
      },
    });
    renderScreen(<EventsListPage />, { myEvents: makeMyEvents([created]) });
    await waitFor(() =>
      expect(screen.queryByTestId('subscription-loading')).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(/Plan|Upgrade to Unlock/)).not.toBeInTheDocument();
  });
});
