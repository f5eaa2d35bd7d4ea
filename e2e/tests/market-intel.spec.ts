import { collectionBySlug } from '@floordesk/devnet';
import { formatEther, parseEther } from 'viem';
import { appTexts, expectNoHorizontalOverflow, JOURNEYS, viewAs } from '../support/app-texts';
import { expect, expectRoute, signIn, test } from '../support/fixtures';

/** The app's own texts and the market pages' (which load with their chunks), so the journeys read what a user reads. */
const text = appTexts('market-pulse');

/** Mints here, so /discover has a mint of its own to show; Glass Orbits' 3,333 leave the bots room to mint too. */
const MINTED = 'glass-orbits';
/** Added to /historic by hand: the chart overlays these two. */
const OVERLAID = ['rust-choir', 'static-saints'] as const;
/** Followed by the signed-in journey, which then finds it on /wallet and on /historic. */
const FOLLOWED = 'drowsy-bears';
const MINTER = 2;

const nameOf = (slug: string) => collectionBySlug(slug)!.name;

for (const { lang, width } of JOURNEYS) {
  test(`${lang} at ${width} px: a visitor's /home, a fresh mint on /discover, two collections on /historic`, async ({
    page,
    market,
  }) => {
    test.setTimeout(180_000);
    const shot = await viewAs(page, lang, width);

    // /home: live figures of the devnet (its collections and blocks are there from the start) and the way in.
    await page.goto('/home');
    const figure = (key: string) =>
      page
        .getByRole('main')
        .locator('dl > div')
        .filter({ hasText: text(lang, `pulse.home.${key}`) })
        .locator('dd');
    await expect(figure('collections')).toHaveText(/^[1-9][\d,]*$/, { timeout: 30_000 });
    await expect(figure('block')).toHaveText(/^#[1-9][\d,]*$/);
    await expect(figure('volume_24h')).toHaveText(/ETH$/);
    const explore = page.getByRole('main').getByRole('link', { name: text(lang, 'route.discover.title') });
    await expect(explore).toHaveAttribute('href', '/discover');
    await shot('home');
    await expectNoHorizontalOverflow(page);
    await page
      .getByRole('main')
      .getByRole('button', { name: text(lang, 'pulse.sign_in'), exact: true })
      .click();
    const prompt = page.getByRole('dialog', { name: text(lang, 'err.login') });
    await prompt.getByRole('button', { name: text(lang, 'menu.sign_in') }).click();
    await expectRoute(page, '/', '/home');

    // /discover: a mint made now shows in the list with its figures, read from the chain by the indexer.
    const minted = market.collection(MINTED);
    await market.createListings(MINTER, MINTED, [parseEther('1')]);
    await page.goto('/discover');
    const row = page
      .getByRole('region', { name: text(lang, 'pulse.discover.minting_title') })
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/collection/${minted.address.toLowerCase()}"]`) });
    await expect(row).toBeVisible({ timeout: 60_000 });
    await expect(row).toContainText(nameOf(MINTED));
    const cell = (key: string) => row.locator('dl > div').filter({ hasText: text(lang, `pulse.discover.${key}`) });
    // Every mint of the devnet's collections pays its mint price per item, the bots' as ours.
    await expect(cell('mint_price').locator('dd')).toHaveText(
      `${Number(formatEther(minted.mintPriceWei)).toFixed(4)} ETH`,
      {
        timeout: 30_000,
      },
    );
    await expect(cell('minted').locator('dd')).toContainText('3,333');
    await expect(cell('minters').locator('dd')).toHaveText(/^[1-9][\d,]*$/);
    await expect(page.getByRole('heading', { name: text(lang, 'pulse.discover.calendar_title') })).toBeVisible();
    await shot('discover');
    await expectNoHorizontalOverflow(page);

    // /historic: a visitor starts from the most traded collections; cleared, two added by hand overlay.
    await page.goto('/historic');
    const legend = page.getByRole('list', { name: text(lang, 'pulse.historic.legend') });
    const empty = page.getByText(text(lang, 'pulse.historic.empty'));
    await expect(legend.or(empty)).toBeVisible({ timeout: 30_000 });
    while (await legend.isVisible()) {
      const before = await legend.getByRole('listitem').count();
      await legend.getByRole('listitem').first().getByRole('button').click();
      if (before === 1) break;
      await expect(legend.getByRole('listitem')).toHaveCount(before - 1);
    }
    await expect(empty).toBeVisible();
    const picker = page.getByRole('combobox', { name: text(lang, 'pulse.historic.add') });
    for (const slug of OVERLAID) {
      await picker.fill(market.collection(slug).address);
      await page.getByRole('option', { name: new RegExp(nameOf(slug)) }).click();
      await expect(legend.getByRole('listitem').filter({ hasText: nameOf(slug) })).toBeVisible();
    }
    await expect(legend.getByRole('listitem')).toHaveCount(2);
    await expect(page.locator('figure[data-series]')).toHaveAttribute('data-series', '2');
    await expect(page.getByText(text(lang, 'pulse.historic.chosen'))).toBeVisible();
    await page.getByRole('button', { name: text(lang, 'pulse.historic.scale_percent') }).click();
    await expect(page.getByText(text(lang, 'pulse.historic.percent_hint'))).toBeVisible();
    await shot('historic');
    await expectNoHorizontalOverflow(page);
  });
}

for (const { lang, width } of [JOURNEYS[0]!, JOURNEYS[3]!]) {
  test(`${lang} at ${width} px: the watchlist as a page, and /historic starting from it`, async ({
    page,
    wallet,
    market,
  }) => {
    test.setTimeout(180_000);
    const shot = await viewAs(page, lang, width);

    // Signed out, /wallet asks to sign in.
    await page.goto('/wallet');
    await expect(page.getByText(text(lang, 'pulse.wallet.sign_in_prompt'))).toBeVisible();
    await signIn(page, wallet, '/trending');

    // Follow a collection from its page (unless a run stopped half-way left it followed); /wallet lists it.
    const name = nameOf(FOLLOWED);
    await page.goto('/wallet');
    const rows = page.getByRole('main').getByRole('listitem');
    const row = rows.filter({ has: page.getByRole('link', { name }) });
    await expect(rows.first().or(page.getByText(text(lang, 'pulse.wallet.empty')))).toBeVisible({ timeout: 30_000 });
    if (!(await row.isVisible())) {
      await page.goto(`/collection/${market.collection(FOLLOWED).address}`);
      const star = page
        .getByRole('main')
        .getByRole('button', { name: text(lang, 'watchlist.follow') })
        .first();
      await expect(star).toHaveAttribute('aria-pressed', 'false', { timeout: 30_000 });
      await star.click();
      await expect(star).toHaveAttribute('aria-pressed', 'true');
      await page.goto('/wallet');
    }
    await expect(row).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: text(lang, 'market.window_long.1440') }).click();
    await expect(page.getByRole('button', { name: text(lang, 'market.window_long.1440') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(row).toBeVisible();
    await shot('wallet');
    await expectNoHorizontalOverflow(page);

    // /historic starts from the watchlist.
    await page.goto('/historic');
    await expect(page.getByText(text(lang, 'pulse.historic.from_watchlist'))).toBeVisible({ timeout: 30_000 });
    const legend = page.getByRole('list', { name: text(lang, 'pulse.historic.legend') });
    await expect(legend.getByRole('listitem').filter({ hasText: name })).toBeVisible();

    // Removing it on /wallet empties the list.
    await page.goto('/wallet');
    await row.getByRole('button', { name: text(lang, 'pulse.wallet.remove', { name }) }).click();
    await expect(row).toBeHidden();
  });
}
