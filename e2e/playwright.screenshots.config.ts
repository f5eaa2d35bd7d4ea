import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * README's pictures (`npm run screenshots`): the e2e setup (fresh devnet, test wallet) with the one journey in
 * readme-shots/, never part of `npm test`. Its own port and data directory (set by the script) so it can run beside
 * the e2e suite.
 */
export default defineConfig({
  ...base,
  testDir: 'readme-shots',
  outputDir: 'test-results-screenshots',
  retries: 0,
});
