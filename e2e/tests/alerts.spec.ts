import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, signIn, test } from '../support/fixtures';
import { noOverflow } from '../support/page-checks';

type Texts = {
  menu: { account: string; alert: string };
  alerts: {
    menu: { label: string; open: string; list: string; create: string };
    type: Record<string, string>;
    list: { delete: string; ok: string; cancel: string };
    form: Record<string, string> & { threshold: Record<string, string> };
    chat: { chat_id: string; save: string; test: string };
  };
  devnet_chat: { run: string };
};
/** The app's own words, so the journey reads what a trader reads (the alert texts are a file of their own). */
function readLocale(path: string) {
  return JSON.parse(readFileSync(new URL(`../../apps/web/src/locales/${path}`, import.meta.url), 'utf8'));
}
function appTexts(lang: 'en' | 'zh'): Texts {
  return { ...readLocale(`${lang}.json`), ...readLocale(`alerts/${lang}.json`) };
}
const en = appTexts('en');
const zh = appTexts('zh');

/** A devnet people account that buys the cheap listing. */
const RIVAL = 3;
/** Collections no other journey lists in: this one's cheap listing must not meet another's floor checks. */
const FLOOR_SLUG = 'rust-choir';
const WALLET_SLUG = 'hollow-moons';
/** Far below what the devnet's traders ask (hundredths of an ETH), so only this journey's listing crosses it. */
const TRIGGER = '0.001';

function alertDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /^(Alert|提醒)/ });
}

