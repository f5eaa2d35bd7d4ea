import { defineProject } from 'vitest/config';

export default defineProject({
  // The first run compiles Seaport with viaIR (~40 s on 2 cores); later runs read the artifact cache.
  test: {
    name: 'contracts',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 240_000,
  },
});
