// Which index production would serve a query from, and the FAILED_PRECONDITION it answers when
// none is declared ("The query requires an index"). Pure planning over a query's shape and a
// firestore.indexes.json configuration; the service decides when to enforce it and records what
// each query used (index-usage report).
//
// The rules (Firestore "Index types", "Index merging", "Query limitations"), as modelled here:
// - Automatic single-field indexes exist per collection for every field: ascending, descending
//   and array-contains, collection scope only. `fieldOverrides` replace them for a field (and
//   the map fields under it), or for every field of a collection group with `*`; collection
//   group scope single-field indexes exist only where an override declares them.
// - A query is a conjunction (or, with OR, each disjunct of its disjunctive normal form is
//   planned on its own) of equality filters (==, in, IS NULL, IS NAN), array-contains(-any)
//   filters, and an order: the explicit orders, then the inequality fields not yet ordered,
//   then the document key, which Firestore normalises exactly as query.ts does.
// - An index serves a disjunct when its fields are some of the disjunct's equality fields (in
//   any order and direction; array-contains fields as CONTAINS) followed by exactly the order's
//   fields and directions, and its implicit last `__name__` (in the direction of its last field,
//   or explicit) runs in the order's key direction. Several such indexes with the same order
//   part merge (zig-zag merge join) to cover all equality fields. With no equality fields, one
//   index with no equality part serves; with no order fields either, the key scan serves.
// - `sum()` / `avg()` are computed from index entries: the aggregated field is part of the
//   order the index must hold (after the query's own order fields; uncertain in the docs, so
//   the stricter reading).
// - Stricter where the documentation is silent: a COLLECTION_GROUP index serves only
//   collection group queries; indexes are never scanned in reverse (directions must match).
import { Code, FirestoreError, invalid } from './errors.ts';
import { formatFieldPath, parseFieldPath } from './field-path.ts';
import type { CompiledQuery } from './query.ts';
import type { JsonFilter } from './wire.ts';

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';
export type Direction = 'ASCENDING' | 'DESCENDING';

export interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  fields: IndexField[];
}

export interface FieldOverrideIndex {
  queryScope: QueryScope;
  order?: Direction;
  arrayConfig?: 'CONTAINS';
}

export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: FieldOverrideIndex[];
}

/** A parsed firestore.indexes.json (field paths in canonical form). */
export interface IndexConfig {
  indexes: CompositeIndex[];
  fieldOverrides: FieldOverride[];
}

export const EMPTY_INDEX_CONFIG: IndexConfig = { indexes: [], fieldOverrides: [] };

const NAME = '__name__';

function fail(message: string): never {
  throw new Error(`firestore.indexes.json: ${message}`);
}

function canonical(path: unknown, where: string): string {
  if (typeof path !== 'string' || path === '') fail(`${where} needs a fieldPath`);
  if (path === '*') return path;
  try {
    return formatFieldPath(parseFieldPath(path));
  } catch {
    return fail(`${where} has an invalid fieldPath "${path}"`);
  }
}

function scopeOf(value: unknown, where: string): QueryScope {
  if (value === undefined || value === 'COLLECTION') return 'COLLECTION';
  if (value === 'COLLECTION_GROUP') return 'COLLECTION_GROUP';
  return fail(`${where} has an unknown queryScope ${JSON.stringify(value)}`);
}

function modeOf(
  entry: { order?: unknown; arrayConfig?: unknown },
  where: string,
): { order?: Direction; arrayConfig?: 'CONTAINS' } {
  if (entry.order !== undefined && entry.arrayConfig !== undefined)
    fail(`${where} has both order and arrayConfig`);
  if (entry.order === 'ASCENDING' || entry.order === 'DESCENDING') return { order: entry.order };
  if (entry.arrayConfig === 'CONTAINS') return { arrayConfig: 'CONTAINS' };
  return fail(`${where} needs order ASCENDING|DESCENDING or arrayConfig CONTAINS`);
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail(`${where} must be an object`);
  return value as Record<string, unknown>;
}

