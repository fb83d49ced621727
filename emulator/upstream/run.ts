// Runs the upstream Firestore test suites against the offline emulator (not part of `npm test`
// or CI: it needs checkouts of two other repositories and takes minutes). See emulator/README.md.
//
//   npm run emulator:upstream -- --js-sdk ../firebase-js-sdk --nodejs-firestore ../nodejs-firestore
//
// Options (or environment): --js-sdk DIR (FIREBASE_JS_SDK_DIR), --nodejs-firestore DIR
// (NODEJS_FIRESTORE_DIR), --suites a,b (default: every suite whose checkout is given),
// --work-dir DIR (default $TMPDIR/gatherly-upstream-suites), --grep REGEX, --log-level LEVEL,
// --json FILE (every test's result), --suite-limit MINUTES (default 30: a suite still running
// then is stopped and reported busy or waiting, with the test running). Exit code 1 when a test
// fails.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startFirestoreEmulator } from '../src/firestore/server.ts';
import type { LogLevel } from '../src/firestore/log.ts';
import { runInChromium } from './chromium.ts';
import { countResults, formatRun, type SuiteRun, type TestResult } from './results.ts';
import { watchChild } from './watchdog.ts';
import { prepareHarness, prepareJsSdk, prepareNodejsFirestore } from './workspace.ts';

/** The project id the js-sdk harness uses against an emulator (FIRESTORE_EMULATOR_PROJECT_ID). */
const JS_SDK_PROJECT = 'test-emulator';

const SUITES = {
  'js-node': 'firebase-js-sdk api tests, Node (gRPC)',
  'js-lite': 'firebase-js-sdk lite integration test, Node (REST)',
  'js-chromium': 'firebase-js-sdk api tests, headless Chromium (WebChannel)',
  'admin-grpc': 'nodejs-firestore system tests, gRPC',
  'admin-rest': 'nodejs-firestore system tests, REST (FIRESTORE_PREFER_REST)',
} as const;
type SuiteName = keyof typeof SUITES;

const { values: args } = parseArgs({
  options: {
    'js-sdk': { type: 'string' },
    'nodejs-firestore': { type: 'string' },
    suites: { type: 'string' },
    'work-dir': { type: 'string' },
    grep: { type: 'string' },
    'log-level': { type: 'string' },
    json: { type: 'string' },
    'suite-limit': { type: 'string' },
  },
});

const jsSdk = args['js-sdk'] ?? process.env['FIREBASE_JS_SDK_DIR'];
const nodejsFirestore = args['nodejs-firestore'] ?? process.env['NODEJS_FIRESTORE_DIR'];
const workDir = resolve(args['work-dir'] ?? join(tmpdir(), 'gatherly-upstream-suites'));
const logLevel = (args['log-level'] ?? 'error') as LogLevel;
/** A whole suite takes minutes; past this its client is presumed stuck (watchdog.ts). */
const suiteLimitMs = Number(args['suite-limit'] ?? 30) * 60_000;

function selectedSuites(): SuiteName[] {
  const all = Object.keys(SUITES) as SuiteName[];
  if (args.suites) {
    const named = args.suites.split(',').map((s) => s.trim());
    for (const name of named)
      if (!all.includes(name as SuiteName))
        throw new Error(`Unknown suite "${name}"; the suites are ${all.join(', ')}.`);
    return named as SuiteName[];
  }
  return all.filter((name) => (name.startsWith('js-') ? jsSdk : nodejsFirestore));
}

const TSX_LOADER = import.meta.resolve('tsx');

