import type { Page } from '@playwright/test';
import { parseEther } from 'viem';
import { expect, openCollection, signIn, test } from '../support/fixtures';

/** Where README finds them; the names are README's links. */
const OUT = new URL('../../docs/screenshots/', import.meta.url).pathname;
const THEMES = ['dark', 'light'] as const;
/** Devnet people accounts: 0 is the wallet's (a paid year), 2 sells to it, 3 buys from it. */
const SELLER = 2;
const BUYER = 3;

async function shoot(page: Page, name: string, show: (page: Page) => Promise<void>): Promise<void> {
  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await show(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    // Fonts and images settled, no spinner caught mid-turn.
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${OUT}${name}-${theme}.png` });
  }
}

test('README screenshots: trending, a collection with the sweep bar, alerts, portfolio; dark and light', async ({
  page,
  wallet,
  market,
}) => {
  test.setTimeout(600_000);
  await page.setViewportSize({ width: 1440, height: 900 });

  // A history for the portfolio: two bought from a seller, one of them sold on at a profit.
  const bought = await market.mintAndList(SELLER, 'quiet-grids', 8);
  for (const listing of bought.slice(0, 2)) await market.confirm(await market.fillListing(0, listing));
  const resale = await market.listOwned(0, 'quiet-grids', bought[1]!.tokenId, bought[1]!.priceWei + parseEther('0.01'));
  await market.confirm(await market.fillListing(BUYER, resale));

  await signIn(page, wallet, '/trending');
  await page.evaluate(() => localStorage.setItem('lang', 'en_US'));

  await shoot(page, 'trending', async (p) => {
    await p.goto('/trending');
    await expect(p.getByRole('heading', { level: 1, name: 'Trending' })).toBeVisible();
  });

  await shoot(page, 'collection', async (p) => {
    await openCollection(p, market, 'quiet-grids', bought.slice(2));
    await p.getByTestId('sweep-count-5').click();
    await expect(p.getByTestId('sweep-preview-total')).toBeVisible();
  });

  await shoot(page, 'alerts', async (p) => {
    await p.goto('/trending');
    await p.getByRole('button', { name: 'Account menu' }).click();
    await p.getByRole('menuitem', { name: 'ALERT' }).click();
    await expect(p.getByRole('dialog')).toBeVisible();
  });

  await shoot(page, 'portfolio', async (p) => {
    await p.goto('/protfolio');
    await expect(p.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
    await expect(p.getByTestId('holding-row').first()).toBeVisible({ timeout: 60_000 });
  });
});
