import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEVNET_CHAIN_ID } from '@floordesk/protocol';
import { generatePrivateKey } from 'viem/accounts';
import { walletRpcUrl } from '../support/devnet-chain';

import { BUILD_VERSION, expect, markWhatsNewSeen, openCollection, signIn, test } from '../support/fixtures';
import { DEV_KEYS, TestWallet } from '../support/test-wallet';

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${file}`, import.meta.url), 'utf8'));
/** The app's own words, so the journeys read what a user reads. */
const zhBilling = read<{ billing: { plan: Record<string, string>; verify: Record<string, string> } }>(
  'billing/zh.json',
).billing;
const enTrial = read<{ trial: Record<string, string> & { status_label: Record<string, string> } }>(
  'trial/en.json',
).trial;

/** Lists what account 1 tries to sweep: a people account the other journeys only sell from. */
const SELLER = 2;

/** The sweep popover (390 px): choose `count`, sweep. */
async function sweep(page: Page, count: number): Promise<void> {
  await page.getByTestId('sweep-popover-trigger').click();
  await page.getByTestId(`sweep-count-${count}`).click();
  await page.getByTestId('sweep-button').click();
}

test.describe('a subscription paid from the wallet', () => {
  // Anvil's account 1: on the devnet it starts without a subscription.
  test.use({ walletKeys: [DEV_KEYS[1]] });

  test('account 1 is refused a sweep, pays the half year on /plans in zh, is confirmed after the confirmations, and sweeps', async ({
    page,
    wallet,
    market,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('lang', 'zhCN'));
    const listings = await market.mintAndList(SELLER, 'paper-peaks', 2);
    await signIn(page, wallet, '/trending');
    await openCollection(page, market, 'paper-peaks', listings);
    await sweep(page, 2);
    await expect(page.getByTestId('sweep-message')).toHaveText('购买功能仅对高级会员开放');
    expect(wallet.transactions).toHaveLength(0);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/plans');
    const halfYear = page.getByTestId('plan-card').and(page.locator('[data-plan="4"]'));
    await expect(halfYear.getByTestId('plan-price')).toContainText('0.15');
    const pay = halfYear.getByRole('button', { name: `支付：${zhBilling.plan['4']}` });
    await pay.click();
    await expect(page.getByTestId('agree-required')).toHaveText('请勾选并同意免责声明和服务条款。');
    expect(wallet.transactions).toHaveLength(0);

    await page.getByRole('checkbox').check();
    await pay.click();
    const progress = page.getByTestId('pay-progress');
    await expect(progress).toHaveAttribute('data-phase', 'confirmed', { timeout: 90_000 });
    await expect(page.getByTestId('pay-status')).toContainText('已确认，会员有效期至');
    await expect(page.getByTestId('membership')).toContainText('会员有效期至');
    await page.screenshot({ path: 'screenshots/plans-confirmed-zh-1440.png' });
    expect(wallet.transactions).toHaveLength(1);
    const [hash] = wallet.transactions;
    const receipt = await market.clients.chain.getTransactionReceipt({ hash: hash! });
    expect(receipt.status).toBe('success');

    // The end follows the payment's block: 180 days after it.
    const block = await market.clients.chain.getBlock({ blockNumber: receipt.blockNumber });
    const end = new Date((Number(block.timestamp) + 180 * 86_400) * 1000);
    await page.goto('/verification');
    await expect(page.getByTestId('payment-row')).toHaveCount(1);
    await expect(page.getByTestId('payment-status')).toHaveText(zhBilling.verify.credited!);
    await expect(page.getByTestId('membership-end')).toContainText(String(end.getFullYear()));
    await page.screenshot({ path: 'screenshots/verification-zh-1440.png' });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'screenshots/verification-zh-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await openCollection(page, market, 'paper-peaks', listings);
    await sweep(page, 2);
    for (const listing of listings) {
      await expect(
        page.getByTestId('sweep-item').and(page.locator(`[data-token-id="${listing.tokenId}"]`)),
      ).toHaveAttribute('data-status', 'bought', { timeout: 60_000 });
    }
    expect(wallet.transactions).toHaveLength(2);
  });
});

test.describe('trial codes', () => {
  test('a member hands a code to a fresh wallet, which redeems it on /activity and is premium for the trial', async ({
    page,
    wallet,
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // Account 0 paid for a year on the devnet: a member.
    await signIn(page, wallet, '/trending');
    await page.goto('/activity');
    await page.getByRole('button', { name: enTrial.get_code }).click();
    const row = page.getByTestId('trial-code-row').first();
    await expect(row).toContainText(enTrial.status_label['0']!);
    const code = (await row.locator('.font-mono').first().textContent())?.trim() ?? '';
    expect(code).toMatch(/^[2-9A-Z]{10}$/);
    await page.screenshot({ path: 'screenshots/activity-member-en-1440.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'screenshots/activity-member-en-390.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    const context = await browser.newContext({ baseURL });
    const newcomer = await TestWallet.install(context, DEVNET_CHAIN_ID, {
      keys: [generatePrivateKey()],
      rpcUrl: walletRpcUrl(baseURL!),
    });
    await markWhatsNewSeen(context);
    const other = await context.newPage();
    await signIn(other, newcomer, '/trending');
    await other.goto('/activity');
    await other.getByRole('button', { name: enTrial.redeem, exact: true }).click();
    await expect(other.getByText(enTrial.empty!).first()).toBeVisible();
    await other.getByPlaceholder(enTrial.placeholder!).fill(code.toLowerCase());
    await other.getByRole('button', { name: enTrial.redeem, exact: true }).click();
    await expect(other.getByText(/Your trial runs until/)).toBeVisible();
    await other.screenshot({ path: 'screenshots/activity-redeemed-en-1440.png' });
    await other.setViewportSize({ width: 390, height: 844 });
    await other.screenshot({ path: 'screenshots/activity-redeemed-en-390.png', fullPage: true });
    expect(await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await other.goto('/plans');
    await expect(other.getByTestId('membership')).toContainText('Trial until');

    await page.reload();
    await expect(page.getByTestId('trial-code-row').first()).toContainText(enTrial.status_label['1']!);
    await context.close();
  });
});

test('sales: an ended sale shows its ended message, a live one its countdown and price', async ({ page }) => {
  await page.goto('/ChristmasPromo');
  await expect(page.getByTestId('sale-ended')).toContainText('The Christmas sale has ended. See you next year!');
  await page.screenshot({ path: 'screenshots/sale-ended-en-1440.png' });
  await page.goto('/blackfriday');
  await expect(page.getByTestId('sale-countdown')).toBeVisible();
  const fiveMonths = page.getByTestId('plan-card').and(page.locator('[data-plan="3"]'));
  await expect(fiveMonths.getByTestId('plan-price')).toContainText('0.09');
  await page.screenshot({ path: 'screenshots/sale-live-en-1440.png' });
});

test.describe("What's New", () => {
  test.use({ whatsNewSeen: false });

  test('shows once per build version', async ({ page }) => {
    await page.goto('/home');
    const notes = page.getByRole('dialog', { name: /What's new in FloorDesk/ });
    await expect(notes).toBeVisible();
    await page.screenshot({ path: 'screenshots/whats-new-en-1440.png' });
    await notes.getByRole('button', { name: 'OK' }).click();
    await expect(notes).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), `hasOpened${BUILD_VERSION}`)).toBe('1');
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(notes).toBeHidden();
  });
});
