// The scratch workspace the upstream suites run in (outside this repository): the test runner's
// own dependencies, and copies of the upstream test sources laid out as in their repositories,
// wired to the SDKs this repository installs. Assertions are never touched; only the module
// that names the SDK under test is swapped, as firebase-js-sdk's own `integration/firestore`
// suite does to test its published build.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_REPORTER_MODULE } from './reporter.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The test runner's packages, at the versions the two repositories' own package.json pin
 * (mocha and chai as firebase-js-sdk's root; the client's runtime dependencies as
 * nodejs-firestore 7.x's).
 */
const HARNESS_DEPENDENCIES: Record<string, string> = {
  mocha: '11.8.0',
  chai: '4.5.0',
  'chai-as-promised': '7.1.2',
  sinon: '22.1.0',
  extend: '^3.0.2',
  through2: '^4.0.0',
  'length-prefixed-json-stream': '^1.0.1',
  'google-gax': '^4.3.3',
  protobufjs: '^7.2.6',
  'fast-deep-equal': '^3.1.1',
  'functional-red-black-tree': '^1.0.1',
  '@opentelemetry/api': '^1.3.0',
};

export function prepareHarness(workDir: string): void {
  mkdirSync(workDir, { recursive: true });
  const manifest = JSON.stringify(
    {
      name: 'upstream-suites-harness',
      private: true,
      type: 'commonjs',
      dependencies: HARNESS_DEPENDENCIES,
    },
    null,
    2,
  );
  const manifestPath = join(workDir, 'package.json');
  const installed = join(workDir, 'node_modules', '.harness-manifest.json');
  if (!existsSync(installed) || readFileSync(installed, 'utf8') !== manifest) {
    writeFileSync(manifestPath, manifest);
    console.log(`[upstream] installing the test runner's packages into ${workDir}`);
    rmSync(join(workDir, 'node_modules', '@firebase'), { recursive: true, force: true });
    execFileSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'],
      {
        cwd: workDir,
        stdio: 'inherit',
      },
    );
    writeFileSync(installed, manifest);
  }
  // The SDK under test is the one this repository installs (firebase 12): every @firebase/*
  // import in the copied tests resolves to it, so app and Firestore share one registry.
  const scope = join(workDir, 'node_modules', '@firebase');
  rmSync(scope, { recursive: true, force: true });
  symlinkSync(join(REPO_ROOT, 'node_modules', '@firebase'), scope, 'dir');
  writeFileSync(join(workDir, 'reporter.cjs'), NODE_REPORTER_MODULE);
  writeFileSync(join(workDir, 'ts-register.cjs'), tsRegisterModule());
}

/**
 * A require hook compiling TypeScript one file at a time as nodejs-firestore's `tsc` build does
 * (CommonJS, no esModuleInterop: its tests call `use(chaiAsPromised)` on an `import * as`), with
 * this repository's TypeScript. tsx cannot stand in: its interop makes such namespaces objects.
 */
function tsRegisterModule(): string {
  const typescript = createRequire(import.meta.url).resolve('typescript');
  return `'use strict';
const fs = require('node:fs');
const ts = require(${JSON.stringify(typescript)});
require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: false, sourceMap: false },
  });
  module._compile(outputText, filename);
};
`;
}

function copyFile(from: string, to: string, transform?: (text: string) => string): void {
  if (!existsSync(from))
    throw new Error(`${from} is missing: is this a checkout of the right repository?`);
  mkdirSync(dirname(to), { recursive: true });
  writeFileSync(to, transform ? transform(readFileSync(from, 'utf8')) : readFileSync(from));
}

export interface JsSdkLayout {
  /** packages/firestore inside the copy (the suites' working directory). */
  packageDir: string;
  apiTests: string[];
  liteTests: string[];
}

/**
 * firebase-js-sdk: the files `integration/firestore/gulpfile.js` copies (the api tests and the
 * helpers they use, minus the pipeline-listen/snapshot-source tests it leaves out), with its
 * `firebase_export.ts` / `pipeline_export.ts` that import the published `@firebase/firestore`;
 * and the lite SDK's integration test, whose `src/lite-api/*` imports become the published
 * `@firebase/firestore/lite` (every name it imports is public) and whose one internal helper
 * (`AutoId` from `src/util/misc`) gets an equivalent.
 */
