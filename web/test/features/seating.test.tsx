// The Seating screen against a mocked seating API (docs/product.md, "Seating"): people are seated
// by tap (pick, then a table), by keyboard alone and by drag and drop, a party whole or split;
// seat counts follow each answer, over capacity is flagged, Undo sends the move back, and a
// guest who withdrew is flagged on their table.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DoneMove,
  PartyView,
  SeatingResponse,
  SeatMove,
  TableView,
} from '@gatherly/domain/seating';
import SeatingPage from '../../src/features/seating/SeatingPage.tsx';
import { apiRequest } from '../../src/lib/api.ts';
import { PATHS } from '../../src/lib/paths.ts';
import { resetToasts } from '../../src/lib/toast-store.ts';
import { routeApi } from '../api-mock.ts';
import { makeMyEvent, makeScope, renderScreen } from '../render.tsx';

vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiRequest: vi.fn(),
}));
const api = vi.mocked(apiRequest);

const BASE = '/api/events/e1/schedule/s1/seating';

const table = (
  id: string,
  number: number,
  seats: number,
  people: TableView['people'] = [],
): TableView => ({
  id,
  name: `Table ${number}`,
  number,
  shape: 'round',
  seats,
  order: number,
  people,
  occupied: people.filter((p) => !p.flag).length,
  overCapacity: people.filter((p) => !p.flag).length > seats,
});

const ana: PartyView = {
  userId: 'ana',
  name: 'Ana Host',
  people: [
    { userId: 'ana', person: 'self', name: 'Ana Host', child: false, tableId: null },
    { userId: 'ana', person: 'g0', name: 'Bo Host', child: true, tableId: null },
    { userId: 'ana', person: 'g1', name: 'Cy Host', child: false, tableId: null },
  ],
};
const wes: PartyView = {
  userId: 'wes',
  name: 'Wes Single',
  people: [{ userId: 'wes', person: 'self', name: 'Wes Single', child: false, tableId: null }],
};

function seating(tables: TableView[]): SeatingResponse {
  return {
    item: {
      id: 's1',
      title: 'Reception',
      startTime: '2099-06-12T23:00:00.000Z',
      endTime: null,
      timeZone: 'UTC',
    },
    showGuestsTheirTable: false,
    chart: {
      tables,
      parties: [ana, wes],
      unassigned: 4,
      flagged: tables.flatMap((t) => t.people).filter((p) => p.flag).length,
    },
    questions: [
      {
        id: 'diet',
        label: 'Dietary needs',
        kind: 'single',
        options: ['Vegetarian', 'None'],
        required: false,
      },
    ],
    answers: { ana: { diet: 'Vegetarian' } },
    groups: [{ id: 'g-party', name: 'Wedding party', memberIds: ['wes'] }],
  };
}

/** Answers the screen's calls; moves are answered as done, each from where it was. */
function serve(tables: TableView[]) {
  const sent: SeatMove[][] = [];
  const where = new Map<string, string | null>();
  routeApi(api, {
    [`GET ${BASE}`]: () => seating(tables),
    [`POST ${BASE}/moves`]: (body) => {
      const { moves } = body as { moves: SeatMove[] };
      sent.push(moves);
      return {
        moves: moves.map((m): DoneMove => {
          const key = `${m.userId}/${m.person}`;
          const from = where.get(key) ?? null;
          where.set(key, m.tableId);
          return { ...m, from };
        }),
      };
    },
  });
  return sent;
}

function open(role: 'creator' | 'attendee' = 'creator') {
  const item = makeMyEvent('e1', role);
  return renderScreen(<SeatingPage />, {
    path: '/events/e1/seating/s1',
    pattern: PATHS.seating,
    scope: makeScope(item),
  });
}

const count = (tableName: string) =>
  within(screen.getByRole('region', { name: tableName })).getByTestId('seat-count');

