import { expect, expectRoute, recordUrls, signIn, test } from '../support/fixtures';

test('signing out in one tab signs the other tab out', async ({ page, context, wallet }) => {
  await signIn(page, wallet, '/trending');
  const other = await context.newPage();
  await other.goto('/my');
  await expectRoute(other, '/my');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expectRoute(page, '/', '/trending');
  await expectRoute(other, '/', '/my');
  await expect(other.getByRole('button', { name: 'Account menu' })).toHaveCount(0);
});

test('switching account in the wallet goes to /signout with the redirect, then to sign-in', async ({
  page,
  wallet,
}) => {
  await signIn(page, wallet, '/trending');
  const urls = recordUrls(page);

  await wallet.switchAccount(1);

  await expectRoute(page, '/', '/trending');
  expect(urls).toContain('/signout?redirect=%2Ftrending');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a wallet on another network sees the banner and can switch', async ({ page, wallet }) => {
  await signIn(page, wallet, '/trending');
  await wallet.setChain(1);

  const banner = page.getByText(/To use BUY functionality, switch to/);
  await expect(banner).toBeVisible();
  await page.getByRole('button', { name: 'Switch Network' }).click();
  await expect(banner).toBeHidden();
});
