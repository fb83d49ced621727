import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../../src/lib/toast-store.ts';
import * as travelData from '../../src/features/travel/data.ts';
import TravelPage from '../../src/features/travel/TravelPage.tsx';
import { makeMyEvent, makeMyEvents, makeScope, renderScreen } from '../render.tsx';
import { inDeviceZone, pickZone } from '../time-zones.ts';
import { carpool, flight, pagesOf } from './fixtures.ts';
import * as statsHook from '../../src/lib/use-event-stats.ts';
import type { CarpoolDoc, FlightDoc, MemberRole } from '../../src/lib/types.ts';

vi.mock('../../src/features/travel/data.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/features/travel/data.ts')>()),
  useFlightPages: vi.fn(),
  useCarpoolPages: vi.fn(),
  addFlight: vi.fn(),
  createCarpool: vi.fn(),
  joinCarpool: vi.fn(),
  leaveCarpool: vi.fn(),
  deleteFlight: vi.fn(),
  deleteCarpool: vi.fn(),
  updateFlight: vi.fn(),
  updateCarpool: vi.fn(),
  usePassengers: vi.fn(),
}));
vi.mock('../../src/lib/live/index.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/live/index.ts')>()),
  useDb: () => ({}),
}));
// Direct edits resolve when the (mocked) write does: the offline path has its own tests.
vi.mock('../../src/lib/offline/commit-write.ts', () => ({
  commitWrite: async (_db: unknown, write: () => Promise<unknown>) => {
    await write();
    return 'saved';
  },
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

function renderTravel(timeZone = 'UTC', role: MemberRole = 'attendee') {
  const mine = makeMyEvent('e1', role, { timeZone });
  return renderScreen(<TravelPage />, {
    path: '/events/e1/travel',
    pattern: '/events/:eventId/travel',
    myEvents: makeMyEvents([mine]),
    scope: makeScope(mine),
  });
}

beforeEach(() => {
  serve({});
  data.usePassengers.mockReturnValue([]);
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
    expect(within(open!).getByTestId('carpool-passengers')).toHaveTextContent('With 1 passenger');
    expect(within(open!).getByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(within(full!).getByText('4/4 seats')).toBeInTheDocument();
    expect(within(full!).getByTestId('carpool-passengers')).toHaveTextContent('With 3 passengers');
    expect(within(full!).queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
  });

  it('joins a carpool showing Joining... and the success toast', async () => {
    let finish: () => void = () => undefined;
    data.joinCarpool.mockReturnValue(new Promise((resolve) => (finish = () => resolve(null))));
    serve({ carpools: [carpool('c1')] });
    renderTravel();
    await userEvent.click(screen.getByRole('tab', { name: 'Carpools (1)' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(data.joinCarpool).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }));
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

  describe('editing, deleting and leaving', () => {
    const openCarpools = async (n: number) => {
      await userEvent.click(screen.getByRole('tab', { name: `Carpools (${n})` }));
      return screen.findAllByTestId('carpool-card');
    };
    const menuItem = async (card: HTMLElement, name: RegExp, item: string) => {
      await userEvent.click(within(card).getByRole('button', { name }));
      await userEvent.click(await screen.findByRole('menuitem', { name: item }));
    };

    it('names the riders from their passenger documents', async () => {
      data.usePassengers.mockReturnValue([
        {
          eventId: 'e1',
          carpoolId: 'c1',
          userId: 'u3',
          user: { displayName: 'Hal Rider', photoURL: '' },
          joinedAt: null,
        },
        {
          eventId: 'e1',
          carpoolId: 'c1',
          userId: 'u4',
          user: { displayName: 'Ivy Rider', photoURL: '' },
          joinedAt: null,
        },
      ]);
      serve({ carpools: [carpool('c1', { currentSeats: 3, passengerIds: ['u3', 'u4'] })] });
      renderTravel();
      const [card] = await openCarpools(1);
      expect(within(card!).getByTestId('carpool-passengers')).toHaveTextContent(
        'With Hal Rider and Ivy Rider',
      );
    });

    it('offers Edit and Delete to the owner and admins only', async () => {
      serve({ flights: [flight('f1'), flight('f2', { userId: 'u1', departure: 'LAX' })] });
      const { unmount } = renderTravel();
      expect(screen.queryByRole('button', { name: 'Manage flight SFO → JFK' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Manage flight LAX → JFK' })).toBeInTheDocument();
      unmount();
      renderTravel('UTC', 'admin');
      expect(screen.getByRole('button', { name: 'Manage flight SFO → JFK' })).toBeInTheDocument();
    });

    it('edits a flight in the same form, prefilled on its airports’ clocks', async () => {
      data.updateFlight.mockResolvedValue(undefined);
      serve({
        flights: [
          flight('f1', {
            userId: 'u1',
            departureTimeZone: 'America/Los_Angeles',
            arrivalTimeZone: 'America/New_York',
          }),
        ],
      });
      renderTravel();
      await menuItem(screen.getByTestId('flight-card'), /^Manage flight/, 'Edit');
      const dialog = await screen.findByRole('dialog', { name: 'Edit Flight' });
      // 16:00Z is 9:00 AM in San Francisco; 00:30Z the next day is 8:30 PM in New York.
      expect(within(dialog).getByLabelText(/Departure Time/)).toHaveValue('2099-06-11T09:00');
      expect(within(dialog).getByLabelText(/Arrival Time/)).toHaveValue('2099-06-11T20:30');
      const airline = within(dialog).getByLabelText('Airline');
      await userEvent.clear(airline);
      await userEvent.type(airline, 'Alaska');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Flight Updated')).toBeInTheDocument();
      expect(data.updateFlight).toHaveBeenCalledWith(expect.anything(), 'e1', 'f1', {
        airline: 'Alaska',
        flightNumber: 'UA 123',
        departure: 'SFO',
        arrival: 'JFK',
        departureTime: '2099-06-11T16:00:00.000Z',
        arrivalTime: '2099-06-12T00:30:00.000Z',
        departureTimeZone: 'America/Los_Angeles',
        arrivalTimeZone: 'America/New_York',
      });
    });

    it('deletes a flight after confirming, through the API', async () => {
      data.deleteFlight.mockResolvedValue(null);
      serve({ flights: [flight('f1', { userId: 'u1' })] });
      renderTravel();
      await menuItem(screen.getByTestId('flight-card'), /^Manage flight/, 'Delete');
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete Flight' });
      expect(data.deleteFlight).not.toHaveBeenCalled();
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(data.deleteFlight).toHaveBeenCalledWith(expect.objectContaining({ id: 'f1' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    });

    it('edits a carpool but never below the people already in', async () => {
      data.updateCarpool.mockResolvedValue(undefined);
      serve({
        carpools: [carpool('c1', { driverId: 'u1', currentSeats: 3, passengerIds: ['u3', 'u4'] })],
      });
      renderTravel();
      const [card] = await openCarpools(1);
      await menuItem(card!, /^Manage carpool/, 'Edit');
      const dialog = await screen.findByRole('dialog', { name: 'Edit Carpool' });
      expect(within(dialog).getByLabelText('From')).toHaveValue('Downtown');
      expect(within(dialog).getByLabelText(/Departure Time/)).toHaveValue('2099-06-12T13:00');
      const seats = within(dialog).getByLabelText('Seats');
      await userEvent.clear(seats);
      await userEvent.type(seats, '2');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(
        await within(dialog).findByText(
          'Seats cannot be fewer than the 3 people already in this carpool',
        ),
      ).toBeInTheDocument();
      expect(data.updateCarpool).not.toHaveBeenCalled();
      await userEvent.clear(seats);
      await userEvent.type(seats, '3');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByText('Carpool Updated')).toBeInTheDocument();
      expect(data.updateCarpool).toHaveBeenCalledWith(expect.anything(), 'e1', 'c1', {
        fromLocation: 'Downtown',
        toLocation: 'Venue',
        departureTime: '2099-06-12T13:00:00.000Z',
        maxSeats: 3,
      });
    });

    it('lets an admin delete someone else’s carpool after confirming', async () => {
      data.deleteCarpool.mockResolvedValue(null);
      serve({ carpools: [carpool('c1')] });
      renderTravel('UTC', 'admin');
      const [card] = await openCarpools(1);
      await menuItem(card!, /^Manage carpool/, 'Delete');
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete Carpool' });
      expect(confirm).toHaveTextContent('Its passenger loses their seat.');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      expect(data.deleteCarpool).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }));
    });

    it('lets a rider leave after confirming, and says so', async () => {
      data.leaveCarpool.mockResolvedValue(null);
      serve({ carpools: [carpool('c1', { currentSeats: 3, passengerIds: ['u3', 'u1'] })] });
      renderTravel();
      const [card] = await openCarpools(1);
      expect(within(card!).queryByRole('button', { name: /^Manage/ })).toBeNull();
      await userEvent.click(within(card!).getByRole('button', { name: 'Leave' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Leave Carpool' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Leave' }));
      expect(data.leaveCarpool).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }));
      expect(await screen.findByText('Left Carpool')).toBeInTheDocument();
    });

    it('keeps the leave dialog open with the failure as a sentence', async () => {
      data.leaveCarpool.mockRejectedValue(new Error('409: not in'));
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      serve({ carpools: [carpool('c1', { passengerIds: ['u1'] })] });
      renderTravel();
      const [card] = await openCarpools(1);
      await userEvent.click(within(card!).getByRole('button', { name: 'Leave' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Leave Carpool' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Leave' }));
      expect(
        await screen.findByText('Failed to leave carpool. Please try again.'),
      ).toBeInTheDocument();
      expect(screen.getByRole('alertdialog', { name: 'Leave Carpool' })).toBeInTheDocument();
    });
  });
});