describe('seating screen', () => {
  afterEach(() => {
    resetToasts();
    vi.clearAllMocks();
  });

  it('seats a picked party with a tap on a table, counts it, and undoes the move', async () => {
    const sent = serve([table('t1', 1, 8), table('t2', 2, 8)]);
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Pick Ana Host's party" }));
    expect(screen.getByTestId('pick-bar')).toHaveTextContent('3 people picked');
    await user.click(screen.getByRole('button', { name: 'Seat 3 people at Table 1' }));
    await waitFor(() => expect(count('Table 1')).toHaveTextContent('3 / 8'));
    expect(sent[0]).toEqual([
      { userId: 'ana', person: 'self', tableId: 't1' },
      { userId: 'ana', person: 'g0', tableId: 't1' },
      { userId: 'ana', person: 'g1', tableId: 't1' },
    ]);
    expect(screen.getByTestId('seating-summary')).toHaveTextContent('3 seated');
    expect(screen.getByTestId('seating-summary')).toHaveTextContent('1 unassigned');
    expect(screen.queryByTestId('pick-bar')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Undo last move' }));
    await waitFor(() => expect(count('Table 1')).toHaveTextContent('0 / 8'));
    expect(sent[1]).toEqual([
      { userId: 'ana', person: 'g1', tableId: null },
      { userId: 'ana', person: 'g0', tableId: null },
      { userId: 'ana', person: 'self', tableId: null },
    ]);
    expect(screen.getByTestId('seating-summary')).toHaveTextContent('4 unassigned');
  });

  it('seats with the keyboard alone: pick with Enter, choose a table with Space', async () => {
    const sent = serve([table('t1', 1, 8), table('t2', 2, 8)]);
    open();
    const user = userEvent.setup();
    const pick = await screen.findByRole('button', { name: 'Pick Wes Single' });
    pick.focus();
    await user.keyboard('{Enter}');
    expect(pick).toHaveAttribute('aria-pressed', 'true');
    // The table's button is reached by Tab from where the focus is.
    const seatHere = screen.getByRole('button', { name: 'Seat 1 person at Table 2' });
    for (let i = 0; i < 40 && document.activeElement !== seatHere; i += 1) await user.tab();
    expect(seatHere).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(count('Table 2')).toHaveTextContent('1 / 8'));
    expect(sent).toEqual([[{ userId: 'wes', person: 'self', tableId: 't2' }]]);
    expect(
      within(screen.getByRole('region', { name: 'Table 2' })).getByText('Wes Single'),
    ).toBeInTheDocument();
  });

  it('seats by drag and drop, a whole party or one of its people, and flags a table over its seats', async () => {
    const sent = serve([table('t1', 1, 2), table('t2', 2, 8)]);
    open();
    const party = (await screen.findAllByTestId('party')).find(
      (p) => p.getAttribute('data-party') === 'ana',
    )!;
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
    };
    fireEvent.dragStart(party, { dataTransfer });
    const t1 = screen.getByRole('region', { name: 'Table 1' });
    fireEvent.dragOver(t1, { dataTransfer });
    fireEvent.drop(t1, { dataTransfer });
    await waitFor(() => expect(count('Table 1')).toHaveTextContent('3 / 2 · over by 1'));
    expect(count('Table 1')).toHaveAccessibleName('3 of 2 seats taken, over capacity');
    expect(sent[0]).toHaveLength(3);

    // A split: Bo alone goes to table 2.
    const bo = screen.getByRole('button', { name: 'Pick Bo Host (child), at Table 1' });
    fireEvent.dragStart(bo, { dataTransfer });
    const t2 = screen.getByRole('region', { name: 'Table 2' });
    fireEvent.drop(t2, { dataTransfer });
    await waitFor(() => expect(count('Table 2')).toHaveTextContent('1 / 8'));
    expect(sent[1]).toEqual([{ userId: 'ana', person: 'g0', tableId: 't2' }]);
    expect(count('Table 1')).toHaveTextContent('2 / 2');

    // Dropped back on the guest list: unassigned again.
    fireEvent.dragStart(within(t2).getByTestId('seated-person'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('guests-panel'), { dataTransfer });
    await waitFor(() => expect(count('Table 2')).toHaveTextContent('0 / 8'));
    expect(sent[2]).toEqual([{ userId: 'ana', person: 'g0', tableId: null }]);
  });

  it('flags a seated guest who withdrew, who no longer takes a seat, and shows answers as badges', async () => {
    serve([
      table('t1', 1, 8, [
        { userId: 'zed', person: 'self', name: 'Zed Gone', child: false, flag: 'withdrawn' },
      ]),
    ]);
    open();
    const t1 = await screen.findByRole('region', { name: 'Table 1' });
    expect(within(t1).getByTestId('seat-flag')).toHaveTextContent('No longer going');
    expect(count('Table 1')).toHaveTextContent('0 / 8');
    expect(screen.getByTestId('seating-summary')).toHaveTextContent('1 flagged');
    const anaRow = screen
      .getAllByTestId('party')
      .find((p) => p.getAttribute('data-party') === 'ana')!;
    expect(within(anaRow).getByText('Dietary needs: Vegetarian')).toBeInTheDocument();
    // The answer filter keeps the parties with that answer.
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Filter by answer' }),
      'Dietary needs: Vegetarian',
    );
    expect(screen.getAllByTestId('party').map((p) => p.getAttribute('data-party'))).toEqual([
      'ana',
    ]);
  });

  it('filters the guests by group', async () => {
    serve([table('t1', 1, 8)]);
    open();
    const group = await screen.findByRole('combobox', { name: 'Filter by group' });
    const shown = () => screen.getAllByTestId('party').map((p) => p.getAttribute('data-party'));
    expect(shown()).toEqual(['ana', 'wes']);
    await userEvent.selectOptions(group, 'Wedding party');
    expect(shown()).toEqual(['wes']);
    await userEvent.selectOptions(group, 'Every group');
    expect(shown()).toEqual(['ana', 'wes']);
  });

  it('tells an attendee the chart is for admins, without asking the server', async () => {
    serve([table('t1', 1, 8)]);
    open('attendee');
    expect(
      await screen.findByText('Only event admins can edit the seating chart.'),
    ).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
