import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface Stack {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts `npm start` (the whole offline stack with demo data) and resolves once it has printed
 * the app URL, or reuses a running stack when E2E_BASE_URL is set.
 */
export async function startStack(timeoutMs = 240_000): Promise<Stack> {
  if (process.env.E2E_BASE_URL) {
    return { baseUrl: process.env.E2E_BASE_URL.replace(/\/$/, ''), stop: async () => undefined };
  }
  // `npm start` needs fixed ports: when another stack holds them, wait for it to go away.
  const waitForPortsMs = Number(process.env.E2E_PORT_WAIT_S ?? 180) * 1000;
  const giveUpAt = Date.now() + waitForPortsMs;
  for (;;) {
    try {
      return await startOnce(timeoutMs);
    } catch (err) {
      const busy = err instanceof Error && /ports in use/.test(err.message);
      if (!busy || Date.now() > giveUpAt) {
        throw busy
          ? new Error(
              `${err.message}\nAnother stack holds the fixed ports; reuse it with E2E_BASE_URL=http://127.0.0.1:5173`,
            )
          : err;
      }
      console.log('npm start: ports in use by another stack, retrying in 15 s');
      await new Promise((r) => setTimeout(r, 15_000));
    }
  }
}

async function startOnce(timeoutMs: number): Promise<Stack> {
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0', BROWSER: 'none' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start not ready in ${timeoutMs} ms:\n${log.slice(-4000)}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Gatherly is running at (http:\/\/[^\s]+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace(/\/$/, ''));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${log.slice(-4000)}`));
    });
  });
  if (process.env.E2E_VERBOSE) child.stdout!.pipe(process.stdout);
  return { baseUrl, stop: () => stopProcessGroup(child) };
}

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  process.kill(-child.pid, 'SIGINT');
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 15_000);
  await exited;
  clearTimeout(timer);
}
