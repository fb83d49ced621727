import { describe, expect, it } from 'vitest';
import {
  applyMoves,
  chartView,
  escortList,
  MAX_TABLE_PEOPLE,
  memberIdsOf,
  partyPeople,
  quickStartTables,
  SEATING_MESSAGES,
  seatFlag,
  tableLabel,
  undoMoves,
  yourTableText,
  type PartySource,
  type SeatedPerson,
} from '../src/seating.ts';
import { seatingCsv, seatingCsvFileName } from '../src/seating-csv.ts';

const ana: PartySource = {
  userId: 'ana',
  name: 'Ana',
  status: 'going',
  party: {
    size: 3,
    guests: [
      { name: 'Ben', child: false },
      { name: 'Cleo', child: true },
    ],
  },
  member: true,
};
const dan: PartySource = { userId: 'dan', name: 'Dan', status: 'going', member: true };
const eve: PartySource = { userId: 'eve', name: 'Eve', status: 'maybe', member: true };

const table = (id: string, people: SeatedPerson[], seats = 2, order = 0) => ({
  id,
  name: `Table ${id}`,
  number: Number(id),
  shape: 'round' as const,
  seats,
  order,
  people,
});

describe('parties as people', () => {
  it('a party is its member then their named guests, children marked', () => {
    expect(partyPeople(ana)).toEqual([
      { userId: 'ana', person: 'self', name: 'Ana', child: false },
      { userId: 'ana', person: 'g0', name: 'Ben', child: false },
      { userId: 'ana', person: 'g1', name: 'Cleo', child: true },
    ]);
    expect(partyPeople(dan)).toHaveLength(1);
  });
});

describe('flags', () => {
  const [self, ben, cleo] = partyPeople(ana) as [SeatedPerson, SeatedPerson, SeatedPerson];
  it('a seated person still Going in the same party is not flagged', () => {
    expect(seatFlag(self, ana)).toBeNull();
    expect(seatFlag(cleo, ana)).toBeNull();
  });
  it('withdrawn, removed and changed parties are flagged', () => {
    expect(seatFlag(self, { ...ana, status: 'not_going' })).toBe('withdrawn');
    expect(seatFlag(self, { ...ana, status: 'waitlisted' })).toBe('withdrawn');
    expect(seatFlag(self, undefined)).toBe('removed');
    expect(seatFlag(self, { ...ana, member: false })).toBe('removed');
    const smaller = { ...ana, party: { size: 2, guests: [{ name: 'Ben', child: false }] } };
    expect(seatFlag(cleo, smaller)).toBe('changed');
    expect(seatFlag(ben, smaller)).toBeNull();
    const renamed = { ...ana, party: { size: 2, guests: [{ name: 'Benjamin', child: false }] } };
    expect(seatFlag(ben, renamed)).toBe('changed');
  });
});

describe('the chart view', () => {
  it('counts unflagged people, flags over capacity, lists the unassigned and new Going', () => {
    const people = partyPeople(ana);
    const view = chartView(
      [
        table('2', [], 8, 1),
        table('1', [...people, { userId: 'eve', person: 'self', name: 'Eve', child: false }], 2, 0),
      ],
      [ana, dan, eve],
    );
    expect(view.tables.map((t) => t.id)).toEqual(['1', '2']);
    const [first] = view.tables;
    expect(first?.occupied).toBe(3);
    expect(first?.overCapacity).toBe(true);
    expect(first?.people.find((p) => p.userId === 'eve')?.flag).toBe('withdrawn');
    expect(view.flagged).toBe(1);
    // Dan answered Going and sits nowhere; Eve (maybe) is not a party to seat.
    expect(view.parties.map((p) => p.name)).toEqual(['Ana', 'Dan']);
    expect(view.unassigned).toBe(1);
    expect(view.parties[0]?.people.every((p) => p.tableId === '1')).toBe(true);
  });

  it('a withdrawn seat frees up: the count drops and the table is no longer over', () => {
    const view = chartView([table('1', partyPeople(ana), 2)], [{ ...ana, status: 'not_going' }]);
    expect(view.tables[0]?.occupied).toBe(0);
    expect(view.tables[0]?.overCapacity).toBe(false);
    expect(view.flagged).toBe(3);
    expect(view.parties).toEqual([]);
  });
});

