import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { appVersionDefine } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  define: appVersionDefine,
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Only unit tests: the Playwright specs under e2e/ must never run here.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // vitest's 5 s default assumes an idle machine; a busy 2-core one renders and types several times slower.
    testTimeout: 30_000,
  },
});
