import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One emulator pair per file (random ports), so files may run side by side.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
