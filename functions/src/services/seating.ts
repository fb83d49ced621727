// Seating charts (docs/product.md, "Seating"; docs/api.md, "Seating"): tables per schedule
// item and who sits where. Admins and the creator write, through these functions only
// (firestore.rules refuse direct writes). Every write is one transaction; a move reads the
// placements of the parties it moves and the tables it touches, so two admins moving the same
// person serialise on that placement and nobody is lost or seated twice (domain/src/seating.ts).
import { FieldValue, Timestamp, type Transaction } from 'firebase-admin/firestore';
import type { ParsedBodyOf } from '@gatherly/domain/api/contract';
import type { API } from '@gatherly/domain/api/endpoints';
import { calendarDaysBetween } from '@gatherly/domain/dates';
import { MAX_GROUPS_PER_EVENT, seesItem } from '@gatherly/domain/groups';
import { can } from '@gatherly/domain/roles';
import type { GuestAnswers } from '@gatherly/domain/rsvp-options';
import {
  applyMoves,
  byTableOrder,
  chartView,
  MAX_TABLES,
  memberIdsOf,
  partyPeople,
  quickStartTables,
  SEATING_MESSAGES,
  seatFlag,
  tableLabel,
  type DoneMove,
  type MySeat,
  type PartySource,
  type PersonKey,
  type SeatingGroup,
  type SeatingResponse,
  type SeatingTable,
  type SeatMove,
} from '@gatherly/domain/seating';
import { eventTimeZone } from '@gatherly/domain/time-zones';
import { readAll, requireMember, type Membership } from '../access.ts';
import type { Caller } from '../caller.ts';
import type { RsvpsByUserRecord, SeatingTableRecord } from '../db.ts';
import { db, store } from '../firebase.ts';
import { badRequest, forbidden, notFound } from '../http.ts';
import { apiShape } from '../serialize.ts';

export const SEATING_ADMINS_ONLY = 'Only event admins can edit the seating chart';
const PAGE = 300;

/** A seating chart's address: its event and schedule item. */
export interface ChartRef {
  eventId: string;
  scheduleId: string;
}

/** An admin (or the creator) of the event, and the item exists; read inside `tx` when given. */
async function requireSeatingAdmin(
  caller: Caller,
  { eventId, scheduleId }: ChartRef,
  tx?: Transaction,
): Promise<Membership & { item: { title: string; startTime: string; endTime: string | null } }> {
  const membership = await requireMember(caller, eventId, {
    tx,
    notFound: SEATING_MESSAGES.itemNotFound,
  });
  if (!can(membership.role, 'manageSchedule')) throw forbidden(SEATING_ADMINS_ONLY);
  const ref = store().schedule(eventId).doc(scheduleId);
  const item = (tx ? await tx.get(ref) : await ref.get()).data();
  if (!item) throw notFound(SEATING_MESSAGES.itemNotFound);
  const { title, startTime, endTime } = item;
  return { ...membership, item: { title, startTime, endTime: endTime ?? null } };
}

/** A stored table in API form. */
export const tableBody = ({ updatedAt, ...table }: SeatingTableRecord): SeatingTable => ({
  ...apiShape(table),
  updatedAt: updatedAt.toDate().toISOString(),
});

/** The party of one member as the seating sees it (absent record: not a member any more). */
function sourceOf(
  userId: string,
  scheduleId: string,
  record: RsvpsByUserRecord | undefined,
): PartySource {
  if (!record) return { userId, name: '', status: null, member: false };
  return {
    userId,
    name: record.user.displayName,
    status: record.statuses[scheduleId] ?? null,
    party: record.parties?.[scheduleId] ?? null,
    member: true,
  };
}

// ---- Reading the chart ---------------------------------------------------------------------------

/**
 * The chart, read once and bounded (docs/performance.md, "Seating"): the tables (at most
 * MAX_TABLES, one query), the members Going to the item (their rsvpsByUser documents, paged),
 * the seated members no longer Going (by id), and the Going members' answers (by id, when the
 * host asks questions).
 */
