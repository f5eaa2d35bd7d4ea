import { ACCOUNT_PLAN, devnetAccount } from '@floordesk/devnet';
import type { Page } from '@playwright/test';
import { formatEther, getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { DevnetMarket } from '../support/devnet-market';
import { expect, expectRoute, markWhatsNewSeen, test } from '../support/fixtures';

// No injected test wallet here: a newcomer's browser has no extension, only the wallet the devnet's page offers.

const accountOne = devnetAccount(ACCOUNT_PLAN.people.from + 1);
/** Sells what the journey buys: a people account the other journeys leave alone. */
const SELLER = ACCOUNT_PLAN.people.from + 4;

/** From a protected page to the sign-in page, where the no-wallet dialog offers the built-in wallet's chooser. */
async function openChooser(page: Page, target = '/trending') {
  await page.goto(target);
  await expectRoute(page, '/', target);
  const noWallet = page.getByRole('dialog', { name: 'No wallet found' });
  await expect(noWallet).toContainText('you can also sign in with the wallet built into the page');
  await noWallet.getByRole('button', { name: 'Use the devnet wallet' }).click();
  const chooser = page.getByRole('dialog', { name: 'Devnet wallet' });
  await expect(chooser).toBeVisible();
  return chooser;
}

async function signedInAs(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('token'));
}

test('a newcomer picks account 1 of the built-in devnet wallet, confirms the sign-in notice and lands signed in', async ({
  page,
}) => {
  const chooser = await openChooser(page);
  await expect(chooser.getByRole('button', { name: /^Account 0/ })).toContainText('ETH');
  await chooser.getByRole('button', { name: /^Account 1/ }).click();

  // The wallet shows what it is asked to sign, exactly as a browser wallet would, and waits.
  const confirm = page.getByRole('dialog', { name: 'Signature request' });
  await expect(confirm).toContainText('wants you to sign in with your Ethereum account:');
  await expect(confirm).toContainText(accountOne.address);
  await expect(confirm).toContainText('Account 1');
  expect(await signedInAs(page)).toBeNull();
  await confirm.getByRole('button', { name: 'Sign' }).click();

  await expectRoute(page, '/trending');
  expect(await signedInAs(page)).toBe(accountOne.address.toLowerCase());
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  // Account 1 is bob.eth on the devnet: the header shows the name, not the address.
  await expect(accountMenu).toContainText('bob.eth');

  // The choice stays with this browser, as an installed wallet does: a reload keeps the user signed in.
  await page.reload();
  await expectRoute(page, '/trending');
  await expect(accountMenu).toContainText('bob.eth');
});

test('a newcomer who takes a fresh key signs in with an address of their own', async ({ page }) => {
  const chooser = await openChooser(page, '/my');
  await chooser.getByRole('button', { name: /^New random account/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Signature request' });
  await expect(confirm).toContainText('Your fresh account');
  await confirm.getByRole('button', { name: 'Sign' }).click();

  await expectRoute(page, '/my');
  const token = await signedInAs(page);
  const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem('devnet_wallet') ?? 'null'));
  expect(token).toBe(privateKeyToAccount(remembered.privateKey).address.toLowerCase());
  const people = Array.from({ length: ACCOUNT_PLAN.people.count }, (_, i) =>
    devnetAccount(ACCOUNT_PLAN.people.from + i),
  );
  expect(people.map(({ address }) => address.toLowerCase())).not.toContain(token);
});

test('rejecting the notice in the built-in wallet leaves the newcomer signed out, told why', async ({ page }) => {
  const chooser = await openChooser(page);
  await chooser.getByRole('button', { name: /^Account 1/ }).click();
  await page.getByRole('dialog', { name: 'Signature request' }).getByRole('button', { name: 'Reject' }).click();

  await expect(page.getByText('User rejected the signature request')).toBeVisible();
  await expectRoute(page, '/', '/trending');
  expect(await signedInAs(page)).toBeNull();

  // Still connected, as a wallet stays after a rejected signature: signing in again needs only the signature.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('dialog', { name: 'Signature request' }).getByRole('button', { name: 'Sign' }).click();
  await expectRoute(page, '/trending');
});

