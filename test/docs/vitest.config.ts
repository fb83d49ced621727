import { defineProject } from 'vitest/config';

// Docs that stay true: cheap checks that the references in docs/ match the code they describe
// (no emulator, no browser).
export default defineProject({
  test: {
    name: 'docs',
    include: ['**/*.test.ts'],
  },
});
