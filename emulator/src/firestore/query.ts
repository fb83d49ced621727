// Structured query compilation and evaluation: filters, Firestore's implicit ordering, cursors,
// offset/limit and projections, over one database's documents.
import type { FsDocument, FsFields, FsValue } from '../shared/value.ts';
import { invalid, unimplemented } from './errors.ts';
import {
  type FieldPath,
  formatFieldPath,
  getField,
  parseFieldPath,
  setField,
} from './field-path.ts';
import { documentName, jsonToValue } from './json.ts';
import { checkResourceId } from './limits.ts';
import type { DatabaseStore } from './store.ts';
import { compareValues, isNumber, numberOf, typeOrder, valuesEqual } from './values.ts';
import type { JsonCursor, JsonFilter, JsonInt32, JsonStructuredQuery } from './wire.ts';

type DocPredicate = (doc: FsDocument) => boolean;

export interface OrderTerm {
  path: FieldPath;
  text: string;
  descending: boolean;
}

interface Cursor {
  values: FsValue[];
  before: boolean;
}

export interface CompiledQuery {
  projectId: string;
  databaseId: string;
  /** Document path the query is rooted at ('' = database root). */
  parentPath: string;
  collectionId: string;
  allDescendants: boolean;
  matches: DocPredicate;
  orderBy: OrderTerm[];
  startAt: Cursor | null;
  endAt: Cursor | null;
  offset: number;
  limit: number | null;
  select: FieldPath[] | null;
  /** field path text → value of top-level `==` filters (what list rules may rely on). */
  equalities: Record<string, FsValue>;
}

const NAME = '__name__';

export function parseInt32(value: JsonInt32 | undefined): number | null {
  if (value === undefined || value === null) return null;
  const raw = typeof value === 'object' ? value.value : value;
  if (raw === undefined) return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw invalid(`Invalid limit: ${String(raw)}`);
  return n;
}

function fieldRef(ref: { fieldPath?: string } | undefined): { path: FieldPath; text: string } {
  const text = ref?.fieldPath;
  if (!text) throw invalid('A filter or order is missing its field path');
  return { path: parseFieldPath(text), text };
}

/** Value of a field, with `__name__` resolving to the document's reference. */
function valueAt(
  doc: FsDocument,
  path: FieldPath,
  projectId: string,
  databaseId: string,
): FsValue | undefined {
  if (path.length === 1 && path[0] === NAME) {
    return { referenceValue: documentName(projectId, databaseId, doc.path) };
  }
  return getField(doc.fields, path);
}

function isNaNValue(value: FsValue | undefined): boolean {
  return value !== undefined && isNumber(value) && Number.isNaN(numberOf(value));
}

function arrayValues(value: FsValue | undefined, what: string): FsValue[] {
  if (!value || !('arrayValue' in value)) throw invalid(`'${what}' requires an array value`);
  return value.arrayValue.values;
}

const inequalityOps = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

interface FilterCompilation {
  predicate: DocPredicate;
  inequalityFields: string[];
}

