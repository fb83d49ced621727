// The firebase-js-sdk api tests in headless Chromium (the browser SDK: WebChannel), in place of
// the karma run upstream uses: esbuild bundles the copied tests (as its webpack config does,
// with a `process.env` carrying the emulator settings, as its gulpfile injects), mocha's browser
// build runs them in a page served from its own origin, and the page reports through the same
// recorder as the Node runs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { RECORDER_SOURCE } from './reporter.ts';
import type { SuiteRun, TestResult } from './results.ts';
import type { JsSdkLayout } from './workspace.ts';

const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/** A whole run takes minutes; past this the page is presumed stuck. */
const RUN_LIMIT_MS = 60 * 60 * 1000;
/**
 * A page that answers no evaluate() this long has its main thread busy in a loop (mocha's
 * per-test timeouts cannot fire then): the run stops and says which test was running.
 */
const UNRESPONSIVE_LIMIT_MS = 5 * 60 * 1000;

interface ChromiumOptions {
  workDir: string;
  emulatorPort: number;
  projectId: string;
  grep?: string;
}

type PageGlobals = {
  __upstreamResults?: TestResult[];
  __upstreamCount?: number;
  __upstreamCurrent?: string;
};

export async function runInChromium(
  name: string,
  layout: JsSdkLayout,
  options: ChromiumOptions,
): Promise<SuiteRun> {
  const started = Date.now();
  const entry = join(layout.packageDir, 'browser-entry.ts');
  writeFileSync(
    entry,
    layout.apiTests
      .map((file) => `import './${relative(layout.packageDir, join(layout.packageDir, file))}';`)
      .join('\n'),
  );
  // karma's setting for the browser runs (config/mocha.browser.opts: 20 s, 3 retries); only the
  // memory cache, as upstream's `test:memory` (IndexedDB would run every test twice).
  const env = {
    FIRESTORE_TARGET_BACKEND: 'emulator',
    FIRESTORE_EMULATOR_PORT: String(options.emulatorPort),
    FIRESTORE_EMULATOR_PROJECT_ID: options.projectId,
    INCLUDE_FIRESTORE_PERSISTENCE: 'false',
  };
  const bundle = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'warning',
    nodePaths: [join(options.workDir, 'node_modules')],
    // webpack's Node polyfills give the bundle a `global` (chai-as-promised and others use it).
    define: { global: 'globalThis' },
    banner: { js: `var process = { env: ${JSON.stringify(env)} };` },
  });
  const tests = bundle.outputFiles[0]?.text ?? '';
  const mocha = readFileSync(join(options.workDir, 'node_modules', 'mocha', 'mocha.js'), 'utf8');
  const setup = `
    const recordResults = ${RECORDER_SOURCE};
    window.__upstreamCount = 0;
    mocha.setup({
      ui: 'bdd',
      timeout: 20000,
      retries: 3,
      ${options.grep ? `grep: ${JSON.stringify(options.grep)},` : ''}
      reporter: function UpstreamReporter(runner) {
        recordResults(runner, (results) => { window.__upstreamResults = results; },
          () => { window.__upstreamCount++; }, (title) => { window.__upstreamCurrent = title; });
      },
    });`;
  const files: Record<string, string> = {
    '/mocha.js': mocha,
    '/setup.js': setup,
    '/tests.js': tests,
    '/run.js': 'mocha.run();',
  };
  const server = http.createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (body !== undefined) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(body);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<!doctype html><meta charset="utf-8"><title>upstream suites</title><div id="mocha"></div>' +
        Object.keys(files)
          .map((path) => `<script src="${path}"></script>`)
          .join(''),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(origin);
    let results: TestResult[] | undefined;
    let lastCount = -1;
    let current: string | undefined;
    let answeredAt = Date.now();
    let unresponsive = false;
    while (Date.now() - started < RUN_LIMIT_MS) {
      const state = await Promise.race([
        page.evaluate(() => {
          const globals = globalThis as unknown as PageGlobals;
          return {
            results: globals.__upstreamResults,
            count: globals.__upstreamCount ?? 0,
            current: globals.__upstreamCurrent,
          };
        }),
        new Promise<null>((done) => setTimeout(() => done(null), 10_000)),
      ]);
      if (state === null) {
        if (Date.now() - answeredAt > UNRESPONSIVE_LIMIT_MS) {
          unresponsive = true;
          break;
        }
        continue;
      }
      answeredAt = Date.now();
      current = state.current;
      if (state.results) {
        results = state.results;
        break;
      }
      if (state.count !== lastCount) {
        process.stdout.write(`[chromium] ${state.count} tests done\r`);
        lastCount = state.count;
      }
      await new Promise((done) => setTimeout(done, 2000));
    }
    process.stdout.write('\n');
    const seconds = (Date.now() - started) / 1000;
    if (unresponsive)
      return {
        name,
        results: [],
        aborted: `the page answered nothing for ${UNRESPONSIVE_LIMIT_MS / 60000} min (its main thread busy: a loop in the client)${current ? `; the test running: "${current}"` : ''}`,
        seconds,
      };
    if (!results)
      return {
        name,
        results: [],
        aborted: `no results after ${RUN_LIMIT_MS / 60000} min (page errors: ${pageErrors.join('; ')})`,
        seconds,
      };
    // Errors the tests leave unhandled (rejections they provoke on purpose), not failures; a
    // page that errs before any test ran is reported as aborted above.
    const notes =
      pageErrors.length > 0 ? [`uncaught in the page: ${[...new Set(pageErrors)].join('; ')}`] : [];
    if (results.length === 0 && pageErrors.length > 0)
      return { name, results, aborted: notes[0] ?? '', seconds };
    return { name, results, notes, seconds };
  } finally {
    await browser.close();
    server.close();
  }
}
