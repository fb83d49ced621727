// `npm start`: the whole local stack, offline, with demo data.
//
//   offline Firestore emulator  :8080  (this repo's emulator/, gRPC + REST + WebChannel)
//   offline Storage emulator    :9199
//   Auth, Functions, Hosting    :9099, :5001, :5002  (firebase-tools emulators)
//   Auth popup relay            :9098  (offline Google sign-in popup, emulator/src/auth-popup)
//   Local inbox (maildev)       :1080 web, :1025 SMTP  (every e-mail the functions send)
//   Vite dev server             :5173  <- open this
//
// GATHERLY_EMULATORS=official (or --official) runs firebase-tools' own Firestore and Storage
// emulators instead (needs Java 21 and their downloaded JARs). Ctrl-C stops everything.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthPopupRelay, type AuthPopupRelay } from '../emulator/src/auth-popup/relay.ts';
import {
  startFirestoreEmulator,
  type FirestoreEmulator,
} from '../emulator/src/firestore/server.ts';
import { readIndexConfig } from '../emulator/src/firestore/index-files.ts';
import { startStorageEmulator, type StorageEmulator } from '../emulator/src/storage/server.ts';
import { startMailCatcher } from './lib/mail-catcher.ts';
import { portIsFree, waitForHttp } from './lib/net.ts';
import {
  killAllNow,
  runToCompletion,
  startProcess,
  stopAll,
  type Managed,
} from './lib/processes.ts';
import { seedDemoData } from './seed.ts';
import { startGuide } from './start-guide.ts';
import { withTriggersOff } from './lib/function-triggers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROJECT_ID = 'demo-gatherly';
const HOST = '127.0.0.1';
const PORTS = {
  firestore: 8080,
  storage: 9199,
  auth: 9099,
  functions: 5001,
  hosting: 5002,
  relay: 9098,
  mailSmtp: 1025,
  mailWeb: 1080,
  web: 5173,
};

const official =
  process.argv.includes('--official') || process.env['GATHERLY_EMULATORS'] === 'official';

let firestore: FirestoreEmulator | null = null;
let storage: StorageEmulator | null = null;
let relay: AuthPopupRelay | null = null;
let stopping = false;

function say(message: string): void {
  console.log(`[start] ${message}`);
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds functions/lib when it is missing or older than its sources (functions, domain). */
async function buildFunctionsIfNeeded(): Promise<void> {
  const output = path.join(ROOT, 'functions/lib/index.js');
  const sources = [path.join(ROOT, 'functions/src'), path.join(ROOT, 'domain/src')].filter(
    existsSync,
  );
  const newestSource = Math.max(
    ...sources.map(newestMtime),
    statSync(path.join(ROOT, 'functions/build.mjs')).mtimeMs,
  );
  if (existsSync(output) && statSync(output).mtimeMs >= newestSource) return;
  say('building functions (npm run build -w functions)');
  await runToCompletion('npm', ['run', 'build', '-w', 'functions']);
}

async function checkPorts(): Promise<void> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(PORTS)) {
    if (!(await portIsFree(port, HOST))) busy.push(`${name} (${port})`);
  }
  if (busy.length > 0) {
    throw new Error(
      `ports in use: ${busy.join(', ')}. Is another \`npm start\` or emulator running?`,
    );
  }
}

async function startOfflineEmulators(): Promise<void> {
  firestore = await startFirestoreEmulator({
    host: HOST,
    port: PORTS.firestore,
    logLevel: 'warn',
    indexes: readIndexConfig(path.join(ROOT, 'firestore.indexes.json')),
  });
  const fs = firestore;
  storage = await startStorageEmulator({
    host: HOST,
    port: PORTS.storage,
    logLevel: 'warn',
    firestore: (p) => fs.documentSource(p),
  });
  const rules = await fetch(
    `http://${HOST}:${PORTS.firestore}/emulator/v1/projects/${PROJECT_ID}:securityRules`,
    {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rules: {
          files: [
            {
              name: 'firestore.rules',
              content: readFileSync(path.join(ROOT, 'firestore.rules'), 'utf8'),
            },
          ],
        },
      }),
    },
  );
  if (!rules.ok) throw new Error(`firestore.rules did not load: ${await rules.text()}`);
  storage.setRules(readFileSync(path.join(ROOT, 'storage.rules'), 'utf8'));
  say(
    `offline Firestore emulator on ${HOST}:${PORTS.firestore}, Storage emulator on ${HOST}:${PORTS.storage} (rules and indexes loaded; production limits ${firestore.productionLimits ? 'on' : 'off'})`,
  );
}

/**
 * firebase-tools emulators; resolves once they report ready. They run through the emulator's
 * launcher, which registers the offline Firestore emulator (OFFLINE_FIRESTORE_EMULATOR_HOST) with
 * firebase-tools so functions' Firestore triggers are delivered, and runs scheduled functions on
 * their schedules (emulator/src/firestore/README.md, "Triggers and scheduled functions").
 */