function compileFilter(
  filter: JsonFilter,
  projectId: string,
  databaseId: string,
): FilterCompilation {
  if (filter.compositeFilter) {
    const op = filter.compositeFilter.op ?? 'AND';
    const parts = (filter.compositeFilter.filters ?? []).map((f) =>
      compileFilter(f, projectId, databaseId),
    );
    const inequalityFields = parts.flatMap((p) => p.inequalityFields);
    if (op === 'AND') {
      return { predicate: (doc) => parts.every((p) => p.predicate(doc)), inequalityFields };
    }
    if (op === 'OR') {
      return { predicate: (doc) => parts.some((p) => p.predicate(doc)), inequalityFields };
    }
    throw unimplemented(`Composite filter operator ${op}`);
  }
  if (filter.unaryFilter) {
    const { path, text } = fieldRef(filter.unaryFilter.field);
    const op = filter.unaryFilter.op;
    const get = (doc: FsDocument) => valueAt(doc, path, projectId, databaseId);
    switch (op) {
      case 'IS_NAN':
        return { predicate: (doc) => isNaNValue(get(doc)), inequalityFields: [] };
      case 'IS_NULL':
        return {
          predicate: (doc) => {
            const v = get(doc);
            return v !== undefined && 'nullValue' in v;
          },
          inequalityFields: [],
        };
      case 'IS_NOT_NAN':
        // Like `!=`: the field must exist and not be null.
        return {
          predicate: (doc) => {
            const v = get(doc);
            return v !== undefined && !('nullValue' in v) && !isNaNValue(v);
          },
          inequalityFields: [text],
        };
      case 'IS_NOT_NULL':
        return {
          predicate: (doc) => {
            const v = get(doc);
            return v !== undefined && !('nullValue' in v);
          },
          inequalityFields: [text],
        };
      default:
        throw unimplemented(`Unary filter operator ${String(op)}`);
    }
  }
  if (filter.fieldFilter) {
    const { path, text } = fieldRef(filter.fieldFilter.field);
    const op = filter.fieldFilter.op ?? '';
    if (!filter.fieldFilter.value) throw invalid(`Filter on ${text} has no value`);
    const operand = jsonToValue(filter.fieldFilter.value);
    const get = (doc: FsDocument) => valueAt(doc, path, projectId, databaseId);
    const inequalityFields = inequalityOps.has(op) ? [text] : [];
    const comparison =
      (test: (c: number) => boolean): DocPredicate =>
      (doc) => {
        const v = get(doc);
        if (v === undefined || typeOrder(v) !== typeOrder(operand)) return false;
        if (isNaNValue(v) || isNaNValue(operand)) return false;
        return test(compareValues(v, operand));
      };
    let predicate: DocPredicate;
    switch (op) {
      case 'LESS_THAN':
        predicate = comparison((c) => c < 0);
        break;
      case 'LESS_THAN_OR_EQUAL':
        predicate = comparison((c) => c <= 0);
        break;
      case 'GREATER_THAN':
        predicate = comparison((c) => c > 0);
        break;
      case 'GREATER_THAN_OR_EQUAL':
        predicate = comparison((c) => c >= 0);
        break;
      case 'EQUAL':
        predicate = (doc) => {
          const v = get(doc);
          return v !== undefined && valuesEqual(v, operand);
        };
        break;
      case 'NOT_EQUAL':
        predicate = (doc) => {
          const v = get(doc);
          return v !== undefined && !('nullValue' in v) && !valuesEqual(v, operand);
        };
        break;
      case 'ARRAY_CONTAINS':
        predicate = (doc) => {
          const v = get(doc);
          return (
            v !== undefined &&
            'arrayValue' in v &&
            v.arrayValue.values.some((e) => valuesEqual(e, operand))
          );
        };
        break;
      case 'IN': {
        // null (like NaN) never equals anything here: `in [null]` matches no document.
        const options = arrayValues(operand, 'in').filter((o) => !('nullValue' in o));
        predicate = (doc) => {
          const v = get(doc);
          return v !== undefined && options.some((o) => valuesEqual(v, o));
        };
        break;
      }
      case 'ARRAY_CONTAINS_ANY': {
        const options = arrayValues(operand, 'array-contains-any').filter(
          (o) => !('nullValue' in o),
        );
        predicate = (doc) => {
          const v = get(doc);
          return (
            v !== undefined &&
            'arrayValue' in v &&
            v.arrayValue.values.some((e) => options.some((o) => valuesEqual(e, o)))
          );
        };
        break;
      }
      case 'NOT_IN': {
        const options = arrayValues(operand, 'not-in');
        const hasNull = options.some((o) => 'nullValue' in o);
        predicate = (doc) => {
          const v = get(doc);
          return (
            !hasNull &&
            v !== undefined &&
            !('nullValue' in v) &&
            !options.some((o) => valuesEqual(v, o))
          );
        };
        break;
      }
      default:
        throw unimplemented(`Field filter operator ${op}`);
    }
    return { predicate, inequalityFields };
  }
  return { predicate: () => true, inequalityFields: [] };
}

