// The Seating screen's chart between reads (features/seating/chart-edits.ts): each write's answer
// applied to the chart in hand, with seats, unassigned and flagged people recounted.
import { describe, expect, it } from 'vitest';
import type { ChartView, SeatingTable } from '@gatherly/domain/seating';
import {
  inOrder,
  shifted,
  withMoves,
  withoutTable,
  withTables,
} from '../../src/features/seating/chart-edits.ts';

const chart = (): ChartView => ({
  tables: [
    {
      id: 't1',
      name: 'Table 1',
      number: 1,
      shape: 'round',
      seats: 1,
      order: 0,
      people: [
        { userId: 'a', person: 'self', name: 'Ana', child: false, flag: null },
        { userId: 'z', person: 'self', name: 'Zed', child: false, flag: 'withdrawn' },
      ],
      occupied: 1,
      overCapacity: false,
    },
    {
      id: 't2',
      name: 'Table 2',
      number: 2,
      shape: 'long',
      seats: 4,
      order: 1,
      people: [],
      occupied: 0,
      overCapacity: false,
    },
  ],
  parties: [
    {
      userId: 'a',
      name: 'Ana',
      people: [
        { userId: 'a', person: 'self', name: 'Ana', child: false, tableId: 't1' },
        { userId: 'a', person: 'g0', name: 'Bo', child: true, tableId: null },
      ],
    },
  ],
  unassigned: 1,
  flagged: 1,
});

describe('the chart between reads', () => {
  it('moves people, over capacity included, and clears a flagged seat', () => {
    const next = withMoves(chart(), [
      { userId: 'a', person: 'g0', tableId: 't1', from: null },
      { userId: 'z', person: 'self', tableId: null, from: 't1' },
    ]);
    const t1 = next.tables[0]!;
    expect(t1.people.map((p) => p.name)).toEqual(['Ana', 'Bo']);
    expect(t1.occupied).toBe(2);
    expect(t1.overCapacity).toBe(true);
    expect(next.unassigned).toBe(0);
    expect(next.flagged).toBe(0);
    const back = withMoves(next, [{ userId: 'a', person: 'self', tableId: 't2', from: 't1' }]);
    expect(back.tables.map((t) => t.occupied)).toEqual([1, 1]);
    expect(back.parties[0]!.people[0]!.tableId).toBe('t2');
  });

  it('deletes a table: its people go back to unassigned and its flags go', () => {
    const next = withoutTable(chart(), 't1');
    expect(next.tables.map((t) => t.id)).toEqual(['t2']);
    expect(next.unassigned).toBe(2);
    expect(next.flagged).toBe(0);
  });

  it('adds and changes tables, keeps their people, and reorders', () => {
    const stored = (over: Partial<SeatingTable>): SeatingTable => ({
      id: 't3',
      eventId: 'e',
      scheduleId: 's',
      name: 'Family',
      number: 3,
      shape: 'round',
      seats: 8,
      order: 2,
      people: [],
      memberIds: [],
      updatedAt: '2027-01-01T00:00:00.000Z',
      ...over,
    });
    let next = withTables(chart(), [stored({}), stored({ id: 't1', order: 0, seats: 2 })]);
    expect(next.tables.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect(next.tables[0]!.people).toHaveLength(2);
    expect(next.tables[0]!.seats).toBe(2);
    const order = shifted(
      next.tables.map((t) => t.id),
      't3',
      -1,
    )!;
    expect(order).toEqual(['t1', 't3', 't2']);
    expect(shifted(order, 't1', -1)).toBeNull();
    next = inOrder(next, order);
    expect(next.tables.map((t) => t.id)).toEqual(order);
  });
});
