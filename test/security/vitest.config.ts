import { defineProject } from 'vitest/config';

// Security-rules suite: one global setup starts the offline emulators on random ports (or points
// at the official ones when GATHERLY_EMULATORS=official); cases run one after another because
// they share one seeded database.
export default defineProject({
  test: {
    name: 'security',
    include: ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
