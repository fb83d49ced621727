import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'emulator',
    include: ['test/**/*.test.ts'],
    testTimeout: 30000,
  },
});
