import { expect, expectRoute, signIn, test } from '../support/fixtures';

test('switches to 简体中文 and back, and both stick across a reload', async ({ page, wallet }) => {
  await signIn(page, wallet, '/trending');
  await expect(page).toHaveTitle('Trending - FloorDesk');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page).toHaveTitle('热门 - FloorDesk');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expectRoute(page, '/trending');
  await expect(page).toHaveTitle('热门 - FloorDesk');
  await expect(page.getByRole('navigation').getByRole('link', { name: '热门' })).toBeVisible();

  await page.getByRole('button', { name: '账户菜单' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page).toHaveTitle('Trending - FloorDesk');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en_US');
});

test('the theme toggles to light and back, dark by default', async ({ page }) => {
  await page.goto('/home');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
});

test('saves screenshots of /trending signed in: en and zh, dark and light, 1440 and 390 px', async ({
  page,
  wallet,
}, info) => {
  test.slow();
  await signIn(page, wallet, '/trending');
  for (const lang of ['en_US', 'zhCN'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate(
        (settings) => {
          localStorage.setItem('lang', settings.lang);
          localStorage.setItem('theme', settings.theme);
        },
        { lang, theme },
      );
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
        await page.reload();
        await expectRoute(page, '/trending');
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        const title = lang === 'zhCN' ? '热门' : 'Trending';
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `screenshots/trending-${lang}-${theme}-${width}.png`, fullPage: true });
      }
    }
  }
  info.annotations.push({ type: 'screenshots', description: 'e2e/screenshots/trending-*.png' });
});

test('saves screenshots of the sign-in page and the open account menu', async ({ page, wallet }) => {
  await page.goto('/?redirect=%2Ftrending');
  await expect(page.getByRole('button', { name: 'FloorDesk Test Wallet' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/sign-in-en_US-dark-1440.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('lang', 'zhCN'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'FloorDesk Test Wallet' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/sign-in-zhCN-dark-390.png' });

  await page.evaluate(() => localStorage.setItem('lang', 'en_US'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, wallet, '/trending');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
  await page.screenshot({ path: 'screenshots/account-menu-en_US-dark-1440.png' });
});
