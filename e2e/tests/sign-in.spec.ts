import { expect, expectRoute, signIn, test } from '../support/fixtures';
import { WALLET_NAME } from '../support/test-wallet';

test('a visitor opening /trending signs in with the wallet and lands on /trending', async ({ page, wallet }) => {
  await signIn(page, wallet, '/trending');

  await expect(page).toHaveTitle(/ - FloorDesk$/);
  // Account 0 holds the devnet's alice.eth (reverse record and forward record agree), so the header names it.
  await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('alice.eth');
  expect(await page.evaluate(() => localStorage.getItem('sign_num'))).toMatch(/^[0-9a-f]{64}$/);
});

test('rejecting the signature shows the rejection and stays signed out', async ({ page, wallet }) => {
  wallet.rejectSignatures(true);
  await page.goto('/trending');
  await expectRoute(page, '/', '/trending');
  await page.getByRole('button', { name: WALLET_NAME }).click();

  await expect(page.getByText('User rejected the signature request')).toBeVisible();
  await expectRoute(page, '/', '/trending');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The wallet stays connected, so a second try needs only the signature.
  wallet.rejectSignatures(false);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectRoute(page, '/trending');
});

test('a signed-in trader opening the sign-in page goes straight to /trending', async ({ page, wallet }) => {
  await signIn(page, wallet, '/my');
  await page.goto('/');
  await expectRoute(page, '/trending');
});

test('a menu opened while the guard waits on load stays open once the page shows', async ({ page, wallet }) => {
  await signIn(page, wallet, '/trending');
  await page.reload();
  await page.getByRole('button', { name: 'Account menu' }).click();
  const signOut = page.getByRole('menuitem', { name: 'Sign out' });
  await expect(signOut).toBeVisible();

  await expect(page.getByRole('heading', { level: 1, name: 'Trending' })).toBeVisible();
  await expect(signOut).toBeVisible();
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expectRoute(page, '/404');
});

test('a visitor without any wallet is told to install one and can refresh', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'No wallet found' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('then refresh this page');
  await dialog.getByRole('button', { name: 'Refresh' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('dialog', { name: 'No wallet found' })).toBeVisible();
});
