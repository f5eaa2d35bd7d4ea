import { readFileSync } from 'node:fs';
import { DEVNET_CHAIN_ID } from '@floordesk/protocol';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { walletRpcUrl } from '../support/devnet-chain';
import { expect, markWhatsNewSeen, shortAddress, signIn, test } from '../support/fixtures';
import { card, ethText, expectCard, noOverflow } from '../support/page-checks';
import { TestWallet } from '../support/test-wallet';

type Texts = { live: { type: Record<string, string> } };
/** The app's own words, so the journey reads what a trader reads. */
const en: Texts = JSON.parse(readFileSync(new URL('../../apps/web/src/locales/en.json', import.meta.url), 'utf8'));
const zh: Texts = JSON.parse(readFileSync(new URL('../../apps/web/src/locales/zh.json', import.meta.url), 'utf8'));

/** A devnet people account that buys what the traders list. */
const RIVAL = 3;
const BPS = 10_000n;

test.describe('live wallet notifications', () => {
  const traderKey = generatePrivateKey();
  test.use({ walletKeys: [traderKey] });

  test("push a trader's listing and sale within seconds, to them alone; /notice keeps them; an added wallet joins", async ({
    page,
    wallet,
    market,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const trader = privateKeyToAccount(traderKey);
    await market.fund(trader.address, parseEther('10'));

    // Another trader, in another browser: their own events reach them, never the first trader's.
    const otherKey = generatePrivateKey();
    await market.fund(privateKeyToAccount(otherKey).address, parseEther('10'));
    const otherContext = await browser.newContext();
    await markWhatsNewSeen(otherContext);
    const otherWallet = await TestWallet.install(otherContext, DEVNET_CHAIN_ID, {
      keys: [otherKey],
      rpcUrl: walletRpcUrl(baseURL!),
    });
    const other = await otherContext.newPage();
    await signIn(other, otherWallet, '/trending');
    await signIn(page, wallet, '/trending');

    const [otherListing] = await market.mintAndPost(otherKey, 'marble-monks', 1);
    await expectCard(other, '1', otherListing!.tokenId);

    // The trader lists: 'Listed' as soon as the order book takes it. This journey lists only in collections no other
    // journey lists in: its listings stay open at the bottom of the price ladder and would undercut theirs.
    const slug = 'velvet-whiskers';
    const [listing] = await market.mintAndPost(traderKey, slug, 1);
    await expectCard(page, '1', listing!.tokenId, en.live.type['1']!);

    // A rival buys it: 'Sold' within 3 s of the block, with the profit over the mint price, fees and royalty paid.
    await market.fillListing(RIVAL, listing!);
    const collection = market.collection(slug);
    const price = listing!.priceWei;
    const proceeds = price - (price * 250n) / BPS - (price * BigInt(collection.royaltyBps)) / BPS;
    const profit = ethText(proceeds - collection.mintPriceWei);
    await expectCard(page, '4', listing!.tokenId);
    const sold = card(page, '4', listing!.tokenId);
    await expect(sold.getByTestId('notification-profit')).toHaveText(profit);
    await expect(sold).toContainText(shortAddress(trader.address.toLowerCase()));

    // The mint, the listing and the sale: collapsed, the area stacks them under the newest; a click expands them.
    await page.getByRole('button', { name: 'Collapse' }).click();
    await expect(page.getByTestId('notification')).toHaveCount(1);
    await expect(sold).toBeVisible();
    await page.screenshot({ path: 'screenshots/live-area-stacked-en-1440.png' });
    await page.getByTestId('notification-expand').click();
    await expect(page.getByTestId('notification')).toHaveCount(3);
    await expect(card(page, '5', listing!.tokenId)).toContainText(en.live.type['5']!);
    await page.screenshot({ path: 'screenshots/live-area-expanded-en-1440.png' });
    await card(page, '1', listing!.tokenId).getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('notification')).toHaveCount(2);
    await page.getByRole('button', { name: 'Dismiss all' }).click();
    await expect(page.getByTestId('notification-area')).toBeHidden();

    // Nothing of the first trader's reached the other, who still sees their own listing.
    await expect(other.locator(`[data-token-id="${listing!.tokenId}"]`)).toHaveCount(0);
    // Theirs may have sold since, stacking a newer card on it.
    await expectCard(other, '1', otherListing!.tokenId);
    await otherContext.close();

    // The history keeps all three, newest first.
    await page.goto('/notice');
    const rows = page.getByTestId('notice-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toHaveAttribute('data-type', '4');
    await expect(rows.first()).toHaveAttribute('data-token-id', String(listing!.tokenId));
    await expect(page.locator('[data-testid="notice-row"][data-type="1"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="notice-row"][data-type="5"]')).toHaveCount(1);
    await page.screenshot({ path: 'screenshots/notice-en-1440.png', fullPage: true });

    // A second wallet, added on /my, notifies the trader too.
    const vaultKey = generatePrivateKey();
    const vault = privateKeyToAccount(vaultKey);
    await market.fund(vault.address, parseEther('10'));
    await page.goto('/my');
    await page.getByRole('textbox').fill('0x1234');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid address');
    await page.getByRole('textbox').fill(vault.address);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByTestId('wallet-row')).toHaveCount(2);
    const [vaultListing] = await market.mintAndPost(vaultKey, 'dune-drifters', 1);
    await expectCard(page, '1', vaultListing!.tokenId, shortAddress(vault.address.toLowerCase()));
    await page.screenshot({ path: 'screenshots/my-en-1440.png', fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await noOverflow(page);
    await page.screenshot({ path: 'screenshots/my-en-390.png', fullPage: true });
    await page.evaluate(() => localStorage.setItem('lang', 'zhCN'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '个人中心' })).toBeVisible();
    await noOverflow(page);
    await page.screenshot({ path: 'screenshots/my-zh-390.png', fullPage: true });
    await page.goto('/notice');
    await expect(page.locator('[data-testid="notice-row"][data-type="4"]')).toContainText(zh.live.type['4']!);
    await noOverflow(page);
    await page.screenshot({ path: 'screenshots/notice-zh-390.png', fullPage: true });

    // A fresh sale while on a phone: the area in Chinese, within the screen.
    const [again] = await market.mintAndPost(traderKey, slug, 1);
    await expectCard(page, '1', again!.tokenId, zh.live.type['1']!);
    await noOverflow(page);
    await page.screenshot({ path: 'screenshots/live-area-zh-390.png' });
  });
});

test.describe('ENS names', () => {
  test("show the signed-in trader's name in the header and on /my", async ({ page, wallet }) => {
    await signIn(page, wallet, '/my');
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('alice.eth');
    await expect(page.getByTestId('profile-name')).toHaveText('alice.eth');
    await expect(page.getByTestId('wallet-row').first()).toContainText('alice.eth');
  });
});
