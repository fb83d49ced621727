// Runtime values of the rules language. Native JS values are used where the mapping is exact
// (null, bool, string, list as array); the rest are small classes so `is <type>` and method
// dispatch are a cheap instanceof check. Integers are bigint so `is int` / `is float` stay
// distinct while `1 == 1.0` still compares numerically.

import type { FsDocument, FsValue } from '../shared/value.ts';

/** Thrown (not returned) by a failing sub-expression; `&&`/`||` catch it, `allow` turns it into false. */
export class RulesError {
  constructor(public readonly message: string) {}
}

export class RBytes {
  constructor(public readonly bytes: Uint8Array) {}
}

export class RTimestamp {
  /** seconds since epoch (integral) and nanos in [0, 1e9). */
  constructor(
    public readonly seconds: number,
    public readonly nanos: number,
  ) {}
  static fromMillis(ms: number): RTimestamp {
    const seconds = Math.floor(ms / 1000);
    return new RTimestamp(seconds, Math.round((ms - seconds * 1000) * 1e6));
  }
  toMillis(): number {
    return this.seconds * 1000 + Math.floor(this.nanos / 1e6);
  }
}

export class RDuration {
  /** Normalised so that nanos has the sign of seconds (like google.protobuf.Duration). */
  constructor(
    public readonly seconds: number,
    public readonly nanos: number,
  ) {}
  static fromNanos(total: bigint): RDuration {
    const seconds = total / 1_000_000_000n;
    const nanos = total - seconds * 1_000_000_000n;
    return new RDuration(Number(seconds), Number(nanos));
  }
  totalNanos(): bigint {
    return BigInt(this.seconds) * 1_000_000_000n + BigInt(this.nanos);
  }
}

export class RLatLng {
  constructor(
    public readonly lat: number,
    public readonly lng: number,
  ) {}
}

export class RPath {
  constructor(public readonly segments: readonly string[]) {}
  toString(): string {
    return '/' + this.segments.join('/');
  }
}

/** Map value. `partial` marks the list-query approximation: unknown keys are not merely absent. */
export class RMap {
  constructor(
    public readonly entries: Map<string, Value>,
    public readonly partial = false,
  ) {}
}

export class RSet {
  /** Keyed by canonical encoding so membership is by value. */
  constructor(public readonly items: Map<string, Value>) {}
  static of(values: readonly Value[]): RSet {
    const items = new Map<string, Value>();
    for (const v of values) items.set(canonicalKey(v), v);
    return new RSet(items);
  }
}

/**
 * A value evaluation cannot use: what a list query leaves open (the document id wildcard), or a
 * deprecated/unsupported field. Any operation on it fails with `message`.
 */
export class RUnknown {
  constructor(public readonly message: string) {}
  static unknown(what: string): RUnknown {
    return new RUnknown(`${what} is not known for a list query (rules are not filters)`);
  }
}

/** Namespaces and builtin callables reachable by name (math, hashing, firestore, ...). */
export class RNamespace {
  constructor(public readonly name: string) {}
}

/** Constraint / map-diff helper results are plain values; MapDiff keeps both maps. */
export class RMapDiff {
  constructor(
    public readonly left: RMap,
    public readonly right: RMap,
  ) {}
}

export type Value =
  | null
  | boolean
  | bigint
  | number
  | string
  | Value[]
  | RBytes
  | RTimestamp
  | RDuration
  | RLatLng
  | RPath
  | RMap
  | RSet
  | RMapDiff
  | RUnknown
  | RNamespace;

export const INT64_MAX = 9223372036854775807n;
export const INT64_MIN = -9223372036854775808n;

export function typeName(v: Value): string {
  if (v === null) return 'null';
  switch (typeof v) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (Array.isArray(v)) return 'list';
  if (v instanceof RMap) return 'map';
  if (v instanceof RTimestamp) return 'timestamp';
  if (v instanceof RDuration) return 'duration';
  if (v instanceof RPath) return 'path';
  if (v instanceof RLatLng) return 'latlng';
  if (v instanceof RBytes) return 'bytes';
  if (v instanceof RSet) return 'set';
  if (v instanceof RMapDiff) return 'map_diff';
  if (v instanceof RUnknown) return 'unknown';
  return 'namespace';
}

export function fail(message: string): never {
  throw new RulesError(message);
}

/** Unknown values poison every operation that would need their content. */
export function checkKnown(v: Value): void {
  if (v instanceof RUnknown) fail(v.message);
}

export function canonicalKey(v: Value): string {
  if (v === null) return 'n';
  switch (typeof v) {
    case 'boolean':
      return v ? 'b1' : 'b0';
    case 'bigint':
      return 'd' + String(Number(v));
    case 'number':
      return 'd' + String(v);
    case 'string':
      return 's' + JSON.stringify(v);
  }
  if (Array.isArray(v)) return 'l[' + v.map(canonicalKey).join(',') + ']';
  if (v instanceof RMap) {
    const keys = [...v.entries.keys()].sort();
    return (
      'm{' +
      keys.map((k) => JSON.stringify(k) + ':' + canonicalKey(v.entries.get(k) ?? null)).join(',') +
      '}'
    );
  }
  if (v instanceof RSet) return 'S{' + [...v.items.keys()].sort().join(',') + '}';
  if (v instanceof RTimestamp) return `t${v.seconds}.${v.nanos}`;
  if (v instanceof RDuration) return `u${v.seconds}.${v.nanos}`;
  if (v instanceof RPath) return 'p' + JSON.stringify(v.segments);
  if (v instanceof RLatLng) return `g${v.lat},${v.lng}`;
  if (v instanceof RBytes) return 'y' + Buffer.from(v.bytes).toString('base64');
  return fail(`${typeName(v)} values cannot be compared`);
}

