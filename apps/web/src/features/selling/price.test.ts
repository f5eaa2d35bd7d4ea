import { LISTING_PRICE_MAX_WEI } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { breakEvenPrice, netProceeds, parseEthPrice, parsePercent, priceText, rulePrice } from './price';

const ETH = 10n ** 18n;
const milli = (value: number) => (BigInt(value) * ETH) / 1000n;

describe('a price typed in ETH', () => {
  it.each([
    ['1', ETH],
    ['0.25', milli(250)],
    ['.5', milli(500)],
    ['2.', 2n * ETH],
    [' 1.5 ', milli(1500)],
    ['0.000000000000000001', 1n],
    ['1000000000', LISTING_PRICE_MAX_WEI],
  ])('reads %j as wei', (text, wei) => {
    expect(parseEthPrice(text)).toEqual({ ok: true, wei });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'not_number'],
    ['1,5', 'not_number'],
    ['1e3', 'not_number'],
    ['.', 'not_number'],
    ['1.2.3', 'not_number'],
    ['0', 'not_positive'],
    ['0.000', 'not_positive'],
    ['-1', 'not_positive'],
    ['-0.5', 'not_positive'],
    ['0.0000000000000000001', 'too_many_decimals'],
    ['1.1234567890123456789', 'too_many_decimals'],
    ['1000000000.000000000000000001', 'too_high'],
    ['2000000000', 'too_high'],
  ])('refuses %j: %s', (text, error) => {
    expect(parseEthPrice(text)).toEqual({ ok: false, error });
  });

  it('writes wei back as the input shows it, every decimal that counts and no more', () => {
    expect(priceText(milli(1500))).toBe('1.5');
    expect(priceText(2n * ETH)).toBe('2');
    expect(priceText(1n)).toBe('0.000000000000000001');
    for (const text of ['0.123456789012345678', '42.0001']) {
      const parsed = parseEthPrice(text);
      expect(parsed.ok && priceText(parsed.wei)).toBe(text);
    }
  });
});

describe('proceeds and break-even', () => {
  it('takes the fee and the royalty out of the price, each rounded down as the exchanges take them', () => {
    // 2.5 % of 1 ETH and 5 % of it.
    expect(netProceeds(ETH, 250, 500)).toBe(milli(925));
    // 999 wei: the fee (24.975) and royalty (49.95) round down.
    expect(netProceeds(999n, 250, 500)).toBe(999n - 24n - 49n);
    expect(netProceeds(ETH, 0, 0)).toBe(ETH);
  });

  it.each([
    [ETH, 250, 500],
    [milli(1234), 50, 0],
    [777_777n, 250, 1000],
    [1n, 250, 500],
  ])('is the lowest price whose proceeds cover a cost of %s wei', (cost, fee, royalty) => {
    const price = breakEvenPrice(cost, fee, royalty)!;
    expect(netProceeds(price, fee, royalty)).toBeGreaterThanOrEqual(cost);
    expect(netProceeds(price - 1n, fee, royalty)).toBeLessThan(cost);
  });

  it('breaks even on nothing at no cost, and on 1 ETH at 7.5 % off a wei under 1 / 0.925', () => {
    expect(breakEvenPrice(0n, 250, 500)).toBe(0n);
    // 1 ETH at 7.5 % off: 1 / 0.925 rounded up is …082 wei, but the fee and royalty round down, so …081 does.
    expect(breakEvenPrice(ETH, 250, 500)).toBe(1_081_081_081_081_081_081n);
  });

  it('has no break-even when fee and royalty take the whole price', () => {
    expect(breakEvenPrice(ETH, 5000, 5000)).toBeNull();
  });
});

describe('pricing rules', () => {
  const token = { floor_wei: milli(1234).toString(), cost_wei: milli(800).toString() };

  it('prices at the floor, below or above it by a percent, or above the cost', () => {
    expect(rulePrice('floor', 0, token)).toBe(milli(1234));
    // 1.234 × 0.95 = 1.1723, 4 significant digits: 1.172.
    expect(rulePrice('below_floor', 500, token)).toBe(milli(1172));
    // 1.234 × 1.10 = 1.3574 → 1.357.
    expect(rulePrice('above_floor', 1000, token)).toBe(milli(1357));
    // 0.8 × 1.125 = 0.9.
    expect(rulePrice('above_cost', 1250, token)).toBe(milli(900));
  });

  it('rounds a cost rule up, so the price still covers what was asked', () => {
    // 0.8 × 1.0333 = 0.82664 → 0.8267, not 0.8266.
    expect(rulePrice('above_cost', 333, token)).toBe((8267n * ETH) / 10_000n);
  });

  it('leaves tokens without a floor, and every token under the manual rule, to their rows', () => {
    const unfloored = { floor_wei: null, cost_wei: milli(800).toString() };
    expect(rulePrice('floor', 0, unfloored)).toBeNull();
    expect(rulePrice('below_floor', 500, unfloored)).toBeNull();
    expect(rulePrice('above_cost', 0, unfloored)).toBe(milli(800));
    expect(rulePrice('manual', 500, token)).toBeNull();
  });

  it('reads a percent with at most 2 decimals, in basis points', () => {
    expect(parsePercent('5')).toBe(500);
    expect(parsePercent('2.5')).toBe(250);
    expect(parsePercent('0.05')).toBe(5);
    expect(parsePercent('-5')).toBeNull();
    expect(parsePercent('5.001')).toBeNull();
    expect(parsePercent('')).toBeNull();
  });
});
