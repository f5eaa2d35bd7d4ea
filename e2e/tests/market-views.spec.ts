import type { Locator, Page } from '@playwright/test';
import { appTexts, expectNoHorizontalOverflow, JOURNEYS, type Lang, viewAs } from '../support/app-texts';
import { expect, expectRoute, signIn, test } from '../support/fixtures';

/** The app's own texts, so the journeys follow the words a user reads in either language. */
const text = appTexts();
/** The collection the journeys trade in themselves (the bots may trade it too); devnet accounts 2 sells, 3 buys. */
const SLUG = 'velvet-whiskers';
const SELLER = 2;
const BUYER = 3;

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
    market,
  }) => {
    test.setTimeout(240_000);
    const shot = await viewAs(page, lang, width, { dir: 'screenshots' });
    const address = market.collection(SLUG).address.toLowerCase();
    /** A sale in the collection, made here rather than waited for from the bots. */
    const trade = async () => {
      const [listing] = await market.mintAndPost(SELLER, SLUG, 1);
      await market.confirm(await market.fillListing(BUYER, listing!));
    };
    await trade();
    await signIn(page, wallet, '/trending');

    // Trending: the collection that just traded has a row, and its figures move with the next sale while the page
    // stays open.
    const table = page.getByRole('main').locator('table').first();
    const row = table.locator('tbody tr').filter({ has: page.locator(`a[title="${address}"]`) });
    await expect(row).toBeVisible({ timeout: 60_000 });
    const before = await row.innerText();
    await trade();
    await expect.poll(() => row.innerText(), { timeout: 60_000, intervals: [1000] }).not.toBe(before);
    await shot('trending');
    await expectNoHorizontalOverflow(page);

    // Follow it from its trending row.
    const name = (await row.getByRole('link').innerText()).trim();
    const star = row.getByRole('button', { name: text(lang, 'watchlist.follow') });
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
    await trade();
    await expect(trades.locator('tbody tr[data-fresh]').first()).toBeVisible({ timeout: 60_000 });
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
