/**
 * What `temporal-polyfill` resolves to in the web app (aliased in vite.config.ts, for the build,
 * the dev server and the web tests): the browser's own `Temporal`. The domain imports Temporal
 * from the package because functions and its tests run on Node 20, which has none; bundled into
 * the web app it cost ~19 KB gzip on every signed-in screen although current Chromium and Firefox
 * ship Temporal (docs/decisions.md, "Native Temporal in the browser"). Where a browser has none,
 * src/main.tsx installs the polyfill globally before it imports the app (the web tests' setup
 * does the same), so by the time this module is evaluated the global is there in every runtime.
 *
 * Types: TypeScript resolves the domain's imports to the package itself (the alias is the
 * bundler's), so they still come from temporal-polyfill; here the global is only typed with the
 * package's shape, which native Temporal and the installed polyfill both have. The domain imports
 * nothing else from the package; another named import would fail the web build as a missing
 * export rather than load the polyfill unnoticed.
 */
import type { Temporal as TemporalApi } from 'temporal-polyfill';

const runtime: typeof globalThis & { Temporal?: typeof TemporalApi } = globalThis;
if (!runtime.Temporal) {
  throw new Error('Temporal is missing: src/main.tsx installs the polyfill before the app loads');
}

export const Temporal = runtime.Temporal;
