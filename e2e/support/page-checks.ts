import { expect, type Page } from '@playwright/test';

/** Wei as ETH to `decimals` places, rounded half up, signed: how the app shows a profit. */
export function ethText(wei: bigint, decimals = 6): string {
  const magnitude = wei < 0n ? -wei : wei;
  const step = 10n ** BigInt(18 - decimals);
  const rounded = (magnitude + step / 2n) / step;
  const scale = 10n ** BigInt(decimals);
  const text = `${rounded / scale}.${(rounded % scale).toString().padStart(decimals, '0')}`;
  return `${wei < 0n ? '-' : '+'}${text} ETH`;
}

export function card(page: Page, type: string, tokenId: bigint) {
  return page.getByTestId('notification').and(page.locator(`[data-type="${type}"][data-token-id="${tokenId}"]`));
}

/**
 * Waits (at most `timeout`) until the area shows the notification, with `text` when given: several stack under the
 * newest, and another may arrive at any moment and stack over it, so a stacked area is expanded first, as a trader
 * would, and the card is read in the same look.
 */
export async function expectCard(
  page: Page,
  type: string,
  tokenId: bigint,
  text?: string,
  timeout = 3000,
): Promise<void> {
  await expect(async () => {
    const expand = page.getByTestId('notification-expand');
    if (await expand.isVisible()) await expand.click();
    await expect(card(page, type, tokenId)).toBeVisible({ timeout: 100 });
    if (text !== undefined) await expect(card(page, type, tokenId)).toContainText(text, { timeout: 100 });
  }).toPass({ timeout, intervals: [50] });
}

/** Nothing wider than the screen (the layout settles a moment after a resize). */
export async function noOverflow(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}
