import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'functions',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One emulator pair per file; files run one after another to spare the shared CPUs.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