test('a listing bought through the built-in wallet: the transaction is shown, sent once confirmed, and the token is the buyer’s', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const market = await DevnetMarket.connect(baseURL!);
  const [listing] = await market.mintAndList(SELLER, 'glass-orbits', 1);
  const collection = market.collection('glass-orbits');

  // Account 0 paid for a year when the devnet was deployed: it may buy.
  const chooser = await openChooser(page);
  await chooser.getByRole('button', { name: /^Account 0/ }).click();
  await page.getByRole('dialog', { name: 'Signature request' }).getByRole('button', { name: 'Sign' }).click();
  await expectRoute(page, '/trending');

  await page.goto(`/collection/${collection.address}`);
  const buy = page
    .getByTestId('listing-buy')
    .and(page.getByRole('button', { name: new RegExp(`#${listing!.tokenId}$`) }));
  await expect(buy).toBeVisible({ timeout: 60_000 });
  await buy.click();

  const confirm = page.getByRole('dialog', { name: 'Confirm transaction' });
  await expect(confirm).toContainText(getAddress(market.manifest.seaport));
  await expect(confirm).toContainText(`${Number(formatEther(listing!.priceWei)).toFixed(4)} ETH`);
  await expect(confirm).toContainText('Max network fee');
  await page.screenshot({ path: 'screenshots/devnet-wallet-transaction-en_US-dark-1440.png' });
  await confirm.getByRole('button', { name: 'Send' }).click();

  await expect(
    page.getByTestId('sweep-item').and(page.locator(`[data-token-id="${listing!.tokenId}"]`)),
  ).toHaveAttribute('data-status', 'bought', { timeout: 60_000 });
  expect((await market.ownerOf(collection.address, listing!.tokenId))?.toLowerCase()).toBe(
    devnetAccount(ACCOUNT_PLAN.people.from).address.toLowerCase(),
  );
});

test('saves screenshots of the built-in wallet: offer, chooser and sign-in confirmation, en and zh, 1440 and 390 px', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  for (const [lang, theme, width] of [
    ['en_US', 'dark', 1440],
    ['zhCN', 'dark', 390],
    ['en_US', 'light', 390],
    ['zhCN', 'light', 1440],
  ] as const) {
    // A browser of its own each time: a first visit, before any wallet was chosen.
    const context = await browser.newContext({ baseURL, viewport: { width, height: width > 500 ? 900 : 844 } });
    await markWhatsNewSeen(context);
    await context.addInitScript(
      (settings) => {
        localStorage.setItem('lang', settings.lang);
        localStorage.setItem('theme', settings.theme);
      },
      { lang, theme },
    );
    const page = await context.newPage();
    const name = `${lang}-${theme}-${width}`;
    const zh = lang === 'zhCN';

    await page.goto('/trending');
    await expectRoute(page, '/', '/trending');
    const noWallet = page.getByRole('dialog', { name: zh ? '未检测到钱包' : 'No wallet found' });
    await expect(noWallet).toBeVisible();
    await page.screenshot({ path: `screenshots/devnet-wallet-none-${name}.png` });
    await page.keyboard.press('Escape');
    const offer = page.getByRole('button', { name: zh ? /开发网钱包/ : /Devnet wallet/ });
    await expect(offer).toBeVisible();
    await page.screenshot({ path: `screenshots/devnet-wallet-offer-${name}.png` });

    await offer.click();
    const chooser = page.getByRole('dialog', { name: zh ? '开发网钱包' : 'Devnet wallet' });
    await expect(chooser.getByRole('button', { name: zh ? /^账户 2/ : /^Account 2/ })).toContainText('ETH');
    await page.screenshot({ path: `screenshots/devnet-wallet-chooser-${name}.png` });
    await chooser.getByRole('button', { name: zh ? /^账户 2/ : /^Account 2/ }).click();

    const confirm = page.getByRole('dialog', { name: zh ? '签名请求' : 'Signature request' });
    await expect(confirm).toBeVisible();
    await page.screenshot({ path: `screenshots/devnet-wallet-sign-${name}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
    await confirm.getByRole('button', { name: zh ? '拒绝' : 'Reject' }).click();
    await context.close();
  }
});
