// Firestore's documented limits ("Usage and limits", "Storage size calculations") and naming
// constraints, enforced where production enforces them so code that works here does not fail
// there: resource ids, document name size and depth, document size, value nesting depth, and the
// number of aggregations in one query.
import type { FsDocument, FsFields, FsValue } from '../shared/value.ts';
import { invalid } from './errors.ts';

export const MAX_DOCUMENT_BYTES = 1_048_576;
export const MAX_ID_BYTES = 1_500;
export const MAX_NAME_BYTES = 6_144;
export const MAX_SUBCOLLECTION_DEPTH = 100;
export const MAX_VALUE_DEPTH = 20;
export const MAX_AGGREGATIONS = 5;
/** Writes in one commit (batch or transaction), enforced in production limits mode. */
export const MAX_WRITES_PER_COMMIT = 500;

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/**
 * The numeric id `__id<n>__` (n a signed 64-bit integer) of a legacy numeric document id, or
 * null for an ordinary string id. Numeric ids sort before every string id, by value.
 */
export function numericId(id: string): bigint | null {
  const match = /^__id(-?\d+)__$/.exec(id);
  if (!match) return null;
  const n = BigInt(match[1] as string);
  return n >= INT64_MIN && n <= INT64_MAX ? n : null;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Checks one collection or document id of a resource name. */
export function checkResourceId(id: string): void {
  if (id === '.' || id === '..') throw invalid(`Resource id "${id}" is invalid.`);
  if (byteLength(id) > MAX_ID_BYTES)
    throw invalid(`Resource id "${id.slice(0, 64)}…" is longer than ${MAX_ID_BYTES} bytes.`);
  if (/^__.*__$/s.test(id) && numericId(id) === null)
    throw invalid(`Resource id "${id}" is invalid because it is reserved.`);
}

/** Checks a path under a database's documents root (collections and documents alike). */
export function checkResourcePath(path: string): void {
  if (path === '') return;
  const segments = path.split('/');
  for (const segment of segments) checkResourceId(segment);
  // A document at depth 100 has 201 segments (100 subcollections below the root collection).
  if (segments.length > 2 * (MAX_SUBCOLLECTION_DEPTH + 1))
    throw invalid(
      `Path "${path.slice(0, 64)}…" is deeper than ${MAX_SUBCOLLECTION_DEPTH} subcollections.`,
    );
  if (nameSize(path) > MAX_NAME_BYTES)
    throw invalid(`Document name "${path.slice(0, 64)}…" is longer than ${MAX_NAME_BYTES} bytes.`);
}

/** Storage size of a string: UTF-8 bytes + 1. */
function stringSize(text: string): number {
  return byteLength(text) + 1;
}

/** Storage size of a document name: its ids, plus 16 bytes. */
function nameSize(path: string): number {
  let size = 16;
  for (const segment of path.split('/')) size += stringSize(segment);
  return size;
}

function fieldsSize(fields: FsFields): number {
  let size = 0;
  for (const [key, value] of Object.entries(fields)) size += stringSize(key) + valueSize(value);
  return size;
}

/** Storage size of a value, per Firestore's "Storage size calculations". */
export function valueSize(value: FsValue): number {
  if ('nullValue' in value || 'booleanValue' in value) return 1;
  if ('integerValue' in value || 'doubleValue' in value || 'timestampValue' in value) return 8;
  if ('stringValue' in value) return stringSize(value.stringValue);
  if ('bytesValue' in value) return value.bytesValue.byteLength;
  if ('referenceValue' in value) {
    const path = value.referenceValue.replace(
      /^projects\/[^/]+\/databases\/[^/]+\/documents\/?/,
      '',
    );
    return nameSize(path);
  }
  if ('geoPointValue' in value) return 16;
  if ('arrayValue' in value) return value.arrayValue.values.reduce((n, v) => n + valueSize(v), 0);
  return fieldsSize(value.mapValue.fields);
}

/** Storage size of a document: name + fields + 32 bytes. */
export function documentSize(doc: FsDocument): number {
  return nameSize(doc.path) + fieldsSize(doc.fields) + 32;
}

function checkDepth(value: FsValue, depth: number, field: string): void {
  if (depth > MAX_VALUE_DEPTH)
    throw invalid(`Field "${field}" is nested more than ${MAX_VALUE_DEPTH} levels deep.`);
  if ('arrayValue' in value)
    for (const element of value.arrayValue.values) checkDepth(element, depth + 1, field);
  else if ('mapValue' in value)
    for (const inner of Object.values(value.mapValue.fields)) checkDepth(inner, depth + 1, field);
}

/** Checks a document about to be written against the size and nesting limits. */
export function checkWritableDocument(doc: FsDocument, name: string): void {
  for (const [field, value] of Object.entries(doc.fields)) checkDepth(value, 1, field);
  const size = documentSize(doc);
  if (size > MAX_DOCUMENT_BYTES) {
    const format = (n: number) => n.toLocaleString('en-US');
    throw invalid(
      `Document '${name}' cannot be written because its size (${format(size)} bytes) exceeds the maximum allowed size of ${format(MAX_DOCUMENT_BYTES)} bytes.`,
    );
  }
}
