// Seating charts (docs/product.md, "Seating"): one chart per schedule item, its tables, and who
// sits where. Stored as one document per table (its people, so the chart shows names without
// party reads) and one placement document per party (the member's uid: where each of their
// people sits), so a move is one transaction over the party's placement and the tables it
// touches; two admins moving the same person both read that placement, and the second retries
// on the first's result (docs/decisions.md, "Seating"). Everything here is pure: the functions
// glue is functions/src/services/seating*.ts.
import type { IsoDateString } from './entities/common.ts';
import type { GuestAnswers, GuestQuestion, Party, RsvpState } from './rsvp-options.ts';

export type TableShape = 'round' | 'long';
export const TABLE_SHAPES: readonly TableShape[] = ['round', 'long'];

/** Tables per chart (100 tables of 10 seat 1,000 guests, with room to spare). */
export const MAX_TABLES = 150;
/** Seats a table may declare. */
export const MAX_TABLE_SEATS = 40;
/** People a table may hold: over its seats is allowed (flagged) up to this. */
export const MAX_TABLE_PEOPLE = 60;
export const MAX_TABLE_NAME = 60;
/** Table numbers a host may give (they print on place cards). */
export const MAX_TABLE_NUMBER = 999;
/** People one move request may place (one tap-to-assign selection). */
export const MAX_MOVE_PEOPLE = 50;
/** Tables one quick start may add. */
export const MAX_QUICK_START = 100;

/**
 * One person of a party: 'self' is the member; 'g0', 'g1', ... their named guests in the order
 * of the RSVP's party.
 */
export type PersonKey = string;
export const SELF: PersonKey = 'self';
export const guestKey = (index: number): PersonKey => `g${index}`;
export const isPersonKey = (value: string): boolean => value === SELF || /^g\d{1,2}$/.test(value);

/** A person as seated: who, and their name and child mark when they were seated. */
export interface SeatedPerson {
  userId: string;
  person: PersonKey;
  name: string;
  child: boolean;
}

/** events/{e}/seatingCharts/{scheduleId}: a chart's settings and its table count. */
export interface SeatingChart<Time = IsoDateString> {
  id: string;
  eventId: string;
  scheduleId: string;
  /** "Show guests their table": off by default. */
  showGuestsTheirTable: boolean;
  /** Exact number of tables (checked against MAX_TABLES when adding). */
  tableCount: number;
  /** The order the next added table takes. */
  nextOrder: number;
  updatedAt: Time;
}

/** events/{e}/seatingCharts/{s}/tables/{tableId}. */
export interface SeatingTable<Time = IsoDateString> {
  id: string;
  eventId: string;
  scheduleId: string;
  name: string;
  /** Printed on place cards and the escort list; null = unnumbered. */
  number: number | null;
  shape: TableShape;
  seats: number;
  /** Position in the chart (ascending). */
  order: number;
  people: SeatedPerson[];
  /** uids of the parties with someone here (a guest may read the table they sit at: rules). */
  memberIds: string[];
  updatedAt: Time;
}

/** events/{e}/seatingCharts/{s}/placements/{uid}: where each person of one party sits. */
export interface SeatingPlacement<Time = IsoDateString> {
  id: string;
  eventId: string;
  scheduleId: string;
  userId: string;
  /** Person key → table id; a person not seated has no key. */
  tables: Partial<Record<PersonKey, string>>;
  updatedAt: Time;
}

// ---- Parties as people -------------------------------------------------------------------------

/** A party to seat: its member, their answer to the item and their party. */
export interface PartySource {
  userId: string;
  name: string;
  status: RsvpState | null;
  party?: Party | null;
  /** false: no longer a member of the event. */
  member: boolean;
}

/** The people of a party: the member, then their named guests (children marked). */
export function partyPeople(
  source: Pick<PartySource, 'userId' | 'name' | 'party'>,
): SeatedPerson[] {
  const people: SeatedPerson[] = [
    { userId: source.userId, person: SELF, name: source.name, child: false },
  ];
  (source.party?.guests ?? []).forEach((guest, i) =>
    people.push({
      userId: source.userId,
      person: guestKey(i),
      name: guest.name,
      child: guest.child,
    }),
  );
  return people;
}

