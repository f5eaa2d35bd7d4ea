import type { Locator, Page } from '@playwright/test';
import { appTexts, expectNoHorizontalOverflow, JOURNEYS, type Lang, viewAs } from '../support/app-texts';
import { expect, expectRoute, signIn, test } from '../support/fixtures';

/** The app's own texts, so the journeys follow the words a user reads in either language. */
const text = appTexts();

/** The search field: inline from 950 px up, behind the search icon below. */
async function searchField(page: Page, lang: Lang): Promise<Locator> {
  const field = page.getByRole('combobox', { name: text(lang, 'search.label') });
  if (!(await field.isVisible())) await page.getByRole('button', { name: text(lang, 'search.open') }).click();
  await expect(field).toBeVisible();
  return field;
}

for (const { lang, width } of JOURNEYS) {
  test(`${lang} at ${width} px: trending moves, follow, watchlist, search by name and address, live trades`, async ({
    page,
    wallet,
  }) => {
    test.setTimeout(420_000);
    const shot = await viewAs(page, lang, width, { dir: 'screenshots' });
    await signIn(page, wallet, '/trending');

    // Trending: rows within minutes of a fresh devnet, and the figures move while the page stays open.
    const table = page.getByRole('main').locator('table').first();
    const rows = table.locator('tbody tr');
    await expect(rows.first()).toBeVisible({ timeout: 180_000 });
    const before = await table.locator('tbody').innerText();
    await expect
      .poll(() => table.locator('tbody').innerText(), { timeout: 120_000, intervals: [2000] })
      .not.toBe(before);
    await shot('trending');
    await expectNoHorizontalOverflow(page);

    // Follow the busiest collection from its trending row.
    const top = rows.first();
    const link = top.getByRole('link');
    const name = (await link.innerText()).trim();
    const address = (await link.getAttribute('title'))!;
    const star = top.getByRole('button', { name: text(lang, 'watchlist.follow') });
    // The journeys share one wallet and server: an earlier one that stopped half-way may have left it followed.
    if ((await star.getAttribute('aria-pressed')) === 'true') {
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'false');
    }
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');

    // It shows in the header's watchlist panel.
    const watchlistButton = page.getByRole('banner').getByRole('button', { name: text(lang, 'watchlist.open') });
    await watchlistButton.click();
    const panel = page.getByRole('dialog', { name: text(lang, 'watchlist.title') });
    await expect(panel.getByRole('link', { name })).toBeVisible();
    await shot('watchlist');
    await page.keyboard.press('Escape');

    // Search finds it by name, then by address; Enter opens it (with /summary: trending has the trending flag).
    const field = await searchField(page, lang);
    await field.fill(name);
    await expect(page.getByRole('option', { name: new RegExp(name) }).first()).toBeVisible();
    await shot('search');
    const addressResults = page.waitForResponse((response) => response.url().includes(`q=${address}`));
    await field.fill(address);
    await addressResults;
    await expect(page.getByRole('option')).toHaveCount(1);
    await expect(page.getByRole('option').first()).toContainText(name);
    await field.press('Enter');
    await expectRoute(page, `/collection/${address}/summary`);

    // The collection page: its name, and trades arriving live.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    const trades = page.getByRole('region', { name: text(lang, 'collection.section.trades') });
    await expect(trades.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
    await expect(trades.locator('tbody tr[data-fresh]').first()).toBeVisible({ timeout: 240_000 });
    await shot('collection');
    await expectNoHorizontalOverflow(page);

    // Unfollow from the watchlist panel, which leaves it empty for the next journey.
    await watchlistButton.click();
    await panel.getByRole('link', { name }).hover();
    await panel.getByRole('button', { name: text(lang, 'watchlist.remove_named').replace('{{name}}', name) }).click();
    await expect(panel.getByRole('link', { name })).toHaveCount(0);
  });
}

test('the bottom bar shows the ETH price and base gas, and opens the mint calendar', async ({ page, wallet }) => {
  await signIn(page, wallet, '/trending');
  const bar = page.getByRole('region', { name: text('en', 'bar.label') });
  await expect(bar).toContainText(/\$\s?[\d,]+/, { timeout: 30_000 });
  await expect(bar).toContainText(/Gwei/i);
  await bar.getByRole('button', { name: text('en', 'bar.calendar') }).click();
  const calendar = page.getByRole('dialog', { name: text('en', 'calendar.title') });
  await expect(calendar.getByRole('region').first()).toBeVisible();
  await expect(calendar).toContainText(text('en', 'calendar.type.reveal'));
  await page.screenshot({ path: 'screenshots/calendar-en-1440.png' });
});
