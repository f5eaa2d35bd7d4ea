import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'devnet',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