function collectEqualities(filter: JsonFilter | undefined, out: Record<string, FsValue>): void {
  if (!filter) return;
  if (filter.compositeFilter && (filter.compositeFilter.op ?? 'AND') === 'AND') {
    for (const f of filter.compositeFilter.filters ?? []) collectEqualities(f, out);
  } else if (
    filter.fieldFilter?.op === 'EQUAL' &&
    filter.fieldFilter.value &&
    filter.fieldFilter.field?.fieldPath
  ) {
    out[formatFieldPath(parseFieldPath(filter.fieldFilter.field.fieldPath))] = jsonToValue(
      filter.fieldFilter.value,
    );
  } else if (filter.unaryFilter?.op === 'IS_NULL' && filter.unaryFilter.field?.fieldPath) {
    out[formatFieldPath(parseFieldPath(filter.unaryFilter.field.fieldPath))] = { nullValue: null };
  }
}

/** Whether the filter constrains the document key with `==` (in a conjunction). */
function hasKeyEquality(filter: JsonFilter | undefined): boolean {
  if (!filter) return false;
  if (filter.compositeFilter && (filter.compositeFilter.op ?? 'AND') === 'AND')
    return (filter.compositeFilter.filters ?? []).some(hasKeyEquality);
  return filter.fieldFilter?.op === 'EQUAL' && filter.fieldFilter.field?.fieldPath === NAME;
}

function compileCursor(cursor: JsonCursor | undefined): Cursor | null {
  if (!cursor) return null;
  return { values: (cursor.values ?? []).map(jsonToValue), before: cursor.before ?? false };
}

export function compileQuery(
  projectId: string,
  databaseId: string,
  parentPath: string,
  query: JsonStructuredQuery,
): CompiledQuery {
  if (query.findNearest) throw unimplemented('Vector search (findNearest)');
  const from = query.from ?? [];
  if (from.length !== 1) throw invalid('A query must select exactly one collection (from)');
  const source = from[0] ?? {};
  const collectionId = source.collectionId ?? '';
  const allDescendants = source.allDescendants ?? false;
  if (collectionId === '' && !allDescendants)
    throw invalid('A collection query needs a collection id');
  if (collectionId !== '') checkResourceId(collectionId);

  const filter = query.where
    ? compileFilter(query.where, projectId, databaseId)
    : { predicate: () => true, inequalityFields: [] };

  // Normalised order: explicit orders, then inequality fields not yet ordered (lexicographic),
  // then __name__, all in the direction of the last explicit order.
  const orderBy: OrderTerm[] = (query.orderBy ?? []).map((o) => {
    const { path } = fieldRef(o.field);
    return { path, text: formatFieldPath(path), descending: o.direction === 'DESCENDING' };
  });
  const lastDescending =
    orderBy.length > 0 ? (orderBy[orderBy.length - 1]?.descending ?? false) : false;
  const ordered = new Set(orderBy.map((o) => o.text));
  const inequalities = new Set(
    filter.inequalityFields.map((t) => formatFieldPath(parseFieldPath(t))),
  );
  if (inequalities.size > 0 && !inequalities.has(NAME) && hasKeyEquality(query.where)) {
    throw invalid(
      'Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.',
    );
  }
  const extra = [...inequalities].filter((t) => !ordered.has(t) && t !== NAME).sort();
  for (const text of extra)
    orderBy.push({ path: parseFieldPath(text), text, descending: lastDescending });
  if (!orderBy.some((o) => o.text === NAME)) {
    orderBy.push({ path: [NAME], text: NAME, descending: lastDescending });
  }
  if (orderBy.findIndex((o) => o.text === NAME) !== orderBy.length - 1) {
    throw invalid(
      `order by clause cannot contain more fields after the key ${NAME} (ordering: ${orderBy.map((o) => o.text).join(', ')})`,
    );
  }

  const equalities: Record<string, FsValue> = {};
  collectEqualities(query.where, equalities);

  return {
    projectId,
    databaseId,
    parentPath,
    collectionId,
    allDescendants,
    matches: filter.predicate,
    orderBy,
    startAt: compileCursor(query.startAt),
    endAt: compileCursor(query.endAt),
    offset: query.offset ?? 0,
    limit: parseInt32(query.limit),
    select: query.select ? (query.select.fields ?? []).map((f) => fieldRef(f).path) : null,
    equalities,
  };
}