/** Runs mocha in a child Node process (tsx compiles the TypeScript tests) and reads the results. */
async function runMocha(
  suite: SuiteName,
  name: string,
  cwd: string,
  files: string[],
  env: Record<string, string>,
  mochaArgs: string[],
  loader: string[] = ['--import', TSX_LOADER],
): Promise<SuiteRun> {
  // Not the label: mocha splits --reporter-option at commas.
  const output = join(workDir, `${suite}.results.json`);
  const log = join(workDir, `${suite}.log`);
  rmSync(output, { force: true });
  const started = Date.now();
  const command = [
    ...loader,
    join(workDir, 'node_modules', 'mocha', 'bin', 'mocha.js'),
    '--reporter',
    join(workDir, 'reporter.cjs'),
    '--reporter-option',
    `output=${output}`,
    ...mochaArgs,
    ...(args.grep ? ['--grep', args.grep] : []),
    ...files,
  ];
  const current = `${output}.current`;
  rmSync(current, { force: true });
  // The suites' own output (SDK logs) goes to the log; the reporter's progress dots to fd 3.
  const logFd = openSync(log, 'w');
  const child = spawn(process.execPath, command, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', logFd, logFd, 1],
  });
  let code: number | null = null;
  child.on('exit', (exitCode) => {
    code = exitCode;
  });
  const overrun = await watchChild(child, suiteLimitMs, () => {
    try {
      return { title: readFileSync(current, 'utf8'), startedAt: statSync(current).mtimeMs };
    } catch {
      return null;
    }
  });
  closeSync(logFd);
  console.log(`[upstream] the suite's output: ${log}`);
  process.stdout.write('\n');
  const seconds = (Date.now() - started) / 1000;
  if (overrun) return { name, results: [], aborted: `mocha ${overrun.message}`, seconds };
  try {
    return { name, results: JSON.parse(readFileSync(output, 'utf8')) as TestResult[], seconds };
  } catch {
    return {
      name,
      results: [],
      aborted: `mocha exited with code ${code} before reporting`,
      seconds,
    };
  }
}

async function runSuite(name: SuiteName): Promise<SuiteRun> {
  // The suites assume the official emulator's leniency (queries without declared indexes).
  const emulator = await startFirestoreEmulator({
    host: '127.0.0.1',
    port: 0,
    logLevel,
    productionLimits: false,
  });
  const label = `${name}: ${SUITES[name]}`;
  console.log(`\n[upstream] ${label} (emulator on 127.0.0.1:${emulator.port})`);
  try {
    if (name.startsWith('js-')) {
      if (!jsSdk) throw new Error('--js-sdk (FIREBASE_JS_SDK_DIR) is not set');
      const layout = prepareJsSdk(resolve(jsSdk), workDir);
      // What the js-sdk's own emulator runner (scripts/emulator-testing) sets.
      const env = {
        FIRESTORE_TARGET_BACKEND: 'emulator',
        FIRESTORE_EMULATOR_PORT: String(emulator.port),
        FIRESTORE_EMULATOR_PROJECT_ID: JS_SDK_PROJECT,
      };
      // config/mocharc.node.js: 5 s per test, 5 retries.
      const nodeMocha = ['--timeout', '5000', '--retries', '5', '--exit'];
      if (name === 'js-node')
        return await runMocha(name, label, layout.packageDir, layout.apiTests, env, nodeMocha);
      if (name === 'js-lite')
        return await runMocha(name, label, layout.packageDir, layout.liteTests, env, nodeMocha);
      return await runInChromium(label, layout, {
        workDir,
        emulatorPort: emulator.port,
        projectId: JS_SDK_PROJECT,
        ...(args.grep ? { grep: args.grep } : {}),
      });
    }
    if (!nodejsFirestore) throw new Error('--nodejs-firestore (NODEJS_FIRESTORE_DIR) is not set');
    const layout = prepareNodejsFirestore(resolve(nodejsFirestore), workDir);
    // package.json's system-test:emulator:* scripts, and the project their CI exports.
    const env: Record<string, string> = {
      FIRESTORE_EMULATOR_HOST: `localhost:${emulator.port}`,
      GCLOUD_PROJECT: 'demo-upstream-suites',
      GOOGLE_APPLICATION_CREDENTIALS: layout.credentials,
    };
    if (name === 'admin-rest') env['FIRESTORE_PREFER_REST'] = 'true';
    return await runMocha(
      name,
      label,
      layout.root,
      layout.systemTests,
      env,
      ['--timeout', '1200000', '--exit'],
      ['--require', join(workDir, 'ts-register.cjs')],
    );
  } finally {
    await emulator.stop();
  }
}

async function main(): Promise<void> {
  const suites = selectedSuites();
  if (suites.length === 0) {
    console.error('Give --js-sdk DIR and/or --nodejs-firestore DIR (see emulator/README.md).');
    process.exitCode = 2;
    return;
  }
  prepareHarness(workDir);
  const runs: SuiteRun[] = [];
  for (const suite of suites) {
    try {
      runs.push(await runSuite(suite));
    } catch (err) {
      runs.push({
        name: `${suite}: ${SUITES[suite]}`,
        results: [],
        aborted: String(err),
        seconds: 0,
      });
    }
  }
  console.log('\n[upstream] summary');
  for (const run of runs) console.log(formatRun(run));
  if (args.json) writeFileSync(args.json, JSON.stringify(runs, null, 2));
  if (runs.some((run) => run.aborted || countResults(run.results).failed > 0)) process.exitCode = 1;
}

await main();
