import { PORTFOLIO_SOLD_MAX } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { type Catalog, foldPortfolio, type WalletMove } from './fold';

const own = '0x00000000000000000000000000000000000000a1';
const other = '0x00000000000000000000000000000000000000b1';
const art = '0x0000000000000000000000000000000000000a01';
const catalog: Catalog = { collections: new Map(), tokens: new Map() };

function move(tokenId: number, at: number, fields: Partial<WalletMove>): WalletMove {
  return {
    txHash: `0x${at.toString(16).padStart(64, '0')}`,
    atMs: at,
    collection: art,
    tokenId: String(tokenId),
    amount: 1n,
    from: other,
    to: own,
    priceWei: null,
    proceedsWei: null,
    sender: other,
    valueWei: 0n,
    gasWei: 0n,
    ...fields,
  };
}

describe('the portfolio fold', () => {
  it('lists the latest sales only, newest first, while the totals count every one', () => {
    const sales = PORTFOLIO_SOLD_MAX + 3;
    const moves = Array.from({ length: sales }, (_, i) => [
      move(i, 2 * i, { priceWei: 100n }),
      move(i, 2 * i + 1, { from: own, to: other, priceWei: 130n, proceedsWei: 120n }),
    ]).flat();
    const { sold, totals } = foldPortfolio(moves, [own], catalog, null);
    expect(sold).toHaveLength(PORTFOLIO_SOLD_MAX);
    expect(sold[0]?.token_id).toBe(String(sales - 1));
    expect(sold.at(-1)?.token_id).toBe('3');
    expect(totals).toMatchObject({ sold: sales, realised_wei: String(20 * sales), held: 0 });
  });

  it('shares one transaction’s gas over the units it brought in, even when another transaction sits in the same block', () => {
    const sweep = { sender: own, gasWei: 90n, priceWei: 10n };
    const moves = [
      move(1, 1, { ...sweep, txHash: '0xs' }),
      move(2, 1, { ...sweep, txHash: '0xs' }),
      move(3, 1, { ...sweep, txHash: '0xs' }),
      move(4, 1, { sender: own, gasWei: 50n, priceWei: 10n, txHash: '0xt' }),
    ];
    const { holdings } = foldPortfolio(moves, [own], catalog, null);
    const costs = Object.fromEntries(holdings.map((h) => [h.token_id, h.cost_wei]));
    expect(costs).toEqual({ '1': '40', '2': '40', '3': '40', '4': '60' });
  });
});
