import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The domain suite runs once per zone so that nothing depends on the machine's zone: UTC, a
 * zone with DST behind UTC, a half-hour zone ahead of it, and one across the date line with
 * southern-hemisphere DST. `--project domain` runs the UTC pass, `--project 'domain*'` all four.
 */
const DOMAIN_TIME_ZONES = ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland'];

// One `npm test` runs every workspace's non-browser suite; each project keeps its own setup.
export default defineConfig({
  test: {
    // Vitest's default is a worker per core but one: a single worker on a 2-core machine, where
    // every file then ran after the other (npm test: 973 s on this 2-core machine).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      ...DOMAIN_TIME_ZONES.map((tz, i) => ({
        extends: './domain/vitest.config.ts',
        root: './domain',
        test: { name: i === 0 ? 'domain' : `domain (TZ=${tz})`, env: { TZ: tz } },
      })),
      'emulator',
      'functions',
      'web',
      'test/security',
      'test/docs',
      'e2e/bench',
    ],
  },
});
