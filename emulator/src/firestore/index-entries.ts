// The index entries a document as written would have, against production's limits ("Usage and
// limits": at most 40,000 index entries per document, at most 7.5 KiB per index entry; sizes per
// "Storage size calculations"). Production refuses such a write; checked in production limits
// mode, for automatic single-field indexes (honouring exemptions) and declared composites.
import type { FsDocument, FsFields, FsValue } from '../shared/value.ts';
import { invalid } from './errors.ts';
import { formatFieldPath, getField, parseFieldPath } from './field-path.ts';
import { type IndexConfig, singleFieldIndexEnabled } from './indexes.ts';
import { valueSize } from './limits.ts';

export const MAX_INDEX_ENTRIES = 40_000;
export const MAX_INDEX_ENTRY_BYTES = 7_680;

function stringSize(text: string): number {
  return Buffer.byteLength(text, 'utf8') + 1;
}

function nameSize(path: string): number {
  return path === '' ? 16 : path.split('/').reduce((n, s) => n + stringSize(s), 16);
}

/** Only the first 1,500 bytes of a string or bytes value are indexed. */
const INDEXED_VALUE_BYTES = 1_500;

function indexedSize(value: FsValue): number {
  if ('stringValue' in value || 'bytesValue' in value)
    return Math.min(valueSize(value), INDEXED_VALUE_BYTES + 1);
  if ('arrayValue' in value) return value.arrayValue.values.reduce((n, v) => n + indexedSize(v), 0);
  return valueSize(value);
}

/** A key equal for equal values (1 and 1.0 alike), for counting distinct array elements. */
function valueKey(value: FsValue): string {
  if ('stringValue' in value) return `s${value.stringValue}`;
  if ('integerValue' in value) return `n${Number(value.integerValue)}`;
  if ('doubleValue' in value) return `n${value.doubleValue}`;
  return JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? [...v] : v,
  );
}

function distinct(values: FsValue[]): FsValue[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = valueKey(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface Counted {
  entries: number;
  largest: { bytes: number; what: string };
}

/** Counts a document's index entries and finds its largest one. */
function countEntries(doc: FsDocument, config: IndexConfig): Counted {
  const slash = doc.path.lastIndexOf('/');
  const collectionPath = doc.path.slice(0, slash);
  const collectionId = collectionPath.slice(collectionPath.lastIndexOf('/') + 1);
  const parent = collectionPath.includes('/')
    ? collectionPath.slice(0, collectionPath.lastIndexOf('/'))
    : '';
  // Parent document name + collection id + indexed document name + 32 bytes, in every entry.
  const base = nameSize(parent) + stringSize(collectionId) + nameSize(doc.path) + 32;
  const counted: Counted = { entries: 0, largest: { bytes: 0, what: '' } };
  const entry = (bytes: number, what: string) => {
    counted.entries++;
    if (bytes > counted.largest.bytes) counted.largest = { bytes, what };
  };
  const scopes = ['COLLECTION', 'COLLECTION_GROUP'] as const;
  const walk = (fields: FsFields, prefix: string[]) => {
    for (const [key, value] of Object.entries(fields)) {
      const path = [...prefix, key];
      const text = formatFieldPath(path);
      if ('mapValue' in value) {
        walk(value.mapValue.fields, path);
        continue;
      }
      for (const scope of scopes) {
        if ('arrayValue' in value) {
          if (!singleFieldIndexEnabled(config, collectionId, text, 'CONTAINS', scope)) continue;
          for (const element of distinct(value.arrayValue.values))
            entry(base + stringSize(text) + indexedSize(element), `${text} (array-contains)`);
          continue;
        }
        for (const mode of ['ASCENDING', 'DESCENDING'] as const)
          if (singleFieldIndexEnabled(config, collectionId, text, mode, scope))
            entry(base + stringSize(text) + indexedSize(value), text);
      }
    }
  };
  walk(doc.fields, []);
  for (const index of config.indexes) {
    if (index.collectionGroup !== collectionId) continue;
    let combinations = 1;
    let bytes = base;
    let present = true;
    for (const field of index.fields) {
      if (field.fieldPath === '__name__') continue;
      const value = getField(doc.fields, parseFieldPath(field.fieldPath));
      if (value === undefined) {
        present = false;
        break;
      }
      if (field.arrayConfig && 'arrayValue' in value) {
        const elements = distinct(value.arrayValue.values);
        combinations *= elements.length;
        bytes += Math.max(0, ...elements.map(indexedSize));
      } else {
        bytes += indexedSize(value);
      }
    }
    if (!present) continue;
    const what = `composite (${index.fields.map((f) => f.fieldPath).join(', ')})`;
    for (let i = 0; i < combinations; i++) entry(bytes, what);
  }
  return counted;
}

/** Refuses a document whose index entries production would refuse (INVALID_ARGUMENT). */
export function checkIndexEntries(doc: FsDocument, config: IndexConfig, name: string): void {
  const { entries, largest } = countEntries(doc, config);
  if (entries > MAX_INDEX_ENTRIES)
    throw invalid(
      `Document '${name}' cannot be written: it would have ${entries} index entries; the maximum is ${MAX_INDEX_ENTRIES} (exempt large maps and arrays from indexing in firestore.indexes.json "fieldOverrides").`,
    );
  if (largest.bytes > MAX_INDEX_ENTRY_BYTES)
    throw invalid(
      `Document '${name}' cannot be written: its index entry for ${largest.what} would be ${largest.bytes} bytes; the maximum is ${MAX_INDEX_ENTRY_BYTES} bytes (exempt the field from indexing in firestore.indexes.json "fieldOverrides").`,
    );
}
