import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../src/components/toast-store.ts';
import * as travelData from '../../src/features/travel/data.ts';
import TravelPage from '../../src/features/travel/TravelPage.tsx';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { inDeviceZone, pickZone } from '../time-zones.ts';
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

function renderTravel(timeZone = 'UTC') {
  const mine = makeMyEvent('e1', 'attendee', { timeZone });
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

  it('validates Add Flight and sends each time in its airport’s zone, from the IATA code', async () => {
    data.addFlight.mockResolvedValue(null);
    renderTravel();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Flight' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Airport data: Open Travel Data, CC BY')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Flight' }));
    expect(await within(dialog).findByText('Departure time is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Arrival time is required')).toBeInTheDocument();
    expect(data.addFlight).not.toHaveBeenCalled();

    // Overnight eastbound: 7:00 PM at JFK, 7:00 AM the next day at LHR (as on the ticket).
    await userEvent.type(within(dialog).getByLabelText('Airline'), 'United');
    await userEvent.type(within(dialog).getByLabelText('From'), 'JFK');
    await userEvent.type(within(dialog).getByLabelText('To'), 'lhr');
    const lines = async () =>
      (await within(dialog).findAllByTestId('airport-line')).map((l) => l.textContent);
    await waitFor(async () =>
      expect(await lines()).toEqual([
        expect.stringMatching(/^New York City \(JFK\) · Eastern Time/),
        expect.stringMatching(/^London \(LHR\) · United Kingdom Time/),
      ]),
    );
    await userEvent.type(within(dialog).getByLabelText(/Departure Time/), '2099-06-11T19:00');
    await userEvent.type(within(dialog).getByLabelText(/Arrival Time/), '2099-06-12T07:00');
    expect(within(dialog).getByText('Local time at JFK, Eastern Time (EDT).')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Local time at LHR, United Kingdom Time (GMT+1).'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Flight' }));
    await waitFor(() => expect(data.addFlight).toHaveBeenCalledTimes(1));
    expect(data.addFlight).toHaveBeenCalledWith('e1', {
      airline: 'United',
      flightNumber: '',
      departure: 'JFK',
      arrival: 'lhr',
      departureTime: '2099-06-11T23:00:00.000Z',
      arrivalTime: '2099-06-12T06:00:00.000Z',
      departureTimeZone: 'America/New_York',
      arrivalTimeZone: 'Europe/London',
    });
    expect(await screen.findByText('Flight Added')).toBeInTheDocument();
  });

  it('accepts a westbound flight that lands “before” it leaves; refuses a backwards one', async () => {
    data.addFlight.mockResolvedValue(null);
    renderTravel();
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Flight' })[0]!);
    let dialog = await screen.findByRole('dialog');
    // Sydney 10:00 AM → Los Angeles 6:30 AM the same calendar day: 13.5 hours in the air.
    await userEvent.type(within(dialog).getByLabelText('From'), 'SYD');
    await userEvent.type(within(dialog).getByLabelText('To'), 'LAX');
    await within(dialog).findByText(/^Local time at SYD/);
    await within(dialog).findByText(/^Local time at LAX/);
    await userEvent.type(within(dialog).getByLabelText(/Departure Time/), '2099-06-11T10:00');
    await userEvent.type(within(dialog).getByLabelText(/Arrival Time/), '2099-06-11T06:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Flight' }));
    await waitFor(() => expect(data.addFlight).toHaveBeenCalledTimes(1));
    expect(data.addFlight.mock.calls[0]?.[1]).toMatchObject({
      departureTime: '2099-06-11T00:00:00.000Z',
      arrivalTime: '2099-06-11T13:30:00.000Z',
      departureTimeZone: 'Australia/Sydney',
      arrivalTimeZone: 'America/Los_Angeles',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Seattle 6:00 PM → San Francisco 4:00 PM the same day, one zone: genuinely backwards.
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Flight' })[0]!);
    dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('From'), 'SEA');
    await userEvent.type(within(dialog).getByLabelText('To'), 'SFO');
    await within(dialog).findByText(/^Local time at SFO/);
    await userEvent.type(within(dialog).getByLabelText(/Departure Time/), '2099-06-11T18:00');
    await userEvent.type(within(dialog).getByLabelText(/Arrival Time/), '2099-06-11T16:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Flight' }));
    expect(await within(dialog).findByText('Arrival must be after departure')).toBeInTheDocument();
    expect(data.addFlight).toHaveBeenCalledTimes(1);
  });

  it('asks for the zone of an airport code it does not know, and of any end on request', async () => {
    data.addFlight.mockResolvedValue(null);
    renderTravel('America/Los_Angeles');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Flight' })[0]!);
    const dialog = await screen.findByRole('dialog');
    // Nothing typed yet: the event's zone.
    expect(within(dialog).getAllByTestId('airport-line')[0]).toHaveTextContent(
      /^Times in Pacific Time/,
    );
    await userEvent.type(within(dialog).getByLabelText('From'), 'QQQ');
    expect(
      await within(dialog).findByText('QQQ is not an airport code we know: choose its time zone.'),
    ).toBeInTheDocument();
    await pickZone(
      within(dialog).getByRole('combobox', { name: 'Departure airport’s time zone' }),
      'tokyo',
      /^Japan/,
    );
    await within(dialog).findByText(/^Local time, Japan Standard Time/);
    // The arrival end: the event's zone until changed by hand.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Change time zone' })[0]!);
    await pickZone(
      within(dialog).getByRole('combobox', { name: 'Arrival airport’s time zone' }),
      'honolulu',
      /^Hawaii/,
    );
    await userEvent.type(within(dialog).getByLabelText(/Departure Time/), '2099-06-11T21:00');
    await userEvent.type(within(dialog).getByLabelText(/Arrival Time/), '2099-06-11T09:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Flight' }));
    await waitFor(() => expect(data.addFlight).toHaveBeenCalledTimes(1));
    expect(data.addFlight.mock.calls[0]?.[1]).toMatchObject({
      departure: 'QQQ',
      departureTime: '2099-06-11T12:00:00.000Z',
      arrivalTime: '2099-06-11T19:00:00.000Z',
      departureTimeZone: 'Asia/Tokyo',
      arrivalTimeZone: 'Pacific/Honolulu',
    });
  });

  it('shows each flight time in its airport’s zone with its label; older flights in the event’s', () => {
    serve({
      flights: [
        flight('f1', {
          departure: 'JFK',
          arrival: 'LHR',
          departureTime: '2099-06-11T23:00:00.000Z',
          arrivalTime: '2099-06-12T06:00:00.000Z',
          departureTimeZone: 'America/New_York',
          arrivalTimeZone: 'Europe/London',
        }),
        flight('f2', {
          departure: 'SFO',
          arrival: 'SEA',
          departureTime: '2099-06-11T16:00:00.000Z',
          arrivalTime: '2099-06-11T18:05:00.000Z',
        }),
      ],
    });
    renderTravel('America/Los_Angeles');
    const [overnight, older] = screen.getAllByTestId('flight-card');
    expect(within(overnight!).getByText('Jun 11, 2099')).toBeInTheDocument();
    expect(within(overnight!).getByTestId('flight-departure')).toHaveTextContent('7:00 PM EDT');
    expect(within(overnight!).getByTestId('flight-arrival')).toHaveTextContent('7:00 AM GMT+1+1');
    expect(within(overnight!).getByText('7h 0m')).toBeInTheDocument();
    expect(within(older!).getByTestId('flight-departure')).toHaveTextContent('9:00 AM PDT');
    expect(within(older!).getByTestId('flight-arrival')).toHaveTextContent(/^11:05 AM PDT$/);
  });

  it('shows a carpool’s departure in the event’s zone, with the viewer’s own time', async () => {
    await inDeviceZone('America/New_York', async () => {
      serve({ carpools: [carpool('c1')] });
      renderTravel('America/Los_Angeles');
      await userEvent.click(screen.getByRole('tab', { name: 'Carpools (1)' }));
      const card = await screen.findByTestId('carpool-card');
      expect(card).toHaveTextContent('Fri, June 12, 2099, 6:00 AM PDT');
      expect(within(card).getByTestId('viewer-time')).toHaveTextContent('9:00 AM EDT your time');
    });
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
