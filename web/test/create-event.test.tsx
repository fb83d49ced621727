import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../src/lib/toast-store.ts';
import CreateEventPage from '../src/features/create-event/CreateEventPage.tsx';
import { apiRequest } from '../src/lib/api.ts';
import { clearNewlyCreated, isNewlyCreated } from '../src/lib/newly-created.ts';
import { ApiError, routeApi, subscription } from './api-mock.ts';
import { makeMyEvents, renderScreen } from './render.tsx';
import { inDeviceZone, pickZone, valueOf } from './time-zones.ts';

vi.mock('../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

beforeEach(() => {
  routeApi(api, { 'GET /api/user/subscription': () => subscription('free', [0, 2]) });
});
afterEach(() => {
  resetToasts();
  clearNewlyCreated();
  api.mockReset();
});

const renderCreate = () =>
  renderScreen(<CreateEventPage />, {
    path: '/create-event',
    myEvents: makeMyEvents([]),
  });

describe('CreateEventPage', () => {
  it('has every field with the default theme colours', () => {
    renderCreate();
    expect(screen.getByRole('heading', { name: 'Create Event' })).toBeInTheDocument();
    for (const label of [
      'Event Name',
      'Description',
      'Location',
      'Start Date',
      'End Date',
      'Event Logo URL (optional)',
    ]) {
      expect(
        screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)),
      ).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Primary hex')).toHaveValue('#6236ff');
    expect(screen.getByLabelText('Secondary hex')).toHaveValue('#14b8a6');
    expect(screen.getByLabelText('Tertiary hex')).toHaveValue('#f59e0b');
    expect(screen.getByLabelText('Primary colour picker')).toHaveValue('#6236ff');
    expect(screen.getByText('Specific Dates')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeInTheDocument();
  });

  it('clears both dates and shows the note when dates are TBD', async () => {
    renderCreate();
    fireEvent.change(screen.getByLabelText('Start Date'), {
      target: { value: '2099-06-12T15:00' },
    });
    fireEvent.change(screen.getByLabelText('End Date'), { target: { value: '2099-06-14T15:00' } });
    await userEvent.click(screen.getByText('Dates TBD'));
    expect(
      screen.getByText(
        'Event dates will be determined later. You can update them in the event settings.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Start Date')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Specific Dates'));
    expect(screen.getByLabelText('Start Date')).toHaveValue('');
    expect(screen.getByLabelText('End Date')).toHaveValue('');
  });

  it('requires a name', async () => {
    renderCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Event name is required')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalledWith('POST', '/api/events', expect.anything());
  });

  it('creates the event: Creating..., ISO dates, marks it new, toasts and opens it', async () => {
    let respond: (v: unknown) => void = () => undefined;
    const post = vi.fn((_body: unknown) => new Promise((resolve) => (respond = resolve)));
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('free', [0, 2]),
      'POST /api/events': post,
    });
    const { router } = renderCreate();
    fireEvent.change(screen.getByLabelText(/^Event Name/), { target: { value: 'Beach Wedding' } });
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Lisbon' } });
    fireEvent.change(screen.getByLabelText('Start Date'), {
      target: { value: '2099-06-12T15:00' },
    });
    fireEvent.change(screen.getByLabelText('Primary hex'), { target: { value: '#112233' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(post).toHaveBeenCalledWith({
      name: 'Beach Wedding',
      description: '',
      location: 'Lisbon',
      // The test device is in UTC (web/vitest.config.ts), the default zone.
      startDate: '2099-06-12T15:00:00.000Z',
      endDate: null,
      timeZone: 'UTC',
      customLogo: '',
      themeColors: { primary: '#112233', secondary: '#14b8a6', tertiary: '#f59e0b' },
      adminId: 'u1',
      createdBy: 'u1',
    });
    await act(async () => respond({ event: { id: 'new1' } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/new1'));
    expect(isNewlyCreated('new1')).toBe(true);
    expect(screen.getByText('Event Created')).toBeInTheDocument();
    expect(screen.getByText('Your event has been created successfully!')).toBeInTheDocument();
  });

  it('defaults the zone to the device’s; dates are wall-clock times in the zone picked', async () => {
    await inDeviceZone('America/New_York', async () => {
      const post = vi.fn((_body: unknown) => Promise.resolve({ event: { id: 'napa' } }));
      routeApi(api, {
        'GET /api/user/subscription': () => subscription('free', [0, 2]),
        'POST /api/events': post,
      });
      renderCreate();
      const zone = screen.getByRole('combobox', { name: 'Time Zone' });
      await waitFor(() => expect(valueOf(zone)).toContain('Eastern Time'));
      fireEvent.change(screen.getByLabelText(/^Event Name/), { target: { value: 'Napa' } });

      await pickZone(zone, 'los angeles', /^Pacific Time/);
      await waitFor(() => expect(valueOf(zone)).toContain('Pacific Time'));

      fireEvent.change(screen.getByLabelText('Start Date'), {
        target: { value: '2099-06-12T16:00' },
      });
      // 4:00 PM in Napa, and what that is on this device.
      expect(await screen.findByText('= 7:00 PM EDT your time')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
      await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
      expect(post.mock.calls[0]?.[0]).toMatchObject({
        timeZone: 'America/Los_Angeles',
        startDate: '2099-06-12T23:00:00.000Z',
        endDate: null,
      });
    });
  });

  it('says what a DST change does to a time entered in the zone', async () => {
    renderCreate();
    const zone = screen.getByRole('combobox', { name: 'Time Zone' });
    await waitFor(() => expect(zone).not.toBeDisabled());
    await pickZone(zone, 'PDT', /^Pacific Time/);
    fireEvent.change(screen.getByLabelText('Start Date'), {
      target: { value: '2099-03-08T02:30' },
    });
    expect(await screen.findByTestId('wall-clock-note')).toHaveTextContent(
      'Clocks spring forward that night, so 2:30 AM does not exist on Sun, March 8, 2099. It will be saved as 3:30 AM PDT.',
    );
  });

  it('toasts Premium Required when the tier blocks creation', async () => {
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('free', [2, 2]),
      'POST /api/events': () => {
        throw new ApiError(403, 'Premium subscription required');
      },
    });
    const { router } = renderCreate();
    fireEvent.change(screen.getByLabelText(/^Event Name/), { target: { value: 'Third' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Premium Required')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You need a premium subscription to create events. Contact support to upgrade your account.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-event');
    expect(screen.getByRole('button', { name: 'Create Event' })).toBeEnabled();
  });

  it('toasts Error with the server message otherwise', async () => {
    routeApi(api, {
      'GET /api/user/subscription': () => subscription('free', [0, 2]),
      'POST /api/events': () => {
        throw new ApiError(400, 'Event name is too long');
      },
    });
    renderCreate();
    fireEvent.change(screen.getByLabelText(/^Event Name/), { target: { value: 'X' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create Event' }));
    const message = await screen.findByText('Event name is too long');
    expect(message.closest('[data-status]')).toHaveTextContent('Error');
  });

  it('Cancel goes home', async () => {
    const { router } = renderCreate();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    [[1, 2] as [number, number], false],
    [[3, 4] as [number, number], true],
    [[9, 10] as [number, number], true],
  ])('usage badge for %j events (warning icon from 75 %%)', async (events, warning) => {
    routeApi(api, { 'GET /api/user/subscription': () => subscription('paid', events) });
    renderCreate();
    const badge = await screen.findByTestId('usage-badge');
    expect(badge).toHaveTextContent(`${events[0]}/${events[1]} events`);
    expect(badge.querySelector('svg') !== null).toBe(warning);
    // Upgrade icon on the free tier only.
    expect(screen.queryByLabelText('Upgrade available')).not.toBeInTheDocument();
  });

  it('shows the upgrade icon on the free tier', async () => {
    renderCreate();
    await screen.findByTestId('usage-badge');
    expect(screen.getByLabelText('Upgrade available')).toBeInTheDocument();
  });
});
