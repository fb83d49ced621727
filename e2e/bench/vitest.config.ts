import { defineProject } from 'vitest/config';

// The bench's wire parsing is unit-tested (`npm test`); the bench itself is `npm run bench:scale`.
export default defineProject({
  test: {
    name: 'bench',
    include: ['lib/**/*.test.ts'],
  },
});