async function openAlerts(page: Page, texts: Texts): Promise<Locator> {
  await page.getByRole('button', { name: texts.menu.account }).click();
  await page.getByRole('menuitem', { name: texts.menu.alert }).click();
  const dialog = alertDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

function menuEntry(dialog: Locator, texts: Texts, name: string): Locator {
  return dialog.getByRole('navigation', { name: texts.alerts.menu.label }).getByRole('button', { name, exact: true });
}

/** The DMs the devnet chat page shows, newest first, as their text. */
async function dms(chat: Page): Promise<string[]> {
  return chat.getByTestId('devnet-chat-dm').allTextContents();
}

/** Exactly `count` DMs contain `text` now, and still a moment later (a duplicate would come within a pass or two). */
async function expectDms(chat: Page, text: string, count: number): Promise<void> {
  await expect
    .poll(async () => (await dms(chat)).filter((dm) => dm.includes(text)).length, { timeout: 15_000 })
    .toBe(count);
  await chat.waitForTimeout(3000);
  expect((await dms(chat)).filter((dm) => dm.includes(text))).toHaveLength(count);
}

test.describe('chat-DM alerts', () => {
  const traderKey = generatePrivateKey();
  test.use({ walletKeys: [traderKey] });

  test('a trader links the devnet chat, tests it, and gets one DM per event from a floor and a wallet alert', async ({
    page,
    wallet,
    market,
    context,
  }) => {
    test.setTimeout(300_000);
    await signIn(page, wallet, '/trending');

    // No chat id yet: the chat-bot entry shakes, with the prompt.
    let dialog = await openAlerts(page, en);
    const create = menuEntry(dialog, en, en.alerts.menu.create);
    await expect(create).toHaveAttribute('data-shaking', 'true');
    await expect(dialog.getByTestId('chat-setup-prompt')).toBeVisible();
    await page.screenshot({ path: 'screenshots/alerts-shake-en-1440.png' });

    // The devnet chat, as a person would use Discord: /my-id answers with their id, to them alone.
    const chat = await context.newPage();
    await chat.goto('/devnet-chat');
    await chat.getByRole('button', { name: en.devnet_chat.run }).click();
    const reply = chat.getByTestId('devnet-chat-reply');
    await expect(reply).toContainText(/\d{17,20}/);
    const chatId = /\d{17,20}/.exec((await reply.textContent()) ?? '')?.[0] ?? '';
    await expect(chat.getByTestId('devnet-chat-user-id')).toContainText(chatId);

    // Paste it, save, test: the test DM reaches the chat page, and the dialog says when it passed.
    await create.click();
    await dialog.getByRole('textbox', { name: en.alerts.chat.chat_id }).fill(chatId);
    await dialog.getByRole('button', { name: en.alerts.chat.save, exact: true }).click();
    const testButton = dialog.getByRole('button', { name: en.alerts.chat.test, exact: true });
    await expect(testButton).toBeEnabled();
    await testButton.click();
    await expect(dialog.getByTestId('chat-test-success')).toBeVisible();
    await expect(testButton).toBeHidden();
    await expectDms(chat, 'FloorDesk test message', 1);
    await page.screenshot({ path: 'screenshots/alerts-chat-linked-en-1440.png' });
    await page.keyboard.press('Escape');

    // From here the trader works in Chinese: the DMs follow the language of their last save.
    await page.getByRole('button', { name: en.menu.account }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await page.keyboard.press('Escape');
    dialog = await openAlerts(page, zh);
    await expect(menuEntry(dialog, zh, zh.alerts.menu.create)).not.toHaveAttribute('data-shaking', 'true');

    // A floor alert on a quiet collection: its floor is what the devnet's traders ask (one more listing makes sure
    // there is one), far above the trigger.
    const floorCollection = market.collection(FLOOR_SLUG);
    await market.mintAndPost(2, FLOOR_SLUG, 1, [parseEther('0.05')]);
    await menuEntry(dialog, zh, zh.alerts.type['301']!).click();
    let form = dialog.getByTestId('alert-form-301');
    await form.getByRole('textbox', { name: zh.alerts.form.title }).fill('地板价提醒');
    await form.getByRole('combobox', { name: zh.alerts.form.collection }).fill(floorCollection.address);
    const price = form.getByRole('textbox', { name: `${zh.alerts.form.trigger_price} 1` });
    await price.fill('0.00001');
    await form.getByRole('button', { name: zh.alerts.form.save, exact: true }).click();
    await expect(form.getByRole('alert')).toHaveText('价格不能低于 0.0001');
    await page.screenshot({ path: 'screenshots/alerts-floor-form-zh-1440.png' });
    await price.fill(TRIGGER);
    await form.getByRole('button', { name: zh.alerts.form.save, exact: true }).click();
    await expect(dialog.getByTestId('alert-list')).toBeVisible();

    // A wallet alert on a fresh wallet that will buy.
    const whaleKey = generatePrivateKey();
    const whale = privateKeyToAccount(whaleKey);
    await market.fund(whale.address, parseEther('5'));
    await menuEntry(dialog, zh, zh.alerts.type['201']!).click();
    form = dialog.getByTestId('alert-form-201');
    await form.getByRole('textbox', { name: zh.alerts.form.title }).fill('鲸鱼钱包');
    await form.getByRole('textbox', { name: `${zh.alerts.form.wallet_address} 1` }).fill(whale.address);
    await form.getByRole('textbox', { name: `${zh.alerts.form.nickname} 1` }).fill('鲸鱼');
    await form.getByRole('button', { name: zh.alerts.form.save, exact: true }).click();

    // The list shows both, newest first, labelled by family in Chinese.
    const rows = dialog.getByTestId('alert-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByTestId('alert-title')).toHaveText('鲸鱼钱包');
    await expect(rows.nth(0).getByTestId('alert-family')).toHaveText('钱包');
    await expect(rows.nth(1).getByTestId('alert-title')).toHaveText('地板价提醒');
    await expect(rows.nth(1).getByTestId('alert-family')).toHaveText('合集');
    await expect(rows.nth(0).getByTestId('alert-time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await page.screenshot({ path: 'screenshots/alerts-list-zh-1440.png' });

    // The first alert look records the floor; then a listing below the trigger makes the floor fall across it…
    await chat.waitForTimeout(2000);
    const [cheap] = await market.mintAndPost(0, FLOOR_SLUG, 1, [parseEther('0.0005')]);
    await expectDms(chat, '地板价跌破 0.001 ETH', 1);
    // …and the sale below the trigger takes it, lifting the floor back across: one DM more.
    await market.fillListing(RIVAL, cheap!);
    await expectDms(chat, '地板价升至 0.001 ETH', 1);

    // The tracked wallet buys: one DM, naming it by its nickname.
    const [offer] = await market.mintAndPost(1, WALLET_SLUG, 1, [parseEther('0.002')]);
    await market.fillListing(whaleKey, offer!);
    await expectDms(chat, '鲸鱼 买入 1 个', 1);
    const floorDm = (await dms(chat)).find((dm) => dm.includes('跌破'));
    expect(floorDm).toContain('地板价提醒');
    await chat.screenshot({ path: 'screenshots/devnet-chat-dms-zh-1440.png', fullPage: true });

    // Edit the floor alert (rename it), then delete the wallet alert after confirming.
    await rows.nth(1).getByTestId('alert-title').click();
    form = dialog.getByTestId('alert-form-301');
    await expect(form.getByRole('textbox', { name: `${zh.alerts.form.trigger_price} 1` })).toHaveValue(TRIGGER);
    await form.getByRole('textbox', { name: zh.alerts.form.title }).fill('地板价提醒（已改）');
    await form.getByRole('button', { name: zh.alerts.form.save, exact: true }).click();
    await expect(rows.filter({ hasText: '地板价提醒（已改）' })).toHaveCount(1);
    await rows.filter({ hasText: '鲸鱼钱包' }).getByRole('button', { name: zh.alerts.list.delete }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog', { name: '删除该提醒？' }));
    await expect(confirm).toBeVisible();
    await page.screenshot({ path: 'screenshots/alerts-delete-confirm-zh-1440.png' });
    await confirm.getByRole('button', { name: zh.alerts.list.cancel }).click();
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: '鲸鱼钱包' }).getByRole('button', { name: zh.alerts.list.delete }).click();
    await confirm.getByRole('button', { name: zh.alerts.list.ok }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('alert-title')).toHaveText('地板价提醒（已改）');

    // Narrow: the menu is a drawer behind a Menu button; nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await noOverflow(page);
    await dialog.getByRole('button', { name: zh.alerts.menu.open, exact: true }).click();
    await expect(page.getByRole('dialog', { name: zh.alerts.menu.open })).toBeVisible();
    await page.screenshot({ path: 'screenshots/alerts-drawer-zh-390.png' });
    await chat.setViewportSize({ width: 390, height: 844 });
    await noOverflow(chat);
    await chat.screenshot({ path: 'screenshots/devnet-chat-zh-390.png' });
  });
});

test.describe('chat-DM alerts for a newcomer', () => {
  test.use({ walletKeys: [generatePrivateKey()] });

  test('a user without a chat id sees the chat-bot entry shake, at 390 px too', async ({ page, wallet }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, wallet, '/trending');
    const dialog = await openAlerts(page, en);
    await expect(dialog.getByRole('button', { name: en.alerts.menu.open, exact: true })).toHaveAttribute(
      'data-shaking',
      'true',
    );
    await noOverflow(page);
    await page.screenshot({ path: 'screenshots/alerts-shake-en-390.png' });
  });
});
