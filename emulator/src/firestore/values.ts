// Firestore's total order over values of all types, and value equality as queries use it.
import type { FsValue, Timestamp } from '../shared/value.ts';
import { numericId } from './limits.ts';

/** A vector embedding: the map `{ __type__: "__vector__", value: [numbers] }`. */
export function isVector(
  value: FsValue,
): value is { mapValue: { fields: Record<string, FsValue> } } {
  if (!('mapValue' in value)) return false;
  const type = value.mapValue.fields.__type__;
  return type !== undefined && 'stringValue' in type && type.stringValue === '__vector__';
}

function vectorElements(value: { mapValue: { fields: Record<string, FsValue> } }): FsValue[] {
  const inner = value.mapValue.fields.value;
  return inner && 'arrayValue' in inner ? inner.arrayValue.values : [];
}

/**
 * Cross-type order: null < bool < number < timestamp < string < bytes < reference < geo < array
 * < vector < map.
 */
export function typeOrder(value: FsValue): number {
  if ('nullValue' in value) return 0;
  if ('booleanValue' in value) return 1;
  if ('integerValue' in value || 'doubleValue' in value) return 2;
  if ('timestampValue' in value) return 3;
  if ('stringValue' in value) return 4;
  if ('bytesValue' in value) return 5;
  if ('referenceValue' in value) return 6;
  if ('geoPointValue' in value) return 7;
  if ('arrayValue' in value) return 8;
  if (isVector(value)) return 9;
  return 10;
}

function sign(n: number): number {
  return n < 0 ? -1 : n > 0 ? 1 : 0;
}

export function isNumber(
  value: FsValue,
): value is { integerValue: bigint } | { doubleValue: number } {
  return 'integerValue' in value || 'doubleValue' in value;
}

export function numberOf(value: { integerValue: bigint } | { doubleValue: number }): number {
  return 'integerValue' in value ? Number(value.integerValue) : value.doubleValue;
}

function compareNumbers(a: FsValue, b: FsValue): number {
  if ('integerValue' in a && 'integerValue' in b) {
    return a.integerValue < b.integerValue ? -1 : a.integerValue > b.integerValue ? 1 : 0;
  }
  const x = 'integerValue' in a ? Number(a.integerValue) : 'doubleValue' in a ? a.doubleValue : 0;
  const y = 'integerValue' in b ? Number(b.integerValue) : 'doubleValue' in b ? b.doubleValue : 0;
  // NaN sorts before every other number.
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return sign(x - y);
}

export function compareTimestamps(a: Timestamp, b: Timestamp): number {
  return sign(a.seconds - b.seconds) || sign(a.nanos - b.nanos);
}

/** Compares strings by UTF-8 byte order (= code point order), as Firestore does. */
export function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (0xD800-0xDFFF) encode code points above 0xFFFF, which sort after 0xE000-0xFFFF.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return sign(a.length - b.length);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return sign(d);
  }
  return sign(a.length - b.length);
}

/** Path segments: numeric ids (`__id<n>__`) first, by value, then strings. */
function compareSegments(a: string, b: string): number {
  const x = numericId(a);
  const y = numericId(b);
  if (x === null && y === null) return compareStrings(a, b);
  if (x === null) return 1;
  if (y === null) return -1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareReferences(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const c = compareSegments(x[i] ?? '', y[i] ?? '');
    if (c !== 0) return c;
  }
  return sign(x.length - y.length);
}

export function compareValues(a: FsValue, b: FsValue): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return sign(ta - tb);
  if ('nullValue' in a) return 0;
  if ('booleanValue' in a && 'booleanValue' in b)
    return sign(Number(a.booleanValue) - Number(b.booleanValue));
  if (ta === 2) return compareNumbers(a, b);
  if ('timestampValue' in a && 'timestampValue' in b)
    return compareTimestamps(a.timestampValue, b.timestampValue);
  if ('stringValue' in a && 'stringValue' in b) return compareStrings(a.stringValue, b.stringValue);
  if ('bytesValue' in a && 'bytesValue' in b) return compareBytes(a.bytesValue, b.bytesValue);
  if ('referenceValue' in a && 'referenceValue' in b)
    return compareReferences(a.referenceValue, b.referenceValue);
  if ('geoPointValue' in a && 'geoPointValue' in b) {
    return (
      sign(a.geoPointValue.latitude - b.geoPointValue.latitude) ||
      sign(a.geoPointValue.longitude - b.geoPointValue.longitude)
    );
  }
  if ('arrayValue' in a && 'arrayValue' in b) {
    const x = a.arrayValue.values;
    const y = b.arrayValue.values;
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) {
      const c = compareValues(x[i] as FsValue, y[i] as FsValue);
      if (c !== 0) return c;
    }
    return sign(x.length - y.length);
  }
  if (ta === 9 && isVector(a) && isVector(b)) {
    // Vectors: shorter first, then element by element.
    const x = vectorElements(a);
    const y = vectorElements(b);
    if (x.length !== y.length) return sign(x.length - y.length);
    for (let i = 0; i < x.length; i++) {
      const c = compareValues(x[i] as FsValue, y[i] as FsValue);
      if (c !== 0) return c;
    }
    return 0;
  }
  if ('mapValue' in a && 'mapValue' in b) {
    const x = Object.keys(a.mapValue.fields).sort(compareStrings);
    const y = Object.keys(b.mapValue.fields).sort(compareStrings);
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) {
      const kx = x[i] as string;
      const ky = y[i] as string;
      const c =
        compareStrings(kx, ky) ||
        compareValues(a.mapValue.fields[kx] as FsValue, b.mapValue.fields[ky] as FsValue);
      if (c !== 0) return c;
    }
    return sign(x.length - y.length);
  }
  return 0;
}

/** Equality as `==`, `in` and array membership use it: 1 == 1.0, NaN never equals NaN. */
export function valuesEqual(a: FsValue, b: FsValue): boolean {
  if (typeOrder(a) !== typeOrder(b)) return false;
  if (isNumber(a) && isNumber(b)) {
    if (Number.isNaN(numberOf(a)) || Number.isNaN(numberOf(b))) return false;
  }
  return compareValues(a, b) === 0;
}

/** Structural identity (used to decide whether a write changed a document). */
export function valuesIdentical(a: FsValue, b: FsValue): boolean {
  if ('integerValue' in a !== 'integerValue' in b) return false;
  if ('doubleValue' in a && 'doubleValue' in b) {
    return Object.is(a.doubleValue, b.doubleValue);
  }
  if ('arrayValue' in a && 'arrayValue' in b) {
    const x = a.arrayValue.values;
    const y = b.arrayValue.values;
    return x.length === y.length && x.every((v, i) => valuesIdentical(v, y[i] as FsValue));
  }
  if ('mapValue' in a && 'mapValue' in b)
    return fieldsIdentical(a.mapValue.fields, b.mapValue.fields);
  return typeOrder(a) === typeOrder(b) && compareValues(a, b) === 0;
}

export function fieldsIdentical(a: Record<string, FsValue>, b: Record<string, FsValue>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => k in b && valuesIdentical(a[k] as FsValue, b[k] as FsValue));
}
