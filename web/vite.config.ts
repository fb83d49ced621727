import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { isFirstPass, plannedChunks } from './build/chunk-plan.ts';
import { FIRST_SCREENS } from './src/app/first-screens.ts';
import { chakraGlobalCss } from './src/app/global-css.ts';
import { SIGNED_IN_HINT_KEY } from './src/lib/storage-keys.ts';

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
const SYSTEM_MODULE = fileURLToPath(new URL('./src/app/system.ts', import.meta.url));
const AUTH_MODULE = fileURLToPath(new URL('./src/lib/firebase-auth.ts', import.meta.url));

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
// once, evaluated only when main.tsx imports the app. A first screen's own chunks (an
// invitation, an event link, a sign-in link: src/app/first-screens.ts) are preloaded too when
// its path is the one opened, by a line of script: otherwise they would be fetched only once the
// app has run and routed (on a phone on mobile data, about half a second later). The same line
// preloads Firebase Auth where someone may be signed in, as the app's chunks did before Auth
// left them (docs/decisions.md, "A light first screen").
function preloadApp(): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'gatherly:preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return [];
        const chunkOf = (module: string) =>
          Object.values(bundle).find(
            // App's chunk is a group of the chunk plan: App.tsx is one of its modules.
            (c): c is Rolldown.OutputChunk =>
              c.type === 'chunk' && (c.facadeModuleId === module || c.moduleIds.includes(module)),
          );
        const app = chunkOf(APP_MODULE);
        if (!app) throw new Error('preloadApp: no chunk for src/app/App.tsx');
        const preloaded = staticClosure(bundle, entry.fileName);
        const system = chunkOf(SYSTEM_MODULE);
        if (!system) throw new Error('preloadApp: no chunk for src/app/system.ts');
        preloaded.add(system.fileName);
        const appFiles = [...staticClosure(bundle, app.fileName)].filter(
          (file) => !preloaded.has(file),
        );
        for (const file of appFiles) preloaded.add(file);
        const screens = FIRST_SCREENS.map(({ prefix, module, data }) => {
          const chunk = chunkOf(path.join(root, module));
          if (!chunk) throw new Error(`preloadApp: no chunk for ${module}`);
          const files = [...staticClosure(bundle, chunk.fileName)].filter(
            (file) => !preloaded.has(file),
          );
          return [prefix, files.map((file) => `${base}${file}`), data] as const;
        });
        const authChunk = chunkOf(AUTH_MODULE);
        if (!authChunk) throw new Error('preloadApp: no chunk for src/lib/firebase-auth.ts');
        const auth = [...staticClosure(bundle, authChunk.fileName)]
          .filter((file) => !preloaded.has(file))
          .map((file) => `${base}${file}`);
        // Where someone may be signed in (the session's hint, lib/session-hint.ts), Firebase
        // Auth, which the session then loads at once. For each screen whose path this is: its
        // chunks, and its data unless someone may be signed in (a signed-in call carries a
        // token, which a preloaded request could not). The app's own fetch then gets the
        // preloaded answer (same URL, CORS mode and credentials: lib/api.ts).
        const script = `(function(){var s=${JSON.stringify(screens)},a=${JSON.stringify(auth)},p=location.pathname,h=document.head;function add(r,a,u,c){var l=document.createElement('link');l.rel=r;if(a)l.as=a;l.crossOrigin=c;l.href=u;h.appendChild(l)}function mod(f){add('modulepreload','',f,'')}var x;try{x=localStorage.getItem(${JSON.stringify(SIGNED_IN_HINT_KEY)})}catch(e){}if(x==='1')a.forEach(mod);for(var i=0;i<s.length;i++)if(p.indexOf(s[i][0])===0){s[i][1].forEach(mod);if(s[i][2]&&x!=='1')add('preload','fetch',s[i][2]+p.slice(s[i][0].length),'use-credentials')}})();`;
        return [
          // Run as soon as it is in, while the rest still downloads: Chakra's system costs the
          // most processor time of the app's start, and it needs neither React nor the app.
          {
            tag: 'script',
            attrs: {
              type: 'module',
              async: true,
              crossorigin: true,
              src: `${base}${system.fileName}`,
            },
            injectTo: 'head' as const,
          },
          ...appFiles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
          { tag: 'script', children: script, injectTo: 'head' as const },
        ];
      },
    },
  };
}

