import type { FlippersData, HoldingData } from '@floordesk/protocol';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { ok, renderInApp, stubApi } from '../../test/render-in-app';
import HoldingPage from './holding-page';

const COLLECTION = `0x${'c'.repeat(40)}`;
const FLIPPER = `0x${'f'.repeat(40)}`;
const WHALE = `0x${'a'.repeat(40)}`;
const SMALL = `0x${'b'.repeat(40)}`;

const FLIPPERS: FlippersData = {
  rule: {
    min_trades_exclusive: 100,
    min_collections_exclusive: 5,
    min_win_rate_exclusive: 70,
    window_days: 30,
    recompute_hours: 24,
  },
  computed_at: 1_900_000_000,
  list: [
    {
      address: FLIPPER,
      ens: 'quick.eth',
      trades: 105,
      collections: 7,
      wins: 91,
      win_rate: 86.67,
      profit: '1234500000000000000',
    },
  ],
};

const holder = (address: string, count: number, percent: number, flipper = false) => ({
  address,
  ens: null,
  count,
  percent,
  big: percent > 1,
  flipper,
});

const HOLDING: HoldingData = {
  collection: { address: COLLECTION, name: 'Moonlit Foxes', img: null, supply: 1000 },
  owners: 3,
  buckets: [
    { min: 1, max: 1, holders: 1, items: '1' },
    { min: 2, max: 3, holders: 0, items: '0' },
    { min: 4, max: 10, holders: 0, items: '0' },
    { min: 11, max: 25, holders: 1, items: '20' },
    { min: 26, max: 50, holders: 0, items: '0' },
    { min: 51, max: null, holders: 1, items: '200' },
  ],
  top: [holder(WHALE, 200, 20), holder(FLIPPER, 20, 2, true), holder(SMALL, 1, 0.1)],
  flippers: [holder(FLIPPER, 20, 2, true)],
};

function answer(holding: HoldingData) {
  return (url: URL) => (url.pathname === '/api/flippers' ? ok(FLIPPERS) : ok(holding));
}

/** /holding as a link to a collection's analysis opens it. */
async function openWithAddress() {
  const { router } = renderInApp(<HoldingPage />, { path: '/holding' });
  await act(() => router.navigate(`/holding?address=${COLLECTION}`));
}

afterEach(() => act(() => i18n.changeLanguage('en')));

describe('/holding', () => {
  it('shows the flipper list with each wallet’s figures and the rule, before a collection is picked', async () => {
    stubApi(answer(HOLDING));
    renderInApp(<HoldingPage />, { path: '/holding' });
    const row = await screen.findByTestId('flipper-row');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['quick.eth', '105', '7', '91', '86.67%', '1.2345']);
    expect(screen.getByText(/more than 100 round trips .* in more than 5 collections, and more than 70%/)).toBeTruthy();
    expect(screen.getByText('Pick a collection to see who holds it.')).toBeTruthy();
  });

  it('analyses the collection of ?address=: buckets, big holders highlighted, flippers badged', async () => {
    stubApi(answer(HOLDING));
    await openWithAddress();
    const distribution = await screen.findByTestId('holding-distribution');
    const buckets = within(distribution)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(buckets).toEqual(['1', '2–3', '4–10', '11–25', '26–50', '51+']);
    const top = screen.getByRole('region', { name: 'Top holders' });
    const rows = within(top).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.dataset.big === 'true')).toEqual([true, true, false]);
    expect(rows.map((row) => within(row).queryByTestId('flipper-badge') !== null)).toEqual([false, true, false]);
    const among = screen.getByRole('region', { name: 'Flippers among the holders' });
    expect(within(among).getByTitle(FLIPPER)).toBeTruthy();
  });

  it('says so, in Chinese too, when FloorDesk does not index the collection', async () => {
    await act(() => i18n.changeLanguage('zh'));
    stubApi(answer({ collection: null, owners: 0, buckets: [], top: [], flippers: [] }));
    await openWithAddress();
    expect(await screen.findByText('FloorDesk 未索引该合集，暂无可显示的数据。')).toBeTruthy();
    expect(screen.getByText(/名单每 24 小时重新计算一次/)).toBeTruthy();
  });
});
