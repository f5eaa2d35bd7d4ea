import type { PortfolioData, PortfolioHolding } from '@floordesk/protocol';

type Held = Pick<PortfolioHolding, 'wallet' | 'collection' | 'token_id'> & Partial<PortfolioHolding>;

/** A token of `wallet`'s portfolio: one bought before the index, at a cost of 1 wei, without a floor. */
export function portfolioHolding(values: Held): PortfolioHolding {
  return {
    collection_name: null,
    token_name: null,
    image_url: null,
    amount: '1',
    acquired: 'bought',
    acquired_at: null,
    acquired_tx: null,
    cost_wei: '1',
    floor_wei: null,
    unrealised_wei: null,
    ...values,
  };
}

/** The portfolio of one wallet holding `holdings`, nothing sold, its totals zero. */
export function portfolioOf(wallet: string, holdings: PortfolioHolding[]): PortfolioData {
  const zero = { cost_wei: '0', floor_value_wei: '0', unrealised_wei: '0', realised_wei: '0' };
  return {
    wallets: [wallet],
    wallet: null,
    totals: { ...zero, held: holdings.length, unpriced: 0, sold: 0 },
    holdings,
    sold: [],
  };
}
