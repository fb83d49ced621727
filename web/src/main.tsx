import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registerServiceWorkerLater } from './lib/service-worker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const container = root;

/**
 * The app imports Temporal from the browser (src/lib/native-temporal.ts), so where the browser
 * has none the polyfill is installed first and the app is imported after it (static imports would
 * run before this check). Browsers with Temporal import the app at once, and index.html preloads
 * its chunks (vite.config.ts, `preloadApp`), so they wait on no extra request. An async function,
 * not a top-level await: a top-level await anywhere makes the bundler stop merging shared chunks.
 */
async function start() {
  if (!('Temporal' in globalThis)) (await import('temporal-polyfill/shim')).install();
  const { App } = await import('./app/App.tsx');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorkerLater();
}

start().catch((error: unknown) => {
  container.textContent = 'Gatherly could not load. Check your connection and reload the page.';
  throw error;
});
