import { describe, expect, it } from 'vitest';
import { dayjs } from '../../lib/dates';
import { breakEvens, endTimeOf, lossOf, rowFlags, sellRows, shownListings } from './sell-rows';
import { ETH, LOOKS, milliEth, OPENSEA, sellToken } from './testing/fixtures';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const nowS = NOW / 1000;
const listing = (price: number, own: boolean, values: { marketplace?: string; order_hash?: string } = {}) => ({
  order_hash: `0x${'0'.repeat(63)}${price % 10}`,
  marketplace: 'opensea',
  price_wei: milliEth(price),
  own,
  end_time: null,
  ...values,
});

/** A datetime-local input's text, in the machine's own zone as the browser's. */
const local = (ms: number) => dayjs(ms).format('YYYY-MM-DDTHH:mm');

describe('when listings end', () => {
  it('counts a preset from now', () => {
    expect(endTimeOf({ kind: 'preset', seconds: 3600 }, NOW)).toEqual({ ok: true, endTime: BigInt(nowS + 3600) });
  });

  it('takes a date in the future, at most 180 days out', () => {
    expect(endTimeOf({ kind: 'date', text: local(NOW + 86_400_000) }, NOW)).toEqual({
      ok: true,
      endTime: BigInt(nowS + 86_400),
    });
    expect(endTimeOf({ kind: 'date', text: local(NOW - 60_000) }, NOW)).toEqual({ ok: false, error: 'past' });
    expect(endTimeOf({ kind: 'date', text: local(NOW + 181 * 86_400_000) }, NOW)).toEqual({
      ok: false,
      error: 'too_far',
    });
    expect(endTimeOf({ kind: 'date', text: '' }, NOW)).toEqual({ ok: false, error: 'invalid' });
    expect(endTimeOf({ kind: 'date', text: 'tomorrow' }, NOW)).toEqual({ ok: false, error: 'invalid' });
  });
});

describe('a row next to the token’s other listings', () => {
  it('flags a price below another seller’s listing, once, at the cheapest above it', () => {
    const token = sellToken(1, { listings: [listing(1100, false), listing(1200, false, { marketplace: 'blur' })] });
    expect(rowFlags(token, BigInt(milliEth(1000)), null)).toEqual([
      { kind: 'below_listing', priceWei: milliEth(1100), marketplace: 'opensea' },
    ]);
    expect(rowFlags(token, BigInt(milliEth(1150)), null)).toEqual([
      { kind: 'below_listing', priceWei: milliEth(1200), marketplace: 'blur' },
    ]);
    expect(rowFlags(token, BigInt(milliEth(1300)), null)).toEqual([]);
  });

  it('says the trader’s own dearer listing stays valid (superseded), and a cheaper one sells first', () => {
    const token = sellToken(1, { listings: [listing(900, true, { marketplace: 'looks' }), listing(1200, true)] });
    expect(rowFlags(token, BigInt(milliEth(1000)), null)).toEqual([
      { kind: 'own_cheaper', priceWei: milliEth(900), marketplace: 'looks' },
      { kind: 'superseded', priceWei: milliEth(1200), marketplace: 'opensea' },
    ]);
  });

  it('says a reprice cancels the old listing when higher, and leaves it superseded when lower', () => {
    const old = listing(1200, true);
    const token = sellToken(1, { listings: [old] });
    const replacing = { order_hash: old.order_hash, marketplace: 'opensea', price_wei: old.price_wei };
    expect(rowFlags(token, BigInt(milliEth(1300)), replacing)).toEqual([
      { kind: 'replaced', priceWei: milliEth(1200), marketplace: 'opensea' },
    ]);
    expect(rowFlags(token, BigInt(milliEth(1100)), replacing)).toEqual([
      { kind: 'superseded', priceWei: milliEth(1200), marketplace: 'opensea' },
    ]);
  });
});

describe('a losing price', () => {
  it('is far below the floor: how far, and what it gives up against the floor', () => {
    const token = sellToken(1, { floor_wei: milliEth(1000), cost_wei: '0' });
    expect(lossOf(token, BigInt(milliEth(500)), [OPENSEA])).toBeNull();
    expect(lossOf(token, BigInt(milliEth(400)), [OPENSEA])).toEqual({
      token,
      priceWei: BigInt(milliEth(400)),
      belowFloor: { percent: 60, floorWei: ETH, lossWei: BigInt(milliEth(600)) },
      belowCost: null,
    });
  });

  it('is below the cost: the loss after the dearest chosen marketplace’s fee and royalty', () => {
    const token = sellToken(1, { floor_wei: null, cost_wei: milliEth(1000) });
    const price = BigInt(milliEth(900));
    // OpenSea keeps 2.5 % and the royalty 5 %: 0.8325 ETH reaches the seller, 0.1675 short of the cost.
    expect(lossOf(token, price, [LOOKS, OPENSEA])?.belowCost).toEqual({
      costWei: ETH,
      lossWei: ETH - (price - (price * 750n) / 10_000n),
    });
    expect(lossOf(token, BigInt(milliEth(1000)), [OPENSEA])).toBeNull();
  });
});

describe('the rows', () => {
  const tokens = [sellToken(1), sellToken(2, { cost_wei: milliEth(2000) })].map((token) => ({
    key: token.token_id,
    token,
  }));

  it('read each price and list every token on every chosen marketplace', () => {
    const rows = sellRows(tokens, { 1: '1.5', 2: '2.5' }, [OPENSEA, LOOKS], null);
    expect(rows.map((row) => row.price)).toEqual([
      { ok: true, wei: BigInt(milliEth(1500)) },
      { ok: true, wei: BigInt(milliEth(2500)) },
    ]);
    const listings = shownListings(rows, [OPENSEA, LOOKS], 123n);
    expect(listings?.map((item) => [item.marketplace, item.token.token_id, item.priceWei, item.endTime])).toEqual([
      ['opensea', '1', BigInt(milliEth(1500)), 123n],
      ['opensea', '2', BigInt(milliEth(2500)), 123n],
      ['looks', '1', BigInt(milliEth(1500)), 123n],
      ['looks', '2', BigInt(milliEth(2500)), 123n],
    ]);
  });

  it('list nothing while one price is not one', () => {
    const rows = sellRows(tokens, { 1: '1.5', 2: '0' }, [OPENSEA], null);
    expect(rows[1]!.price).toEqual({ ok: false, error: 'not_positive' });
    expect(shownListings(rows, [OPENSEA], 123n)).toBeNull();
  });

  it('give each token its break-even on each marketplace', () => {
    expect(breakEvens(tokens[1]!.token, [OPENSEA, LOOKS])).toEqual([
      // 2 ETH over 92.5 % and 94.5 %, the fees and royalty rounding down.
      { marketplace: 'opensea', priceWei: 2_162_162_162_162_162_162n },
      { marketplace: 'looks', priceWei: 2_116_402_116_402_116_402n },
    ]);
  });
});
