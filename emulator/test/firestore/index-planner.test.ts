// The index planner against a table of queries and the answer production gives, from Firestore's
// documentation ("Index types", "Manage indexes", "Index merging", "Query with range and
// inequality filters on multiple fields", collection group queries), plus the cases where the
// emulator takes the stricter reading (marked "stricter").
import { describe, expect, it } from 'vitest';
import {
  declarationOf,
  EMPTY_INDEX_CONFIG,
  type IndexConfig,
  parseIndexConfig,
  planQuery,
  queryShape,
} from '../../src/firestore/indexes.ts';
import { compileQuery } from '../../src/firestore/query.ts';
import type { JsonFilter, JsonStructuredQuery } from '../../src/firestore/wire.ts';

type Op =
  '==' | '<' | '<=' | '>' | '>=' | '!=' | 'in' | 'not-in' | 'array-contains' | 'array-contains-any';
const ops: Record<Op, string> = {
  '==': 'EQUAL',
  '<': 'LESS_THAN',
  '<=': 'LESS_THAN_OR_EQUAL',
  '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL',
  '!=': 'NOT_EQUAL',
  in: 'IN',
  'not-in': 'NOT_IN',
  'array-contains': 'ARRAY_CONTAINS',
  'array-contains-any': 'ARRAY_CONTAINS_ANY',
};

function where(field: string, op: Op, value: unknown = 1): JsonFilter {
  const json =
    op === 'in' || op === 'not-in' || op === 'array-contains-any'
      ? { arrayValue: { values: [{ integerValue: '1' }, { integerValue: '2' }] } }
      : typeof value === 'string'
        ? { stringValue: value }
        : { integerValue: String(value) };
  return { fieldFilter: { field: { fieldPath: field }, op: ops[op], value: json } };
}
const and = (...filters: JsonFilter[]): JsonFilter => ({
  compositeFilter: { op: 'AND', filters },
});
const or = (...filters: JsonFilter[]): JsonFilter => ({ compositeFilter: { op: 'OR', filters } });
const order = (field: string, direction: 'ASCENDING' | 'DESCENDING' = 'ASCENDING') => ({
  field: { fieldPath: field },
  direction,
});

interface Case {
  name: string;
  group?: boolean;
  query: Omit<JsonStructuredQuery, 'from'>;
  aggregated?: string[];
  indexes?: unknown;
  /** 'ok', or the firestore.indexes.json entry production's error asks for. */
  answer: 'ok' | object;
}

function config(json: unknown): IndexConfig {
  return json === undefined ? EMPTY_INDEX_CONFIG : parseIndexConfig(json);
}

const cities = (fields: object[], queryScope = 'COLLECTION') => ({
  indexes: [{ collectionGroup: 'cities', queryScope, fields }],
});
const asc = (fieldPath: string) => ({ fieldPath, order: 'ASCENDING' });
const desc = (fieldPath: string) => ({ fieldPath, order: 'DESCENDING' });
const contains = (fieldPath: string) => ({ fieldPath, arrayConfig: 'CONTAINS' });
const composite = (fields: object[], queryScope = 'COLLECTION') => ({
  collectionGroup: 'cities',
  queryScope,
  fields,
});
const override = (fieldPath: string, index: object) => ({
  collectionGroup: 'cities',
  fieldPath,
  indexes: [index],
});