/** Collection path of a direct (non-group) query. */
export function queryCollectionPath(query: CompiledQuery): string {
  return query.parentPath === '' ? query.collectionId : `${query.parentPath}/${query.collectionId}`;
}

/** Whether a document at `path` is in the query's scope (collection or group), ignoring filters. */
export function inQueryScope(query: CompiledQuery, path: string): boolean {
  const slash = path.lastIndexOf('/');
  const collectionPath = path.slice(0, slash);
  if (!query.allDescendants) return collectionPath === queryCollectionPath(query);
  if (query.parentPath !== '' && !path.startsWith(query.parentPath + '/')) return false;
  if (query.collectionId === '') return true;
  return collectionPath.slice(collectionPath.lastIndexOf('/') + 1) === query.collectionId;
}

function* candidates(store: DatabaseStore, query: CompiledQuery): Iterable<FsDocument> {
  if (!query.allDescendants) {
    yield* store.collection(queryCollectionPath(query));
    return;
  }
  for (const path of store.collectionPaths(query.parentPath, query.collectionId))
    yield* store.collection(path);
}

function compareDocs(query: CompiledQuery, a: FsDocument, b: FsDocument): number {
  for (const term of query.orderBy) {
    const x = valueAt(a, term.path, query.projectId, query.databaseId);
    const y = valueAt(b, term.path, query.projectId, query.databaseId);
    const c = compareValues(x ?? { nullValue: null }, y ?? { nullValue: null });
    if (c !== 0) return term.descending ? -c : c;
  }
  return 0;
}

/** Compares a document's position to a cursor over the order's leading fields. */
function compareToCursor(query: CompiledQuery, doc: FsDocument, cursor: Cursor): number {
  for (let i = 0; i < cursor.values.length; i++) {
    const term = query.orderBy[i];
    if (!term) throw invalid('A cursor has more values than the query has orderBy fields');
    const value = valueAt(doc, term.path, query.projectId, query.databaseId) ?? { nullValue: null };
    let bound = cursor.values[i] as FsValue;
    if (term.text === NAME && 'stringValue' in bound) {
      bound = {
        referenceValue: documentName(query.projectId, query.databaseId, bound.stringValue),
      };
    }
    const c = compareValues(value, bound);
    if (c !== 0) return term.descending ? -c : c;
  }
  return 0;
}

/** Whether a document satisfies filters, order-field presence and cursors (not offset/limit). */
export function documentMatches(query: CompiledQuery, doc: FsDocument): boolean {
  if (!query.matches(doc)) return false;
  for (const term of query.orderBy) {
    if (term.text !== NAME && getField(doc.fields, term.path) === undefined) return false;
  }
  if (query.startAt) {
    const c = compareToCursor(query, doc, query.startAt);
    if (query.startAt.before ? c < 0 : c <= 0) return false;
  }
  if (query.endAt) {
    const c = compareToCursor(query, doc, query.endAt);
    if (query.endAt.before ? c >= 0 : c > 0) return false;
  }
  return true;
}

/** Runs the query: matching documents in order, after offset and limit, before projection. */
export function executeQuery(store: DatabaseStore, query: CompiledQuery): FsDocument[] {
  const matched: FsDocument[] = [];
  for (const doc of candidates(store, query)) if (documentMatches(query, doc)) matched.push(doc);
  matched.sort((a, b) => compareDocs(query, a, b));
  const end = query.limit === null ? undefined : query.offset + query.limit;
  return matched.slice(query.offset, end);
}

/** Applies the query's projection (select) to a result document. */
export function project(query: CompiledQuery, doc: FsDocument): FsDocument {
  if (!query.select) return doc;
  const fields: FsFields = {};
  for (const path of query.select) {
    if (path.length === 1 && path[0] === NAME) continue;
    const value = getField(doc.fields, path);
    if (value !== undefined) setField(fields, path, value);
  }
  return { ...doc, fields };
}