function list(value: unknown, where: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(`${where} must be an array`);
  return value;
}

/** Parses and checks firestore.indexes.json's content (the deploy format). */
export function parseIndexConfig(json: unknown): IndexConfig {
  const root = record(json, 'the file');
  const indexes = list(root.indexes, 'indexes').map((raw, i): CompositeIndex => {
    const entry = record(raw, `indexes[${i}]`);
    const where = `indexes[${i}]`;
    if (typeof entry.collectionGroup !== 'string' || entry.collectionGroup === '')
      fail(`${where} needs a collectionGroup`);
    const fields = list(entry.fields, `${where}.fields`).map((f, j) => {
      const field = record(f, `${where}.fields[${j}]`);
      return {
        fieldPath: canonical(field.fieldPath, `${where}.fields[${j}]`),
        ...modeOf(field, `${where}.fields[${j}]`),
      };
    });
    if (fields.filter((f) => f.fieldPath !== NAME).length < 2)
      fail(`${where} has fewer than two fields: single-field indexes are fieldOverrides`);
    return {
      collectionGroup: entry.collectionGroup,
      queryScope: scopeOf(entry.queryScope, where),
      fields,
    };
  });
  const fieldOverrides = list(root.fieldOverrides, 'fieldOverrides').map(
    (raw, i): FieldOverride => {
      const entry = record(raw, `fieldOverrides[${i}]`);
      const where = `fieldOverrides[${i}]`;
      if (typeof entry.collectionGroup !== 'string' || entry.collectionGroup === '')
        fail(`${where} needs a collectionGroup`);
      return {
        collectionGroup: entry.collectionGroup,
        fieldPath: canonical(entry.fieldPath, where),
        indexes: list(entry.indexes, `${where}.indexes`).map((r, j) => {
          const index = record(r, `${where}.indexes[${j}]`);
          return {
            queryScope: scopeOf(index.queryScope, `${where}.indexes[${j}]`),
            ...modeOf(index, `${where}.indexes[${j}]`),
          };
        }),
      };
    },
  );
  return { indexes, fieldOverrides };
}

// ---- Query shape ------------------------------------------------------------------------------

export type FieldMode = Direction | 'CONTAINS';

export interface EqualityTerm {
  field: string;
  /** EQ: ==, in, IS NULL, IS NAN. CONTAINS: array-contains, array-contains-any. */
  kind: 'EQ' | 'CONTAINS';
}

export interface QueryShape {
  collectionGroup: string;
  scope: QueryScope;
  /** Disjunctive normal form: each entry is one disjunct's equality terms. */
  disjuncts: EqualityTerm[][];
  /** The normalised order, ending with `__name__` (as query.ts computes it). */
  order: { field: string; direction: Direction }[];
  /** Fields read by sum()/avg(). */
  aggregated: string[];
}

const MAX_DISJUNCTS = 1_000;

