// The host's chart between reads (docs/web.md, "Seating"): the screen reads the chart once
// (GET …/seating) and applies each answer of a write to what it holds, so a move costs the
// move's reads, never a new read of the whole chart (docs/performance.md, "Seating").
import type {
  ChartView,
  DoneMove,
  SeatedPerson,
  SeatingTable,
  SeatView,
  TableView,
} from '@gatherly/domain/seating';

/** One person of the chart: "uid/person". */
export const personId = (p: { userId: string; person: string }) => `${p.userId}/${p.person}`;

function recount(tables: TableView[], parties: ChartView['parties']): ChartView {
  const seated = tables.map((t) => {
    const occupied = t.people.filter((p) => !p.flag).length;
    return { ...t, occupied, overCapacity: occupied > t.seats };
  });
  let unassigned = 0;
  for (const party of parties) for (const p of party.people) if (!p.tableId) unassigned += 1;
  const flagged = seated.reduce((n, t) => n + t.people.filter((p) => p.flag).length, 0);
  return { tables: seated, parties, unassigned, flagged };
}

/** The chart after moves the server did (each move's person leaves every table first). */
export function withMoves(chart: ChartView, done: readonly DoneMove[]): ChartView {
  const known = new Map<string, SeatedPerson>();
  for (const party of chart.parties) for (const p of party.people) known.set(personId(p), p);
  for (const t of chart.tables) for (const p of t.people) known.set(personId(p), p);
  const target = new Map(done.map((m) => [personId(m), m.tableId]));
  const tables = chart.tables.map((t) => {
    const people: SeatView[] = t.people.filter((p) => !target.has(personId(p)));
    for (const m of done) {
      const person = known.get(personId(m));
      if (m.tableId === t.id && person) {
        people.push({
          userId: person.userId,
          person: person.person,
          name: person.name,
          child: person.child,
          flag: null,
        });
      }
    }
    return { ...t, people };
  });
  const parties = chart.parties.map((party) => ({
    ...party,
    people: party.people.map((p) => {
      const id = personId(p);
      return target.has(id) ? { ...p, tableId: target.get(id) ?? null } : p;
    }),
  }));
  return recount(tables, parties);
}

/** A table as the chart shows it, from the table as stored. */
export function tableView(table: SeatingTable, current?: TableView): TableView {
  return {
    id: table.id,
    name: table.name,
    number: table.number,
    shape: table.shape,
    seats: table.seats,
    order: table.order,
    people: current?.people ?? [],
    occupied: current?.occupied ?? 0,
    overCapacity: current?.overCapacity ?? false,
  };
}

/** The chart with tables added or changed (their people stay as the chart has them). */
export function withTables(chart: ChartView, stored: readonly SeatingTable[]): ChartView {
  const byId = new Map(chart.tables.map((t) => [t.id, t]));
  for (const table of stored) byId.set(table.id, tableView(table, byId.get(table.id)));
  const tables = [...byId.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  return recount(tables, chart.parties);
}

/** The chart without a table: its people go back to unassigned (the flagged ones go). */
export function withoutTable(chart: ChartView, tableId: string): ChartView {
  const parties = chart.parties.map((party) => ({
    ...party,
    people: party.people.map((p) => (p.tableId === tableId ? { ...p, tableId: null } : p)),
  }));
  return recount(
    chart.tables.filter((t) => t.id !== tableId),
    parties,
  );
}

/** The chart with its tables in the given order. */
export function inOrder(chart: ChartView, tableIds: readonly string[]): ChartView {
  const rank = new Map(tableIds.map((id, i) => [id, i]));
  const tables = chart.tables
    .map((t) => ({ ...t, order: rank.get(t.id) ?? t.order }))
    .sort((a, b) => a.order - b.order);
  return recount(tables, chart.parties);
}

/** The order with one table moved up (-1) or down (+1); null when it cannot move. */
export function shifted(tableIds: readonly string[], tableId: string, by: -1 | 1): string[] | null {
  const i = tableIds.indexOf(tableId);
  const j = i + by;
  if (i < 0 || j < 0 || j >= tableIds.length) return null;
  const next = [...tableIds];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
