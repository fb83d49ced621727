// The seating chart through the API (docs/api.md, "Seating"): every write goes through the
// functions (rules refuse direct writes), each one transaction on the server.
import { API } from '@gatherly/domain/api/endpoints';
import type {
  DoneMove,
  MySeat,
  SeatingResponse,
  SeatingTable,
  SeatMove,
  TableShape,
} from '@gatherly/domain/seating';
import { seatingCsvFileName } from '@gatherly/domain/seating-csv';
import { callApi, downloadApi } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-link.ts';

/** A chart's address: its event and schedule item. */
export interface ChartRef {
  eventId: string;
  scheduleId: string;
}

export const loadSeating = (ref: ChartRef): Promise<SeatingResponse> =>
  callApi(API.getSeating, { params: { ...ref } });

export async function addTables(
  ref: ChartRef,
  body: { count: number; seats: number; shape: TableShape; name?: string | null },
): Promise<SeatingTable[]> {
  return (await callApi(API.addSeatingTables, { params: { ...ref }, body })).tables;
}

export async function updateTable(
  ref: ChartRef,
  tableId: string,
  body: Partial<Pick<SeatingTable, 'name' | 'number' | 'shape' | 'seats'>>,
): Promise<SeatingTable> {
  return (await callApi(API.updateSeatingTable, { params: { ...ref, tableId }, body })).table;
}

export const deleteTable = (ref: ChartRef, tableId: string) =>
  callApi(API.deleteSeatingTable, { params: { ...ref, tableId } });

export async function reorderTables(ref: ChartRef, tableIds: string[]): Promise<string[]> {
  return (await callApi(API.reorderSeatingTables, { params: { ...ref }, body: { tableIds } }))
    .tableIds;
}

export async function moveSeats(ref: ChartRef, moves: SeatMove[]): Promise<DoneMove[]> {
  return (await callApi(API.moveSeats, { params: { ...ref }, body: { moves } })).moves;
}

export async function setShowGuestsTheirTable(ref: ChartRef, on: boolean): Promise<boolean> {
  return (
    await callApi(API.setSeatingSettings, {
      params: { ...ref },
      body: { showGuestsTheirTable: on },
    })
  ).showGuestsTheirTable;
}

/** The caterer's CSV, saved as a file named for the event and item. */
export async function saveSeatingCsv(
  ref: ChartRef,
  eventName: string,
  itemTitle: string,
): Promise<void> {
  const blob = await downloadApi(API.exportSeatingCsv, { params: { ...ref } });
  saveBlob(blob, seatingCsvFileName(eventName, itemTitle));
}

/** The caller's own table on the item's day (null table: none to show). */
export const loadMySeat = (ref: ChartRef): Promise<MySeat> =>
  callApi(API.mySeat, { params: { ...ref } });
