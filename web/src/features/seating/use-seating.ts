// The host's seating chart: read once (GET …/seating), then every write's answer applied to it
// (chart-edits.ts), so working on the chart never re-reads the party list. The chart is read
// again when the host comes back to the tab (another admin may have moved people meanwhile) or
// asks for it (Refresh).
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  MAX_MOVE_PEOPLE,
  undoMoves,
  type ChartView,
  type DoneMove,
  type SeatingResponse,
  type SeatMove,
  type TableShape,
} from '@gatherly/domain/seating';
import { describeError } from '../../lib/errors.ts';
import { showToast } from '../../lib/toast-store.ts';
import { inOrder, withMoves, withoutTable, withTables } from './chart-edits.ts';
import * as api from './data.ts';

export type SeatingState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; seating: SeatingResponse };

export interface Seating {
  state: SeatingState;
  /** A write is on its way (buttons that would race it wait). */
  busy: boolean;
  /** The last move, which Undo reverses (null: nothing to undo). */
  lastMove: DoneMove[] | null;
  reload(): void;
  move(moves: SeatMove[]): Promise<boolean>;
  undo(): Promise<void>;
  addTables(body: { count: number; seats: number; shape: TableShape }): Promise<boolean>;
  updateTable(
    tableId: string,
    body: { name?: string; number?: number | null; shape?: TableShape; seats?: number },
  ): Promise<boolean>;
  deleteTable(tableId: string): Promise<boolean>;
  reorder(tableIds: string[]): Promise<void>;
  setShowGuestsTheirTable(on: boolean): Promise<void>;
}

function fail(title: string, err: unknown, fallback: string) {
  console.error(title, err);
  showToast({ title, description: describeError(err, fallback), status: 'error' });
}

export function useSeating(ref: api.ChartRef): Seating {
  const { eventId, scheduleId } = ref;
  const [state, setState] = useState<SeatingState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [lastMove, setLastMove] = useState<DoneMove[] | null>(null);
  const reads = useRef(0);

  const reload = useCallback(() => {
    const read = ++reads.current;
    api.loadSeating({ eventId, scheduleId }).then(
      (seating) => {
        if (read === reads.current) setState({ status: 'ready', seating });
      },
      (err: unknown) => {
        console.error('Loading the seating chart failed', err);
        if (read !== reads.current) return;
        const message = describeError(
          err,
          'The seating chart could not be loaded. Please try again.',
        );
        // A chart already on screen stays; the failure is said once.
        setState((s) => (s.status === 'ready' ? s : { status: 'failed', message }));
        showToast({ title: 'Error', description: message, status: 'error' });
      },
    );
  }, [eventId, scheduleId]);

  useEffect(() => {
    reload();
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);

  const editChart = (edit: (chart: ChartView) => ChartView) =>
    setState((s) =>
      s.status === 'ready'
        ? { status: 'ready', seating: { ...s.seating, chart: edit(s.seating.chart) } }
        : s,
    );

  /** Runs one write; a write answered means the chart is what the server holds. */
  const write = async <T>(
    title: string,
    fallback: string,
    run: () => Promise<T>,
  ): Promise<T | null> => {
    setBusy(true);
    // A read that started before this write would bring back the chart without it.
    reads.current += 1;
    try {
      return await run();
    } catch (err) {
      fail(title, err, fallback);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const send = async (moves: SeatMove[], undoing: boolean): Promise<boolean> => {
    if (moves.length > MAX_MOVE_PEOPLE) {
      showToast({
        title: 'Too many people at once',
        description: `Seat at most ${MAX_MOVE_PEOPLE} people in one move.`,
        status: 'error',
      });
      return false;
    }
    const done = await write(
      undoing ? 'Could not undo' : 'Could not seat',
      undoing
        ? 'The move could not be undone. Please try again.'
        : 'The move could not be saved. Please try again.',
      () => api.moveSeats(ref, moves),
    );
    if (!done) return false;
    editChart((chart) => withMoves(chart, done));
    setLastMove(undoing ? null : done);
    return true;
  };

  return {
    state,
    busy,
    lastMove,
    reload,
    move: (moves) => send(moves, false),
    undo: async () => {
      if (lastMove) await send(undoMoves(lastMove), true);
    },
    addTables: async (body) => {
      const added = await write(
        'Could not add tables',
        'The tables could not be added. Please try again.',
        () => api.addTables(ref, body),
      );
      if (added) editChart((chart) => withTables(chart, added));
      return added !== null;
    },
    updateTable: async (tableId, body) => {
      const table = await write(
        'Could not save the table',
        'The table could not be saved. Please try again.',
        () => api.updateTable(ref, tableId, body),
      );
      if (table) editChart((chart) => withTables(chart, [table]));
      return table !== null;
    },
    deleteTable: async (tableId) => {
      const deleted = await write(
        'Could not delete the table',
        'The table could not be deleted. Please try again.',
        () => api.deleteTable(ref, tableId),
      );
      if (deleted) {
        editChart((chart) => withoutTable(chart, tableId));
        // An undo would seat people at a table that no longer exists.
        setLastMove((m) =>
          m?.some((x) => x.tableId === tableId || x.from === tableId) ? null : m,
        );
      }
      return deleted !== null;
    },
    reorder: async (tableIds) => {
      const order = await write(
        'Could not reorder',
        'The tables could not be reordered. Please try again.',
        () => api.reorderTables(ref, tableIds),
      );
      if (order) editChart((chart) => inOrder(chart, order));
    },
    setShowGuestsTheirTable: async (on) => {
      const shown = await write(
        'Could not save the setting',
        'The setting could not be saved. Please try again.',
        () => api.setShowGuestsTheirTable(ref, on),
      );
      if (shown !== null) {
        setState((s) =>
          s.status === 'ready'
            ? { status: 'ready', seating: { ...s.seating, showGuestsTheirTable: shown } }
            : s,
        );
      }
    },
  };
}
