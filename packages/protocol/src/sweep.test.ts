import { describe, expect, it } from 'vitest';
import { DEFAULT_GAS_ENTRIES } from './gas';
import { MARKETPLACES } from './marketplaces';
import { SweepQuoteRequest } from './sweep';

const request = {
  chain_id: 31337,
  collection: `0x${'1'.repeat(40)}`,
  count: 1,
  max_total: '1000',
  marketplaces: ['opensea'],
  skip_pending_flagged: true,
  gas: DEFAULT_GAS_ENTRIES[0],
};

describe('SweepQuoteRequest', () => {
  it('takes a well-formed quote request', () => {
    expect(SweepQuoteRequest.safeParse(request).success).toBe(true);
  });

  it.each([
    ['a priority fee of 1e300 Gwei', { gas: { type: 1, status: 1, prio: 1e300, fee: 1e300, base: 1 } }],
    ['a total above 2^256 − 1 wei', { max_total: (2n ** 256n).toString() }],
    ['more marketplaces than there are', { marketplaces: [...MARKETPLACES, 'opensea'] }],
    ['a gas preset type that does not exist', { gas: { type: 99, status: 1, prio: 5, fee: 5, base: 1 } }],
  ])('refuses %s', (_, change) => {
    expect(SweepQuoteRequest.safeParse({ ...request, ...change }).success).toBe(false);
  });
});
