import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // vitest's 5 s and 10 s defaults assume an idle machine; on a busy 2-core one a file's own anvil and database
    // take longer to start. A test that hangs still fails, only later.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