function startFirebaseEmulators(only: string[], env: NodeJS.ProcessEnv): Promise<Managed> {
  return new Promise((resolve, reject) => {
    let ready = false;
    const firebase = startProcess(
      'firebase',
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [
        path.join(ROOT, 'emulator/src/functions/launcher.ts'),
        'emulators:start',
        '--only',
        only.join(','),
        '--project',
        PROJECT_ID,
      ],
      {
        cwd: ROOT,
        env,
        onLine: (line) => {
          if (line.trim() !== '' && !isSecretLookupNoise(line)) console.log(`[firebase] ${line}`);
          if (!ready && /All emulators ready/i.test(line)) {
            ready = true;
            resolve(firebase);
          }
        },
      },
    );
    void firebase.exited.then((code) => {
      if (!ready)
        reject(new Error(`firebase emulators:start exited with ${code} before it was ready`));
      else if (!stopping) {
        say(`firebase emulators exited unexpectedly (${code}); stopping`);
        void shutdown(1);
      }
    });
  });
}

/**
 * The Functions emulator first asks Secret Manager for SMTP_URI and EMAIL_LINK_SECRET (there is
 * none offline) and then uses the values this script passes in the environment; its complaint
 * about the failed lookup would only mislead.
 */
function isSecretLookupNoise(line: string): boolean {
  return /Trying to access secret|Unable to access secret environment variables|Unable to refresh auth: not yet authenticated/.test(
    line,
  );
}

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  say('stopping…');
  await stopAll();
  await relay?.stop();
  await storage?.stop();
  await firestore?.stop();
  say('stopped');
  process.exit(code);
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('exit', killAllNow);

  await checkPorts();
  await buildFunctionsIfNeeded();
  const mail = await startMailCatcher({
    root: ROOT,
    host: HOST,
    smtpPort: PORTS.mailSmtp,
    webPort: PORTS.mailWeb,
  });
  say(`local inbox on ${mail.inboxUrl} (SMTP ${mail.smtpUri})`);

  const emulatorEnv: NodeJS.ProcessEnv = {
    ...process.env,
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: `${HOST}:${PORTS.firestore}`,
    FIREBASE_STORAGE_EMULATOR_HOST: `${HOST}:${PORTS.storage}`,
    STORAGE_EMULATOR_HOST: `http://${HOST}:${PORTS.storage}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${HOST}:${PORTS.auth}`,
    // Function secrets (functions/src/mail/params.ts); the other params are in
    // functions/.env.demo-gatherly. A fresh signing key per start: the inbox is in memory too.
    SMTP_URI: mail.smtpUri,
    EMAIL_LINK_SECRET: randomBytes(32).toString('base64url'),
    NO_UPDATE_NOTIFIER: '1',
  };
  if (official) {
    say(
      'GATHERLY_EMULATORS=official: using firebase-tools Firestore and Storage emulators (Java 21 + JARs needed)',
    );
    await startFirebaseEmulators(
      ['auth', 'functions', 'hosting', 'firestore', 'storage'],
      emulatorEnv,
    );
  } else {
    await startOfflineEmulators();
    // FIRESTORE_EMULATOR_HOST / FIREBASE_STORAGE_EMULATOR_HOST in the environment reach the
    // function code: firebase-tools passes its environment to the functions runtime; it also
    // registers the functions' Firestore triggers with the offline emulator.
    await startFirebaseEmulators(['auth', 'functions', 'hosting'], {
      ...emulatorEnv,
      OFFLINE_FIRESTORE_EMULATOR_HOST: `${HOST}:${PORTS.firestore}`,
    });
  }
  relay = await startAuthPopupRelay({
    authEmulatorUrl: `http://${HOST}:${PORTS.auth}`,
    host: HOST,
    port: PORTS.relay,
  });

  for (const [name, value] of Object.entries(emulatorEnv))
    if (name.endsWith('EMULATOR_HOST') && value) process.env[name] = value;
  const [seeded] = await withTriggersOff(PROJECT_ID, () => seedDemoData({ projectId: PROJECT_ID }));
  say(
    `seeded ${seeded.users} users, ${seeded.events} events, ${seeded.photos} photos (${seeded.objects} Storage objects)`,
  );

  const web = startProcess(
    'web',
    'npm',
    ['run', 'dev', '-w', 'web', '--', '--port', String(PORTS.web), '--strictPort'],
    {
      cwd: ROOT,
      env: { ...process.env, VITE_AUTH_EMULATOR_URL: relay.url, BROWSER: 'none' },
    },
  );
  void web.exited.then((code) => {
    if (!stopping) {
      say(`the Vite dev server exited (${code}); stopping`);
      void shutdown(1);
    }
  });
  const appUrl = `http://${HOST}:${PORTS.web}/`;
  await waitForHttp(appUrl, 60_000);

  console.log(
    startGuide({
      root: ROOT,
      appUrl,
      inboxUrl: mail.inboxUrl,
      invitations: seeded.invitations,
      ports: PORTS,
      host: HOST,
      official,
    }),
  );
}

main().catch(async (err: unknown) => {
  console.error(`[start] ${err instanceof Error ? err.message : String(err)}`);
  await shutdown(1);
});
