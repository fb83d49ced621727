// Seeding writes documents that Firestore triggers follow (the activity feed entries,
// docs/performance.md), and the seeds write what those triggers would themselves
// (backfillEvent). So the triggers are switched off while a seed runs, through the emulator
// hub's endpoints (the ones the Firebase test SDK's withFunctionTriggersDisabled uses; the
// official emulator suite has them too). Left on, every seeded document queues a function run:
// ~15,000 for the bench's Enterprise-size event (the first bench run timed out signing in at a
// load average of 75), and the demo data's runs kept `npm start`'s first minutes busy.
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const DEFAULT_HUB = '127.0.0.1:4400';

/** The hub firebase-tools started for `projectId` (its locator file), else the default port. */
function hubAddress(projectId: string): string {
  const locator = path.join(os.tmpdir(), `hub-${projectId}.json`);
  if (existsSync(locator)) {
    try {
      const { host, port } = JSON.parse(readFileSync(locator, 'utf8')) as {
        host?: string;
        port?: number;
      };
      if (host && port) return `${host}:${port}`;
    } catch {
      // A locator being rewritten: fall back to the default port.
    }
  }
  return DEFAULT_HUB;
}

async function put(hub: string, what: 'disable' | 'enable'): Promise<void> {
  const res = await fetch(`http://${hub}/functions/${what}BackgroundTriggers`, { method: 'PUT' });
  if (!res.ok) throw new Error(`${what} triggers: HTTP ${res.status} ${await res.text()}`);
}

/**
 * Runs `work` with the Functions emulator's background triggers off, and on again afterwards
 * (the hub reloads them, which registers them again with the Firestore emulator). Returns
 * `false` as its second value when no hub answered (the work then ran with triggers on).
 */
export async function withTriggersOff<T>(
  projectId: string,
  work: () => Promise<T>,
): Promise<[T, boolean]> {
  const hub = hubAddress(projectId);
  let off = false;
  try {
    await put(hub, 'disable');
    off = true;
  } catch (err) {
    console.warn(
      `[bench] could not switch triggers off at the emulator hub ${hub} (${err instanceof Error ? err.message : String(err)}); seeding with triggers on`,
    );
  }
  try {
    return [await work(), off];
  } finally {
    if (off) await put(hub, 'enable');
  }
}
