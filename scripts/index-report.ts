// `npm run indexes:report -- DIR [--indexes firestore.indexes.json] [--json]`: what the queries of
// a run needed, against firestore.indexes.json. DIR holds the usage files emulators save when they
// stop with GATHERLY_INDEX_USAGE_DIR=DIR (npm test, the journeys' `npm start`, the benches), e.g.
//
//   GATHERLY_INDEX_USAGE_DIR=/tmp/index-usage npm test
//   npm run indexes:report -- /tmp/index-usage
//
// Prints the declared indexes used (with query counts), the declared ones no query used, and the
// indexes queries lacked; exits 1 when any index is unused or missing, so the file stays exact.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadIndexUsage, readIndexConfig } from '../emulator/src/firestore/index-files.ts';
import { indexReport } from '../emulator/src/firestore/index-usage.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    indexes: { type: 'string', default: path.join(ROOT, 'firestore.indexes.json') },
    json: { type: 'boolean', default: false },
  },
});

const dir = positionals[0] ?? process.env.GATHERLY_INDEX_USAGE_DIR;
if (!dir) {
  console.error(
    'Usage: npm run indexes:report -- DIR (the GATHERLY_INDEX_USAGE_DIR of a test run)',
  );
  process.exit(2);
}

const report = indexReport(loadIndexUsage(dir), readIndexConfig(values.indexes));
if (values.json) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const show = (title: string, lines: string[]) => {
    console.log(`${title} (${lines.length})`);
    for (const line of lines) console.log(`  ${line}`);
  };
  show(
    'Declared indexes used',
    report.used.map((u) => `${u.queries} queries  ${JSON.stringify(u.declaration)}`),
  );
  show(
    'Declared indexes no query used',
    report.unused.map((u) => JSON.stringify(u)),
  );
  show(
    'Indexes queries needed that are not declared',
    report.missing.map((m) => `${m.queries} queries  ${JSON.stringify(m.declaration)}`),
  );
  console.log(
    `Automatic single-field indexes used: ${report.automatic.length} (${report.automatic.reduce((n, a) => n + a.queries, 0)} queries)`,
  );
}
process.exit(report.unused.length > 0 || report.missing.length > 0 ? 1 : 0);
