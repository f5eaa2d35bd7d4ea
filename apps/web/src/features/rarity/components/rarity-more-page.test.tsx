import type { RecommendationsData } from '@floordesk/protocol';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { ok, renderInApp, stubApi } from '../../../test/render-in-app';
import RarityMorePage from './rarity-more-page';

const ADDRESS = `0x${'a'.repeat(40)}`;

const DATA: RecommendationsData = {
  list: [
    {
      address: ADDRESS,
      collection_name: 'Ranked Apes',
      collection_img: null,
      token_id: '12',
      img: null,
      flag: 4,
      price: '1050000000000000000',
      floor_value: '1000000000000000000',
      marketplace: 'opensea',
      reason: { rank: 12, ranked: 10_000, top_percent: 0.12, floor_multiple: 1.05, supply: 10_000, coverage: 100 },
    },
  ],
  rule: { top_percent: 10, max_floor_multiple: 1.5 },
};

afterEach(() => act(() => i18n.changeLanguage('en')));

describe('/rarityMore', () => {
  it.each([
    ['en', 'Rank 12 of 10,000 (top 0.12 %), listed 1.05 × floor', 'Open #12 in Ranked Apes'],
    ['zh', '排名 12 / 10,000（前 0.12%），挂单价为地板价的 1.05 倍', '在 Ranked Apes 中打开 #12'],
  ])('says in %s why each token is recommended and links to it on /rarity', async (lang, reason, link) => {
    await act(() => i18n.changeLanguage(lang));
    stubApi(() => ok(DATA));
    renderInApp(<RarityMorePage />, { path: '/rarityMore' });
    expect((await screen.findByTestId('recommendation-reason')).textContent).toBe(reason);
    expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe(`/rarity?address=${ADDRESS}&token=12`);
  });

  it('warns, as every rarity view does, when the ranks cover only part of the collection', async () => {
    const partial = { ...DATA.list[0]!, reason: { ...DATA.list[0]!.reason, ranked: 9_000, coverage: 90 } };
    stubApi(() => ok({ ...DATA, list: [partial] }));
    renderInApp(<RarityMorePage />, { path: '/rarityMore' });
    expect((await screen.findByTestId('recommendation-coverage')).textContent).toBe(
      'Metadata is in for 90.00% of the tokens: ranks cover 9,000 of 10,000 tokens and may change as the rest arrives.',
    );
  });

  it('says so when nothing qualifies', async () => {
    stubApi(() => ok({ ...DATA, list: [] }));
    renderInApp(<RarityMorePage />, { path: '/rarityMore' });
    expect(await screen.findByText('No listed token is that rare near its floor right now.')).toBeTruthy();
    expect(
      screen.getByText(/within the rarest 10 % of their collection, asking at most 1.50 × its floor/),
    ).toBeTruthy();
  });
});
