import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Dev: /api goes to the Functions emulator's `api` function; the function itself is mounted at
// /api, so the path is kept whole (Hosting's rewrite does the same in production).
const FUNCTIONS_API = 'http://127.0.0.1:5001/demo-gatherly/us-central1/api';

// reactfire imports every Firebase product. Marked side-effect free, a product leaves the chunks
// that import it without using it: Functions and Remote Config (unused) and Storage, which only
// uploads load (lib/firebase.ts, `loadStorage`; ~10 KB gzip less on every signed-in screen). A
// chunk that does use one still runs its registration. The Realtime Database is referenced by a
// reactfire table that cannot be tree-shaken, so it is aliased to a throwing stand-in (35 KB gzip
// less on every signed-in screen).
const SIDE_EFFECT_FREE_FIREBASE =
  /[\\/]node_modules[\\/]@?firebase[\\/](functions|remote-config|storage)[\\/]/;
const NO_REALTIME_DATABASE = fileURLToPath(
  new URL('./src/lib/no-realtime-database.ts', import.meta.url),
);
// The Firestore SDK's RE2 engine serves only Pipeline queries, which the app never sends
// (src/lib/no-re2js.ts; ~45 KB gzip less on every signed-in screen).
const NO_RE2JS = fileURLToPath(new URL('./src/lib/no-re2js.ts', import.meta.url));
// The browser's own Temporal, the polyfill loaded only where it is missing
// (src/lib/native-temporal.ts; ~19 KB gzip less on every signed-in screen). Exported for the web
// tests, which run the same module graph (vitest.config.ts).
export const NATIVE_TEMPORAL_ALIAS = {
  find: /^temporal-polyfill$/,
  replacement: fileURLToPath(new URL('./src/lib/native-temporal.ts', import.meta.url)),
};

const APP_MODULE = fileURLToPath(new URL('./src/app/App.tsx', import.meta.url));

type ChunkingContext = Parameters<
  Extract<NonNullable<Rolldown.CodeSplittingGroup['name']>, (...args: never[]) => unknown>
>[1];

/** Gatherly's own modules (the web app's and the domain's), not a package's. */
const OWN_MODULE = /[\\/](web|domain)[\\/]src[\\/]/;

/** Own modules `from` imports statically, transitively, `from` included (packages not followed). */
function ownClosure(ctx: ChunkingContext, from: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !OWN_MODULE.test(id)) return;
    seen.add(id);
    for (const dep of ctx.getModuleInfo(id)?.importedIds ?? []) visit(dep);
  };
  for (const id of from) visit(id);
  return seen;
}

const appSharedByPass = new WeakMap<ChunkingContext, Set<string>>();

/**
 * Our modules that App.tsx imports (so every screen runs them) and lazy screens import too:
 * rolldown would give each set of importers its own small chunk (a dozen on every first screen,
 * ~1 KB gzip each, which compress worse apart); here they are one chunk. With what they import
 * themselves, so the chunk never imports App's own chunk (no cycle). Packages stay rolldown's:
 * their index modules import all of a package, so import edges cannot tell what App uses.
 */
function appSharedChunk(id: string, ctx: ChunkingContext): string | null {
  let shared = appSharedByPass.get(ctx);
  if (!shared) {
    const app = ownClosure(ctx, [APP_MODULE]);
    // App.tsx itself (imported by main.tsx) keeps its own chunk with what only it uses.
    const usedElsewhere = [...app].filter((m) => {
      if (m === APP_MODULE) return false;
      const info = ctx.getModuleInfo(m);
      return [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].some(
        (importer) => !app.has(importer),
      );
    });
    shared = ownClosure(ctx, usedElsewhere);
    appSharedByPass.set(ctx, shared);
  }
  return shared.has(id) ? 'app-shared' : null;
}

/** A chunk's file with every file it imports statically, transitively. */
function staticClosure(bundle: Rolldown.OutputBundle, fileName: string, files = new Set<string>()) {
  const chunk = bundle[fileName];
  if (files.has(fileName) || chunk?.type !== 'chunk') return files;
  files.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, files);
  return files;
}

// src/main.tsx imports the app after its Temporal check, so the built index.html would preload
// only the entry's own imports and a browser would find the app's chunks one round trip later.
// This preloads the app's static closure from index.html as Vite does an entry's: fetched at
// once, evaluated only when main.tsx imports the app.
function preloadApp(): Plugin {
  let base = '/';
  return {
    name: 'gatherly:preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const app = Object.values(bundle).find(
          (c) => c.type === 'chunk' && c.facadeModuleId === APP_MODULE,
        );
        if (!app) throw new Error('preloadApp: no chunk for src/app/App.tsx');
        const preloaded = staticClosure(bundle, entry.fileName);
        return [...staticClosure(bundle, app.fileName)]
          .filter((file) => !preloaded.has(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

// The app shell offline (docs/decisions.md, "Venue Wi-Fi"): a built app precaches every file it
// needs and answers navigations with index.html, so a visited app reloads with no network; the
// data comes from Firestore's own persistent cache. Builds only: the dev server has no service
// worker (it would serve stale modules between edits). A new version installs in the background
// and takes over once every tab of the old one is closed, so a running tab never loses the lazy
// chunks it was built with.
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: 'script-defer',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  manifest: {
    name: 'Gatherly',
    short_name: 'Gatherly',
    description: 'Plan events with your group: photos, travel, schedules and RSVPs in one place.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#6236ff',
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
    navigateFallback: '/index.html',
    // The API and Firebase's reserved paths (auth handler) are never the app shell.
    navigateFallbackDenylist: [/^\/api\//, /^\/__\//],
    cleanupOutdatedCaches: true,
    // The first install takes over the open tab at once, so screens not visited yet still load
    // offline; an update still waits for the old version's tabs to close (no skipWaiting).
    clientsClaim: true,
  },
});

export default defineConfig({
  plugins: [react(), preloadApp(), pwa],
  resolve: {
    alias: [
      { find: /^firebase\/database$/, replacement: NO_REALTIME_DATABASE },
      { find: /^re2js$/, replacement: NO_RE2JS },
      NATIVE_TEMPORAL_ALIAS,
    ],
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: FUNCTIONS_API, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: FUNCTIONS_API, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: appSharedChunk, includeDependenciesRecursively: false }],
        },
      },
      treeshake: {
        moduleSideEffects: [{ test: SIDE_EFFECT_FREE_FIREBASE, sideEffects: false }],
        // Chakra's define* helpers return their argument: pure, so an unused theme object (its
        // every recipe) is dropped even where rolldown would keep the bare call.
        manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', 'createAnatomy'],
      },
    },
  },
});
