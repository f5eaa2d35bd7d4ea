import { describe, expect, it } from 'vitest';
import { reasonValues, ruleValues, tokenPath } from './reason';

describe('a recommendation reason', () => {
  it('words the rank with separators, the top share to at most 2 decimals and the floor multiple to 2', () => {
    expect(
      reasonValues({
        rank: 12,
        ranked: 10_000,
        top_percent: 0.12,
        floor_multiple: 1.05,
        supply: 10_000,
        coverage: 100,
      }),
    ).toEqual({
      rank: '12',
      ranked: '10,000',
      top: '0.12',
      multiple: '1.05',
    });
    expect(
      reasonValues({ rank: 1, ranked: 10, top_percent: 10, floor_multiple: 1, supply: 10, coverage: 100 }),
    ).toMatchObject({
      top: '10',
      multiple: '1.00',
    });
  });

  it('states the rule in the same figures', () => {
    expect(ruleValues({ top_percent: 10, max_floor_multiple: 1.5 })).toEqual({ top: '10', multiple: '1.50' });
  });

  it('links to the token on /rarity', () => {
    expect(tokenPath('0xabc', '42')).toBe('/rarity?address=0xabc&token=42');
    expect(tokenPath('0xabc')).toBe('/rarity?address=0xabc');
  });
});
