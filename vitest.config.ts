import { defineConfig } from 'vitest/config';

// One `vitest run` for every workspace; each project owns its environment and setup.
export default defineConfig({
  test: {
    projects: ['scripts', 'packages/protocol', 'packages/contracts', 'devnet', 'apps/server', 'apps/web'],
  },
});
