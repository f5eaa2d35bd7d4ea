import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { type Address, formatEther, parseEther } from 'viem';
import { expect, signIn, test } from '../support/fixtures';
import { ethText, expectCard, card, noOverflow } from '../support/page-checks';
import type { SignedTypedData } from '../support/typed-data';

type Texts = Record<string, Record<string, unknown>>;
const texts = (file: string): Texts =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${file}`, import.meta.url), 'utf8'));
/** The app's own words, so the journey reads what a trader reads. */
const sellEn = texts('sell/en.json') as { sell: { price_label: string; listed_other: string } };
type ListingTexts = { my_listings: { state: Record<string, string> } };
const listingsEn = texts('my-listings/en.json') as ListingTexts;
const listingsZh = texts('my-listings/zh.json') as ListingTexts;

/**
 * The trader is the test wallet's first account (premium on a fresh devnet). No other journey lists in this
 * collection: the trader's listings stay open and would undercut theirs.
 */
const TRADER = 0;
const SLUG = 'static-saints';
/** A devnet people account that buys what the trader lists. */
const RIVAL = 3;
const BPS = 10_000n;
const OPENSEA_FEE_BPS = 250n;

/** The leaves a bulk payload signed, without the padding orders (`[2]` arrays nested, zero offerer). */
function leaves(tree: unknown): Record<string, unknown>[] {
  if (Array.isArray(tree)) return tree.flatMap(leaves);
  const leaf = tree as Record<string, unknown>;
  return /^0x0+$/.test(String(leaf.offerer ?? leaf.signer)) ? [] : [leaf];
}

type SignedListing = { tokenId: bigint; priceWei: bigint; endTime: bigint };

/** What each Seaport order of a payload asks: the token, the buyer's whole price (every payment) and its end. */
function seaportListings(signed: SignedTypedData): SignedListing[] {
  const orders = signed.ask.primaryType === 'BulkOrder' ? leaves(signed.ask.message.tree) : [signed.ask.message];
  return orders.map((order) => {
    const { offer, consideration, endTime } = order as {
      offer: { identifierOrCriteria: string }[];
      consideration: { startAmount: string }[];
      endTime: string;
    };
    return {
      tokenId: BigInt(offer[0]!.identifierOrCriteria),
      priceWei: consideration.reduce((sum, item) => sum + BigInt(item.startAmount), 0n),
      endTime: BigInt(endTime),
    };
  });
}

/** What each LooksRare maker of a payload asks. */
function looksRareListings(signed: SignedTypedData): SignedListing[] {
  const makers = signed.ask.primaryType === 'BatchOrder' ? leaves(signed.ask.message.tree) : [signed.ask.message];
  return makers.map((maker) => {
    const { itemIds, price, endTime } = maker as { itemIds: string[]; price: string; endTime: string };
    return { tokenId: BigInt(itemIds[0]!), priceWei: BigInt(price), endTime: BigInt(endTime) };
  });
}

const byToken = (listings: SignedListing[]) => listings.toSorted((a, b) => (a.tokenId < b.tokenId ? -1 : 1));

/** A row of My listings: the trader's listing of `tokenId` on `marketplace` ('OpenSea' or 'LooksRare'). */
function myListing(page: Page, tokenId: bigint, marketplace: string, state?: string): Locator {
  const rows = page
    .getByTestId('my-listing-row')
    .filter({ hasText: `#${tokenId}` })
    .filter({ hasText: marketplace });
  return state === undefined ? rows : rows.and(page.locator(`[data-state="${state}"]`));
}