export async function readChart(
  { eventId, scheduleId }: ChartRef,
  questionsAsked: boolean,
): Promise<{
  tables: SeatingTableRecord[];
  sources: PartySource[];
  answers: Map<string, GuestAnswers>;
  showGuestsTheirTable: boolean;
}> {
  const s = store();
  const [tableSnap, chartSnap] = await Promise.all([
    s.seatingTables(eventId, scheduleId).orderBy('order').limit(MAX_TABLES).get(),
    s.seatingChart(eventId, scheduleId).get(),
  ]);
  const tables = tableSnap.docs.map((d) => d.data());
  const records = new Map<string, RsvpsByUserRecord>();
  let page = s
    .rsvpsByUser(eventId)
    .where(`statuses.${scheduleId}`, '==', 'going')
    .orderBy('__name__')
    .limit(PAGE);
  for (;;) {
    const snap = await page.get();
    for (const d of snap.docs) records.set(d.id, d.data());
    const last = snap.docs.at(-1);
    if (snap.size < PAGE || !last) break;
    page = page.startAfter(last);
  }
  const seatedElsewhere = [
    ...new Set(tables.flatMap((t) => t.memberIds).filter((id) => !records.has(id))),
  ];
  const others = await readAll(seatedElsewhere.map((id) => s.rsvpsByUser(eventId).doc(id)));
  const sources = [...records.values()].map((r) => sourceOf(r.userId, scheduleId, r));
  seatedElsewhere.forEach((id, i) => sources.push(sourceOf(id, scheduleId, others[i]?.data())));
  const answers = new Map<string, GuestAnswers>();
  if (questionsAsked) {
    const going = [...records.keys()];
    const snaps = await readAll(going.map((id) => s.guestAnswers(eventId).doc(id)));
    for (const snap of snaps) {
      const a = snap.data();
      if (a) answers.set(snap.id, a.answers);
    }
  }
  return {
    tables,
    sources,
    answers,
    showGuestsTheirTable: chartSnap.data()?.showGuestsTheirTable ?? false,
  };
}

/** GET .../seating: the chart as the host sees it. */
export async function getSeating(caller: Caller, ref: ChartRef): Promise<SeatingResponse> {
  return (await seatingWithEvent(caller, ref)).seating;
}

/** The chart as the host sees it, with its event's name (the CSV's file name). */
export async function seatingWithEvent(
  caller: Caller,
  ref: ChartRef,
): Promise<{ seating: SeatingResponse; eventName: string }> {
  const { event, item } = await requireSeatingAdmin(caller, ref);
  const questions = event.questions ?? [];
  const [read, groups] = await Promise.all([
    readChart(ref, questions.length > 0),
    seatingGroups(ref.eventId),
  ]);
  const seating: SeatingResponse = {
    item: {
      id: ref.scheduleId,
      title: item.title,
      startTime: item.startTime,
      endTime: item.endTime,
      timeZone: eventTimeZone(event),
    },
    showGuestsTheirTable: read.showGuestsTheirTable,
    chart: chartView(read.tables, read.sources),
    questions,
    answers: Object.fromEntries(read.answers),
    groups,
  };
  return { seating, eventName: event.name };
}

/**
 * The event's groups with their members' uids, for the host's filter: at most
 * MAX_GROUPS_PER_EVENT queries of member ids (no member data), bounded by the guest list.
 */
