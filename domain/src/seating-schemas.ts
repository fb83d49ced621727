// The bodies of the seating endpoints (docs/api.md, "Seating"), checked by the functions
// router (api/request-bodies.ts); messages are seating.ts's SEATING_MESSAGES.
import * as yup from 'yup';
import {
  isPersonKey,
  MAX_MOVE_PEOPLE,
  MAX_QUICK_START,
  MAX_TABLE_NAME,
  MAX_TABLE_NUMBER,
  MAX_TABLE_SEATS,
  MAX_TABLES,
  SEATING_MESSAGES as M,
  TABLE_SHAPES,
  type TableShape,
} from './seating.ts';

const whole = (min: number, max: number, message: string) =>
  yup.number().typeError(message).strict().integer(message).min(min, message).max(max, message);

const tableName = yup.string().strict().trim().min(1, M.nameRange).max(MAX_TABLE_NAME, M.nameRange);
const shape = yup
  .mixed<TableShape>()
  .oneOf([...TABLE_SHAPES], M.shapeChoice)
  .defined(M.shapeChoice);
const seats = whole(1, MAX_TABLE_SEATS, M.seatsRange);
const tableNumber = whole(1, MAX_TABLE_NUMBER, M.numberRange);
const id = yup.string().strict().trim().min(1).max(128);

/** POST .../seating/tables: one table, or a quick start ("10 round tables of 8"). */
export const addTablesSchema = yup
  .object({
    /** Absent: 1. */
    count: whole(1, MAX_QUICK_START, M.countRange).optional(),
    seats: seats.defined(M.seatsRange),
    shape: shape,
    /** The name of one table, or the stem of several ("Family" → "Family 1", ...). */
    name: tableName.nullable().optional(),
  })
  .noUnknown('Unknown field: ${unknown}');

/** PATCH .../seating/tables/{t}: any of its fields. */
export const updateTableSchema = yup
  .object({
    name: tableName.optional(),
    number: tableNumber.nullable().optional(),
    shape: yup
      .mixed<TableShape>()
      .oneOf([...TABLE_SHAPES], M.shapeChoice)
      .optional(),
    seats: seats.optional(),
  })
  .noUnknown('Unknown field: ${unknown}');

/** PUT .../seating/order: every table id of the chart, in the new order. */
export const reorderTablesSchema = yup
  .object({
    tableIds: yup.array(id.defined()).strict().min(1).max(MAX_TABLES).defined(M.reorderMismatch),
  })
  .noUnknown('Unknown field: ${unknown}');

const moveSchema = yup
  .object({
    userId: id.defined(),
    person: yup
      .string()
      .strict()
      .defined()
      .test('person', 'A person is "self" or a guest ("g0", "g1", ...)', (v) => isPersonKey(v)),
    tableId: id.nullable().defined(),
  })
  .noUnknown('Unknown field: ${unknown}');

/** POST .../seating/moves: people to tables (or back to unassigned), all or none. */
export const seatMovesSchema = yup
  .object({
    moves: yup
      .array(moveSchema.defined())
      .strict()
      .min(1, M.movesRange)
      .max(MAX_MOVE_PEOPLE, M.movesRange)
      .defined(M.movesRange),
  })
  .noUnknown('Unknown field: ${unknown}');

/** PUT .../seating/settings. */
export const seatingSettingsSchema = yup
  .object({
    showGuestsTheirTable: yup
      .boolean()
      .strict()
      .defined('showGuestsTheirTable must be true or false'),
  })
  .noUnknown('Unknown field: ${unknown}');
