import { readFileSync } from 'node:fs';
import { test as base, type BrowserContext, expect, type Page } from '@playwright/test';
import { DEVNET_CHAIN_ID } from '@floordesk/protocol';
import type { Hex } from 'viem';
import { walletRpcUrl } from './devnet-chain';
import { DevnetMarket } from './devnet-market';
import { DEV_KEYS, TestWallet, WALLET_NAME } from './test-wallet';

type Options = {
  /** The wallet's keys, the first selected: `test.use({ walletKeys: [generatePrivateKey()] })` for a fresh user. */
  walletKeys: readonly Hex[];
  /** Whether this build's What's New was already shown: true everywhere but the journey that sees it. */
  whatsNewSeen: boolean;
};

type Fixtures = {
  /** A test wallet installed in this test's browser context, on the devnet chain, not yet connected. */
  wallet: TestWallet;
  /** The devnet's Seaport market behind the app: mint, list, fill as sellers and rivals do. */
  market: DevnetMarket;
};

/** The build version the server under test reports (BUILD_VERSION is not set there): the root package's. */
export const BUILD_VERSION: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

/**
 * Marks this build's What's New as shown in every page of the context, as a returning user has it: the modal
 * otherwise opens over the first page of each fresh context.
 */
export async function markWhatsNewSeen(context: BrowserContext): Promise<void> {
  await context.addInitScript((key) => localStorage.setItem(key, '1'), `hasOpened${BUILD_VERSION}`);
}

export const test = base.extend<Options & Fixtures & { whatsNew: void }>({
  walletKeys: [DEV_KEYS, { option: true }],
  whatsNewSeen: [true, { option: true }],
  whatsNew: [
    async ({ context, whatsNewSeen }, use) => {
      if (whatsNewSeen) await markWhatsNewSeen(context);
      await use();
    },
    { auto: true },
  ],
  wallet: async ({ context, baseURL, walletKeys }, use) => {
    await use(await TestWallet.install(context, DEVNET_CHAIN_ID, { keys: walletKeys, rpcUrl: walletRpcUrl(baseURL!) }));
  },
  market: async ({ baseURL }, use) => {
    await use(await DevnetMarket.connect(baseURL!));
  },
});

export { expect };

/** Waits until the page shows `pathname`, with `redirect` as its redirect parameter when given. */
export async function expectRoute(page: Page, pathname: string, redirect?: string): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return { pathname: url.pathname, redirect: url.searchParams.get('redirect') ?? undefined };
    })
    .toEqual({ pathname, redirect });
}

/** Every URL the tab shows from now on, history navigations included. */
export function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const { pathname, search } = new URL(frame.url());
    urls.push(pathname + search);
  });
  return urls;
}

/** The visitor's journey: a protected page sends them to sign-in, the wallet connects and signs, they land. */
export async function signIn(page: Page, wallet: TestWallet, target = '/trending'): Promise<void> {
  await page.goto(target);
  await expectRoute(page, '/', target);
  await page.getByRole('button', { name: WALLET_NAME }).click();
  await expectRoute(page, target);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(wallet.address.toLowerCase());
}

/** Opens the collection page signed in, and waits until its listings table offers every one of `listings`. */
export async function openCollection(
  page: Page,
  market: DevnetMarket,
  slug: string,
  listings: readonly { tokenId: bigint }[],
) {
  const collection = market.collection(slug);
  await page.goto(`/collection/${collection.address}`);
  for (const listing of listings) {
    // By test id and token: the button's words follow the language.
    const buy = page
      .getByTestId('listing-buy')
      .and(page.getByRole('button', { name: new RegExp(`#${listing.tokenId}$`) }));
    await expect(buy).toBeVisible({ timeout: 60_000 });
  }
  return collection;
}

export function shortAddress(address: string): string {
  return `${address.slice(0, 5)}…${address.slice(-4)}`;
}
