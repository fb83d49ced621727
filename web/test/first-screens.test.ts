// @vitest-environment node
// The first screens' budget (docs/performance.md, "First screens"): the production build's
// index.html preloads, for an invitation, an event link and a sign-in link, at most 150 KB of
// gzip JavaScript, and none of it is Firebase Auth or the signed-in area. The figure with time
// to a usable screen under mobile throttling is `npm run bench:scale` (BENCH_ONLY=first).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from '@gatherly/domain/api/contract';
import { API } from '@gatherly/domain/api/endpoints';
import { FIRST_SCREENS } from '../src/app/first-screens.ts';
import { chakraGlobalCss } from '../src/app/global-css.ts';
import { system } from '../src/app/system.ts';
import { PATHS } from '../src/lib/paths.ts';

const BUDGET_BYTES = 150 * 1024;
const WEB = path.resolve(import.meta.dirname, '..');

interface ManifestChunk {
  file: string;
  imports?: string[];
}

let outDir = '';
let html = '';
let manifest: Record<string, ManifestChunk> = {};

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'gatherly-first-screens-'));
  // Vitest runs with NODE_ENV=test, which would build React's development code.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, manifest: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
}, 300_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** Every script the HTML loads or preloads for everyone: the entry and the app's chunks. */
function appFiles(): string[] {
  const tags = [
    ...html.matchAll(
      /<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+)"/g,
    ),
  ];
  return tags.map((m) => m[1]!);
}

/** The files the HTML's first-screen line preloads for a path starting with `prefix`. */
function screenFiles(prefix: string): string[] {
  const list = /var s=(\[.*?\]),a=/.exec(html)?.[1];
  if (!list) throw new Error('index.html has no first-screen preload line');
  const screens = JSON.parse(list) as [string, string[], string | null][];
  const screen = screens.find(([p]) => p === prefix);
  if (!screen) throw new Error(`no preload line for ${prefix}`);
  return screen[1].map((f) => f.replace(/^\//, ''));
}

const gzipBytes = (file: string) =>
  gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;

/** A module's chunk and everything it imports statically. */
function closure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, files);
  return files;
}

describe('first screens', () => {
  it.each(FIRST_SCREENS.map((s) => [s.prefix, s.module] as const))(
    '%s downloads at most 150 KB of gzip JavaScript in at most 6 files, none of it Auth or the signed-in area',
    (prefix, module) => {
      const files = new Set([...appFiles(), ...screenFiles(prefix)]);
      // What the route renders is all preloaded: nothing waits for the app to run first.
      for (const file of closure(module)) expect(files, `${module} needs ${file}`).toContain(file);
      for (const lazy of ['src/lib/firebase-auth.ts', 'src/app/signed-in-area.tsx']) {
        expect(files, `${lazy} is not loaded by a first screen`).not.toContain(
          manifest[lazy]?.file,
        );
      }
      const bytes = [...files].reduce((sum, f) => sum + gzipBytes(f), 0);
      console.log(`${prefix}: ${files.size} files, ${(bytes / 1024).toFixed(1)} KB gzip`);
      expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
      // Few requests on a phone's connection (build/chunk-plan.ts): the entry, the bundler's
      // runtime, Chakra's system, App, what the first screens share, and the screen's own chunk.
      expect([...files].length, [...files].join(', ')).toBeLessThanOrEqual(6);
    },
  );

  it("run Chakra's system as soon as it is in: an async script needing nothing of the entry", () => {
    const key = Object.keys(manifest).find((k) => /^_system-[\w-]+\.js$/.test(k));
    expect(key, 'a chunk of its own for src/app/system.ts').toBeDefined();
    const file = manifest[key!]!.file;
    expect(html).toContain(`<script type="module" async crossorigin src="/${file}"></script>`);
    expect([...closure(key!)]).not.toContain(manifest['index.html']!.file);
  });

  it("carry Chakra's global CSS in index.html: the reset and every theme token, light and dark", () => {
    const css = chakraGlobalCss();
    expect(html).toContain(`<style id="chakra-global">${css}</style>`);
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
    // What Chakra writes as CSS variables, per condition (its getTokenCss reads the same map).
    // (An empty value, such as blurs.none's, is dropped by Emotion as a style.)
    const variables = [...system.tokens.cssVarMap.values()].flatMap((vars) =>
      [...vars].filter(([, value]) => String(value).trim() !== '').map(([name]) => name),
    );
    expect(variables.length).toBeGreaterThan(500);
    const missing = variables.filter((variable) => !css.includes(`${variable}:`));
    expect(missing).toEqual([]);
    expect(css).toContain('.dark');
  });

  it('preload Firebase Auth only where someone may be signed in', () => {
    const auth = /,a=(\[.*?\]),p=location/.exec(html)?.[1];
    expect(auth, 'the preload line names Auth').toBeDefined();
    const files = (JSON.parse(auth!) as string[]).map((f) => f.replace(/^\//, ''));
    expect(files).toContain(manifest['src/lib/firebase-auth.ts']?.file);
    expect(html).toContain(`if(x==='1')a.forEach(mod)`);
  });

  it('are the routes of PATHS, and preload the data their page reads first', () => {
    const prefixes = [PATHS.invite, PATHS.join, PATHS.signInLink].map((p) =>
      p.replace(/:\w+\??$/, ''),
    );
    expect(FIRST_SCREENS.map((s) => s.prefix)).toEqual(prefixes);
    // The API path for a token or secret `x`, without the `x`.
    const api = (p: string) => `/api${p.slice(0, -1)}`;
    expect(FIRST_SCREENS.map((s) => s.data)).toEqual([
      api(pathOf(API.getInvitation.path, { token: 'x' })),
      api(pathOf(API.joinLinkView.path, { secret: 'x' })),
      null,
    ]);
  });
});
