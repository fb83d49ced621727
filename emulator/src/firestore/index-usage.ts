// What the queries of a run needed: every index used (declared composites and field overrides,
// and automatic single-field indexes), every index a query lacked, and, against a
// firestore.indexes.json, every declared index no query used. Kept per project by the emulator
// (`GET /emulator/v1/projects/{p}:indexUsage`) and, with GATHERLY_INDEX_USAGE_DIR set, saved when
// the emulator stops so `npm run indexes:report` can merge the emulators of a whole test run.
import {
  type CompositeIndex,
  declarationOf,
  type FieldOverride,
  type IndexConfig,
  indexKey,
  type Plan,
  type PlannedIndex,
} from './indexes.ts';

export interface IndexCount {
  index: PlannedIndex;
  queries: number;
}

/** Usage as saved and merged: plain data. */
export interface IndexUsageData {
  used: IndexCount[];
  missing: (IndexCount & { message: string })[];
}

export interface IndexReportEntry {
  /** The firestore.indexes.json entry (an `indexes` item or a `fieldOverrides` item). */
  declaration: CompositeIndex | FieldOverride;
  queries: number;
}

export interface IndexReport {
  /** Declared indexes (composites, COLLECTION_GROUP field overrides) queries used. */
  used: IndexReportEntry[];
  /** Declared indexes no query used. */
  unused: (CompositeIndex | FieldOverride)[];
  /** Indexes queries needed that are not declared (refused queries, or any with the mode off). */
  missing: (IndexReportEntry & { message: string })[];
  /** Automatic single-field indexes queries used (nothing to declare). */
  automatic: IndexReportEntry[];
}

export class IndexUsage {
  private readonly used = new Map<string, IndexCount>();
  private readonly missing = new Map<string, IndexCount & { message: string }>();

  record(plan: Plan): void {
    if (plan.ok) {
      for (const index of plan.uses) bump(this.used, index, {});
    } else {
      bump(this.missing, plan.missing, { message: plan.error.message });
    }
  }

  data(): IndexUsageData {
    return { used: [...this.used.values()], missing: [...this.missing.values()] };
  }

  clear(): void {
    this.used.clear();
    this.missing.clear();
  }
}

function bump<T extends IndexCount>(
  map: Map<string, T>,
  index: PlannedIndex,
  extra: Omit<T, keyof IndexCount>,
): void {
  const key = indexKey(index);
  const entry = map.get(key);
  if (entry) entry.queries++;
  else map.set(key, { index, queries: 1, ...extra } as T);
}

/** Merges usage of several emulators (or projects). */
export function mergeUsage(parts: IndexUsageData[]): IndexUsageData {
  const used = new Map<string, IndexCount>();
  const missing = new Map<string, IndexCount & { message: string }>();
  for (const part of parts) {
    for (const u of part.used) add(used, u);
    for (const m of part.missing) add(missing, m);
  }
  return { used: [...used.values()], missing: [...missing.values()] };
}

function add<T extends IndexCount>(map: Map<string, T>, entry: T): void {
  const key = indexKey(entry.index);
  const known = map.get(key);
  if (known) known.queries += entry.queries;
  else map.set(key, { ...entry });
}

/** A single-field index the automatic settings do not provide must be declared (an override). */
function declared(index: PlannedIndex, config: IndexConfig): boolean {
  if (index.kind === 'composite') return true;
  return (
    index.queryScope === 'COLLECTION_GROUP' ||
    config.fieldOverrides.some(
      (o) =>
        o.collectionGroup === index.collectionGroup && o.fieldPath === index.fields[0]?.fieldPath,
    )
  );
}

/** Every index a config declares that usage can confirm: composites and CG field overrides. */
function declaredIndexes(config: IndexConfig): PlannedIndex[] {
  const composites = config.indexes.map((i): PlannedIndex => ({ kind: 'composite', ...i }));
  const overrides = config.fieldOverrides.flatMap((o) =>
    o.indexes
      .filter((i) => i.queryScope === 'COLLECTION_GROUP')
      .map((i): PlannedIndex => ({
        kind: 'single-field',
        collectionGroup: o.collectionGroup,
        queryScope: 'COLLECTION_GROUP',
        fields: [
          i.arrayConfig
            ? { fieldPath: o.fieldPath, arrayConfig: i.arrayConfig }
            : { fieldPath: o.fieldPath, order: i.order ?? 'ASCENDING' },
        ],
      })),
  );
  return [...composites, ...overrides];
}

export function indexReport(usage: IndexUsageData, config: IndexConfig): IndexReport {
  const usedKeys = new Set(usage.used.map((u) => indexKey(u.index)));
  const entry = (u: IndexCount): IndexReportEntry => ({
    declaration: declarationOf(u.index),
    queries: u.queries,
  });
  const byCount = (a: { queries: number }, b: { queries: number }) => b.queries - a.queries;
  return {
    used: usage.used
      .filter((u) => declared(u.index, config))
      .map(entry)
      .sort(byCount),
    unused: declaredIndexes(config)
      .filter((i) => !usedKeys.has(indexKey(i)))
      .map(declarationOf),
    missing: usage.missing.map((m) => ({ ...entry(m), message: m.message })).sort(byCount),
    automatic: usage.used
      .filter((u) => !declared(u.index, config))
      .map(entry)
      .sort(byCount),
  };
}