// ---- Flags -------------------------------------------------------------------------------------

/**
 * Why a seated person no longer counts: their member withdrew (no longer Going), was removed
 * from the event, or their party changed (this guest is gone from it, renamed, or now marked
 * otherwise). Flagged people stay on their table for the host to see, but free their seat.
 */
export type SeatFlag = 'withdrawn' | 'removed' | 'changed';

export const SEAT_FLAG_LABELS: Readonly<Record<SeatFlag, string>> = {
  withdrawn: 'No longer going',
  removed: 'Removed from the event',
  changed: 'Party changed',
};

/** The flag of one seated person against their party now (undefined source: not a member). */
export function seatFlag(seated: SeatedPerson, source: PartySource | undefined): SeatFlag | null {
  if (!source || !source.member) return 'removed';
  if (source.status !== 'going') return 'withdrawn';
  const now = partyPeople(source).find((p) => p.person === seated.person);
  if (!now || now.name !== seated.name || now.child !== seated.child) return 'changed';
  return null;
}

// ---- The chart as the host sees it -------------------------------------------------------------

export interface SeatView extends SeatedPerson {
  flag: SeatFlag | null;
}

export interface TableView {
  id: string;
  name: string;
  number: number | null;
  shape: TableShape;
  seats: number;
  order: number;
  people: SeatView[];
  /** People who count (unflagged). */
  occupied: number;
  /** More people than seats (allowed, shown as such). */
  overCapacity: boolean;
}

/** A party to seat with its people, each with the table they sit at (null: unassigned). */
export interface PartyView {
  userId: string;
  name: string;
  people: Array<SeatedPerson & { tableId: string | null }>;
}

export interface ChartView {
  tables: TableView[];
  /** Parties Going to the item, in name order. */
  parties: PartyView[];
  /** People Going and at no table. */
  unassigned: number;
  /** Seated people flagged (withdrawn, removed, changed). */
  flagged: number;
}

type TableLike = Pick<
  SeatingTable<unknown>,
  'id' | 'name' | 'number' | 'shape' | 'seats' | 'order' | 'people'
>;

export const byTableOrder = (a: { order: number; id: string }, b: { order: number; id: string }) =>
  a.order - b.order || a.id.localeCompare(b.id);

/**
 * The chart from its tables and the item's parties: each seated person flagged against their
 * party now, live seat counts, and every Going person with their table (a new Going shows as
 * unassigned; a flagged person never counts as seated).
 */
