import { defineConfig } from 'vitest/config';

// One `npm test` runs every workspace's non-browser suite; each project keeps its own setup.
export default defineConfig({
  test: {
    projects: ['domain', 'emulator', 'functions', 'web', 'test/security', 'e2e/bench'],
  },
});
