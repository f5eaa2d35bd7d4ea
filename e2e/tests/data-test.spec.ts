import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures';

/** The number shown beside a term of a diagnostics panel. */
function stat(page: Page, term: string) {
  return page
    .locator('dt')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

test('/dataTest shows the devnet market live: listings and sales flow within two minutes', async ({ page, wallet }) => {
  test.setTimeout(180_000);
  await signIn(page, wallet, '/dataTest');

  await expect(stat(page, 'Collections')).toHaveText(/^1[0-9]$/, { timeout: 60_000 });
  await expect(stat(page, 'Active listings')).not.toHaveText('0', { timeout: 120_000 });
  // A row of the recent-sales table (the header row is the first).
  await expect(page.locator('table tbody tr').first()).toBeVisible({ timeout: 120_000 });
  await expect(stat(page, 'State')).toHaveText('running');

  await page.screenshot({ path: 'screenshots/data-test-en-1440.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: 'screenshots/data-test-en-390.png', fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.evaluate(() => localStorage.setItem('lang', 'zhCN'));
  await page.reload();
  await expect(page.getByRole('region', { name: '最近成交' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/data-test-zh-390.png', fullPage: true });
});
