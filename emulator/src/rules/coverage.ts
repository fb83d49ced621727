// Rule coverage as the official Firestore emulator reports it
// (`GET /emulator/v1/projects/{p}:ruleCoverage`): every expression of the rules (allow
// conditions, function bodies and lets) with its source position and the values it evaluated
// to, counted; an evaluation error is the empty value `{}`, and an expression never evaluated
// has no `values`. Sub-expressions are the node's `children`, in source order.
import type { Expr } from './ast.ts';
import type { Compiled, CoverageRecorder } from './compile.ts';
import {
  RBytes,
  RDuration,
  RLatLng,
  RMap,
  RMapDiff,
  RPath,
  RSet,
  RTimestamp,
  RulesError,
  type Value,
} from './values.ts';

/** A rules value in the JSON form of the coverage report (google.firebase.rules.v1 Value). */
export type CoverageValue = Record<string, unknown>;

export interface CoverageNode {
  sourcePosition: { line: number; column: number; currentOffset: number; endOffset: number };
  values?: { value: CoverageValue; count: number }[];
  children?: CoverageNode[];
}

export interface CoverageReport {
  rules: { files: { name: string; content: string }[] };
  report: CoverageNode[];
}

/** An evaluation error is reported as the empty value. */
const ERROR = { value: {}, key: '{}' };

/** Distinct values kept per expression; evaluations of further values are not listed. */
const MAX_DISTINCT_VALUES = 20;

function timestampJson(t: RTimestamp): string {
  const iso = new Date(t.seconds * 1000).toISOString().slice(0, 19);
  return t.nanos === 0 ? `${iso}Z` : `${iso}.${String(t.nanos).padStart(9, '0')}Z`;
}

export function coverageValue(v: Value, cache: WeakMap<object, CoverageValue>): CoverageValue {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { boolValue: v };
  if (typeof v === 'bigint') return { intValue: v.toString() };
  if (typeof v === 'number')
    return { floatValue: Number.isFinite(v) ? v : Number.isNaN(v) ? 'NaN' : String(v) };
  if (typeof v === 'string') return { stringValue: v };
  const cached = cache.get(v);
  if (cached) return cached;
  let out: CoverageValue;
  if (Array.isArray(v)) out = { listValue: { values: v.map((x) => coverageValue(x, cache)) } };
  else if (v instanceof RMap) {
    const fields: Record<string, CoverageValue> = {};
    for (const [key, value] of v.entries) fields[key] = coverageValue(value, cache);
    out = { mapValue: { fields } };
  } else if (v instanceof RSet)
    out = { setValue: { values: [...v.items.values()].map((x) => coverageValue(x, cache)) } };
  else if (v instanceof RPath)
    out = { pathValue: { segments: v.segments.map((s) => ({ simple: s })) } };
  else if (v instanceof RTimestamp) out = { timestampValue: timestampJson(v) };
  else if (v instanceof RDuration) out = { durationValue: `${Number(v.totalNanos()) / 1e9}s` };
  else if (v instanceof RBytes) out = { bytesValue: Buffer.from(v.bytes).toString('base64') };
  else if (v instanceof RLatLng) out = { latlngValue: { latitude: v.lat, longitude: v.lng } };
  else if (v instanceof RMapDiff)
    out = {
      mapDiffValue: { left: coverageValue(v.left, cache), right: coverageValue(v.right, cache) },
    };
  else out = {}; // namespaces and the list-query approximation's unknowns: not values
  cache.set(v, out);
  return out;
}

function childrenOf(e: Expr): Expr[] {
  switch (e.kind) {
    case 'lit':
    case 'ident':
      return [];
    case 'list':
      return e.items;
    case 'map':
      return e.entries.flatMap((x) => [x.key, x.value]);
    case 'path':
      return e.segments.flatMap((segment) =>
        segment.filter((p): p is Expr => typeof p !== 'string'),
      );
    case 'member':
      return [e.object];
    case 'index':
      return [e.object, e.index];
    case 'slice':
      return [e.object, ...(e.from ? [e.from] : []), ...(e.to ? [e.to] : [])];
    case 'call':
      // A function's name is not evaluated; a method's receiver is.
      return e.callee.kind === 'member' ? [e.callee.object, ...e.args] : e.args;
    case 'unary':
      return [e.operand];
    case 'binary':
      return [e.left, e.right];
    case 'is':
      return [e.operand];
    case 'cond':
      return [e.test, e.then, e.else];
  }
}

/** Collects coverage for one compiled ruleset. */
export class RulesCoverage implements CoverageRecorder {
  private readonly roots: Expr[] = [];
  private readonly counts = new Map<Expr, Map<string, { value: CoverageValue; count: number }>>();
  private cache = new WeakMap<object, CoverageValue>();
  private keys = new WeakMap<object, { value: CoverageValue; key: string }>();

  constructor(
    readonly fileName: string,
    readonly source: string,
  ) {}

  addRoot(e: Expr): void {
    this.roots.push(e);
  }

  /** The report form of a value and its identity key (computed once per object value). */
  private keyed(v: Value): { value: CoverageValue; key: string } {
    if (v !== null && typeof v === 'object') {
      const hit = this.keys.get(v);
      if (hit) return hit;
      const value = coverageValue(v, this.cache);
      const entry = { value, key: JSON.stringify(value) };
      this.keys.set(v, entry);
      return entry;
    }
    const value = coverageValue(v, this.cache);
    return { value, key: typeof v === 'bigint' ? `i${v}` : JSON.stringify(value) };
  }

  private record(e: Expr, { value, key }: { value: CoverageValue; key: string }): void {
    let seen = this.counts.get(e);
    if (!seen) {
      seen = new Map();
      this.counts.set(e, seen);
    }
    const entry = seen.get(key);
    if (entry) entry.count++;
    else if (seen.size < MAX_DISTINCT_VALUES) seen.set(key, { value, count: 1 });
  }

  /** Wraps an expression's closure so each evaluation is counted by value. */
  instrument(e: Expr, run: Compiled): Compiled {
    return (c, l) => {
      let value: Value;
      try {
        value = run(c, l);
      } catch (err) {
        if (err instanceof RulesError) this.record(e, ERROR);
        throw err;
      }
      this.record(e, this.keyed(value));
      return value;
    };
  }

  reset(): void {
    this.counts.clear();
    this.cache = new WeakMap();
    this.keys = new WeakMap();
  }

  report(): CoverageReport {
    const node = (e: Expr): CoverageNode => {
      const range = e.range ?? { line: e.pos.line, column: e.pos.column, start: 0, end: 0 };
      const out: CoverageNode = {
        sourcePosition: {
          line: range.line,
          column: range.column,
          currentOffset: range.start,
          endOffset: range.end,
        },
      };
      const values = this.counts.get(e);
      if (values && values.size > 0) out.values = [...values.values()];
      const children = childrenOf(e).map(node);
      if (children.length > 0) out.children = children;
      return out;
    };
    const roots = [...this.roots].sort((a, b) => (a.range?.start ?? 0) - (b.range?.start ?? 0));
    return {
      rules: { files: [{ name: this.fileName, content: this.source }] },
      report: roots.map(node),
    };
  }
}