/**
 * Chakra's createSystem builds the global CSS eagerly (the reset, the global styles and every
 * token as a variable, run through its css() one by one), a large share of a first screen's
 * start on a phone, only for the app to drop it (`runtimeSystem`: index.html carries that CSS).
 * The shipped build leaves that step out; the build fails if Chakra's code no longer has it, so
 * an upgrade cannot lose the saving unnoticed. Builds only: the dev server pre-bundles Chakra.
 */
const CHAKRA_SYSTEM =
  /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
const EAGER_GLOBAL_CSS = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';

function chakraGlobalCssNotBuiltAtStart(): Plugin {
  return {
    name: 'gatherly:chakra-global-css-not-built-at-start',
    apply: 'build',
    transform(code, id) {
      if (!CHAKRA_SYSTEM.test(id)) return null;
      if (!code.includes(EAGER_GLOBAL_CSS)) {
        throw new Error(`${id} no longer builds its global CSS as vite.config.ts expects`);
      }
      return { code: code.replace(EAGER_GLOBAL_CSS, 'const _global = [];'), map: null };
    },
  };
}

/**
 * Chakra's global CSS in index.html, built once per start of Vite instead of on every start of
 * the app (src/app/global-css.ts).
 */
function chakraGlobalCssInHtml(): Plugin {
  let css: string | undefined;
  return {
    name: 'gatherly:chakra-global-css',
    // Last in <head>, after preloadApp's tags: the parser reaches the line that preloads the
    // opened screen's chunks and data before the 50 KB of CSS have arrived.
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'style',
          attrs: { id: 'chakra-global' },
          children: (css ??= chakraGlobalCss()),
          injectTo: 'head',
        },
      ],
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
  // Registered by the app a moment after the first screen (src/lib/service-worker.ts).
  injectRegister: false,
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
  plugins: [
    react(),
    chakraGlobalCssNotBuiltAtStart(),
    plannedChunks({
      configFile: fileURLToPath(import.meta.url),
      appModule: APP_MODULE,
      systemModule: SYSTEM_MODULE,
      firstScreenModules: FIRST_SCREENS.map(({ module }) =>
        fileURLToPath(new URL(`./${module}`, import.meta.url)),
      ),
    }),
    preloadApp(),
    chakraGlobalCssInHtml(),
    // The chunk plan's first pass writes nothing, the service worker included.
    isFirstPass() ? null : pwa,
  ],
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
    // Every screen transformed while the emulators start, not on its first visit (on a 2-core
    // machine a cold screen took seconds to open in `npm start` and the journeys).
    warmup: { clientFiles: ['./src/main.tsx', './src/features/**/*.tsx'] },
  },
  preview: {
    proxy: { '/api': { target: FUNCTIONS_API, changeOrigin: true } },
  },
  build: {
    target: 'es2022',
    // Written (and deployed) for debugging and the bench's attribution, but not named in the
    // JavaScript: a `sourceMappingURL` line is ~40 bytes gzip in every file, 1.3 KB on a first
    // screen's 30 (docs/performance.md, "First screens"). DevTools loads a map when given it.
    sourcemap: 'hidden',
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [
          { test: SIDE_EFFECT_FREE_FIREBASE, sideEffects: false },
          {
            test: /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/,
            sideEffects: false,
          },
        ],
        // Chakra's define* helpers return their argument: pure, so an unused theme object (its
        // every recipe) is dropped even where rolldown would keep the bare call.
        manualPureFunctions: ['defineConfig', 'defineRecipe', 'defineSlotRecipe', 'createAnatomy'],
      },
    },
  },
});
