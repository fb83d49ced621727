import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../src/components/toast-store.ts';
import * as travelData from '../../src/features/travel/data.ts';
import TravelPage from '../../src/features/travel/TravelPage.tsx';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { carpool, flight, pagesOf } from './fixtures.ts';
import * as statsHook from '../../src/lib/use-event-stats.ts';
import type { CarpoolDoc, FlightDoc } from '../../src/lib/types.ts';

vi.mock('../../src/features/travel/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/travel/data.ts')>()),
  useFlightPages: vi.fn(),
  useCarpoolPages: vi.fn(),
  addFlight: vi.fn(),
  createCarpool: vi.fn(),
  joinCarpool: vi.fn(),
}));
vi.mock('../../src/lib/use-event-stats.ts', () => ({ useEventStats: vi.fn() }));
const data = vi.mocked(travelData);
const eventStats = vi.mocked(statsHook.useEventStats);

const mine = makeMyEvent('e1', 'attendee');
const list = <T,>(items: T[], loading = false) => pagesOf(items, { loading });

/** The travel lists and their stored counts. */
function serve({
  flights = [],
  carpools = [],
}: {
  flights?: FlightDoc[];
  carpools?: CarpoolDoc[];
}) {
  data.useFlightPages.mockReturnValue(list(flights));
  data.useCarpoolPages.mockReturnValue(list(carpools));
  eventStats.mockReturnValue({
    loading: false,
    members: null,
    photos: null,
    travel: { flights: flights.length, carpools: carpools.length },
  });
}

function renderTravel() {
  return renderScreen(<TravelPage />, {
    path: '/events/e1/travel',
    pattern: '/events/:eventId/travel',
    myEvents: makeMyEvents([mine]),
    scope: makeScope(mine),
  });
}

beforeEach(() => {
  serve({});
});
afterEach(() => {
  resetToasts();
  vi.clearAllMocks();
});

