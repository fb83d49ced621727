// Small builders for rules tests: compile-or-throw, documents, in-memory document sources.

import { compileRules, type Ruleset } from '../../src/rules/index.ts';
import type { DocumentSource, FsDocument, FsValue } from '../../src/shared/value.ts';

export function compile(source: string): Ruleset {
  const { ruleset, issues } = compileRules(source);
  if (!ruleset)
    throw new Error(issues.map((i) => `${i.line}:${i.column}: ${i.message}`).join('\n'));
  return ruleset;
}

export function firestoreRules(body: string): Ruleset {
  return compile(`rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
${body}
  }
}`);
}

/** Plain JS to FsValue: integers become integerValue, other numbers doubleValue. */
export function fs(v: unknown): FsValue {
  if (v === null) return { nullValue: null };
  if (typeof v === 'boolean') return { booleanValue: v };
  if (typeof v === 'bigint') return { integerValue: v };
  if (typeof v === 'number')
    return Number.isInteger(v) ? { integerValue: BigInt(v) } : { doubleValue: v };
  if (typeof v === 'string') return { stringValue: v };
  if (v instanceof Date)
    return {
      timestampValue: {
        seconds: Math.floor(v.getTime() / 1000),
        nanos: (v.getTime() % 1000) * 1e6,
      },
    };
  if (Array.isArray(v)) return { arrayValue: { values: v.map(fs) } };
  if (typeof v === 'object') return { mapValue: { fields: fields(v as Record<string, unknown>) } };
  throw new Error(`cannot convert ${String(v)}`);
}

export function fields(data: Record<string, unknown>): Record<string, FsValue> {
  const out: Record<string, FsValue> = {};
  for (const [k, v] of Object.entries(data)) out[k] = fs(v);
  return out;
}

export function doc(
  path: string,
  data: Record<string, unknown> | Record<string, FsValue>,
  raw = false,
): FsDocument {
  return {
    path,
    fields: raw ? (data as Record<string, FsValue>) : fields(data),
    createTime: { seconds: 1_700_000_000, nanos: 0 },
    updateTime: { seconds: 1_700_000_000, nanos: 0 },
  };
}

export function source(docs: FsDocument[]): DocumentSource & { reads: string[] } {
  const byPath = new Map(docs.map((d) => [d.path, d]));
  const reads: string[] = [];
  return {
    reads,
    get(path: string) {
      reads.push(path);
      return byPath.get(path) ?? null;
    },
  };
}

export const EMPTY = source([]);
