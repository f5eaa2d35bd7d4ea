import type { Page } from '@playwright/test';
import { formatEther, type Hex, parseEther } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import { appTexts, expectNoHorizontalOverflow } from '../support/app-texts';
import type { DevnetMarket } from '../support/devnet-market';
import { expect, signIn, test } from '../support/fixtures';

/** The app's own words, so the journeys read what a user reads. */
const text = appTexts('portfolio');

/** A collection the other journeys leave alone, whose bots never ask below a quarter of its 0.1 ETH mint price. */
const SLUG = 'marble-monks';
/** Anvil's account 0 is the test wallet's first (a year of premium on the devnet); 3 sells to it, 4 buys from it. */
const USER = 0;
const SELLER = 3;
const RIVAL = 4;

const cost = (wei: bigint) => Number(formatEther(wei)).toFixed(4);
const profit = (wei: bigint) => `${wei > 0n ? '+' : ''}${Number(formatEther(wei)).toFixed(6)}`;

/** What a transaction changed in the user's balance: the chain's own account of what they paid or received. */
async function balanceChange(market: DevnetMarket, hash: Hex): Promise<bigint> {
  const chain = market.clients.chain;
  const { blockNumber } = await chain.getTransactionReceipt({ hash });
  const address = market.account(USER).address;
  const [before, after] = await Promise.all([
    chain.getBalance({ address, blockNumber: blockNumber - 1n }),
    chain.getBalance({ address, blockNumber }),
  ]);
  return after - before;
}

/** Reloads /protfolio until `row` shows: the indexer follows the chain a little behind. */
async function waitForRow(page: Page, testId: string, token: string) {
  const row = page.getByTestId(testId).and(page.locator(`[data-token="${token}"]`));
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000 });
  return row;
}

test.describe('the portfolio of a premium trader', () => {
  test('who bought two tokens and sold one shows the cost, realised profit and unrealised value the chain gives', async ({
    page,
    wallet,
    market,
  }) => {
    test.setTimeout(180_000);
    // Three listings: the trader buys two. Not necessarily the collection's cheapest (another journey may leave a
    // cheaper one open): the trader fills these very orders, and the floor is read when the page is checked.
    const [first, second] = await market.mintAndPost(SELLER, SLUG, 3, [
      parseEther('0.011'),
      parseEther('0.012'),
      parseEther('0.009'),
    ]);
    const boughtFirst = await market.fillListing(USER, first!);
    const boughtSecond = await market.fillListing(USER, second!);
    const resale = await market.listOwned(USER, SLUG, first!.tokenId, parseEther('0.02'));
    const sold = await market.fillListing(RIVAL, resale);

    // Costs: price with fees plus the trader's gas, each buy alone in its transaction. Proceeds: what the sale paid
    // the trader after fee and royalty; the rival sent it, so no gas of the trader's comes off.
    const costFirst = -(await balanceChange(market, boughtFirst));
    const costSecond = -(await balanceChange(market, boughtSecond));
    const proceeds = await balanceChange(market, sold);
    expect(costSecond).toBeGreaterThan(second!.priceWei);
    expect(proceeds).toBeLessThan(resale.priceWei);

    const collection = market.collection(SLUG).address.toLowerCase();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, wallet, '/protfolio');
    const held = await waitForRow(page, 'holding-row', `${collection}:${second!.tokenId}`);
    const sale = await waitForRow(page, 'sold-row', `${collection}:${first!.tokenId}`);
    await expect(held.getByTestId('holding-cost')).toHaveText(cost(costSecond));
    // The floor is the order book's cheapest listing, which a bot may buy meanwhile: compared with it as it stands.
    await expect(async () => {
      const [cheapest] = await market.listings(RIVAL, SLUG);
      const floorNow = BigInt(cheapest!.price);
      await page.reload();
      await expect(held.getByTestId('holding-floor')).toHaveText(cost(floorNow), { timeout: 3_000 });
      await expect(held.getByTestId('holding-unrealised')).toHaveText(profit(floorNow - costSecond));
    }).toPass({ timeout: 60_000 });
    await expect(sale.getByTestId('sold-cost')).toHaveText(cost(costFirst));
    await expect(sale.getByTestId('sold-proceeds')).toHaveText(cost(proceeds));
    await expect(sale.getByTestId('sold-gas')).toHaveText('0.000000');
    await expect(sale.getByTestId('sold-realised')).toHaveText(profit(proceeds - costFirst));
    await page.screenshot({ path: '/tmp/shots/portfolio-en-1440.png', fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(held.getByTestId('holding-unrealised')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: '/tmp/shots/portfolio-en-390.png', fullPage: true });

    await page.evaluate(() => localStorage.setItem('lang', 'zhCN'));
    await page.reload();
    await expect(sale.getByTestId('sold-realised')).toHaveText(profit(proceeds - costFirst));
    await expect(page.getByRole('heading', { name: '持仓' })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: '/tmp/shots/portfolio-zh-390.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: '/tmp/shots/portfolio-zh-1440.png', fullPage: true });
  });
});

test.describe('the portfolio without premium', () => {
  // A fresh key: never subscribed, never on trial.
  test.use({ walletKeys: [generatePrivateKey()] });

  test('answers with the premium message and a way to the plans, in en and zh', async ({ page, wallet }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, wallet, '/protfolio');
    const message = page.getByTestId('portfolio-premium');
    await expect(message).toContainText('The portfolio is only available to premium users');
    await expect(message.getByRole('link', { name: text('en', 'portfolio.premium.to_plans') })).toHaveAttribute(
      'href',
      '/plans',
    );
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: '/tmp/shots/portfolio-premium-en-390.png' });

    await page.evaluate(() => localStorage.setItem('lang', 'zhCN'));
    await page.reload();
    await expect(message).toContainText('资产组合仅对高级会员开放');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(message.getByRole('link', { name: text('zh', 'portfolio.premium.to_plans') })).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/portfolio-premium-zh-1440.png' });
  });
});
