// Production builds of web/ for the bench, made with Vite's API (web/ itself is unchanged):
//  - "wired": the production build with the emulator wiring switched on (import.meta.env.DEV
//    defined true, which web/src/lib/firebase.ts reads only to connect the emulators; React and
//    every library stay in production mode). The bench opens the screens in this one, served by
//    `vite preview`, which proxies /api to the Functions emulator like the dev server.
//  - "shipped": the plain production build, exactly what `npm run build -w web` deploys. Its
//    JavaScript for a screen opened cold is the same set of entry chunks the wired build loaded
//    (matched by source module through Vite's manifest), with their static imports.
// The preview server compresses the assets as production hosting does (`gzipAssets`).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, preview, type Plugin, type PreviewServer } from 'vite';

const WEB = path.resolve(import.meta.dirname, '..', '..', '..', 'web');
const CONFIG = path.join(WEB, 'vite.config.ts');

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface WebBuilds {
  wiredDir: string;
  shippedDir: string;
  cleanup(): Promise<void>;
}

export async function buildWeb(authEmulatorUrl: string): Promise<WebBuilds> {
  const root = await mkdtemp(path.join(tmpdir(), 'gatherly-bench-web-'));
  const wiredDir = path.join(root, 'wired');
  const shippedDir = path.join(root, 'shipped');
  const common = { root: WEB, configFile: CONFIG, logLevel: 'error' as const, mode: 'production' };
  await build({
    ...common,
    define: {
      'import.meta.env.DEV': 'true',
      'import.meta.env.VITE_AUTH_EMULATOR_URL': JSON.stringify(authEmulatorUrl),
    },
    build: { outDir: wiredDir, emptyOutDir: true, manifest: true },
  });
  await build({ ...common, build: { outDir: shippedDir, emptyOutDir: true, manifest: true } });
  return { wiredDir, shippedDir, cleanup: () => rm(root, { recursive: true, force: true }) };
}

const COMPRESSED_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};

/**
 * `vite preview` sends files uncompressed; production hosting (Firebase Hosting) compresses
 * them, the page itself included. Over a throttled phone connection that is three to six times
 * the bytes (index.html carries Chakra's global CSS: 52 KB, 8 KB gzip), so the preview server
 * here answers the build's assets, and the page for any path Hosting rewrites to /index.html
 * (firebase.json), gzipped (level 9, as the JavaScript figures count them).
 */
function gzipAssets(outDir: string): Plugin {
  const cache = new Map<string, Buffer>();
  /** The file and type to answer a GET of `pathname` with, or null for vite preview to answer. */
  const answer = (pathname: string, accept: string): [string, string] | null => {
    if (pathname.startsWith('/api/')) return null;
    const ext = path.extname(pathname);
    if (ext === '' && accept.includes('text/html'))
      return [path.join(outDir, 'index.html'), 'text/html; charset=utf-8'];
    const type = ext === '.html' ? 'text/html; charset=utf-8' : COMPRESSED_TYPES[ext];
    return type ? [path.join(outDir, pathname), type] : null;
  };
  return {
    name: 'bench:gzip-assets',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://bench').pathname;
        const found = req.method === 'GET' ? answer(pathname, req.headers.accept ?? '') : null;
        if (
          !found ||
          !/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) ||
          !found[0].startsWith(outDir + path.sep) ||
          !existsSync(found[0]) ||
          !statSync(found[0]).isFile()
        ) {
          next();
          return;
        }
        const [file, type] = found;
        let body = cache.get(file);
        if (!body) {
          body = gzipSync(readFileSync(file), { level: 9 });
          cache.set(file, body);
        }
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', 'gzip');
        res.setHeader('Content-Length', body.length);
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', 'no-cache');
        res.end(body);
      });
    },
  };
}

export async function serveBuild(outDir: string, port: number): Promise<PreviewServer> {
  return preview({
    root: WEB,
    configFile: CONFIG,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
    plugins: [gzipAssets(path.resolve(outDir))],
  });
}

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** gzip at level 9, as production hosts serve static JavaScript. */
export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export interface JsFigure {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** Every file with its gzip size, largest first. */
  chunks: Array<{ file: string; gzipBytes: number }>;
}

function figure(outDir: string, files: Iterable<string>): JsFigure {
  let rawBytes = 0;
  let gzipBytes = 0;
  const chunks: JsFigure['chunks'] = [];
  for (const f of files) {
    const full = path.join(outDir, f);
    rawBytes += readFileSync(full).length;
    const gz = gzipSize(full);
    gzipBytes += gz;
    chunks.push({ file: f, gzipBytes: gz });
  }
  chunks.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files: chunks.length, rawBytes, gzipBytes, chunks };
}

/** Files a set of manifest keys load: the keys' chunks and their static imports, transitively. */
function closure(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no ${key}`);
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const k of keys) visit(k);
  return files;
}

export interface LoadedJs {
  /** What the browser downloaded from the wired build. */
  measured: JsFigure;
  /** The same entries in the shipped build. */
  shipped: JsFigure;
  /** Source modules whose chunks the screen loaded (entries and lazy screens). */
  entries: string[];
  /** Loaded files the manifest closure does not explain (should be empty). */
  unexplained: string[];
}

/**
 * `loadedUrls`: every JavaScript URL the browser fetched from the preview server while opening a
 * screen cold.
 */
export function loadedJs(builds: WebBuilds, loadedUrls: readonly string[]): LoadedJs {
  const loaded = new Set(loadedUrls.map((u) => new URL(u).pathname.replace(/^\//, '')));
  const wired = readManifest(builds.wiredDir);
  const byFile = new Map(Object.entries(wired).map(([key, chunk]) => [chunk.file, { key, chunk }]));
  // A chunk loaded by `import()` is an entry of its own, a module's (isDynamicEntry) or a
  // group's of the chunk plan (web/build/chunk-plan.ts: App's chunk).
  const imported = new Set(Object.values(wired).flatMap((c) => c.dynamicImports ?? []));
  const entries = [...loaded]
    .map((f) => byFile.get(f))
    .filter((x): x is { key: string; chunk: ManifestChunk } =>
      Boolean(x && (x.chunk.isEntry || x.chunk.isDynamicEntry || imported.has(x.key))),
    )
    .map((x) => x.key)
    .sort();
  const explained = closure(wired, entries);
  const unexplained = [...loaded].filter((f) => !explained.has(f));
  const shipped = readManifest(builds.shippedDir);
  // A group chunk's key carries its file's hash, which differs between the builds: its name does not.
  const shippedKey = (key: string) =>
    key in shipped
      ? key
      : (Object.keys(shipped).find(
          (k) => k.startsWith('_') && shipped[k]!.name === wired[key]!.name,
        ) ?? key);
  return {
    measured: figure(builds.wiredDir, loaded),
    shipped: figure(builds.shippedDir, closure(shipped, entries.map(shippedKey))),
    entries,
    unexplained,
  };
}