const cases: Case[] = [
  // Served by automatic single-field indexes.
  { name: 'one equality', query: { where: where('state', '==', 'CA') }, answer: 'ok' },
  { name: 'one range', query: { where: where('population', '<', 100000) }, answer: 'ok' },
  {
    name: 'range and order on the same field, descending',
    query: { where: where('population', '>', 5), orderBy: [order('population', 'DESCENDING')] },
    answer: 'ok',
  },
  { name: 'order on one field', query: { orderBy: [order('population')] }, answer: 'ok' },
  {
    name: 'equalities on several fields merge single-field indexes',
    query: { where: and(where('state', '==', 'CO'), where('name', '==', 'Denver')) },
    answer: 'ok',
  },
  {
    name: 'array-contains with an equality merges too',
    query: { where: and(where('regions', 'array-contains', 'west'), where('capital', '==', 1)) },
    answer: 'ok',
  },
  { name: 'in', query: { where: where('country', 'in') }, answer: 'ok' },
  { name: 'not-in alone', query: { where: where('country', 'not-in') }, answer: 'ok' },
  {
    name: 'key order descending',
    query: { orderBy: [order('__name__', 'DESCENDING')] },
    answer: 'ok',
  },
  {
    name: 'equality and key range (pagination by id)',
    query: { where: and(where('state', '==', 'CA'), where('__name__', '>', 'cities/x')) },
    answer: 'ok',
  },
  {
    name: 'equality on an ordered field',
    query: { where: where('state', '==', 'CA'), orderBy: [order('state')] },
    answer: 'ok',
  },
  {
    name: 'OR of equalities: each disjunct merges single-field indexes',
    query: { where: or(where('state', '==', 'CA'), where('capital', '==', 1)) },
    answer: 'ok',
  },
  // Composite indexes required.
  {
    name: 'equality and order on another field',
    query: { where: where('state', '==', 'CA'), orderBy: [order('population')] },
    answer: composite([asc('state'), asc('population')]),
  },
  {
    name: 'equality and range on another field',
    query: { where: and(where('state', '==', 'CA'), where('population', '<', 1000000)) },
    answer: composite([asc('state'), asc('population')]),
  },
  {
    name: '… served by the declared index',
    query: { where: and(where('state', '==', 'CA'), where('population', '<', 1000000)) },
    indexes: cities([asc('state'), asc('population')]),
    answer: 'ok',
  },
  {
    name: 'declared equality direction does not matter',
    query: { where: and(where('state', '==', 'CA'), where('population', '<', 1000000)) },
    indexes: cities([desc('state'), asc('population')]),
    answer: 'ok',
  },
  {
    name: 'order direction must match the declared index (stricter: no reverse scans)',
    query: { where: where('country', '==', 'USA'), orderBy: [order('population', 'DESCENDING')] },
    indexes: cities([asc('country'), asc('population')]),
    answer: composite([asc('country'), desc('population')]),
  },
  {
    name: '… and is served with the direction declared',
    query: { where: where('country', '==', 'USA'), orderBy: [order('population', 'DESCENDING')] },
    indexes: cities([asc('country'), desc('population')]),
    answer: 'ok',
  },
  {
    name: 'field order of the index matters',
    query: { where: where('state', '==', 'CA'), orderBy: [order('population')] },
    indexes: cities([asc('population'), asc('state')]),
    answer: composite([asc('state'), asc('population')]),
  },
  {
    name: 'orders on two fields',
    query: { orderBy: [order('state'), order('population', 'DESCENDING')] },
    answer: composite([asc('state'), desc('population')]),
  },
  {
    name: 'array-contains and order on another field',
    query: { where: where('regions', 'array-contains', 'west'), orderBy: [order('population')] },
    answer: composite([contains('regions'), asc('population')]),
  },
  {
    name: 'array-contains needs an arrayConfig field, not an ordered one',
    query: { where: where('regions', 'array-contains', 'west'), orderBy: [order('population')] },
    indexes: cities([asc('regions'), asc('population')]),
    answer: composite([contains('regions'), asc('population')]),
  },
  {
    name: 'array-contains-any and range',
    query: { where: and(where('regions', 'array-contains-any'), where('population', '>', 5)) },
    indexes: cities([contains('regions'), asc('population')]),
    answer: 'ok',
  },
  {
    name: 'in and order on another field',
    query: { where: where('country', 'in'), orderBy: [order('population')] },
    answer: composite([asc('country'), asc('population')]),
  },
  {
    name: 'range on one field, order on another (the range field is ordered after it)',
    query: { where: where('population', '>', 5), orderBy: [order('name')] },
    answer: composite([asc('name'), asc('population')]),
  },
  {
    name: 'inequalities on two fields: implicit order is lexicographic',
    query: { where: and(where('population', '>', 5), where('density', '<', 10)) },
    answer: composite([asc('density'), asc('population')]),
  },
  {
    name: '!= counts as an inequality',
    query: { where: and(where('state', '==', 'CA'), where('country', '!=', 'USA')) },
    answer: composite([asc('state'), asc('country')]),
  },
  {
    name: 'index merging: equality indexes sharing the order part',
    query: {
      where: and(where('category', '==', 'x'), where('city', '==', 'y')),
      orderBy: [order('stars', 'DESCENDING')],
    },
    indexes: {
      indexes: [
        composite([asc('category'), desc('stars')]),
        composite([asc('city'), desc('stars')]),
      ],
    },
    answer: 'ok',
  },
  {
    name: 'index merging needs every equality covered',
    query: {
      where: and(where('category', '==', 'x'), where('city', '==', 'y')),
      orderBy: [order('stars', 'DESCENDING')],
    },
    indexes: { indexes: [composite([asc('category'), desc('stars')])] },
    answer: composite([asc('category'), asc('city'), desc('stars')]),
  },
  {
    name: 'OR: every disjunct needs its index',
    query: {
      where: or(where('state', '==', 'CA'), where('capital', '==', 1)),
      orderBy: [order('population')],
    },
    indexes: cities([asc('state'), asc('population')]),
    answer: composite([asc('capital'), asc('population')]),
  },
  // The implicit __name__.
  {
    name: 'key ordered against the last field needs an explicit __name__',
    query: {
      where: where('state', '==', 'CA'),
      orderBy: [order('population', 'DESCENDING'), order('__name__')],
    },
    indexes: cities([asc('state'), desc('population')]),
    answer: composite([asc('state'), desc('population'), asc('__name__')]),
  },
  {
    name: '… served by an index declaring it',
    query: {
      where: where('state', '==', 'CA'),
      orderBy: [order('population', 'DESCENDING'), order('__name__')],
    },
    indexes: cities([asc('state'), desc('population'), asc('__name__')]),
    answer: 'ok',
  },
  {
    name: 'single field ordered one way, key the other way',
    query: { orderBy: [order('population'), order('__name__', 'DESCENDING')] },
    answer: composite([asc('population'), desc('__name__')]),
  },
  // Query scope.
  {
    name: 'collection group, no filter',
    group: true,
    query: {},
    answer: 'ok',
  },
  {
    name: 'collection group equality needs a COLLECTION_GROUP single-field index',
    group: true,
    query: { where: where('type', '==', 'museum') },
    answer: override('type', { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }),
  },
  {
    name: '… declared as a field override',
    group: true,
    query: { where: where('type', '==', 'museum') },
    indexes: {
      fieldOverrides: [override('type', { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' })],
    },
    answer: 'ok',
  },
  {
    name: 'collection group composite',
    group: true,
    query: { where: where('state', '==', 'CA'), orderBy: [order('population')] },
    indexes: cities([asc('state'), asc('population')]),
    answer: composite([asc('state'), asc('population')], 'COLLECTION_GROUP'),
  },
  {
    name: 'a COLLECTION_GROUP index does not serve a collection query (stricter)',
    query: { where: where('state', '==', 'CA'), orderBy: [order('population')] },
    indexes: cities([asc('state'), asc('population')], 'COLLECTION_GROUP'),
    answer: composite([asc('state'), asc('population')]),
  },
  // Single-field exemptions.
  {
    name: 'exempted field cannot be filtered',
    query: { where: where('description', '==', 'x') },
    indexes: {
      fieldOverrides: [{ collectionGroup: 'cities', fieldPath: 'description', indexes: [] }],
    },
    answer: override('description', { order: 'ASCENDING', queryScope: 'COLLECTION' }),
  },
  {
    name: 'exempted field cannot be ordered',
    query: { orderBy: [order('description', 'DESCENDING')] },
    indexes: {
      fieldOverrides: [override('description', { order: 'ASCENDING', queryScope: 'COLLECTION' })],
    },
    answer: override('description', { order: 'DESCENDING', queryScope: 'COLLECTION' }),
  },
  {
    name: 'a map field exemption covers its subfields',
    query: { where: where('user.name', '==', 'x') },
    indexes: { fieldOverrides: [{ collectionGroup: 'cities', fieldPath: 'user', indexes: [] }] },
    answer: override('user.name', { order: 'ASCENDING', queryScope: 'COLLECTION' }),
  },
  {
    name: 'a `*` exemption covers every field of the group',
    query: { where: where('state', '==', 'CA') },
    indexes: { fieldOverrides: [{ collectionGroup: 'cities', fieldPath: '*', indexes: [] }] },
    answer: override('state', { order: 'ASCENDING', queryScope: 'COLLECTION' }),
  },
  {
    name: 'an exemption of another group does not apply',
    query: { where: where('state', '==', 'CA') },
    indexes: { fieldOverrides: [{ collectionGroup: 'towns', fieldPath: 'state', indexes: [] }] },
    answer: 'ok',
  },
  // Aggregations.
  {
    name: 'sum over the whole collection: the single-field index of the field',
    query: {},
    aggregated: ['population'],
    answer: 'ok',
  },
  {
    name: 'sum with an equality on another field (stricter: needs both in one index)',
    query: { where: where('state', '==', 'CA') },
    aggregated: ['population'],
    answer: composite([asc('state'), asc('population')]),
  },
];

function plan(c: Case) {
  const compiled = compileQuery('p', '(default)', '', {
    ...c.query,
    from: [{ collectionId: 'cities', allDescendants: c.group ?? false }],
  });
  const shape = queryShape(c.query.where, compiled, c.aggregated);
  if (!shape) throw new Error('no shape');
  return planQuery(config(c.indexes), shape);
}

describe('index planner: production answers', () => {
  for (const c of cases) {
    it(c.name, () => {
      const result = plan(c);
      if (c.answer === 'ok') {
        expect(result.ok ? 'ok' : result.error.message).toBe('ok');
        return;
      }
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(declarationOf(result.missing)).toEqual(c.answer);
      expect(result.error.code).toBe(9);
      expect(result.error.message).toMatch(
        'fields' in c.answer
          ? /^The query requires an index\. /
          : /^The query requires a \w+ index for collection cities and field /,
      );
    });
  }

  it('reports the indexes a query used', () => {
    const result = plan({
      name: 'used',
      query: { where: where('state', '==', 'CA'), orderBy: [order('population')] },
      indexes: cities([asc('state'), asc('population')]),
      answer: 'ok',
    });
    expect(result.ok && result.uses.map(declarationOf)).toEqual([
      composite([asc('state'), asc('population')]),
    ]);
  });

  it('refuses a malformed firestore.indexes.json with a sentence', () => {
    expect(() =>
      parseIndexConfig({ indexes: [{ collectionGroup: 'x', fields: [asc('a')] }] }),
    ).toThrow(/fewer than two fields/);
    expect(() =>
      parseIndexConfig({
        indexes: [{ collectionGroup: 'x', fields: [{ fieldPath: 'a' }, asc('b')] }],
      }),
    ).toThrow(/order ASCENDING\|DESCENDING or arrayConfig CONTAINS/);
  });
});
