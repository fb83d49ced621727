// Whether a function opted into retries (`retry: true` in its options). The Functions emulator
// neither sends this with a trigger's registration nor lists it in `GET /backends`, so it is read
// where firebase-tools itself reads it when deploying: the functions SDK's manifest, which the
// SDK's `firebase-functions` binary writes for a functions directory
// (FUNCTIONS_MANIFEST_OUTPUT_PATH). Looked up only when a delivery fails, cached per directory
// and trigger generation (a code reload bumps the generation).
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from '../log.ts';

export interface RetryPolicy {
  /** Whether the function behind trigger `key` wants failed events retried. */
  retries(functionsEmulator: string, projectId: string, key: string): Promise<boolean>;
}

interface BackendTrigger {
  id?: string;
  name?: string;
}

interface Backend {
  directory?: string;
  functionTriggers?: BackendTrigger[];
}

interface Manifest {
  endpoints?: Record<string, { eventTrigger?: { retry?: boolean } }>;
}

async function findTrigger(
  functionsEmulator: string,
  key: string,
): Promise<{ directory: string; name: string; generation: string } | null> {
  const res = await fetch(`http://${functionsEmulator}/backends`);
  if (!res.ok) throw new Error(`GET /backends answered ${res.status}`);
  const { backends } = (await res.json()) as { backends?: Backend[] };
  let best: { directory: string; name: string; generation: string; idLength: number } | null = null;
  for (const backend of backends ?? []) {
    for (const trigger of backend.functionTriggers ?? []) {
      const id = trigger.id ?? '';
      if (!id || !key.startsWith(`${id}-`) || !backend.directory || !trigger.name) continue;
      if (best && best.idLength >= id.length) continue;
      best = {
        directory: backend.directory,
        name: trigger.name,
        generation: key.slice(id.length + 1),
        idLength: id.length,
      };
    }
  }
  return best;
}

function runManifest(directory: string, projectId: string): Promise<Manifest> {
  return (async () => {
    // The package's exports hide its package.json: find it above its main module.
    let pkgDir = path.dirname(
      createRequire(path.join(directory, 'package.json')).resolve('firebase-functions'),
    );
    while (path.basename(pkgDir) !== 'firebase-functions' && path.dirname(pkgDir) !== pkgDir)
      pkgDir = path.dirname(pkgDir);
    const pkgPath = path.join(pkgDir, 'package.json');
    const pkg = JSON.parse(await readFile(pkgPath, 'utf8')) as {
      bin?: Record<string, string>;
    };
    const bin = pkg.bin?.['firebase-functions'];
    if (!bin) throw new Error('firebase-functions has no firebase-functions binary');
    const dir = await mkdtemp(path.join(tmpdir(), 'gatherly-manifest-'));
    const output = path.join(dir, 'manifest.json');
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, [path.join(path.dirname(pkgPath), bin)], {
          cwd: directory,
          // As firebase-tools runs it: v1 functions need the project to describe themselves.
          env: {
            ...process.env,
            GCLOUD_PROJECT: projectId,
            FUNCTIONS_MANIFEST_OUTPUT_PATH: output,
          },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const timer = setTimeout(() => child.kill(), 60_000);
        child.on('error', reject);
        child.on('exit', (code) => {
          clearTimeout(timer);
          if (code === 0) resolve();
          else reject(new Error(`manifest discovery exited with ${code}: ${stderr.slice(-500)}`));
        });
      });
      return JSON.parse(await readFile(output, 'utf8')) as Manifest;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
}

export class ManifestRetryPolicy implements RetryPolicy {
  private readonly manifests = new Map<string, Promise<Manifest>>();

  constructor(private readonly log: Logger) {}

  async retries(functionsEmulator: string, projectId: string, key: string): Promise<boolean> {
    try {
      const trigger = await findTrigger(functionsEmulator, key);
      if (!trigger) return false;
      const cacheKey = `${trigger.directory}\n${trigger.generation}\n${projectId}`;
      let manifest = this.manifests.get(cacheKey);
      if (!manifest) {
        manifest = runManifest(trigger.directory, projectId);
        this.manifests.set(cacheKey, manifest);
        manifest.catch(() => this.manifests.delete(cacheKey));
      }
      return (await manifest).endpoints?.[trigger.name]?.eventTrigger?.retry === true;
    } catch (err) {
      this.log.warn(
        `could not read the retry policy of trigger ${key} (${err instanceof Error ? err.message : String(err)}); the failed event is not retried`,
      );
      return false;
    }
  }
}
