import { describe, expect, it } from 'vitest';
import { rankTier } from './tiers';

describe('rank tiers', () => {
  it('puts the top 1% in Legendary, the top 10% in Rare, the top 40% in Classic and the rest in Ordinary', () => {
    expect([1, 2, 10, 11, 40, 41, 200].map((rank) => rankTier(rank, 200))).toEqual([
      'legendary',
      'legendary',
      'rare',
      'rare',
      'classic',
      'classic',
      'ordinary',
    ]);
    expect(rankTier(1, 24)).toBe('rare');
  });
});
