import { spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * The built app as production serves it, here from the Hosting emulator that `npm start` runs:
 * the only place with the service worker (the Vite dev server has none), so journeys that reload
 * offline run against it.
 */
export const BUILT_APP_URL = (process.env.E2E_BUILT_URL ?? 'http://127.0.0.1:5002').replace(
  /\/$/,
  '',
);

/**
 * `npm run build -w web` wired to the local emulators (the Hosting emulator serves web/dist).
 * The Auth emulator is reached through `npm start`'s offline popup relay on its fixed port.
 */
export function buildWebForEmulators(): Promise<void> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn('npm', ['run', 'build', '-w', 'web'], {
      cwd: ROOT,
      env: {
        ...process.env,
        VITE_USE_EMULATORS: 'true',
        VITE_AUTH_EMULATOR_URL: process.env.E2E_AUTH_RELAY_URL ?? 'http://127.0.0.1:9098',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (c: Buffer) => (log += c.toString()));
    child.stderr.on('data', (c: Buffer) => (log += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) {
        console.log(
          `built the web app for the Hosting emulator in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
        );
        resolve();
      } else reject(new Error(`npm run build -w web exited with ${code}:\n${log.slice(-3000)}`));
    });
  });
}