test.describe('selling from FloorDesk, premium wallet', () => {
  test('bulk-lists 3 tokens on OpenSea and LooksRare with 2 signatures; one sells with its profit, one is cancelled on chain, one repriced below; My listings shows each, in zh at 390 px too', async ({
    page,
    wallet,
    market,
  }) => {
    test.setTimeout(480_000);
    const collection = market.collection(SLUG);
    const tokenIds = await market.mintTo(TRADER, SLUG, 3);
    const [sold, cancelled, repriced] = tokenIds as [bigint, bigint, bigint];
    // Above the floor and the cost (the mint price), so no price asks for a second confirmation.
    const [floorRow] = await market.listings(RIVAL, SLUG);
    const floor = floorRow ? BigInt(floorRow.price) : 0n;
    const step = parseEther('0.001');
    const base = ((floor > parseEther('0.12') ? floor : parseEther('0.12')) / step + 1n) * step;
    const prices = tokenIds.map((_, index) => base + BigInt(index) * step);
    const approvalsMissing = await market.missingApprovals(TRADER, SLUG);

    // The portfolio: the three new tokens, selected and listed together.
    await signIn(page, wallet, '/protfolio');
    for (const tokenId of tokenIds) {
      const row = page.locator(`[data-testid="holding-row"][data-token="${collection.address}:${tokenId}"]`);
      await expect(row).toBeVisible({ timeout: 60_000 });
      await row.getByTestId('holding-select').check();
    }
    await page.getByTestId('holdings-list-selected').click();
    const dialog = page.getByTestId('sell-dialog');
    for (const [index, tokenId] of tokenIds.entries()) {
      const label = sellEn.sell.price_label.replace('{{token}}', String(tokenId));
      await dialog.getByRole('textbox', { name: label }).fill(formatEther(prices[index]!));
    }
    await expect(dialog.getByTestId('sell-marketplace')).toHaveCount(2);
    await page.screenshot({ path: 'screenshots/sell-dialog-en-1440.png' });
    const sentBefore = wallet.transactions.length;
    await dialog.getByTestId('sell-submit').click();
    await expect(page.getByText(sellEn.sell.listed_other.replace('{{count}}', '6'))).toBeVisible({ timeout: 120_000 });
    await expect(dialog).toBeHidden();

    // The approvals the wallet lacked, each once, then one signature per marketplace over all three tokens.
    expect(wallet.transactions.length - sentBefore).toBe(approvalsMissing);
    expect(await market.missingApprovals(TRADER, SLUG)).toBe(0);
    const signed = wallet.typedData;
    expect(signed.map((payload) => payload.ask.primaryType).toSorted()).toEqual(['BatchOrder', 'BulkOrder']);
    const seaportBulk = signed.find((payload) => payload.ask.primaryType === 'BulkOrder')!;
    const looksBatch = signed.find((payload) => payload.ask.primaryType === 'BatchOrder')!;
    // What the wallet showed is what the dialog showed: each token at its typed price, ending in 7 days.
    const weekFromNow = BigInt(Math.floor(Date.now() / 1000) + 7 * 86_400);
    for (const listings of [seaportListings(seaportBulk), looksRareListings(looksBatch)]) {
      expect(byToken(listings).map(({ tokenId, priceWei }) => [tokenId, priceWei])).toEqual(
        tokenIds.map((tokenId, index) => [tokenId, prices[index]]),
      );
      for (const { endTime } of listings) expect(Number(weekFromNow - endTime)).toBeLessThan(300);
    }

    // The collection's table shows them, marked as the trader's own.
    await page.goto(`/collection/${collection.address}`);
    const yours = page.getByTestId('listing-yours');
    await expect(yours.first()).toBeVisible({ timeout: 30_000 });

    // A rival buys the first from what the wallet signed: 'Sold', with its profit over the mint price.
    await market.fillSignedListing(RIVAL, seaportBulk, sold);
    const price = prices[0]!;
    const proceeds = price - (price * OPENSEA_FEE_BPS) / BPS - (price * BigInt(collection.royaltyBps)) / BPS;
    await expectCard(page, '4', sold, undefined, 30_000);
    await expect(card(page, '4', sold).getByTestId('notification-profit')).toHaveText(
      ethText(proceeds - collection.mintPriceWei),
    );

    // My listings: the sold one, and its LooksRare twin ended (the NFT left the wallet).
    await page.goto('/listings');
    await expect(myListing(page, sold, 'OpenSea', 'sold')).toBeVisible({ timeout: 30_000 });
    await expect(myListing(page, sold, 'LooksRare', 'ended')).toBeVisible({ timeout: 30_000 });
    for (const tokenId of [cancelled, repriced]) {
      for (const marketplace of ['OpenSea', 'LooksRare']) {
        await expect(myListing(page, tokenId, marketplace, 'active')).toBeVisible();
      }
    }

    // The second is cancelled on both marketplaces: one Seaport cancel and one LooksRare cancelOrderNonces, each
    // with its gas shown before the wallet opens.
    for (const marketplace of ['OpenSea', 'LooksRare']) {
      await myListing(page, cancelled, marketplace).getByRole('checkbox').check();
    }
    await page.getByRole('button', { name: 'Cancel 2', exact: true }).click();
    const cancelDialog = page.getByTestId('cancel-dialog');
    await expect(cancelDialog.getByTestId('cancel-transaction')).toHaveCount(2);
    await expect(cancelDialog.getByTestId('cancel-gas').first()).toContainText('ETH');
    const beforeCancel = wallet.transactions.length;
    await cancelDialog.getByRole('button', { name: 'Send cancellation' }).click();
    for (const marketplace of ['OpenSea', 'LooksRare']) {
      await expect(myListing(page, cancelled, marketplace, 'cancelled')).toBeVisible({ timeout: 60_000 });
    }
    expect(wallet.transactions.length - beforeCancel).toBe(2);
    await page.keyboard.press('Escape');

    // The third is repriced below on OpenSea, in zh at 390 px: one more signature, of that listing alone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => localStorage.setItem('lang', 'zhCN'));
    await page.reload();
    const zh = listingsZh.my_listings.state;
    await expect(myListing(page, repriced, 'OpenSea', 'active')).toBeVisible({ timeout: 30_000 });
    await myListing(page, repriced, 'OpenSea', 'active').getByRole('button', { name: '改价' }).click();
    const lower = prices[2]! - step;
    const repriceDialog = page.getByTestId('sell-dialog');
    await repriceDialog.getByRole('textbox').first().fill(formatEther(lower));
    await page.screenshot({ path: 'screenshots/sell-reprice-zh-390.png' });
    await noOverflow(page);
    await repriceDialog.getByTestId('sell-submit').click();
    await expect(repriceDialog).toBeHidden({ timeout: 60_000 });
    const last = wallet.typedData.at(-1)!;
    expect(last.ask.primaryType).toBe('OrderComponents');
    expect(seaportListings(last).map(({ tokenId, priceWei }) => [tokenId, priceWei])).toEqual([[repriced, lower]]);

    // My listings names each state: sold, ended, cancelled, superseded by the new price, active.
    await expect(myListing(page, repriced, 'OpenSea', 'superseded')).toBeVisible({ timeout: 30_000 });
    await expect(myListing(page, repriced, 'OpenSea', 'superseded')).toContainText(zh.superseded!.split('{{')[0]!);
    await expect(myListing(page, repriced, 'OpenSea', 'active')).toContainText(formatEther(lower));
    await expect(myListing(page, sold, 'OpenSea', 'sold')).toContainText(zh.sold!);
    await expect(myListing(page, cancelled, 'OpenSea', 'cancelled')).toContainText(zh.cancelled!);
    await expect(myListing(page, repriced, 'LooksRare', 'active')).toContainText(zh.active!);
    expect(listingsEn.my_listings.state.sold).not.toBe(zh.sold);
    await noOverflow(page);
    await page.screenshot({ path: 'screenshots/my-listings-zh-390.png', fullPage: true });

    // The bought token is the rival's on chain; the trader still holds the other two.
    const owners = await Promise.all(tokenIds.map((tokenId) => wallet.ownerOf(collection.address, tokenId)));
    expect(owners.map((owner) => owner?.toLowerCase())).toEqual([
      market.account(RIVAL).address.toLowerCase(),
      wallet.address.toLowerCase(),
      wallet.address.toLowerCase(),
    ] as (Address | string)[]);
  });
});