describe('moves', () => {
  const personOf = (userId: string, person: string) =>
    [...partyPeople(ana), ...partyPeople(dan)].find(
      (p) => p.userId === userId && p.person === person,
    ) ?? null;

  it('seats a whole party, then splits one guest off, and undo puts them back', () => {
    const tables = new Map([
      ['t1', { people: [] as SeatedPerson[] }],
      ['t2', { people: [] as SeatedPerson[] }],
    ]);
    const first = applyMoves({
      moves: ['self', 'g0', 'g1'].map((person) => ({ userId: 'ana', person, tableId: 't1' })),
      personOf,
      tables,
      placements: new Map(),
    });
    expect(first.error).toBeNull();
    expect(first.tables.get('t1')?.map((p) => p.name)).toEqual(['Ana', 'Ben', 'Cleo']);
    expect(first.placements.get('ana')).toEqual({ self: 't1', g0: 't1', g1: 't1' });
    expect(first.done.every((m) => m.from === null)).toBe(true);

    const split = applyMoves({
      moves: [{ userId: 'ana', person: 'g1', tableId: 't2' }],
      personOf,
      tables: new Map([
        ['t1', { people: first.tables.get('t1')! }],
        ['t2', { people: [] }],
      ]),
      placements: first.placements,
    });
    expect(split.tables.get('t1')?.map((p) => p.name)).toEqual(['Ana', 'Ben']);
    expect(split.tables.get('t2')?.map((p) => p.name)).toEqual(['Cleo']);
    expect(split.done).toEqual([{ userId: 'ana', person: 'g1', tableId: 't2', from: 't1' }]);
    expect(undoMoves(split.done)).toEqual([{ userId: 'ana', person: 'g1', tableId: 't1' }]);
  });

  it('unassigning removes the seat and the placement key', () => {
    const result = applyMoves({
      moves: [{ userId: 'dan', person: 'self', tableId: null }],
      personOf,
      tables: new Map([['t1', { people: partyPeople(dan) }]]),
      placements: new Map([['dan', { self: 't1' }]]),
    });
    expect(result.tables.get('t1')).toEqual([]);
    expect(result.placements.get('dan')).toEqual({});
  });

  it('refuses people not Going, unknown tables, a person twice and a table beyond its limit', () => {
    const base = { personOf, placements: new Map() };
    expect(
      applyMoves({
        ...base,
        moves: [{ userId: 'eve', person: 'self', tableId: 't1' }],
        tables: new Map([['t1', { people: [] }]]),
      }).error,
    ).toBe(SEATING_MESSAGES.notGoing);
    expect(
      applyMoves({
        ...base,
        moves: [{ userId: 'dan', person: 'self', tableId: 'nope' }],
        tables: new Map(),
      }).error,
    ).toBe(SEATING_MESSAGES.tableNotFound);
    expect(
      applyMoves({
        ...base,
        moves: [
          { userId: 'dan', person: 'self', tableId: 't1' },
          { userId: 'dan', person: 'self', tableId: null },
        ],
        tables: new Map([['t1', { people: [] }]]),
      }).error,
    ).toBe(SEATING_MESSAGES.samePerson);
    const full = Array.from({ length: MAX_TABLE_PEOPLE }, (_, i) => ({
      userId: `u${i}`,
      person: 'self',
      name: `U${i}`,
      child: false,
    }));
    expect(
      applyMoves({
        ...base,
        moves: [{ userId: 'dan', person: 'self', tableId: 't1' }],
        tables: new Map([['t1', { people: full }]]),
      }).error,
    ).toBe(SEATING_MESSAGES.tableFull);
  });

  it('memberIds are the distinct parties at a table', () => {
    expect(memberIdsOf([...partyPeople(ana), ...partyPeople(dan)])).toEqual(['ana', 'dan']);
  });
});

describe('tables and outputs', () => {
  it('a quick start numbers on from the highest number in use', () => {
    const tables = quickStartTables({
      count: 3,
      seats: 8,
      shape: 'round',
      usedNumbers: [1, 4, null],
    });
    expect(tables.map((t) => [t.name, t.number, t.seats])).toEqual([
      ['Table 5', 5, 8],
      ['Table 6', 6, 8],
      ['Table 7', 7, 8],
    ]);
    expect(
      quickStartTables({ count: 2, seats: 10, shape: 'long', name: 'Family', usedNumbers: [] }).map(
        (t) => t.name,
      ),
    ).toEqual(['Family 1', 'Family 2']);
  });

  it('labels, the escort list and "Your table"', () => {
    expect(tableLabel({ name: 'Table 7', number: 7 })).toBe('Table 7');
    expect(tableLabel({ name: 'Family', number: 7 })).toBe('Table 7 · Family');
    expect(tableLabel({ name: 'Family', number: null })).toBe('Family');
    expect(yourTableText({ name: 'Table 7', number: 7 })).toBe('Your table: 7');
    const view = chartView([table('1', [...partyPeople(dan), ...partyPeople(ana)], 8)], [ana, dan]);
    expect(escortList(view.tables).map((e) => `${e.name} → ${e.table}`)).toEqual([
      'Ana → Table 1',
      'Ben → Table 1',
      'Cleo → Table 1',
      'Dan → Table 1',
    ]);
  });

  it('the caterer CSV: by table, then unassigned, answers on the member row, flagged left out', () => {
    const view = chartView(
      [
        table(
          '1',
          [...partyPeople(ana), { userId: 'eve', person: 'self', name: 'Eve', child: false }],
          8,
        ),
      ],
      [ana, dan, eve],
    );
    const csv = seatingCsv(view, [{ id: 'diet', label: 'Dietary needs' }], {
      ana: { diet: 'Vegan' },
      dan: { diet: ['Nuts', 'Gluten'] },
    });
    expect(
      csv
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'Table,Guest,Child,Party of,Dietary needs',
      'Table 1,Ana,No,,Vegan',
      'Table 1,Ben,No,Ana,',
      'Table 1,Cleo,Yes,Ana,',
      'Unassigned,Dan,No,,Nuts; Gluten',
    ]);
    expect(seatingCsvFileName('Ana & Dan', 'Réception')).toBe('ana-dan-reception-seating.csv');
  });
});
