// One suite run's results, as the mocha reporter in reporter.ts records them, and the summary
// the runner prints: counts, and failures grouped by cause.

export type TestState = 'passed' | 'failed' | 'pending';

export interface TestResult {
  /** The describe() titles and the test title, joined with " > ". */
  title: string;
  state: TestState;
  /** How many times mocha retried it (the upstream configs allow retries). */
  retries: number;
  error?: string;
}

export interface SuiteRun {
  name: string;
  results: TestResult[];
  /** Set when the suite could not run (or stopped) for a reason outside its tests. */
  aborted?: string;
  /** What the run saw besides its tests' results (e.g. errors left uncaught in the page). */
  notes?: string[];
  seconds: number;
}

/** The emulator's loud-limit message (errors.ts `unimplemented()`). */
const LOUD_LIMIT = /([^:\n]*?) is not supported by the Gatherly offline Firestore emulator/;

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Failures that name a feature the emulator lists as unimplemented. */
  unimplemented: number;
  /** Passed only after a retry. */
  flaky: number;
}

export function countResults(results: TestResult[]): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0, unimplemented: 0, flaky: 0 };
  for (const result of results) {
    if (result.state === 'passed') {
      counts.passed++;
      if (result.retries > 0) counts.flaky++;
    } else if (result.state === 'pending') {
      counts.skipped++;
    } else {
      counts.failed++;
      if (LOUD_LIMIT.test(result.error ?? '')) counts.unimplemented++;
    }
  }
  return counts;
}

/**
 * The cause of a failure: the error's first line with the parts that differ from test to test
 * (generated ids, numbers, quoted values, paths) replaced, so equal causes group together.
 */
export function causeOf(error: string | undefined): string {
  const firstLine = (error ?? '(no error message)').trim().split('\n')[0] ?? '';
  const loud = LOUD_LIMIT.exec(firstLine);
  if (loud)
    return `UNIMPLEMENTED: ${loud[1]?.replace(/^\[\w+\]\s*/, '').trim()} (listed as unimplemented)`;
  return firstLine
    .replace(/projects\/[^\s'"`]+/g, 'projects/…')
    .replace(/\b[A-Za-z0-9]{20}\b/g, '<id>')
    .replace(/'[^']{0,200}'/g, "'…'")
    .replace(/"[^"]{0,200}"/g, '"…"')
    .replace(/\b\d+(\.\d+)?\b/g, 'N')
    .slice(0, 240);
}

export interface FailureGroup {
  cause: string;
  tests: string[];
}

export function groupFailures(results: TestResult[]): FailureGroup[] {
  const groups = new Map<string, string[]>();
  for (const result of results) {
    if (result.state !== 'failed') continue;
    const cause = causeOf(result.error);
    const tests = groups.get(cause) ?? [];
    tests.push(result.title);
    groups.set(cause, tests);
  }
  return [...groups]
    .map(([cause, tests]) => ({ cause, tests }))
    .sort((a, b) => b.tests.length - a.tests.length || a.cause.localeCompare(b.cause));
}

export function formatRun(run: SuiteRun, maxTitles = 5): string {
  const counts = countResults(run.results);
  const lines = [
    `== ${run.name}: ${counts.passed} passed, ${counts.failed} failed ` +
      `(${counts.unimplemented} of them unimplemented features), ${counts.skipped} skipped` +
      `${counts.flaky ? `; ${counts.flaky} passed only on a retry` : ''} (${Math.round(run.seconds)} s)`,
  ];
  if (run.aborted) lines.push(`   ABORTED: ${run.aborted}`);
  for (const note of run.notes ?? []) lines.push(`   note: ${note}`);
  for (const group of groupFailures(run.results)) {
    lines.push(`   ${group.tests.length} × ${group.cause}`);
    for (const title of group.tests.slice(0, maxTitles)) lines.push(`       - ${title}`);
    if (group.tests.length > maxTitles)
      lines.push(`       … and ${group.tests.length - maxTitles} more`);
  }
  return lines.join('\n');
}
