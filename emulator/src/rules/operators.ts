// Arithmetic, comparison and membership operators with the rules language's typing: ints are
// 64-bit and overflow is an error, int/float mix promotes to float, timestamps and durations
// combine as documented, anything else is a type error.

import {
  INT64_MAX,
  INT64_MIN,
  RDuration,
  RMap,
  RSet,
  RTimestamp,
  type Value,
  canonicalKey,
  checkKnown,
  compareValues,
  fail,
  typeName,
  valuesEqual,
} from './values.ts';

const NANOS = 1_000_000_000n;

export function checkInt(n: bigint): bigint {
  if (n > INT64_MAX || n < INT64_MIN) fail('integer overflow');
  return n;
}

function timestampNanos(t: RTimestamp): bigint {
  return BigInt(t.seconds) * NANOS + BigInt(t.nanos);
}

export function timestampFromNanos(n: bigint): RTimestamp {
  let s = n / NANOS;
  let ns = n - s * NANOS;
  if (ns < 0n) {
    ns += NANOS;
    s -= 1n;
  }
  const t = new RTimestamp(Number(s), Number(ns));
  // Valid range 0001-01-01 .. 9999-12-31 as for Firestore timestamps.
  if (t.seconds < -62135596800 || t.seconds > 253402300799) fail('timestamp out of range');
  return t;
}

function typeError(op: string, a: Value, b: Value): never {
  return fail(`operator ${op} is not defined for ${typeName(a)} and ${typeName(b)}`);
}

export function add(a: Value, b: Value): Value {
  const ta = typeof a;
  const tb = typeof b;
  if (ta === 'bigint' && tb === 'bigint') return checkInt((a as bigint) + (b as bigint));
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint'))
    return Number(a) + Number(b);
  if (ta === 'string' && tb === 'string') return (a as string) + (b as string);
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (a instanceof RTimestamp && b instanceof RDuration)
    return timestampFromNanos(timestampNanos(a) + b.totalNanos());
  if (a instanceof RDuration && b instanceof RTimestamp)
    return timestampFromNanos(timestampNanos(b) + a.totalNanos());
  if (a instanceof RDuration && b instanceof RDuration)
    return RDuration.fromNanos(a.totalNanos() + b.totalNanos());
  checkKnown(a);
  checkKnown(b);
  return typeError('+', a, b);
}

export function sub(a: Value, b: Value): Value {
  const ta = typeof a;
  const tb = typeof b;
  if (ta === 'bigint' && tb === 'bigint') return checkInt((a as bigint) - (b as bigint));
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint'))
    return Number(a) - Number(b);
  if (a instanceof RTimestamp && b instanceof RTimestamp)
    return RDuration.fromNanos(timestampNanos(a) - timestampNanos(b));
  if (a instanceof RTimestamp && b instanceof RDuration)
    return timestampFromNanos(timestampNanos(a) - b.totalNanos());
  if (a instanceof RDuration && b instanceof RDuration)
    return RDuration.fromNanos(a.totalNanos() - b.totalNanos());
  checkKnown(a);
  checkKnown(b);
  return typeError('-', a, b);
}

export function mul(a: Value, b: Value): Value {
  const ta = typeof a;
  const tb = typeof b;
  if (ta === 'bigint' && tb === 'bigint') return checkInt((a as bigint) * (b as bigint));
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint'))
    return Number(a) * Number(b);
  checkKnown(a);
  checkKnown(b);
  return typeError('*', a, b);
}

export function div(a: Value, b: Value): Value {
  const ta = typeof a;
  const tb = typeof b;
  if (ta === 'bigint' && tb === 'bigint') {
    if (b === 0n) fail('division by zero');
    return checkInt((a as bigint) / (b as bigint));
  }
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint'))
    return Number(a) / Number(b);
  checkKnown(a);
  checkKnown(b);
  return typeError('/', a, b);
}

export function mod(a: Value, b: Value): Value {
  const ta = typeof a;
  const tb = typeof b;
  if (ta === 'bigint' && tb === 'bigint') {
    if (b === 0n) fail('modulo by zero');
    return (a as bigint) % (b as bigint);
  }
  if ((ta === 'number' || ta === 'bigint') && (tb === 'number' || tb === 'bigint'))
    return Number(a) % Number(b);
  checkKnown(a);
  checkKnown(b);
  return typeError('%', a, b);
}

export function neg(a: Value): Value {
  if (typeof a === 'bigint') return checkInt(-a);
  if (typeof a === 'number') return -a;
  if (a instanceof RDuration) return RDuration.fromNanos(-a.totalNanos());
  checkKnown(a);
  return fail(`operator - is not defined for ${typeName(a)}`);
}

export function not(a: Value): Value {
  if (typeof a === 'boolean') return !a;
  checkKnown(a);
  return fail(`operator ! is not defined for ${typeName(a)}`);
}

export function less(a: Value, b: Value): boolean {
  return compareValues(a, b) < 0;
}
export function lessEq(a: Value, b: Value): boolean {
  return compareValues(a, b) <= 0;
}
export function greater(a: Value, b: Value): boolean {
  return compareValues(a, b) > 0;
}
export function greaterEq(a: Value, b: Value): boolean {
  return compareValues(a, b) >= 0;
}

export function eq(a: Value, b: Value): boolean {
  return valuesEqual(a, b);
}

export function inOp(item: Value, container: Value): boolean {
  if (Array.isArray(container)) {
    for (const x of container) if (valuesEqual(item, x)) return true;
    return false;
  }
  if (container instanceof RMap) {
    if (typeof item !== 'string') {
      checkKnown(item);
      return fail(`map keys are strings; cannot test ${typeName(item)} in map`);
    }
    if (container.entries.has(item)) return true;
    if (container.partial)
      fail(`field '${item}' is not constrained by the query (rules are not filters)`);
    return false;
  }
  if (container instanceof RSet) return container.items.has(canonicalKey(item));
  checkKnown(container);
  return fail(`operator in is not defined for ${typeName(container)}`);
}

export function asBool(v: Value, what: string): boolean {
  if (typeof v === 'boolean') return v;
  checkKnown(v);
  return fail(`${what} must be a bool, got ${typeName(v)}`);
}