export function prepareJsSdk(checkout: string, workDir: string): JsSdkLayout {
  const target = join(workDir, 'firebase-js-sdk');
  rmSync(target, { recursive: true, force: true });
  const from = (path: string) => join(checkout, path);
  const to = (path: string) => join(target, path);
  const test = 'packages/firestore/test';

  const excluded = new Set([
    'pipeline.listen.test.ts',
    'snapshot_listener_source.test.ts',
    'pipeline.query.test.ts',
  ]);
  const apiTests: string[] = [];
  for (const name of readdirSync(from(`${test}/integration/api`))) {
    if (!name.endsWith('.ts') || excluded.has(name)) continue;
    copyFile(from(`${test}/integration/api/${name}`), to(`${test}/integration/api/${name}`));
    if (name.endsWith('.test.ts')) apiTests.push(`test/integration/api/${name}`);
  }
  for (const name of [
    'composite_index_test_helper',
    'events_accumulator',
    'helpers',
    'settings',
    'testing_hooks_util',
  ])
    copyFile(
      from(`${test}/integration/util/${name}.ts`),
      to(`${test}/integration/util/${name}.ts`),
    );
  for (const name of ['equality_matcher', 'promise', 'mocha_extensions'])
    copyFile(from(`${test}/util/${name}.ts`), to(`${test}/util/${name}.ts`));
  for (const name of ['firebase_export', 'pipeline_export'])
    copyFile(from(`integration/firestore/${name}.ts`), to(`${test}/integration/util/${name}.ts`));
  // settings.ts reads the project of the non-emulator backends from config/project.json.
  mkdirSync(to('config'), { recursive: true });
  writeFileSync(to('config/project.json'), JSON.stringify({ projectId: 'test-emulator' }));

  const liteImports = (text: string) =>
    text
      .replace(/from '\.\.\/\.\.\/src\/lite-api\/[a-z_]+'/g, "from '@firebase/firestore/lite'")
      .replace(/from '\.\.\/\.\.\/src\/util\/misc'/g, "from './auto_id'");
  for (const name of ['integration.test.ts', 'helpers.ts'])
    copyFile(from(`${test}/lite/${name}`), to(`${test}/lite/${name}`), liteImports);
  writeFileSync(
    to(`${test}/lite/auto_id.ts`),
    `// Stands in for src/util/misc's AutoId (20 random alphanumeric characters), which the
// published SDK does not export.
const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export class AutoId {
  static newId(): string {
    let id = '';
    for (let i = 0; i < 20; i++) id += CHARS.charAt(Math.floor(Math.random() * CHARS.length));
    return id;
  }
}
`,
  );
  return {
    packageDir: to('packages/firestore'),
    apiTests,
    liteTests: ['test/lite/integration.test.ts'],
  };
}

export interface NodejsFirestoreLayout {
  root: string;
  /** GOOGLE_APPLICATION_CREDENTIALS for the run. */
  credentials: string;
  systemTests: string[];
}

/**
 * googleapis/nodejs-firestore: `dev/` (the client's sources, protos and tests) and its
 * package.json, run from source. The system tests import the client's internals, so they test
 * the client of that checkout: check out the tag of the @google-cloud/firestore version
 * firebase-admin uses here (v7.11.6) to test what the app runs.
 */
export function prepareNodejsFirestore(checkout: string, workDir: string): NodejsFirestoreLayout {
  const target = join(workDir, 'nodejs-firestore');
  rmSync(target, { recursive: true, force: true });
  for (const path of ['package.json', 'dev/src', 'dev/protos', 'dev/system-test', 'dev/test']) {
    const from = join(checkout, path);
    if (!existsSync(from))
      throw new Error(`${from} is missing: is this a checkout of googleapis/nodejs-firestore?`);
    cpSync(from, join(target, path), { recursive: true });
  }
  // Their CI runs the emulator suites with Application Default Credentials present; the REST
  // transport insists on some. A service account with a key made here signs its own JWTs (no
  // token server), and the client still sends the emulator its `Bearer owner` header.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(
    join(target, 'local-service-account.json'),
    JSON.stringify({
      type: 'service_account',
      project_id: 'demo-upstream-suites',
      private_key_id: 'local',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
      client_email: 'upstream-suites@demo-upstream-suites.iam.gserviceaccount.com',
      client_id: '1',
    }),
  );
  // tracing.ts tests the client's OpenTelemetry spans (its end-to-end half needs Cloud Trace),
  // not the backend; firestore.ts is the Firestore API.
  return {
    root: target,
    systemTests: ['dev/system-test/firestore.ts'],
    credentials: join(target, 'local-service-account.json'),
  };
}
