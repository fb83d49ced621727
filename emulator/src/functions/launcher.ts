// Runs the firebase-tools CLI (e.g. `emulators:start --only auth,functions,hosting`) in this
// process, with the offline Firestore emulator at OFFLINE_FIRESTORE_EMULATOR_HOST registered as
// firebase-tools' running Firestore emulator. firebase-tools then treats it as it treats the
// official one: its Functions emulator registers every Firestore trigger of the functions source
// with it (`PUT .../triggers/{key}` for v1, `POST .../eventarcTrigger` for v2), passes its address
// to the functions runtime as FIRESTORE_EMULATOR_HOST, and lists it in the emulator hub. Once
// everything is up, the Firestore emulator is told where the Functions emulator listens (the
// official emulator gets that as its --functions_emulator flag), and a ticker starts that runs
// the loaded scheduled functions on their schedules (scheduler.ts; it logs each function's key,
// `[scheduler] scheduled NAME as KEY ...`, which startFunctionsEmulator() reads to run one now).
//
//   OFFLINE_FIRESTORE_EMULATOR_HOST=127.0.0.1:8080 tsx emulator/src/functions/launcher.ts \
//     emulators:start --only functions --project demo-gatherly
import { createRequire } from 'node:module';
import { type ScheduleSpec, Scheduler } from './scheduler.ts';

const require = createRequire(import.meta.url);

interface EmulatorInfo {
  name: string;
  host: string;
  port: number;
}

/** The parts of firebase-tools' EmulatorRegistry used here (it ships no types for them). */
interface EmulatorRegistry {
  set(name: string, instance: unknown): void;
  get(name: string): unknown;
  getInfo(name: string): EmulatorInfo | undefined;
}

/** The parts of firebase-tools' FunctionsEmulator used here (what its functions shell uses). */
interface FunctionsEmulator {
  getProjectId(): string;
  getTriggerDefinitions(): {
    name: string;
    region: string;
    schedule?: ScheduleSpec;
    eventTrigger?: unknown;
  }[];
  getTriggerKey(definition: unknown): string;
}

const address = process.env.OFFLINE_FIRESTORE_EMULATOR_HOST;
const match = address ? /^(.+):(\d+)$/.exec(address) : null;
if (address && !match) {
  console.error(`OFFLINE_FIRESTORE_EMULATOR_HOST must be host:port (got "${address}")`);
  process.exit(2);
}

const { EmulatorRegistry } = require('firebase-tools/lib/emulator/registry.js') as {
  EmulatorRegistry: EmulatorRegistry;
};

async function connectFunctions(): Promise<void> {
  const functions = EmulatorRegistry.getInfo('functions');
  if (!functions) return;
  const res = await fetch(`http://${address}/emulator/v1/functionsEmulator`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ host: `${functions.host}:${functions.port}` }),
  });
  if (!res.ok)
    throw new Error(
      `the offline Firestore emulator refused the Functions emulator address: ${await res.text()}`,
    );
}

// The scheduler starts once the Functions emulator exists and re-reads its definitions every
// tick (code reloads change them). GATHERLY_SCHEDULER=off only logs each function's key.
let scheduler: Scheduler | null = null;
const bootScheduler = setInterval(() => {
  const functions = EmulatorRegistry.getInfo('functions');
  const emulator = EmulatorRegistry.get('functions') as FunctionsEmulator | undefined;
  if (!functions || !emulator) return;
  clearInterval(bootScheduler);
  scheduler = new Scheduler({
    functionsEmulator: `${functions.host}:${functions.port}`,
    projectId: emulator.getProjectId(),
    functions: () =>
      emulator
        .getTriggerDefinitions()
        .filter((def) => def.schedule)
        .map((def) => ({
          key: emulator.getTriggerKey(def),
          name: def.name,
          region: def.region,
          spec: def.schedule as ScheduleSpec,
        })),
    log: (message) => console.log(`[scheduler] ${message}`),
    paused: process.env.GATHERLY_SCHEDULER === 'off',
  });
  scheduler.start();
}, 200);
bootScheduler.unref();

// An EmulatorInstance (firebase-tools lib/emulator/types) for an emulator this process does not
// own: starting and stopping it is the caller's business. Without OFFLINE_FIRESTORE_EMULATOR_HOST
// firebase-tools runs as usual (with its own Firestore emulator where --only names it).
if (match) {
  const host = match[1] as string;
  const port = Number(match[2]);
  EmulatorRegistry.set('firestore', {
    getName: () => 'firestore',
    getInfo: (): EmulatorInfo => ({ name: 'firestore', host, port }),
    start: async () => undefined,
    connect: connectFunctions,
    stop: async () => scheduler?.stop(),
  });
}

const bin = require.resolve('firebase-tools/lib/bin/firebase.js');
process.argv = [process.argv[0] as string, bin, ...process.argv.slice(2)];
require(bin);
