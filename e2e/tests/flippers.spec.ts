import { ACCOUNT_PLAN, FLIP_HISTORY } from '@floordesk/devnet';
import { type FlippersData, apiRoutes } from '@floordesk/protocol';
import { parseEther } from 'viem';
import { DevnetMarket } from '../support/devnet-market';
import { appTexts, expectNoHorizontalOverflow, JOURNEYS, viewAs } from '../support/app-texts';
import { expect, signIn, test } from '../support/fixtures';

/** The app's own words, so the journeys follow what a user reads in either language. */
const text = appTexts('flippers', 'holding');

/** The first skilled flipper of the deploy's history: on the list from the devnet's first minutes. */
const FLIPPER_INDEX = ACCOUNT_PLAN.bots.from + FLIP_HISTORY.skilled[0]!.bot;
const SLUG = 'moonlit-foxes';
let market: DevnetMarket;
let flipper: string;

test.beforeAll(async ({ baseURL }) => {
  test.setTimeout(360_000);
  market = await DevnetMarket.connect(baseURL!);
  flipper = market.account(FLIPPER_INDEX).address.toLowerCase();
  // The worker computes the list once the indexer has caught up with the deploy's history.
  await expect
    .poll(
      async () => {
        const response = await fetch(new URL(apiRoutes.flippers.path, baseURL));
        const { data } = (await response.json()) as { data: FlippersData };
        return data.list.map((row) => row.address);
      },
      { timeout: 300_000, intervals: [3000] },
    )
    .toContain(flipper);
  // The flipper buys a fresh listing: a trade of theirs to find in the collection's trades. The simulator sends from
  // the same key, so a lost race for the nonce is tried again.
  const [listing] = await market.mintAndPost(ACCOUNT_PLAN.people.from + 4, SLUG, 1, [parseEther('0.0123')]);
  for (let attempt = 1; ; attempt++) {
    try {
      await market.fillListing(FLIPPER_INDEX, listing!);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
});

for (const { lang, width } of JOURNEYS) {
  test(`${lang} at ${width} px: the flipper list, a flipper's badge on a trade, a collection's holders`, async ({
    page,
    wallet,
  }) => {
    test.setTimeout(180_000);
    const shot = await viewAs(page, lang, width, { fullPage: true });

    // /holding for a visitor: the flipper list with each wallet's figures and the rule explained.
    await page.goto('/holding');
    const list = page.getByRole('region', { name: text(lang, 'flippers.title') });
    const row = list.getByTestId('flipper-row').filter({ has: page.getByTitle(flipper, { exact: true }) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    const cells = await row.locator('td').allInnerTexts();
    // Over 100 round trips, a win rate above 70 %, a profit.
    expect(Number(cells[1]!.replace(/,/g, ''))).toBeGreaterThan(100);
    expect(Number(cells.at(-2)!.replace('%', ''))).toBeGreaterThan(70);
    expect(Number(cells.at(-1))).toBeGreaterThan(0);
    await expect(list).toContainText(text(lang, 'flippers.explanation').slice(0, 4));

    // A collection picked by search: holders by items held, the big holders highlighted, the flippers among them.
    const collection = market.collection(SLUG);
    await page.getByRole('combobox', { name: text(lang, 'holding.search_placeholder') }).fill('Moonlit');
    await page.getByRole('option').first().click();
    await expect(page).toHaveURL(new RegExp(`address=${collection.address}`, 'i'));
    const distribution = page.getByTestId('holding-distribution');
    await expect(distribution.locator('tbody tr')).toHaveCount(6);
    const top = page.getByRole('region', { name: text(lang, 'holding.top') });
    await expect(top.locator('tr[data-big]').first()).toBeVisible();
    await expect(top.getByText(text(lang, 'holding.big')).first()).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await shot('holding');

    // The flipper's own trade in the collection's trades, with the badge beside them (a tab of its own on phones).
    await signIn(page, wallet, '/trending');
    await page.goto(`/collection/${collection.address}`);
    if (width < 1000) await page.getByRole('tab', { name: text(lang, 'collection.section.trades') }).click();
    const trades = page.getByRole('region', { name: text(lang, 'collection.section.trades') });
    const flipperCell = trades
      .locator('td')
      .filter({ has: page.getByTitle(flipper, { exact: true }) })
      .first();
    await expect(flipperCell.getByTestId('flipper-badge')).toBeVisible({ timeout: 90_000 });
    await expect(flipperCell.getByTestId('flipper-badge')).toHaveAttribute(
      'title',
      new RegExp(text(lang, 'flippers.badge_title').slice(0, 6)),
    );
    await expectNoHorizontalOverflow(page);
    await shot('flipper-trade');
  });
}
