import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { formatEther, type Hex, parseEther } from 'viem';
import { generatePrivateKey } from 'viem/accounts';
import type { FreshListing, FreshLooksRareListing } from '../support/devnet-market';
import { expect, openCollection, signIn, test } from '../support/fixtures';

type SweepTexts = { sweep: { status: Record<string, string> }; err: Record<string, string> };
/** The app's own texts, so the journeys read the words a user reads. */
const en: SweepTexts = JSON.parse(readFileSync(new URL('../../apps/web/src/locales/en.json', import.meta.url), 'utf8'));

/** Devnet people accounts: 0 and 1 are the wallet's, these two list what the journeys buy. */
const SELLER = 2;
const RIVAL = 3;

function sweepItem(page: Page, tokenId: bigint) {
  return page.getByTestId('sweep-item').and(page.locator(`[data-token-id="${tokenId}"]`));
}

/** A listing's Buy button on the collection page, by its token (the words follow the language), and its row. */
function buyButton(page: Page, tokenId: bigint) {
  return page.getByTestId('listing-buy').and(page.getByRole('button', { name: new RegExp(`#${tokenId}$`) }));
}
const listingRow = (page: Page, tokenId: bigint) => page.locator('tr', { has: buyButton(page, tokenId) });

const priceSum = (listings: readonly (FreshListing | FreshLooksRareListing)[]) =>
  listings.reduce((sum, l) => sum + l.priceWei, 0n);

