// Files around indexes: firestore.indexes.json, and the index usage each emulator saves when it
// stops, for a report over a whole test run (every emulator started with
// GATHERLY_INDEX_USAGE_DIR set writes `<dir>/<pid>-<port>.json`; `npm run indexes:report` merges
// the files against firestore.indexes.json).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type IndexUsageData, mergeUsage } from './index-usage.ts';
import { type IndexConfig, parseIndexConfig } from './indexes.ts';
import type { Logger } from './log.ts';
import type { ProjectRegistry } from './registry.ts';

export const INDEX_USAGE_DIR_ENV = 'GATHERLY_INDEX_USAGE_DIR';

export function saveIndexUsage(registry: ProjectRegistry, port: number, log: Logger): void {
  const dir = process.env[INDEX_USAGE_DIR_ENV];
  if (!dir) return;
  const usage = mergeUsage(registry.projectIds().map((p) => registry.indexUsage(p).data()));
  if (usage.used.length === 0 && usage.missing.length === 0) return;
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${process.pid}-${port}.json`), JSON.stringify(usage));
  } catch (err) {
    log.warn(
      `index usage not saved in ${dir}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** Every saved usage file of a directory, merged. */
export function loadIndexUsage(dir: string): IndexUsageData {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  return mergeUsage(
    files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as IndexUsageData),
  );
}

/** Reads and checks a firestore.indexes.json file. */
export function readIndexConfig(file: string): IndexConfig {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parseIndexConfig(json);
}