async function seatingGroups(eventId: string): Promise<SeatingGroup[]> {
  const s = store();
  const groups = (await s.guestGroups(eventId).limit(MAX_GROUPS_PER_EVENT).get()).docs.map((d) =>
    d.data(),
  );
  const members = await Promise.all(
    groups.map((g) => s.members(eventId).where('groupIds', 'array-contains', g.id).select().get()),
  );
  return groups
    .map((g, i) => ({ id: g.id, name: g.name, memberIds: members[i]!.docs.map((d) => d.id) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

// ---- Tables ----------------------------------------------------------------------------------

type AddBody = ParsedBodyOf<typeof API.addSeatingTables>;

/** Adds one table or a quick start of several; at most MAX_TABLES per chart. */
export async function addTables(
  tx: Transaction,
  caller: Caller,
  ref: ChartRef,
  body: AddBody,
): Promise<SeatingTableRecord[]> {
  const s = store();
  await requireSeatingAdmin(caller, ref, tx);
  const chartRef = s.seatingChart(ref.eventId, ref.scheduleId);
  const chart = (await tx.get(chartRef)).data();
  const count = chart?.tableCount ?? 0;
  const adding = body.count ?? 1;
  if (count + adding > MAX_TABLES) throw badRequest(SEATING_MESSAGES.tooManyTables);
  // Numbers go on from the highest in use: the tables are few (MAX_TABLES), read in the
  // transaction so two quick starts never hand out the same numbers.
  const existing = count
    ? (await tx.get(s.seatingTables(ref.eventId, ref.scheduleId).select('number'))).docs.map(
        (d) => d.get('number') as unknown,
      )
    : [];
  const usedNumbers = existing.filter((n): n is number => typeof n === 'number');
  const now = FieldValue.serverTimestamp();
  const order = chart?.nextOrder ?? 0;
  const planned = quickStartTables({ ...body, count: adding, usedNumbers });
  const added = planned.map((t, i): SeatingTableRecord => {
    const doc = s.seatingTables(ref.eventId, ref.scheduleId).doc();
    const table = {
      id: doc.id,
      eventId: ref.eventId,
      scheduleId: ref.scheduleId,
      ...t,
      order: order + i,
      people: [],
      memberIds: [],
    };
    tx.create(doc, { ...table, updatedAt: now });
    // The answer shows the server's clock as read here; the document holds the commit time.
    return { ...table, updatedAt: Timestamp.now() };
  });
  tx.set(chartRef, {
    id: ref.scheduleId,
    eventId: ref.eventId,
    scheduleId: ref.scheduleId,
    showGuestsTheirTable: chart?.showGuestsTheirTable ?? false,
    tableCount: count + added.length,
    nextOrder: order + added.length,
    updatedAt: now,
  });
  return added;
}

type UpdateBody = ParsedBodyOf<typeof API.updateSeatingTable>;

/** Renames, numbers, reshapes or resizes a table. */
export async function updateTable(
  tx: Transaction,
  caller: Caller,
  ref: ChartRef,
  tableId: string,
  body: UpdateBody,
): Promise<SeatingTableRecord> {
  await requireSeatingAdmin(caller, ref, tx);
  const tableRef = store().seatingTables(ref.eventId, ref.scheduleId).doc(tableId);
  const table = (await tx.get(tableRef)).data();
  if (!table) throw notFound(SEATING_MESSAGES.tableNotFound);
  const changes: Partial<Pick<SeatingTableRecord, 'name' | 'number' | 'shape' | 'seats'>> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.number !== undefined) changes.number = body.number;
  if (body.shape !== undefined) changes.shape = body.shape;
  if (body.seats !== undefined) changes.seats = body.seats;
  tx.update(tableRef, { ...changes, updatedAt: FieldValue.serverTimestamp() });
  return { ...table, ...changes, updatedAt: Timestamp.now() };
}

/** Deletes a table: its people go back to unassigned (their placements lose it). */
export async function deleteTable(
  tx: Transaction,
  caller: Caller,
  ref: ChartRef,
  tableId: string,
): Promise<number> {
  const s = store();
  await requireSeatingAdmin(caller, ref, tx);
  const chartRef = s.seatingChart(ref.eventId, ref.scheduleId);
  const tableRef = s.seatingTables(ref.eventId, ref.scheduleId).doc(tableId);
  const [chartSnap, tableSnap] = await Promise.all([tx.get(chartRef), tx.get(tableRef)]);
  const table = tableSnap.data();
  const chart = chartSnap.data();
  if (!table || !chart) throw notFound(SEATING_MESSAGES.tableNotFound);
  const placementRefs = table.memberIds.map((id) =>
    s.seatingPlacements(ref.eventId, ref.scheduleId).doc(id),
  );
  const placements = await readAll(placementRefs, tx);
  const now = FieldValue.serverTimestamp();
  placements.forEach((snap, i) => {
    const placement = snap.data();
    if (!placement) return;
    const tables = Object.fromEntries(
      Object.entries(placement.tables).filter(([, t]) => t !== tableId),
    );
    if (Object.keys(tables).length === 0) tx.delete(placementRefs[i]!);
    else tx.set(placementRefs[i]!, { ...placement, tables, updatedAt: now });
  });
  tx.delete(tableRef);
  tx.update(chartRef, { tableCount: Math.max(0, chart.tableCount - 1), updatedAt: now });
  return table.people.length;
}

/** Puts the tables in the given order: it must list every table of the chart once. */
export async function reorderTables(
  tx: Transaction,
  caller: Caller,
  ref: ChartRef,
  tableIds: string[],
): Promise<string[]> {
  await requireSeatingAdmin(caller, ref, tx);
  const snap = await tx.get(
    store().seatingTables(ref.eventId, ref.scheduleId).select('order').limit(MAX_TABLES),
  );
  const stored = new Map(snap.docs.map((d) => [d.id, d.get('order') as unknown]));
  const unique = new Set(tableIds);
  if (unique.size !== tableIds.length || unique.size !== stored.size) {
    throw badRequest(SEATING_MESSAGES.reorderMismatch);
  }
  if (tableIds.some((id) => !stored.has(id))) throw badRequest(SEATING_MESSAGES.reorderMismatch);
  tableIds.forEach((id, order) => {
    if (stored.get(id) !== order) {
      tx.update(store().seatingTables(ref.eventId, ref.scheduleId).doc(id), { order });
    }
  });
  return tableIds;
}

// ---- Moves -----------------------------------------------------------------------------------

/**
 * Seats people at tables or sends them back to unassigned, all or none. Only people Going to
 * the item may be seated (their name and child mark as their party has them now); anyone may
 * be unassigned (the host clears a flagged seat).
 */
export async function moveSeats(
  tx: Transaction,
  caller: Caller,
  ref: ChartRef,
  moves: SeatMove[],
): Promise<DoneMove[]> {
  const s = store();
  await requireSeatingAdmin(caller, ref, tx);
  const userIds = [...new Set(moves.map((m) => m.userId))];
  const placementCol = s.seatingPlacements(ref.eventId, ref.scheduleId);
  const [placementSnaps, recordSnaps] = await Promise.all([
    readAll(
      userIds.map((id) => placementCol.doc(id)),
      tx,
    ),
    readAll(
      userIds.map((id) => s.rsvpsByUser(ref.eventId).doc(id)),
      tx,
    ),
  ]);
  const placements = new Map<string, Partial<Record<PersonKey, string>>>();
  const sources = new Map<string, PartySource>();
  userIds.forEach((id, i) => {
    const p = placementSnaps[i]?.data();
    if (p) placements.set(id, p.tables);
    sources.set(id, sourceOf(id, ref.scheduleId, recordSnaps[i]?.data()));
  });
  const tableIds = new Set<string>();
  for (const m of moves) {
    const from = placements.get(m.userId)?.[m.person];
    if (from) tableIds.add(from);
    if (m.tableId) tableIds.add(m.tableId);
  }
  const tableCol = s.seatingTables(ref.eventId, ref.scheduleId);
  const ids = [...tableIds];
  const tableSnaps = await readAll(
    ids.map((id) => tableCol.doc(id)),
    tx,
  );
  const tables = new Map<string, SeatingTableRecord>();
  tableSnaps.forEach((snap) => {
    const t = snap.data();
    if (t) tables.set(snap.id, t);
  });
  for (const m of moves) {
    if (m.tableId && !tables.has(m.tableId)) throw notFound(SEATING_MESSAGES.tableNotFound);
  }
  const result = applyMoves({
    moves,
    tables,
    placements,
    personOf: (userId, person) => {
      const source = sources.get(userId);
      if (!source || !source.member || source.status !== 'going') return null;
      const found = partyPeople(source).find((p) => p.person === person);
      return found ?? null;
    },
  });
  if (result.error) throw badRequest(result.error);
  const now = FieldValue.serverTimestamp();
  for (const [id, people] of result.tables) {
    if (!tables.has(id)) continue;
    tx.update(tableCol.doc(id), { people, memberIds: memberIdsOf(people), updatedAt: now });
  }
  for (const [userId, placed] of result.placements) {
    const docRef = placementCol.doc(userId);
    if (Object.keys(placed).length === 0) tx.delete(docRef);
    else {
      tx.set(docRef, {
        id: userId,
        eventId: ref.eventId,
        scheduleId: ref.scheduleId,
        userId,
        tables: placed,
        updatedAt: now,
      });
    }
  }
  return result.done;
}

// ---- Settings and a guest's own table --------------------------------------------------------

/** "Show guests their table" (off until an admin turns it on). */
export async function setSeatingSettings(
  tx: Transaction,
  caller: Caller,
  ref: ChartRef,
  showGuestsTheirTable: boolean,
): Promise<boolean> {
  await requireSeatingAdmin(caller, ref, tx);
  const chartRef = store().seatingChart(ref.eventId, ref.scheduleId);
  const chart = (await tx.get(chartRef)).data();
  tx.set(chartRef, {
    id: ref.scheduleId,
    eventId: ref.eventId,
    scheduleId: ref.scheduleId,
    showGuestsTheirTable,
    tableCount: chart?.tableCount ?? 0,
    nextOrder: chart?.nextOrder ?? 0,
    updatedAt: FieldValue.serverTimestamp(),
  });
  return showGuestsTheirTable;
}

const NO_SEAT: MySeat = { table: null, tablemates: [] };

/**
 * The caller's table and tablemates, on the item's day (in the event's zone) while "Show
 * guests their table" is on; otherwise no table. O(1) reads besides the table's parties (at
 * most its people): the chart, the item, the caller's placement and table.
 */
export async function mySeat(
  caller: Caller,
  ref: ChartRef,
  now: Date = new Date(),
): Promise<MySeat> {
  const s = store();
  const { event, member } = await requireMember(caller, ref.eventId, {
    notFound: SEATING_MESSAGES.itemNotFound,
  });
  const [chartSnap, itemSnap, placementSnap] = await Promise.all([
    s.seatingChart(ref.eventId, ref.scheduleId).get(),
    s.schedule(ref.eventId).doc(ref.scheduleId).get(),
    s.seatingPlacements(ref.eventId, ref.scheduleId).doc(caller.uid).get(),
  ]);
  const item = itemSnap.data();
  // An item limited to guest groups does not exist for those outside them.
  if (!item || !seesItem(member, item)) throw notFound(SEATING_MESSAGES.itemNotFound);
  if (!chartSnap.data()?.showGuestsTheirTable) return NO_SEAT;
  if (calendarDaysBetween(now, item.startTime, eventTimeZone(event)) !== 0) return NO_SEAT;
  const tableId = placementSnap.data()?.tables.self;
  if (!tableId) return NO_SEAT;
  const table = (await s.seatingTables(ref.eventId, ref.scheduleId).doc(tableId).get()).data();
  if (!table) return NO_SEAT;
  const records = await readAll(table.memberIds.map((id) => s.rsvpsByUser(ref.eventId).doc(id)));
  const sources = new Map(
    table.memberIds.map((id, i) => [id, sourceOf(id, ref.scheduleId, records[i]?.data())]),
  );
  const me = sources.get(caller.uid);
  if (!me || seatFlag({ userId: caller.uid, person: 'self', name: me.name, child: false }, me)) {
    return NO_SEAT;
  }
  const tablemates = table.people
    .filter((p) => !(p.userId === caller.uid && p.person === 'self'))
    .filter((p) => seatFlag(p, sources.get(p.userId)) === null)
    .map((p) => p.name);
  return {
    table: { name: table.name, number: table.number, label: tableLabel(table) },
    tablemates,
  };
}

/** Tables in chart order (the CSV and prints). */
export const inOrder = (tables: SeatingTableRecord[]) => [...tables].sort(byTableOrder);

/** Runs one seating write in a transaction. */
export const inTransaction = <T>(run: (tx: Transaction) => Promise<T>): Promise<T> =>
  db().runTransaction(run);