test.describe('sweep buying, premium wallet', () => {
  test('sweeps the 5 cheapest listings in one transaction and owns them on chain; keys 1–6 pick the gas preset', async ({
    page,
    wallet,
    market,
  }) => {
    test.setTimeout(300_000);
    const listings = await market.mintAndList(SELLER, 'quiet-grids', 5);
    await signIn(page, wallet, '/trending');
    const collection = await openCollection(page, market, 'quiet-grids', listings);

    // Keys 1–6 (and the numpad) choose the gas preset the sweep will pay with.
    const preset = (type: number) => page.getByTestId(`gas-preset-${type}`);
    await page.keyboard.press('2');
    await expect(preset(1)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Numpad3');
    await expect(preset(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(preset(1)).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('6');
    await expect(preset(5)).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('1');
    await expect(preset(0)).toHaveAttribute('aria-pressed', 'true');

    // Custom 1 has no values yet: choosing it opens the settings, which refuse a priority of 0.
    await page.keyboard.press('4');
    const settings = page.getByRole('dialog', { name: 'Custom Gas Fee settings' });
    await expect(settings).toBeVisible();
    await settings.getByRole('textbox', { name: 'Custom 1 priority fee (Gwei)' }).fill('0');
    await settings.getByRole('textbox', { name: 'Custom 1 fee (Gwei)' }).fill('40');
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(settings.getByTestId('gas-settings-3').getByRole('alert')).toHaveText(en.err.input_err!);
    await page.screenshot({ path: 'screenshots/gas-settings-en-1440.png' });
    await page.keyboard.press('Escape');
    await expect(settings).toBeHidden();
    await page.keyboard.press('2');

    await page.getByTestId('sweep-count-5').click();
    await expect(page.getByTestId('sweep-preview-total')).toContainText(formatEther(priceSum(listings)));
    await page.getByTestId('sweep-button').click();

    const modal = page.getByRole('dialog', { name: 'Sweep 5 items' });
    await expect(modal).toBeVisible();
    for (const listing of listings) {
      await expect(sweepItem(page, listing.tokenId)).toHaveAttribute('data-status', 'bought', {
        timeout: 60_000,
      });
    }
    await expect(modal.getByTestId('sweep-item-status').first()).toHaveText(en.sweep.status.bought!);
    await page.screenshot({ path: 'screenshots/sweep-bought-en-1440.png' });

    // One transaction, with the fast preset's fees, and the 5 tokens are the buyer's on chain.
    expect(wallet.transactions).toHaveLength(1);
    const [hash] = wallet.transactions as [Hex];
    const sent = await market.clients.chain.getTransaction({ hash });
    expect(sent.maxPriorityFeePerGas).toBe(5_000_000_000n);
    for (const listing of listings) {
      expect((await market.ownerOf(collection.address, listing.tokenId))?.toLowerCase()).toBe(
        wallet.address.toLowerCase(),
      );
    }
  });

  test('a rejected wallet marks every item 4001; a rival filling one of 5 leaves 4 bought, that one failed, and the rest of the ETH with the buyer', async ({
    page,
    wallet,
    market,
  }) => {
    test.setTimeout(300_000);
    const listings = await market.mintAndList(SELLER, 'hundred-rooms', 5);
    await signIn(page, wallet, '/trending');
    await openCollection(page, market, 'hundred-rooms', listings);
    await page.getByTestId('sweep-count-5').click();
    const modal = page.getByRole('dialog', { name: 'Sweep 5 items' });

    wallet.rejectTransactions(true);
    await page.getByTestId('sweep-button').click();
    for (const listing of listings) {
      await expect(sweepItem(page, listing.tokenId)).toHaveAttribute('data-status', 'rejected');
    }
    await page.screenshot({ path: 'screenshots/sweep-rejected-en-1440.png' });
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    wallet.rejectTransactions(false);

    // Between the quote and the broadcast, a rival buys the third listing.
    const taken = listings[2]!;
    wallet.beforeSend(async () => {
      await market.fillListing(RIVAL, taken);
    });
    const balanceBefore = await market.clients.chain.getBalance({ address: wallet.address });
    await page.getByTestId('sweep-button').click();
    await expect(sweepItem(page, taken.tokenId)).toHaveAttribute('data-status', 'failed', {
      timeout: 60_000,
    });
    const bought = listings.filter((listing) => listing !== taken);
    for (const listing of bought) {
      await expect(sweepItem(page, listing.tokenId)).toHaveAttribute('data-status', 'bought');
    }
    await page.screenshot({ path: 'screenshots/sweep-rival-en-1440.png' });

    // The sweep did not revert, and the buyer paid exactly the 4 bought items plus gas: the fifth came back.
    const [hash] = wallet.transactions as [Hex];
    const receipt = await market.confirm(hash);
    const balanceAfter = await market.clients.chain.getBalance({ address: wallet.address });
    expect(balanceBefore - balanceAfter).toBe(priceSum(bought) + receipt.gasUsed * receipt.effectiveGasPrice);
  });
});

test.describe('buying on LooksRare v2, premium wallet', () => {
  const SLUG = 'drowsy-bears';
  const step = parseEther('0.0001');

  test('buys one LooksRare listing from the collection page, sweeps three in one transaction, and with the LooksRare switch off sees none in the table or the plan', async ({
    page,
    wallet,
    market,
  }) => {
    test.setTimeout(300_000);
    const listings = await market.mintAndPostOnLooksRare(
      SELLER,
      SLUG,
      [1n, 2n, 3n, 4n].map((i) => i * step),
    );
    const looksRare = market.manifest.looksRare.protocol.toLowerCase();
    await signIn(page, wallet, '/trending');
    const collection = await openCollection(page, market, SLUG, listings);
    const owner = async (tokenId: bigint) => (await market.ownerOf(collection.address, tokenId))?.toLowerCase();
    const sentTo = async (hash: Hex) => (await market.clients.chain.getTransaction({ hash })).to?.toLowerCase();
    // The table names each listing's marketplace.
    for (const listing of listings) await expect(listingRow(page, listing.tokenId)).toContainText('LooksRare');
    await page.screenshot({ path: 'screenshots/looksrare-listings-en-1440.png' });

    const [single, ...swept] = listings as [FreshLooksRareListing, ...FreshLooksRareListing[]];
    await buyButton(page, single.tokenId).click();
    await expect(sweepItem(page, single.tokenId)).toHaveAttribute('data-status', 'bought', { timeout: 60_000 });
    expect(wallet.transactions).toHaveLength(1);
    expect(await sentTo(wallet.transactions[0] as Hex)).toBe(looksRare);
    expect(await owner(single.tokenId)).toBe(wallet.address.toLowerCase());
    await page.keyboard.press('Escape');

    await page.getByTestId('sweep-count-3').click();
    await expect(page.getByTestId('sweep-preview-total')).toContainText(formatEther(priceSum(swept)));
    await page.getByTestId('sweep-button').click();
    await expect(page.getByRole('dialog', { name: 'Sweep 3 items' })).toBeVisible();
    for (const listing of swept) {
      await expect(sweepItem(page, listing.tokenId)).toHaveAttribute('data-status', 'bought', { timeout: 60_000 });
    }
    await page.screenshot({ path: 'screenshots/looksrare-sweep-bought-en-1440.png' });
    // One more transaction, to the LooksRare exchange, and the three are the buyer's on chain.
    expect(wallet.transactions).toHaveLength(2);
    expect(await sentTo(wallet.transactions[1] as Hex)).toBe(looksRare);
    for (const listing of swept) expect(await owner(listing.tokenId)).toBe(wallet.address.toLowerCase());
    await page.keyboard.press('Escape');

    const [later] = await market.mintAndPostOnLooksRare(SELLER, SLUG, [step]);
    await expect(buyButton(page, later!.tokenId)).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'LooksRare', exact: true }).click();
    await expect(buyButton(page, later!.tokenId)).toBeHidden();
    await expect(page.getByRole('table', { name: 'Listings' })).not.toContainText('LooksRare');
    // The server's plan has no LooksRare listing either: the wallet refuses, and the dialog shows what was planned.
    wallet.rejectTransactions(true);
    await page.getByTestId('sweep-count-2').click();
    const planned = page.getByTestId('sweep-item');
    // The bots trade this collection too: one may take or reprice a previewed listing between the preview and the
    // quote, which the server answers 1515 (higher than expected). The trader then sweeps again, as this does.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await page.getByTestId('sweep-button').click();
      await expect(planned.first()).toHaveAttribute('data-status', 'rejected', { timeout: 20_000 });
    }).toPass({ timeout: 90_000 });
    for (const text of await planned.allTextContents()) expect(text).not.toContain('LooksRare');
    await expect(sweepItem(page, later!.tokenId)).toHaveCount(0);
  });
});

test.describe('sweep buying, wallet without a subscription', () => {
  test.use({ walletKeys: [generatePrivateKey()] });

  test('zh at 390 px: the sweep popover answers with the premium-only message', async ({ page, wallet, market }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.addInitScript(() => localStorage.setItem('lang', 'zhCN'));
    const listings = await market.mintAndList(SELLER, 'paper-peaks', 2);
    await signIn(page, wallet, '/trending');
    await openCollection(page, market, 'paper-peaks', listings);

    await page.getByTestId('sweep-popover-trigger').click();
    await page.getByTestId('sweep-count-2').click();
    await page.screenshot({ path: 'screenshots/sweep-popover-zh-390.png' });
    await page.getByTestId('sweep-button').click();
    await expect(page.getByTestId('sweep-message')).toHaveText('购买功能仅对高级会员开放');
    // What premium gives, and the way to the plans.
    await expect(page.getByTestId('sweep-premium').getByRole('link', { name: '查看套餐' })).toHaveAttribute(
      'href',
      '/plans',
    );
    await page.screenshot({ path: 'screenshots/sweep-premium-zh-390.png' });
    expect(wallet.transactions).toHaveLength(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
