import { spawn, type ChildProcess } from 'node:child_process';

// Child processes of `npm start`, each in its own process group so that stopping one stops
// everything it started too (firebase-tools forks the functions runtime; npm forks vite).

export interface Managed {
  name: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

const running = new Set<Managed>();

export function startProcess(
  name: string,
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; onLine?: (line: string) => void; cwd?: string },
): Managed {
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forward = (stream: NodeJS.ReadableStream | null): void => {
    let buffer = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).replace(/\r$/, '');
        buffer = buffer.slice(nl + 1);
        (opts.onLine ?? ((l: string) => console.log(`[${name}] ${l}`)))(line);
      }
    });
  };
  forward(child.stdout);
  forward(child.stderr);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const managed: Managed = { name, child, exited };
  running.add(managed);
  void exited.then(() => running.delete(managed));
  return managed;
}

function signalGroup(managed: Managed, signal: NodeJS.Signals): void {
  if (managed.child.pid === undefined) return;
  try {
    process.kill(-managed.child.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGINT to each group (firebase-tools shuts its emulators down on it), SIGKILL after a grace period. */
export async function stopAll(graceMs = 8000): Promise<void> {
  const all = [...running];
  for (const m of all) signalGroup(m, 'SIGINT');
  await Promise.all(
    all.map(async (m) => {
      const timer = setTimeout(() => signalGroup(m, 'SIGKILL'), graceMs);
      await m.exited;
      clearTimeout(timer);
      // Grandchildren that ignored SIGINT.
      signalGroup(m, 'SIGKILL');
    }),
  );
}

/** Last resort on abrupt exit: no orphans. */
export function killAllNow(): void {
  for (const m of running) signalGroup(m, 'SIGKILL');
}

/** Runs a command to completion, inheriting the terminal. */
export function runToCompletion(
  command: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: env ?? process.env });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}
