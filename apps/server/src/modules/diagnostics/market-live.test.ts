import type { Diagnostics } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { isMarketLive, SIMULATOR_OFF } from './service';

const block = (number: number) => ({ number, hash: `0x${number.toString(16).padStart(64, '0')}`, timestamp: number });

/** The devnet a minute after its first start: the indexer at the head, its market listed and trading. */
const LIVE: Diagnostics = {
  chain_id: 31337,
  head: block(120),
  cursor: block(120),
  lag_blocks: 0,
  sales: 40,
  transfers: 900,
  listings: 152,
  pending: 0,
  collections: 13,
  online_users: 0,
  simulator: SIMULATOR_OFF,
  recent_sales: [],
  connectors: [],
};

describe('the market is live', () => {
  it('once the indexer is at the head (a block or two behind) and holds active listings and sales', () => {
    expect(isMarketLive(LIVE)).toBe(true);
    expect(isMarketLive({ ...LIVE, cursor: block(118), lag_blocks: 2 })).toBe(true);
  });
  it('not while the indexer still reads the history, nor without a listing or a sale to show', () => {
    expect(isMarketLive({ ...LIVE, cursor: block(20), lag_blocks: 100 })).toBe(false);
    expect(isMarketLive({ ...LIVE, cursor: null, lag_blocks: null })).toBe(false);
    expect(isMarketLive({ ...LIVE, listings: 0 })).toBe(false);
    expect(isMarketLive({ ...LIVE, sales: 0 })).toBe(false);
  });
});