export function chartView(
  tables: readonly TableLike[],
  sources: readonly PartySource[],
): ChartView {
  const byUser = new Map(sources.map((s) => [s.userId, s]));
  const seatedAt = new Map<string, string>();
  let flagged = 0;
  const tableViews = [...tables].sort(byTableOrder).map((t): TableView => {
    const people = t.people.map((p): SeatView => {
      const flag = seatFlag(p, byUser.get(p.userId));
      if (flag) flagged += 1;
      else seatedAt.set(`${p.userId}/${p.person}`, t.id);
      return { ...p, flag };
    });
    const occupied = people.filter((p) => !p.flag).length;
    return {
      id: t.id,
      name: t.name,
      number: t.number,
      shape: t.shape,
      seats: t.seats,
      order: t.order,
      people,
      occupied,
      overCapacity: occupied > t.seats,
    };
  });
  let unassigned = 0;
  const parties = sources
    .filter((s) => s.member && s.status === 'going')
    .map((s): PartyView => ({
      userId: s.userId,
      name: s.name,
      people: partyPeople(s).map((p) => {
        const tableId = seatedAt.get(`${p.userId}/${p.person}`) ?? null;
        if (!tableId) unassigned += 1;
        return { ...p, tableId };
      }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
  return { tables: tableViews, parties, unassigned, flagged };
}

// ---- Moves -------------------------------------------------------------------------------------

/** One person to a table, or back to unassigned (tableId null). */
export interface SeatMove {
  userId: string;
  person: PersonKey;
  tableId: string | null;
}

/** A move as done: where the person was, for undo. */
export interface DoneMove extends SeatMove {
  from: string | null;
}

export const SEATING_MESSAGES = {
  tooManyTables: `A chart holds at most ${MAX_TABLES} tables`,
  tableFull: `A table holds at most ${MAX_TABLE_PEOPLE} people`,
  notGoing: 'Only people going to this item can be seated',
  notInParty: 'That guest is not in the party any more',
  tableNotFound: 'Table not found',
  itemNotFound: 'Schedule item not found',
  samePerson: 'Each person may be moved once per request',
  reorderMismatch: 'The order must list every table of the chart once',
  nameRange: `A table name is 1 to ${MAX_TABLE_NAME} characters`,
  seatsRange: `Seats must be a whole number from 1 to ${MAX_TABLE_SEATS}`,
  numberRange: `A table number is a whole number from 1 to ${MAX_TABLE_NUMBER}`,
  countRange: `Add 1 to ${MAX_QUICK_START} tables at once`,
  shapeChoice: 'A table is round or long',
  movesRange: `Move 1 to ${MAX_MOVE_PEOPLE} people at once`,
} as const;

/**
 * Applies moves to the tables they touch (a pure step of the move transaction). `tables` holds
 * every table a moved person sits at or goes to; `placements` each moved party's current
 * placement. Returns the changed tables, the new placements and the moves as done (with where
 * each person was, for undo); a move to where the person already is changes nothing. A seat
 * whose person is still listed at another table (a placement the host overwrote) is cleared
 * there too, so nobody is ever at two tables.
 */
export function applyMoves(input: {
  moves: readonly SeatMove[];
  /** The person as they are now, for the moves to a table (name and child mark). */
  personOf: (userId: string, person: PersonKey) => SeatedPerson | null;
  tables: ReadonlyMap<string, { people: SeatedPerson[] }>;
  placements: ReadonlyMap<string, Partial<Record<PersonKey, string>>>;
}): {
  tables: Map<string, SeatedPerson[]>;
  placements: Map<string, Partial<Record<PersonKey, string>>>;
  done: DoneMove[];
  error: string | null;
} {
  const tables = new Map<string, SeatedPerson[]>();
  const placements = new Map<string, Partial<Record<PersonKey, string>>>();
  const peopleOf = (id: string): SeatedPerson[] | null => {
    const changed = tables.get(id);
    if (changed) return changed;
    const stored = input.tables.get(id);
    return stored ? [...stored.people] : null;
  };
  const fail = (error: string) => ({ tables, placements, done: [] as DoneMove[], error });
  const seen = new Set<string>();
  const done: DoneMove[] = [];
  for (const move of input.moves) {
    const key = `${move.userId}/${move.person}`;
    if (seen.has(key)) return fail(SEATING_MESSAGES.samePerson);
    seen.add(key);
    const placement = {
      ...(placements.get(move.userId) ?? input.placements.get(move.userId) ?? {}),
    };
    const from = placement[move.person] ?? null;
    if (move.tableId !== null && !input.tables.has(move.tableId)) {
      return fail(SEATING_MESSAGES.tableNotFound);
    }
    const person = move.tableId === null ? null : input.personOf(move.userId, move.person);
    if (move.tableId !== null && !person) return fail(SEATING_MESSAGES.notGoing);
    if (from === move.tableId) {
      done.push({ ...move, from });
      continue;
    }
    if (from !== null) {
      const people = peopleOf(from);
      if (people) {
        tables.set(
          from,
          people.filter((p) => !(p.userId === move.userId && p.person === move.person)),
        );
      }
    }
    if (move.tableId !== null && person) {
      const people = (peopleOf(move.tableId) ?? []).filter(
        (p) => !(p.userId === move.userId && p.person === move.person),
      );
      if (people.length >= MAX_TABLE_PEOPLE) return fail(SEATING_MESSAGES.tableFull);
      people.push(person);
      tables.set(move.tableId, people);
      placement[move.person] = move.tableId;
    } else {
      delete placement[move.person];
    }
    placements.set(move.userId, placement);
    done.push({ ...move, from });
  }
  return { tables, placements, done, error: null };
}

/** The uids of the parties with someone at a table (its `memberIds`). */
export function memberIdsOf(people: readonly SeatedPerson[]): string[] {
  return [...new Set(people.map((p) => p.userId))].sort();
}

/** The moves that undo moves as done (last first). */
export function undoMoves(done: readonly DoneMove[]): SeatMove[] {
  return [...done].reverse().map(({ userId, person, from }) => ({ userId, person, tableId: from }));
}

// ---- Tables ------------------------------------------------------------------------------------

/** "Table 7", the table's name when it has one besides its number ("Table 7 · Family"). */
export function tableLabel(table: { name: string; number: number | null }): string {
  const numbered = table.number === null ? null : `Table ${table.number}`;
  const name = table.name.trim();
  if (numbered && name && name !== numbered) return `${numbered} · ${name}`;
  return numbered ?? (name || 'Table');
}

/** The tables a quick start adds: numbered on from the highest number in use. */
export function quickStartTables(input: {
  count: number;
  seats: number;
  shape: TableShape;
  name?: string | null;
  usedNumbers: readonly (number | null)[];
}): Array<{ name: string; number: number; shape: TableShape; seats: number }> {
  const start = Math.max(0, ...input.usedNumbers.map((n) => n ?? 0)) + 1;
  return Array.from({ length: input.count }, (_, i) => {
    const number = Math.min(start + i, MAX_TABLE_NUMBER);
    const name = input.name?.trim()
      ? input.count === 1
        ? input.name.trim()
        : `${input.name.trim()} ${i + 1}`
      : `Table ${number}`;
    return { name, number, shape: input.shape, seats: input.seats };
  });
}

/** The escort list: every seated, unflagged person with their table, alphabetical by name. */
export function escortList(
  tables: readonly TableView[],
): Array<{ name: string; child: boolean; table: string }> {
  return tables
    .flatMap((t) =>
      t.people
        .filter((p) => !p.flag)
        .map((p) => ({ name: p.name, child: p.child, table: tableLabel(t) })),
    )
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

// ---- A guest's own table -----------------------------------------------------------------------

/** What a guest sees on the day: their table and their tablemates (not themselves). */
export interface MySeat {
  table: { name: string; number: number | null; label: string } | null;
  tablemates: string[];
}

/** "Your table: 7" (or its name when unnumbered). */
export function yourTableText(table: { name: string; number: number | null }): string {
  return `Your table: ${table.number ?? table.name}`;
}

// ---- API answers (docs/api.md, "Seating") -----------------------------------------------------

/** A guest group as the seating filters by it: its name and its members' uids. */
export interface SeatingGroup {
  id: string;
  name: string;
  memberIds: string[];
}

/** GET .../seating: the chart, the item's parties with the host's questions and their answers. */
export interface SeatingResponse {
  /** `endTime` null when the item has none (a whole-day item reads as its dates). */
  item: {
    id: string;
    title: string;
    startTime: IsoDateString;
    endTime: IsoDateString | null;
    timeZone: string;
  };
  showGuestsTheirTable: boolean;
  chart: ChartView;
  questions: GuestQuestion[];
  /** Answers to the host's questions by uid (parties that answered). */
  answers: Partial<Record<string, GuestAnswers>>;
  /** The event's guest groups, by name (the host's filter; none: no groups). */
  groups: SeatingGroup[];
}
/** Tables as stored (written tables: the chart's counts and flags come with GET .../seating). */
export interface SeatingTablesResponse {
  tables: SeatingTable[];
}
export interface SeatingTableResponse {
  table: SeatingTable;
}
export interface SeatingOrderResponse {
  tableIds: string[];
}
export interface SeatMovesResponse {
  moves: DoneMove[];
}
export interface SeatingSettingsResponse {
  showGuestsTheirTable: boolean;
}
export interface DeletedTableResponse {
  deleted: true;
  id: string;
  /** People sent back to unassigned. */
  unassigned: number;
}
/** GET .../seating/mine: null table when hidden, not seated, or not the item's day. */
export type MySeatResponse = MySeat;
