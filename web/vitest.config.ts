import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
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
