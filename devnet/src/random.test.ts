import { describe, expect, it } from 'vitest';
import { randomUint, seededRandom } from './random';

function take(seed: string, count: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => random.next());
}

describe('seededRandom', () => {
  it('gives the same stream for the same seed', () => {
    expect(take('moonlit-foxes#7', 20)).toEqual(take('moonlit-foxes#7', 20));
  });

  it('gives unrelated streams for seeds that differ by one character', () => {
    expect(take('moonlit-foxes#7', 1)[0]).not.toBe(take('moonlit-foxes#8', 1)[0]);
    expect(take('moonlit-foxes#7', 20)).not.toEqual(take('moonlit-foxes#8', 20));
  });

  it('stays in [0, 1) and spreads over it', () => {
    const numbers = take('spread', 10_000);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...numbers)).toBeLessThan(1);
    const mean = numbers.reduce((sum, n) => sum + n, 0) / numbers.length;
    expect(mean).toBeCloseTo(0.5, 1);
  });

  it('draws integers within both bounds, reaching each end', () => {
    const random = seededRandom('dice');
    const rolls = new Set(Array.from({ length: 600 }, () => random.int(1, 6)));
    expect([...rolls].toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('draws weighted items in proportion to their weights and never a zero weight', () => {
    const random = seededRandom('weights');
    const items = [
      { name: 'common', weight: 90 },
      { name: 'rare', weight: 10 },
      { name: 'never', weight: 0 },
    ];
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const { name } = random.weighted(items);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect(counts.get('rare')).toBeGreaterThan(850);
    expect(counts.get('rare')).toBeLessThan(1150);
    expect(counts.get('never')).toBeUndefined();
  });

  it('refuses to pick from an empty list', () => {
    expect(() => seededRandom('x').pick([])).toThrow(RangeError);
    expect(() => seededRandom('x').weighted([])).toThrow(RangeError);
  });
});

describe('randomUint', () => {
  it('fills every one of its 32-bit words, and no more', () => {
    const random = seededRandom('nonces');
    const draws = Array.from({ length: 200 }, () => randomUint(random, 2));
    expect(draws.every((draw) => draw < 2n ** 64n)).toBe(true);
    expect(draws.some((draw) => draw >= 2n ** 63n)).toBe(true);
    expect(draws.some((draw) => draw % 2n ** 32n >= 2n ** 31n)).toBe(true);
    expect(new Set(draws).size).toBe(draws.length);
  });
});
