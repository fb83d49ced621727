// Methods on rule values (string, list, map, set, map diff, timestamp, duration, latlng, bytes,
// path) and the builtin namespaces (math, duration, timestamp, latlng, hashing) and global
// conversion functions. Unimplemented members fail with "not supported: X" rather than guessing.

import { createHash } from 'node:crypto';
import { checkInt, timestampFromNanos } from './operators.ts';
import {
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  type Value,
  canonicalKey,
  checkKnown,
  fail,
  typeName,
  valuesEqual,
} from './values.ts';

const regexCache = new Map<string, RegExp>();

/**
 * RE2 patterns as used by rules are close enough to JS syntax for the documented uses. A leading
 * `(?i)`/`(?s)`/`(?m)` flag group (RE2 syntax) becomes a JS flag; patterns that the stricter
 * unicode mode rejects (identity escapes such as `\-`) are retried without it.
 */
function regex(pattern: string, mode: 'full' | 'global'): RegExp {
  const key = mode + pattern;
  let re = regexCache.get(key);
  if (!re) {
    let body = pattern;
    let flags = mode === 'global' ? 'g' : '';
    const inline = /^\(\?([ims]+)\)/.exec(body);
    if (inline) {
      body = body.slice(inline[0].length);
      flags += (inline[1] as string).replace(/(.)(?=.*\1)/g, '');
    }
    const source = mode === 'full' ? `^(?:${body})$` : body;
    try {
      re = new RegExp(source, flags + 'u');
    } catch {
      try {
        re = new RegExp(source, flags);
      } catch (e) {
        return fail(`invalid regular expression '${pattern}': ${(e as Error).message}`);
      }
    }
    regexCache.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}

function argCount(name: string, args: Value[], min: number, max = min): void {
  if (args.length < min || args.length > max) {
    fail(
      `${name}() expects ${min === max ? min : `${min} to ${max}`} argument(s), got ${args.length}`,
    );
  }
}

function str(v: Value, what: string): string {
  if (typeof v === 'string') return v;
  checkKnown(v);
  return fail(`${what} must be a string, got ${typeName(v)}`);
}

function int(v: Value, what: string): bigint {
  if (typeof v === 'bigint') return v;
  checkKnown(v);
  return fail(`${what} must be an int, got ${typeName(v)}`);
}

function num(v: Value, what: string): number {
  if (typeof v === 'bigint' || typeof v === 'number') return Number(v);
  checkKnown(v);
  return fail(`${what} must be a number, got ${typeName(v)}`);
}

/** Lists and sets are interchangeable as arguments of the hasAll/hasAny/set operations. */
function elements(v: Value, what: string): Value[] {
  if (Array.isArray(v)) return v;
  if (v instanceof RSet) return [...v.items.values()];
  checkKnown(v);
  return fail(`${what} must be a list or set, got ${typeName(v)}`);
}

function contains(list: readonly Value[], x: Value): boolean {
  for (const y of list) if (valuesEqual(x, y)) return true;
  return false;
}

function checkFull(m: RMap, method: string): void {
  if (m.partial)
    fail(
      `map.${method}() needs every field, but a list query only constrains some (rules are not filters)`,
    );
}

export function callMethod(recv: Value, name: string, args: Value[]): Value {
  if (typeof recv === 'string') return stringMethod(recv, name, args);
  if (Array.isArray(recv)) return listMethod(recv, name, args);
  if (recv instanceof RMap) return mapMethod(recv, name, args);
  if (recv instanceof RSet) return setMethod(recv, name, args);
  if (recv instanceof RMapDiff) return diffMethod(recv, name, args);
  if (recv instanceof RTimestamp) return timestampMethod(recv, name, args);
  if (recv instanceof RDuration) return durationMethod(recv, name, args);
  if (recv instanceof RLatLng) return latlngMethod(recv, name, args);
  if (recv instanceof RBytes) return bytesMethod(recv, name, args);
  if (recv instanceof RPath) return pathMethod(recv, name, args);
  checkKnown(recv);
  return fail(`Function not found error: Name: [${name}] on ${typeName(recv)}`);
}

function stringMethod(s: string, name: string, args: Value[]): Value {
  switch (name) {
    case 'size':
      argCount(name, args, 0);
      return BigInt([...s].length);
    case 'matches':
      argCount(name, args, 1);
      return regex(str(args[0] ?? null, 'matches() pattern'), 'full').test(s);
    case 'lower':
      argCount(name, args, 0);
      return s.toLowerCase();
    case 'upper':
      argCount(name, args, 0);
      return s.toUpperCase();
    case 'trim':
      argCount(name, args, 0);
      return s.trim();
    case 'split': {
      argCount(name, args, 1);
      return s.split(regex(str(args[0] ?? null, 'split() pattern'), 'global'));
    }
    case 'replace': {
      argCount(name, args, 2);
      const re = regex(str(args[0] ?? null, 'replace() pattern'), 'global');
      const sub = str(args[1] ?? null, 'replace() substitution');
      return s.replace(re, () => sub);
    }
    case 'toUtf8':
      argCount(name, args, 0);
      return new RBytes(new TextEncoder().encode(s));
  }
  return fail(`Function not found error: Name: [${name}] on string`);
}

function listMethod(l: Value[], name: string, args: Value[]): Value {
  switch (name) {
    case 'size':
      argCount(name, args, 0);
      return BigInt(l.length);
    case 'hasAll': {
      argCount(name, args, 1);
      return elements(args[0] ?? null, 'hasAll() argument').every((x) => contains(l, x));
    }
    case 'hasAny': {
      argCount(name, args, 1);
      return elements(args[0] ?? null, 'hasAny() argument').some((x) => contains(l, x));
    }
    case 'hasOnly': {
      argCount(name, args, 1);
      const allowed = elements(args[0] ?? null, 'hasOnly() argument');
      return l.every((x) => contains(allowed, x));
    }
    case 'concat': {
      argCount(name, args, 1);
      const other = args[0] ?? null;
      if (!Array.isArray(other))
        return fail(`concat() argument must be a list, got ${typeName(other)}`);
      return [...l, ...other];
    }
    case 'removeAll': {
      argCount(name, args, 1);
      const drop = elements(args[0] ?? null, 'removeAll() argument');
      return l.filter((x) => !contains(drop, x));
    }
    case 'toSet':
      argCount(name, args, 0);
      return RSet.of(l);
    case 'join': {
      argCount(name, args, 0, 1);
      const sep = args.length ? str(args[0] ?? null, 'join() separator') : '';
      return l.map((x) => str(x, 'joined list element')).join(sep);
    }
  }
  return fail(`Function not found error: Name: [${name}] on list`);
}

/** Follows a list of keys through nested maps; undefined when a key is absent. */
function lookupPath(m: RMap, keys: string[]): Value | undefined {
  let cur: Value = m;
  for (const k of keys) {
    if (!(cur instanceof RMap)) return undefined;
    const next: Value | undefined = cur.entries.get(k);
    if (next === undefined) {
      if (cur.partial) fail(`field '${k}' is not constrained by the query (rules are not filters)`);
      return undefined;
    }
    cur = next;
  }
  return cur;
}

function mapMethod(m: RMap, name: string, args: Value[]): Value {
  switch (name) {
    case 'size':
      argCount(name, args, 0);
      checkFull(m, name);
      return BigInt(m.entries.size);
    case 'keys':
      argCount(name, args, 0);
      checkFull(m, name);
      return [...m.entries.keys()];
    case 'values':
      argCount(name, args, 0);
      checkFull(m, name);
      return [...m.entries.values()];
    case 'get': {
      argCount(name, args, 2);
      const key = args[0] ?? null;
      const keys = Array.isArray(key)
        ? key.map((k) => str(k, 'get() key'))
        : [str(key, 'get() key')];
      const found = lookupPath(m, keys);
      return found === undefined ? (args[1] ?? null) : found;
    }
    case 'diff': {
      argCount(name, args, 1);
      const other = args[0] ?? null;
      if (!(other instanceof RMap))
        return fail(`diff() argument must be a map, got ${typeName(other)}`);
      checkFull(m, name);
      checkFull(other, name);
      return new RMapDiff(m, other);
    }
  }
  return fail(`Function not found error: Name: [${name}] on map`);
}

function setMethod(s: RSet, name: string, args: Value[]): Value {
  const items = () => [...s.items.values()];
  switch (name) {
    case 'size':
      argCount(name, args, 0);
      return BigInt(s.items.size);
    case 'hasAll':
      argCount(name, args, 1);
      return elements(args[0] ?? null, 'hasAll() argument').every((x) =>
        s.items.has(canonicalKey(x)),
      );
    case 'hasAny':
      argCount(name, args, 1);
      return elements(args[0] ?? null, 'hasAny() argument').some((x) =>
        s.items.has(canonicalKey(x)),
      );
    case 'hasOnly': {
      argCount(name, args, 1);
      const allowed = RSet.of(elements(args[0] ?? null, 'hasOnly() argument'));
      return [...s.items.keys()].every((k) => allowed.items.has(k));
    }
    case 'difference': {
      argCount(name, args, 1);
      const other = RSet.of(elements(args[0] ?? null, 'difference() argument'));
      return RSet.of(items().filter((x) => !other.items.has(canonicalKey(x))));
    }
    case 'intersection': {
      argCount(name, args, 1);
      const other = RSet.of(elements(args[0] ?? null, 'intersection() argument'));
      return RSet.of(items().filter((x) => other.items.has(canonicalKey(x))));
    }
    case 'union':
      argCount(name, args, 1);
      return RSet.of([...items(), ...elements(args[0] ?? null, 'union() argument')]);
  }
  return fail(`Function not found error: Name: [${name}] on set`);
}

function diffMethod(d: RMapDiff, name: string, args: Value[]): Value {
  argCount(name, args, 0);
  // a.diff(b): keys "added" are in b but not a, "removed" are in a but not b.
  const a = d.left.entries;
  const b = d.right.entries;
  const added = [...b.keys()].filter((k) => !a.has(k));
  const removed = [...a.keys()].filter((k) => !b.has(k));
  const common = [...a.keys()].filter((k) => b.has(k));
  const changed = common.filter((k) => !valuesEqual(a.get(k) ?? null, b.get(k) ?? null));
  const unchanged = common.filter((k) => valuesEqual(a.get(k) ?? null, b.get(k) ?? null));
  switch (name) {
    case 'addedKeys':
      return RSet.of(added);
    case 'removedKeys':
      return RSet.of(removed);
    case 'changedKeys':
      return RSet.of(changed);
    case 'unchangedKeys':
      return RSet.of(unchanged);
    case 'affectedKeys':
      return RSet.of([...added, ...removed, ...changed]);
  }
  return fail(`Function not found error: Name: [${name}] on map diff`);
}

function timestampMethod(t: RTimestamp, name: string, args: Value[]): Value {
  if (args.length > 0) {
    return fail(
      `not supported: timestamp.${name}() with arguments (time zones are not implemented)`,
    );
  }
  const d = new Date(t.seconds * 1000);
  switch (name) {
    case 'year':
      return BigInt(d.getUTCFullYear());
    case 'month':
      return BigInt(d.getUTCMonth() + 1);
    case 'day':
      return BigInt(d.getUTCDate());
    case 'hours':
      return BigInt(d.getUTCHours());
    case 'minutes':
      return BigInt(d.getUTCMinutes());
    case 'seconds':
      return BigInt(d.getUTCSeconds());
    case 'nanos':
      return BigInt(t.nanos);
    case 'dayOfWeek':
      // 1 = Monday ... 7 = Sunday
      return BigInt(((d.getUTCDay() + 6) % 7) + 1);
    case 'dayOfYear': {
      const start = Date.UTC(d.getUTCFullYear(), 0, 1);
      return BigInt(Math.floor((d.getTime() - start) / 86_400_000) + 1);
    }
    case 'date':
      return RTimestamp.fromMillis(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
    case 'time': {
      const secs = d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds();
      return new RDuration(secs, t.nanos);
    }
    case 'toMillis':
      return BigInt(t.seconds) * 1000n + BigInt(Math.floor(t.nanos / 1e6));
  }
  return fail(`Function not found error: Name: [${name}] on timestamp`);
}

function durationMethod(d: RDuration, name: string, args: Value[]): Value {
  argCount(name, args, 0);
  if (name === 'seconds') return BigInt(d.seconds);
  if (name === 'nanos') return BigInt(d.nanos);
  return fail(`Function not found error: Name: [${name}] on duration`);
}

function latlngMethod(g: RLatLng, name: string, args: Value[]): Value {
  switch (name) {
    case 'latitude':
      argCount(name, args, 0);
      return g.lat;
    case 'longitude':
      argCount(name, args, 0);
      return g.lng;
    case 'distance': {
      argCount(name, args, 1);
      const o = args[0] ?? null;
      if (!(o instanceof RLatLng))
        return fail(`distance() argument must be a latlng, got ${typeName(o)}`);
      // Haversine on a spherical earth (mean radius), in meters.
      const r = 6_371_000;
      const rad = Math.PI / 180;
      const dLat = (o.lat - g.lat) * rad;
      const dLng = (o.lng - g.lng) * rad;
      const h =
        Math.sin(dLat / 2) ** 2 +
        Math.cos(g.lat * rad) * Math.cos(o.lat * rad) * Math.sin(dLng / 2) ** 2;
      return 2 * r * Math.asin(Math.min(1, Math.sqrt(h)));
    }
  }
  return fail(`Function not found error: Name: [${name}] on latlng`);
}

function bytesMethod(b: RBytes, name: string, args: Value[]): Value {
  argCount(name, args, 0);
  switch (name) {
    case 'size':
      return BigInt(b.bytes.length);
    case 'toBase64':
      return Buffer.from(b.bytes).toString('base64');
    case 'toHexString':
      return Buffer.from(b.bytes).toString('hex').toUpperCase();
  }
  return fail(`Function not found error: Name: [${name}] on bytes`);
}

function pathMethod(p: RPath, name: string, args: Value[]): Value {
  if (name === 'bind') {
    argCount(name, args, 1);
    const m = args[0] ?? null;
    if (!(m instanceof RMap)) return fail(`bind() argument must be a map, got ${typeName(m)}`);
    return new RPath(
      p.segments.map((s) => {
        const w = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(s);
        if (!w) return s;
        const v = m.entries.get(w[1] as string);
        return v === undefined ? s : str(v, 'bound path segment');
      }),
    );
  }
  return fail(`Function not found error: Name: [${name}] on path`);
}

// ---- namespaces ----

export const NAMESPACES = new Set(['math', 'duration', 'timestamp', 'latlng', 'hashing']);

const DURATION_UNITS: Record<string, bigint> = {
  w: 7n * 86_400n * 1_000_000_000n,
  d: 86_400n * 1_000_000_000n,
  h: 3_600n * 1_000_000_000n,
  m: 60n * 1_000_000_000n,
  s: 1_000_000_000n,
  ms: 1_000_000n,
  ns: 1n,
};

function bytesOf(v: Value, what: string): Uint8Array {
  if (typeof v === 'string') return new TextEncoder().encode(v);
  if (v instanceof RBytes) return v.bytes;
  checkKnown(v);
  return fail(`${what} must be a string or bytes, got ${typeName(v)}`);
}

let crc32cTable: Uint32Array | null = null;
function crc(bytes: Uint8Array, poly: number): number {
  const table = poly === 0x82f63b78 ? (crc32cTable ??= makeTable(poly)) : makeTable(poly);
  let c = 0xffffffff;
  for (const b of bytes) c = (table[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
const tables = new Map<number, Uint32Array>();
function makeTable(poly: number): Uint32Array {
  const cached = tables.get(poly);
  if (cached) return cached;
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? poly ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  tables.set(poly, t);
  return t;
}
function u32Bytes(n: number): RBytes {
  return new RBytes(
    new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]),
  );
}

function mathRound(name: string, x: Value): Value {
  if (typeof x === 'bigint') return x;
  const f = num(x, `math.${name}() argument`);
  if (!Number.isFinite(f)) return fail(`math.${name}() of a non-finite value`);
  // Round half away from zero, as documented for math.round.
  const r =
    name === 'ceil'
      ? Math.ceil(f)
      : name === 'floor'
        ? Math.floor(f)
        : Math.sign(f) * Math.round(Math.abs(f));
  return checkInt(BigInt(r));
}

export function callNamespace(ns: string, name: string, args: Value[]): Value {
  const a0 = args[0] ?? null;
  const a1 = args[1] ?? null;
  const full = `${ns}.${name}`;
  switch (full) {
    case 'math.abs':
      argCount(full, args, 1);
      if (typeof a0 === 'bigint') return checkInt(a0 < 0n ? -a0 : a0);
      return Math.abs(num(a0, 'math.abs() argument'));
    case 'math.ceil':
    case 'math.floor':
    case 'math.round':
      argCount(full, args, 1);
      return mathRound(name, a0);
    case 'math.sqrt':
      argCount(full, args, 1);
      return Math.sqrt(num(a0, 'math.sqrt() argument'));
    case 'math.pow':
      argCount(full, args, 2);
      return Math.pow(num(a0, 'math.pow() base'), num(a1, 'math.pow() exponent'));
    case 'math.isInfinite':
      argCount(full, args, 1);
      return typeof a0 === 'number'
        ? !Number.isFinite(a0) && !Number.isNaN(a0)
        : (num(a0, 'argument'), false);
    case 'math.isNaN':
      argCount(full, args, 1);
      return typeof a0 === 'number' ? Number.isNaN(a0) : (num(a0, 'argument'), false);
    case 'duration.value': {
      argCount(full, args, 2);
      const unit = DURATION_UNITS[str(a1, 'duration unit')];
      if (unit === undefined)
        return fail(`unknown duration unit '${String(a1)}' (use w, d, h, m, s, ms, ns)`);
      return RDuration.fromNanos(int(a0, 'duration magnitude') * unit);
    }
    case 'duration.time': {
      argCount(full, args, 4);
      const [h, m, s, ns] = args.map((x, i) => int(x, `duration.time() argument ${i + 1}`)) as [
        bigint,
        bigint,
        bigint,
        bigint,
      ];
      return RDuration.fromNanos(((h * 60n + m) * 60n + s) * 1_000_000_000n + ns);
    }
    case 'duration.abs': {
      argCount(full, args, 1);
      if (!(a0 instanceof RDuration)) return fail(`duration.abs() argument must be a duration`);
      const n = a0.totalNanos();
      return RDuration.fromNanos(n < 0n ? -n : n);
    }
    case 'timestamp.date': {
      argCount(full, args, 3);
      const [y, m, d] = args.map((x, i) =>
        Number(int(x, `timestamp.date() argument ${i + 1}`)),
      ) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      date.setUTCFullYear(y);
      if (date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
        return fail(`invalid date ${y}-${m}-${d}`);
      return RTimestamp.fromMillis(date.getTime());
    }
    case 'timestamp.value':
      argCount(full, args, 1);
      return timestampFromNanos(int(a0, 'timestamp.value() argument') * 1_000_000n);
    case 'latlng.value': {
      argCount(full, args, 2);
      const lat = num(a0, 'latitude');
      const lng = num(a1, 'longitude');
      if (lat < -90 || lat > 90 || lng < -180 || lng > 180) return fail('latlng out of range');
      return new RLatLng(lat, lng);
    }
    case 'hashing.crc32':
      argCount(full, args, 1);
      return u32Bytes(crc(bytesOf(a0, 'hashing input'), 0xedb88320));
    case 'hashing.crc32c':
      argCount(full, args, 1);
      return u32Bytes(crc(bytesOf(a0, 'hashing input'), 0x82f63b78));
    case 'hashing.md5':
      argCount(full, args, 1);
      return new RBytes(createHash('md5').update(bytesOf(a0, 'hashing input')).digest());
    case 'hashing.sha256':
      argCount(full, args, 1);
      return new RBytes(createHash('sha256').update(bytesOf(a0, 'hashing input')).digest());
  }
  return fail(`not supported: ${full}()`);
}

// ---- global conversion functions ----

export function toInt(v: Value): Value {
  if (typeof v === 'bigint') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return fail('int() of a non-finite float');
    return checkInt(BigInt(Math.trunc(v)));
  }
  if (typeof v === 'string' && /^\s*[+-]?\d+\s*$/.test(v)) return checkInt(BigInt(v.trim()));
  checkKnown(v);
  return fail(`cannot convert ${typeName(v)} ${typeof v === 'string' ? `'${v}' ` : ''}to int`);
}

export function toFloat(v: Value): Value {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'string') {
    const f = Number(v.trim());
    if (v.trim() !== '' && !Number.isNaN(f)) return f;
    if (/^\s*nan\s*$/i.test(v)) return NaN;
  }
  checkKnown(v);
  return fail(`cannot convert ${typeName(v)} to float`);
}

export function toStr(v: Value): Value {
  if (v === null) return 'null';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (typeof v === 'number')
    return Number.isInteger(v) && Math.abs(v) < 1e21 ? v.toFixed(1) : String(v);
  if (v instanceof RPath) return v.toString();
  checkKnown(v);
  return fail(`cannot convert ${typeName(v)} to string`);
}

export function toPath(v: Value): Value {
  if (v instanceof RPath) return v;
  const s = str(v, 'path() argument');
  return new RPath(s.split('/').filter((x) => x !== ''));
}