describe('TravelPage', () => {
  it('shows the title, tabs with counts and loading placeholders', () => {
    data.useFlightPages.mockReturnValue(list([], true));
    renderTravel();
    expect(screen.getByRole('heading', { name: 'Travel Coordination' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Flights (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Carpools (0)' })).toBeInTheDocument();
    expect(screen.getByTestId('travel-loading')).toBeInTheDocument();
  });

  it('queries only the open tab', async () => {
    renderTravel();
    expect(data.useFlightPages).toHaveBeenCalledWith('e1', expect.any(Number));
    expect(data.useCarpoolPages).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Carpools (0)' }));
    await screen.findByText('No Carpools Created');
    expect(data.useCarpoolPages).toHaveBeenCalled();
    data.useFlightPages.mockClear();
    await userEvent.click(screen.getByRole('tab', { name: 'Flights (0)' }));
    await screen.findByText('No Flights Added');
    expect(data.useFlightPages).toHaveBeenCalled();
  });

  it('shows the empty states of both tabs', async () => {
    renderTravel();
    expect(screen.getByText('No Flights Added')).toBeInTheDocument();
    expect(
      screen.getByText('Share your flight information to coordinate travel with other attendees.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Carpools (0)' }));
    expect(await screen.findByText('No Carpools Created')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Create or join carpools to coordinate transportation with other attendees.',
      ),
    ).toBeInTheDocument();
  });

  it('renders flight cards: route, airline and number, date chip, times and poster', () => {
    serve({ flights: [flight('f1'), flight('f2', { departure: 'LAX', arrival: 'BOS' })] });
    renderTravel();
    expect(screen.getByRole('tab', { name: 'Flights (2)' })).toBeInTheDocument();
    const card = screen.getAllByTestId('flight-card')[0]!;
    expect(within(card).getByText('SFO → JFK')).toBeInTheDocument();
    expect(within(card).getByText('United UA 123')).toBeInTheDocument();
    expect(within(card).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(card).getByText('Departure')).toBeInTheDocument();
    expect(within(card).getByText('Arrival')).toBeInTheDocument();
    expect(screen.getByText('LAX → BOS')).toBeInTheDocument();
  });

  it('renders carpool cards with seats, driver, passengers and Join only while seats remain', async () => {
    serve({
      carpools: [
        carpool('c1'),
        carpool('c2', {
          fromLocation: 'Airport',
          currentSeats: 4,
          maxSeats: 4,
          passengerIds: ['u3', 'u4', 'u5'],
        }),
      ],
    });
    renderTravel();
    await userEvent.click(screen.getByRole('tab', { name: 'Carpools (2)' }));
    const [open, full] = await screen.findAllByTestId('carpool-card');
    expect(within(open!).getByText('Downtown → Venue')).toBeInTheDocument();
    expect(within(open!).getByText('2/4 seats')).toBeInTheDocument();
    expect(within(open!).getByText('driving')).toBeInTheDocument();
    expect(within(open!).getByText('+ 1 passenger')).toBeInTheDocument();
    expect(within(open!).getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(within(full!).getByText('4/4 seats')).toBeInTheDocument();
    expect(within(full!).getByText('+ 3 passengers')).toBeInTheDocument();
    expect(within(full!).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('joins a carpool showing Joining... and the success toast', async () => {
    let finish: () => void = () => undefined;
    data.joinCarpool.mockReturnValue(new Promise((resolve) => (finish = () => resolve(null))));
    serve({ carpools: [carpool('c1')] });
    renderTravel();
    await userEvent.click(screen.getByRole('tab', { name: 'Carpools (1)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(data.joinCarpool).toHaveBeenCalledWith('c1');
    expect(await screen.findByText('Joining...')).toBeInTheDocument();
    finish();
    expect(await screen.findByText('Joined Carpool')).toBeInTheDocument();
  });

  it('toasts the join failure', async () => {
    data.joinCarpool.mockRejectedValue(new Error('409: full'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ carpools: [carpool('c1')] });
    renderTravel();
    await userEvent.click(screen.getByRole('tab', { name: 'Carpools (1)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(
      await screen.findByText('Failed to join carpool. Please try again.'),
    ).toBeInTheDocument();
  });

  it('hides Join for the driver and marks a passenger as joined', async () => {
    serve({
      carpools: [carpool('c1', { driverId: 'u1' }), carpool('c2', { passengerIds: ['u1'] })],
    });
    renderTravel();
    await userEvent.click(screen.getByRole('tab', { name: 'Carpools (2)' }));
    await screen.findAllByTestId('carpool-card');
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    expect(screen.getByText('Joined')).toBeInTheDocument();
  });

  it('validates and submits Add Flight with ISO times', async () => {
    data.addFlight.mockResolvedValue(null);
    renderTravel();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Flight' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Flight' }));
    expect(await within(dialog).findByText('Departure time is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Arrival time is required')).toBeInTheDocument();
    expect(data.addFlight).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Airline'), 'United');
    await userEvent.type(within(dialog).getByLabelText('From'), 'SFO');
    await userEvent.type(within(dialog).getByLabelText('To'), 'JFK');
    await userEvent.type(within(dialog).getByLabelText(/Departure Time/), '2099-06-11T09:00');
    await userEvent.type(within(dialog).getByLabelText(/Arrival Time/), '2099-06-11T17:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Flight' }));
    await waitFor(() => expect(data.addFlight).toHaveBeenCalledTimes(1));
    expect(data.addFlight).toHaveBeenCalledWith('e1', {
      airline: 'United',
      flightNumber: '',
      departure: 'SFO',
      arrival: 'JFK',
      departureTime: new Date(2099, 5, 11, 9, 0).toISOString(),
      arrivalTime: new Date(2099, 5, 11, 17, 30).toISOString(),
    });
    expect(await screen.findByText('Flight Added')).toBeInTheDocument();
  });

  it('toasts an Add Flight failure', async () => {
    data.addFlight.mockRejectedValue(new Error('500: boom'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTravel();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Flight' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Departure Time/), '2099-06-11T09:00');
    await userEvent.type(within(dialog).getByLabelText(/Arrival Time/), '2099-06-11T17:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Flight' }));
    expect(await screen.findByText('Failed to add flight. Please try again.')).toBeInTheDocument();
  });

  it('creates a carpool: seats default 4, bounds 1..8, departure required', async () => {
    data.createCarpool.mockResolvedValue(null);
    renderTravel();
    await userEvent.click(screen.getByRole('tab', { name: 'Carpools (0)' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Create Carpool' })[0]!);
    const dialog = await screen.findByRole('dialog');
    const seats = within(dialog).getByLabelText('Seats');
    expect(seats).toHaveValue(4);
    expect(seats).toHaveAttribute('min', '1');
    expect(seats).toHaveAttribute('max', '8');
    await userEvent.clear(seats);
    await userEvent.type(seats, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Carpool' }));
    expect(await within(dialog).findByText('Departure time is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Seats cannot be more than 8')).toBeInTheDocument();

    await userEvent.clear(seats);
    await userEvent.type(seats, '3');
    await userEvent.type(within(dialog).getByLabelText('From'), 'Downtown');
    await userEvent.type(within(dialog).getByLabelText('To'), 'Venue');
    await userEvent.type(within(dialog).getByLabelText(/Departure Time/), '2099-06-12T08:15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Carpool' }));
    await waitFor(() =>
      expect(data.createCarpool).toHaveBeenCalledWith('e1', {
        fromLocation: 'Downtown',
        toLocation: 'Venue',
        departureTime: new Date(2099, 5, 12, 8, 15).toISOString(),
        maxSeats: 3,
      }),
    );
    expect(await screen.findByText('Carpool Created')).toBeInTheDocument();
  });

  it('toasts a Create Carpool failure', async () => {
    data.createCarpool.mockRejectedValue(new Error('500: boom'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTravel();
    await userEvent.click(screen.getByRole('tab', { name: 'Carpools (0)' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Create Carpool' })[0]!);
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(/Departure Time/), '2099-06-12T08:15');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Carpool' }));
    expect(
      await screen.findByText('Failed to create carpool. Please try again.'),
    ).toBeInTheDocument();
  });
});