/** The equality terms of each disjunct of a filter's disjunctive normal form. */
export function disjunctsOf(filter: JsonFilter | undefined): EqualityTerm[][] {
  if (!filter) return [[]];
  if (filter.compositeFilter) {
    const op = filter.compositeFilter.op ?? 'AND';
    const parts = (filter.compositeFilter.filters ?? []).map(disjunctsOf);
    if (op === 'OR') return parts.flat();
    let product: EqualityTerm[][] = [[]];
    for (const part of parts) {
      const next: EqualityTerm[][] = [];
      for (const left of product) for (const right of part) next.push([...left, ...right]);
      if (next.length > MAX_DISJUNCTS)
        throw invalid(`The query's filters expand to more than ${MAX_DISJUNCTS} disjunctions.`);
      product = next;
    }
    return product;
  }
  const term = (path: string | undefined, kind: EqualityTerm['kind']): EqualityTerm[][] => {
    if (!path) return [[]];
    const field = formatFieldPath(parseFieldPath(path));
    return field === NAME ? [[]] : [[{ field, kind }]];
  };
  if (filter.unaryFilter) {
    const op = filter.unaryFilter.op;
    return op === 'IS_NULL' || op === 'IS_NAN'
      ? term(filter.unaryFilter.field?.fieldPath, 'EQ')
      : [[]];
  }
  if (filter.fieldFilter) {
    const op = filter.fieldFilter.op;
    const path = filter.fieldFilter.field?.fieldPath;
    if (op === 'EQUAL' || op === 'IN') return term(path, 'EQ');
    if (op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY') return term(path, 'CONTAINS');
  }
  return [[]];
}

// ---- Planning ---------------------------------------------------------------------------------

/** An index as the planner sees it: declared composite, or an automatic/overridden single field. */
export interface PlannedIndex {
  kind: 'composite' | 'single-field';
  collectionGroup: string;
  queryScope: QueryScope;
  fields: IndexField[];
}

export type Plan =
  { ok: true; uses: PlannedIndex[] } | { ok: false; missing: PlannedIndex; error: FirestoreError };

function modeOfField(field: IndexField): FieldMode {
  return field.arrayConfig ? 'CONTAINS' : (field.order ?? 'ASCENDING');
}

/** Whether a single-field index of `field` in `mode` and `scope` exists for the group. */
export function singleFieldIndexEnabled(
  config: IndexConfig,
  collectionGroup: string,
  field: string,
  mode: FieldMode,
  scope: QueryScope,
): boolean {
  const overrides = config.fieldOverrides.filter((o) => o.collectionGroup === collectionGroup);
  // The nearest override: the field itself, then the map fields above it, then `*`.
  const segments = parseFieldPath(field);
  let override: FieldOverride | undefined;
  for (let n = segments.length; n > 0 && !override; n--) {
    const prefix = formatFieldPath(segments.slice(0, n));
    override = overrides.find((o) => o.fieldPath === prefix);
  }
  override ??= overrides.find((o) => o.fieldPath === '*');
  if (!override) return scope === 'COLLECTION';
  return override.indexes.some(
    (i) =>
      i.queryScope === scope &&
      (mode === 'CONTAINS' ? i.arrayConfig === 'CONTAINS' : i.order === mode),
  );
}

interface OrderPart {
  fields: { field: string; direction: Direction }[];
  nameDirection: Direction;
}

function orderPart(shape: QueryShape): OrderPart {
  const order = shape.order.filter((t) => t.field !== NAME);
  const name = shape.order.find((t) => t.field === NAME);
  const nameDirection = name?.direction ?? order[order.length - 1]?.direction ?? 'ASCENDING';
  const fields = [...order];
  for (const field of shape.aggregated) {
    if (!fields.some((f) => f.field === field)) fields.push({ field, direction: 'ASCENDING' });
  }
  return { fields, nameDirection };
}

/** The index's equality part when it serves the order part, or null when it does not. */
function equalityPrefix(
  index: PlannedIndex,
  equalities: EqualityTerm[],
  order: OrderPart,
): EqualityTerm[] | null {
  let fields = index.fields;
  let nameDirection: Direction;
  const last = fields[fields.length - 1];
  if (last?.fieldPath === NAME) {
    nameDirection = last.order ?? 'ASCENDING';
    fields = fields.slice(0, -1);
  } else {
    nameDirection = last?.order ?? 'ASCENDING';
  }
  const prefixLength = fields.length - order.fields.length;
  if (prefixLength < 0) return null;
  for (const [i, term] of order.fields.entries()) {
    const field = fields[prefixLength + i] as IndexField;
    if (field.fieldPath !== term.field || modeOfField(field) !== term.direction) return null;
  }
  // With an order part the key direction follows it; with none, equality-only indexes of any
  // direction serve both key directions (both single-field directions exist by default).
  if (order.fields.length > 0 && nameDirection !== order.nameDirection) return null;
  const prefix: EqualityTerm[] = [];
  for (const field of fields.slice(0, prefixLength)) {
    const term = equalities.find(
      (e) =>
        e.field === field.fieldPath &&
        (e.kind === 'CONTAINS') === (field.arrayConfig === 'CONTAINS'),
    );
    if (!term) return null;
    prefix.push(term);
  }
  return prefix;
}

function candidates(
  config: IndexConfig,
  shape: QueryShape,
  equalities: EqualityTerm[],
  order: OrderPart,
): PlannedIndex[] {
  const declared: PlannedIndex[] = config.indexes
    .filter((i) => i.collectionGroup === shape.collectionGroup && i.queryScope === shape.scope)
    .map((i) => ({ kind: 'composite', ...i }));
  const single: PlannedIndex[] = [];
  const addSingle = (field: string, mode: FieldMode) => {
    if (!singleFieldIndexEnabled(config, shape.collectionGroup, field, mode, shape.scope)) return;
    single.push({
      kind: 'single-field',
      collectionGroup: shape.collectionGroup,
      queryScope: shape.scope,
      fields: [
        mode === 'CONTAINS'
          ? { fieldPath: field, arrayConfig: 'CONTAINS' }
          : { fieldPath: field, order: mode },
      ],
    });
  };
  const [only, ...rest] = order.fields;
  if (only && rest.length === 0) addSingle(only.field, only.direction);
  if (order.fields.length === 0) {
    for (const e of equalities) {
      if (e.kind === 'CONTAINS') addSingle(e.field, 'CONTAINS');
      else {
        addSingle(e.field, order.nameDirection);
        const other: Direction = order.nameDirection === 'ASCENDING' ? 'DESCENDING' : 'ASCENDING';
        if (!single.some((s) => s.fields[0]?.fieldPath === e.field)) addSingle(e.field, other);
      }
    }
  }
  return [...declared, ...single];
}

function planDisjunct(
  config: IndexConfig,
  shape: QueryShape,
  terms: EqualityTerm[],
): { uses: PlannedIndex[] } | { missing: PlannedIndex } {
  // An equality field that is also ordered is served by the order part.
  const unique = new Map<string, EqualityTerm>();
  for (const t of terms) unique.set(`${t.kind}:${t.field}`, t);
  const order = orderPart(shape);
  const equalities = [...unique.values()].filter(
    (t) => t.kind === 'CONTAINS' || !order.fields.some((o) => o.field === t.field),
  );
  if (equalities.length === 0 && order.fields.length === 0) return { uses: [] };
  const serving = candidates(config, shape, equalities, order)
    .map((index) => ({ index, prefix: equalityPrefix(index, equalities, order) }))
    .filter((c): c is { index: PlannedIndex; prefix: EqualityTerm[] } => c.prefix !== null);
  if (equalities.length === 0) {
    const best = serving.find((c) => c.prefix.length === 0);
    if (best) return { uses: [best.index] };
  } else {
    // Prefer one index covering every equality; otherwise merge greedily (largest first).
    const covers = (c: { prefix: EqualityTerm[] }) => c.prefix.length;
    const whole = serving.find((c) => covers(c) === equalities.length);
    if (whole) return { uses: [whole.index] };
    const uses: PlannedIndex[] = [];
    const left = new Set(equalities);
    for (const c of [...serving].sort((a, b) => covers(b) - covers(a))) {
      if (!c.prefix.some((t) => left.has(t))) continue;
      uses.push(c.index);
      for (const t of c.prefix) left.delete(t);
    }
    if (left.size === 0) return { uses };
  }
  return { missing: suggestion(shape, equalities, order) };
}

/** The index production's error would propose. */
function suggestion(shape: QueryShape, equalities: EqualityTerm[], order: OrderPart): PlannedIndex {
  const fields: IndexField[] = [
    ...equalities.map((e): IndexField =>
      e.kind === 'CONTAINS'
        ? { fieldPath: e.field, arrayConfig: 'CONTAINS' }
        : { fieldPath: e.field, order: 'ASCENDING' },
    ),
    ...order.fields.map((o): IndexField => ({ fieldPath: o.field, order: o.direction })),
  ];
  const last = fields[fields.length - 1];
  const implicitName = last?.order ?? 'ASCENDING';
  if (order.fields.length > 0 && implicitName !== order.nameDirection)
    fields.push({ fieldPath: NAME, order: order.nameDirection });
  return {
    kind: fields.length === 1 ? 'single-field' : 'composite',
    collectionGroup: shape.collectionGroup,
    queryScope: shape.scope,
    fields,
  };
}

/** The firestore.indexes.json entry declaring an index (composite or field override). */
export function declarationOf(index: PlannedIndex): CompositeIndex | FieldOverride {
  if (index.kind === 'composite') {
    return {
      collectionGroup: index.collectionGroup,
      queryScope: index.queryScope,
      fields: index.fields,
    };
  }
  const field = index.fields[0] as IndexField;
  return {
    collectionGroup: index.collectionGroup,
    fieldPath: field.fieldPath,
    indexes: [
      {
        ...(field.arrayConfig
          ? { arrayConfig: field.arrayConfig }
          : { order: field.order ?? 'ASCENDING' }),
        queryScope: index.queryScope,
      },
    ],
  };
}

/** A stable key of an index (for usage counts and matching declarations). */
export function indexKey(index: PlannedIndex): string {
  const fields = index.fields.map((f) => `${f.fieldPath}:${modeOfField(f)}`).join(',');
  return `${index.kind}|${index.collectionGroup}|${index.queryScope}|${fields}`;
}

function missingIndexError(index: PlannedIndex): FirestoreError {
  if (index.kind === 'single-field') {
    const field = index.fields[0] as IndexField;
    const mode = field.arrayConfig
      ? 'ARRAY_CONTAINS'
      : field.order === 'DESCENDING'
        ? 'DESC'
        : 'ASC';
    return new FirestoreError(
      Code.FAILED_PRECONDITION,
      `The query requires a ${index.queryScope}_${mode} index for collection ${index.collectionGroup} and field ${field.fieldPath}. ` +
        `Declare it in firestore.indexes.json "fieldOverrides": ${JSON.stringify(declarationOf(index))}`,
    );
  }
  return new FirestoreError(
    Code.FAILED_PRECONDITION,
    `The query requires an index. Declare it in firestore.indexes.json "indexes": ${JSON.stringify(declarationOf(index))}`,
  );
}

/** Plans every disjunct; the first one no declared or automatic index serves fails the query. */
export function planQuery(config: IndexConfig, shape: QueryShape): Plan {
  const uses: PlannedIndex[] = [];
  for (const terms of shape.disjuncts) {
    const planned = planDisjunct(config, shape, terms);
    if ('missing' in planned)
      return { ok: false, missing: planned.missing, error: missingIndexError(planned.missing) };
    for (const index of planned.uses)
      if (!uses.some((u) => indexKey(u) === indexKey(index))) uses.push(index);
  }
  return { ok: true, uses };
}

/** The shape of a compiled query (null for kindless queries, which only use the key). */
export function queryShape(
  where: JsonFilter | undefined,
  compiled: CompiledQuery,
  aggregated: string[] = [],
): QueryShape | null {
  if (compiled.collectionId === '') return null;
  return {
    collectionGroup: compiled.collectionId,
    scope: compiled.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    disjuncts: disjunctsOf(where),
    order: compiled.orderBy.map((o) => ({
      field: o.text,
      direction: o.descending ? 'DESCENDING' : 'ASCENDING',
    })),
    aggregated: aggregated.map((f) => formatFieldPath(parseFieldPath(f))),
  };
}
