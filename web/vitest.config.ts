import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { NATIVE_TEMPORAL_ALIAS } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  // The app's Temporal is the global one, as in the browser; Node 20 has none, so the setup
  // installs the polyfill globally as src/main.tsx does in a browser without Temporal.
  resolve: { alias: [NATIVE_TEMPORAL_ALIAS] },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    css: false,
    // Screens show times in the event's zone with the viewer's own as a hint: the tests pin the
    // viewer's zone, and the time-zone tests change it (process.env.TZ) where they need another.
    env: { TZ: 'UTC' },
    // Chakra + jsdom on a shared 2-core machine: generous per-test time.
    testTimeout: 20_000,
  },
});