export function valuesEqual(a: Value, b: Value): boolean {
  if (a === b) return true;
  checkKnown(a);
  checkKnown(b);
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    return (a as number) == (b as number);
  }
  if (a === null || b === null || ta !== 'object' || tb !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valuesEqual(a[i] as Value, b[i] as Value)) return false;
    return true;
  }
  if (a instanceof RMap) {
    if (!(b instanceof RMap) || a.entries.size !== b.entries.size) return false;
    for (const [k, v] of a.entries) {
      if (!b.entries.has(k) || !valuesEqual(v, b.entries.get(k) ?? null)) return false;
    }
    return true;
  }
  if (a instanceof RSet) {
    if (!(b instanceof RSet) || a.items.size !== b.items.size) return false;
    for (const k of a.items.keys()) if (!b.items.has(k)) return false;
    return true;
  }
  if (a instanceof RTimestamp)
    return b instanceof RTimestamp && a.seconds === b.seconds && a.nanos === b.nanos;
  if (a instanceof RDuration)
    return b instanceof RDuration && a.seconds === b.seconds && a.nanos === b.nanos;
  if (a instanceof RPath) {
    if (!(b instanceof RPath) || a.segments.length !== b.segments.length) return false;
    return a.segments.every((s, i) => s === b.segments[i]);
  }
  if (a instanceof RLatLng) return b instanceof RLatLng && a.lat === b.lat && a.lng === b.lng;
  if (a instanceof RBytes) {
    if (!(b instanceof RBytes) || a.bytes.length !== b.bytes.length) return false;
    return a.bytes.every((x, i) => x === b.bytes[i]);
  }
  return false;
}

/** Ordering for <, <=, >, >=: numbers, strings, timestamps, durations, bytes, lists. */
export function compareValues(a: Value, b: Value): number {
  checkKnown(a);
  checkKnown(b);
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === 'bigint' || ta === 'number') && (tb === 'bigint' || tb === 'number')) {
    if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
    return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
  }
  if (ta === 'string' && tb === 'string')
    return (a as string) < (b as string) ? -1 : a === b ? 0 : 1;
  if (a instanceof RTimestamp && b instanceof RTimestamp) {
    return a.seconds - b.seconds || a.nanos - b.nanos;
  }
  if (a instanceof RDuration && b instanceof RDuration) {
    return a.seconds - b.seconds || a.nanos - b.nanos;
  }
  if (a instanceof RBytes && b instanceof RBytes) return Buffer.compare(a.bytes, b.bytes);
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compareValues(a[i] as Value, b[i] as Value);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  return fail(`cannot compare ${typeName(a)} with ${typeName(b)}`);
}

// ---- conversion from the emulator's shared Firestore value shape ----

/** "projects/p/databases/d/documents/a/b" -> path /databases/d/documents/a/b */
export function referenceToPath(ref: string): RPath {
  const parts = ref.split('/');
  const i = parts.indexOf('databases');
  return new RPath(i >= 0 ? parts.slice(i) : parts.filter((p) => p !== ''));
}

export function fromFsValue(v: FsValue): Value {
  if ('nullValue' in v) return null;
  if ('booleanValue' in v) return v.booleanValue;
  if ('integerValue' in v) return BigInt(v.integerValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('stringValue' in v) return v.stringValue;
  if ('timestampValue' in v)
    return new RTimestamp(v.timestampValue.seconds, v.timestampValue.nanos);
  if ('bytesValue' in v) return new RBytes(v.bytesValue);
  if ('referenceValue' in v) return referenceToPath(v.referenceValue);
  if ('geoPointValue' in v) return new RLatLng(v.geoPointValue.latitude, v.geoPointValue.longitude);
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(fromFsValue);
  return fromFsFields(v.mapValue.fields ?? {});
}

export function fromFsFields(fields: Record<string, FsValue>): RMap {
  const m = new Map<string, Value>();
  for (const k of Object.keys(fields)) m.set(k, fromFsValue(fields[k] as FsValue));
  return new RMap(m);
}

export const FIRESTORE_ROOT = ['databases', '(default)', 'documents'];

/** The `resource` object rules see for a Firestore document. */
export function documentResource(doc: FsDocument): RMap {
  const segs = doc.path.split('/').filter((s) => s !== '');
  return new RMap(
    new Map<string, Value>([
      ['data', fromFsFields(doc.fields)],
      ['id', segs[segs.length - 1] ?? ''],
      ['__name__', new RPath([...FIRESTORE_ROOT, ...segs])],
    ]),
  );
}

/** Plain JS (decoded token claims, storage metadata) to rule values. */
export function fromJs(v: unknown): Value {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'boolean':
    case 'string':
    case 'bigint':
      return v;
    case 'number':
      return Number.isInteger(v) ? BigInt(v) : v;
  }
  if (Array.isArray(v)) return v.map(fromJs);
  if (v instanceof Date) return RTimestamp.fromMillis(v.getTime());
  if (v instanceof Uint8Array) return new RBytes(v);
  if (typeof v === 'object') {
    const m = new Map<string, Value>();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) m.set(k, fromJs(x));
    return new RMap(m);
  }
  return null;
}

export function mapOf(entries: Record<string, Value>): RMap {
  return new RMap(new Map(Object.entries(entries)));
}
