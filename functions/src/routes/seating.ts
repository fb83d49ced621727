// Seating charts per schedule item (docs/api.md, "Seating").
import { API } from '@gatherly/domain/api/endpoints';
import { route, type Route } from '../router.ts';
import {
  addTables,
  deleteTable,
  getSeating,
  inTransaction,
  moveSeats,
  mySeat,
  reorderTables,
  setSeatingSettings,
  tableBody,
  updateTable,
} from '../services/seating.ts';
import { seatingCsvDownload } from '../services/seating-export.ts';

const chartOf = (params: { eventId: string; scheduleId: string }) => ({
  eventId: params.eventId,
  scheduleId: params.scheduleId,
});

export const seatingRoutes: Route[] = [
  route(API.getSeating, async ({ caller, params }) => ({
    body: await getSeating(caller, chartOf(params)),
  })),
  route(API.addSeatingTables, async ({ caller, params, body }) => {
    const tables = await inTransaction((tx) => addTables(tx, caller, chartOf(params), body));
    return { status: 201, body: { tables: tables.map(tableBody) } };
  }),
  route(API.updateSeatingTable, async ({ caller, params, body }) => {
    const table = await inTransaction((tx) =>
      updateTable(tx, caller, chartOf(params), params.tableId, body),
    );
    return { body: { table: tableBody(table) } };
  }),
  route(API.deleteSeatingTable, async ({ caller, params }) => {
    const unassigned = await inTransaction((tx) =>
      deleteTable(tx, caller, chartOf(params), params.tableId),
    );
    return { body: { deleted: true as const, id: params.tableId, unassigned } };
  }),
  route(API.reorderSeatingTables, async ({ caller, params, body }) => {
    const tableIds = await inTransaction((tx) =>
      reorderTables(tx, caller, chartOf(params), body.tableIds),
    );
    return { body: { tableIds } };
  }),
  route(API.moveSeats, async ({ caller, params, body }) => {
    const moves = await inTransaction((tx) => moveSeats(tx, caller, chartOf(params), body.moves));
    return { body: { moves } };
  }),
  route(API.setSeatingSettings, async ({ caller, params, body }) => {
    const showGuestsTheirTable = await inTransaction((tx) =>
      setSeatingSettings(tx, caller, chartOf(params), body.showGuestsTheirTable),
    );
    return { body: { showGuestsTheirTable } };
  }),
  route(API.mySeat, async ({ caller, params }) => ({
    body: await mySeat(caller, chartOf(params)),
  })),
  route(API.exportSeatingCsv, async ({ caller, params }) => ({
    download: await seatingCsvDownload(caller, chartOf(params)),
  })),
];
