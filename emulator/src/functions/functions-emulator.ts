// Starts firebase-tools' real Functions emulator (through launcher.ts, so Firestore triggers are
// registered with the offline Firestore emulator and scheduled functions tick) for a functions
// source directory, on free ports, for tests and scripts. `npm start` runs the same launcher with
// the project's firebase.json instead.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { invokeScheduledFunction } from './scheduler.ts';

export interface FunctionsEmulatorOptions {
  /** The project directory; the functions source is `source` inside it. */
  projectDir: string;
  /** Functions source directory relative to projectDir (default "functions"). */
  source?: string;
  projectId: string;
  /**
   * The offline Firestore emulator the functions and their triggers use. Without it,
   * firebase-tools starts its own (official) Firestore emulator beside the Functions emulator
   * (GATHERLY_EMULATORS=official: Java 21 and the emulator JAR needed).
   */
  firestore?: { host: string; port: number };
  /** Extra environment for firebase-tools and the functions runtime. */
  env?: NodeJS.ProcessEnv;
  /** Whether scheduled functions run on their schedules (default false: tests run them). */
  scheduler?: boolean;
  timeoutMs?: number;
}

export interface FunctionsEmulator {
  /** host:port of the Functions emulator. */
  host: string;
  /** The Firestore emulator the functions use (the given one, or firebase-tools' own). */
  firestore: { host: string; port: number };
  /** Everything firebase-tools printed so far (function logs included). */
  output(): string;
  /**
   * Runs a scheduled function now, as Cloud Scheduler would (X-CloudScheduler headers); resolves
   * with whether it succeeded.
   */
  runScheduled(name: string, scheduleTime?: Date): Promise<{ ok: boolean; detail: string }>;
  stop(): Promise<void>;
}

const launcher = path.join(path.dirname(fileURLToPath(import.meta.url)), 'launcher.ts');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function startFunctionsEmulator(
  options: FunctionsEmulatorOptions,
): Promise<FunctionsEmulator> {
  const port = await freePort();
  const host = `127.0.0.1:${port}`;
  const firestore = options.firestore ?? { host: '127.0.0.1', port: await freePort() };
  // firebase-tools resolves the functions source against the config file's directory.
  const config = path.join(
    options.projectDir,
    `.firebase-emulator-${process.pid}-${randomBytes(4).toString('hex')}.json`,
  );
  await writeFile(
    config,
    JSON.stringify({
      functions: [
        { source: options.source ?? 'functions', codebase: 'default', runtime: 'nodejs20' },
      ],
      emulators: {
        functions: { host: '127.0.0.1', port },
        ...(options.firestore ? {} : { firestore: firestore }),
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      launcher,
      '--config',
      config,
      'emulators:start',
      '--only',
      options.firestore ? 'functions' : 'functions,firestore',
      '--project',
      options.projectId,
    ],
    {
      cwd: options.projectDir,
      env: {
        ...process.env,
        ...options.env,
        ...(options.firestore
          ? { OFFLINE_FIRESTORE_EMULATOR_HOST: `${firestore.host}:${firestore.port}` }
          : {}),
        GATHERLY_SCHEDULER: options.scheduler ? 'on' : 'off',
        NO_UPDATE_NOTIFIER: '1',
        FORCE_COLOR: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // already gone
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(config, { force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`the Functions emulator did not start in time:\n${output.slice(-3000)}`),
          ),
        options.timeoutMs ?? 120_000,
      );
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (/All emulators ready/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(
          new Error(
            `the Functions emulator exited (${code}) before it was ready:\n${output.slice(-3000)}`,
          ),
        );
      });
    });
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    host,
    firestore,
    output: () => output,
    async runScheduled(name, scheduleTime = new Date()) {
      // The launcher logs each scheduled function's trigger key (it carries the Functions
      // emulator's load generation); the latest line for a name is current.
      const res = await fetch(`http://${host}/backends`);
      const { backends } = (await res.json()) as {
        backends: { functionTriggers: { name: string; region: string; schedule?: unknown }[] }[];
      };
      const fn = backends.flatMap((b) => b.functionTriggers).find((t) => t.name === name);
      if (!fn?.schedule)
        throw new Error(`${name} is not a scheduled function of this Functions emulator`);
      // The launcher logs each scheduled function's trigger key (it carries the Functions
      // emulator's load generation); the latest line for a name is current.
      const pattern = /\[scheduler\] (?:scheduled|loaded) (\S+) as (\S+?):? /g;
      let key: string | undefined;
      for (let waited = 0; !key; waited += 100) {
        for (const match of output.matchAll(pattern)) if (match[1] === name) key = match[2];
        if (key) break;
        if (waited > 10_000) throw new Error(`the launcher never logged the key of ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return invokeScheduledFunction(
        host,
        options.projectId,
        { key, name, region: fn.region },
        scheduleTime,
      );
    },
    stop,
  };
}
