import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../catalog';
import { seededRandom } from '../random';
import type { SimCollection } from './collections';
import { HOT_WEIGHT, Market, roundToTick } from './market';

const MINUTE = 60_000;
const collections: SimCollection[] = COLLECTIONS.map((spec, i) => ({
  slug: spec.slug,
  address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
  standard: spec.standard,
  spec,
}));

function market(seed = 'mood'): Market {
  return new Market(collections, seededRandom(seed), seededRandom(`${seed}:bursts`), 0);
}

describe('Market bursts', () => {
  it('makes one collection hot at once for 2–4 minutes, the next one starting 3–6 minutes after the last', () => {
    const mood = market();
    const bursts: { slug: string; from: number; to: number }[] = [];
    const step = 5_000;
    for (let now = 0; now <= 120 * MINUTE; now += step) {
      mood.tick(now);
      const hot = mood.hotCollection();
      const last = bursts.at(-1);
      if (hot && (!last || last.to !== now - step || last.slug !== hot)) bursts.push({ slug: hot, from: now, to: now });
      else if (hot && last) last.to = now;
    }
    expect(bursts[0]?.from).toBe(0);
    expect(bursts.length).toBeGreaterThan(15);
    expect(new Set(bursts.map((burst) => burst.slug)).size).toBeGreaterThan(5);
    for (const burst of bursts.slice(0, -1)) {
      expect(burst.to + step - burst.from).toBeGreaterThanOrEqual(2 * MINUTE);
      expect(burst.to - burst.from).toBeLessThanOrEqual(4 * MINUTE);
    }
    for (let i = 1; i < bursts.length; i++) {
      const gap = (bursts[i]?.from ?? 0) - (bursts[i - 1]?.from ?? 0);
      expect(gap).toBeGreaterThanOrEqual(3 * MINUTE - step);
      expect(gap).toBeLessThanOrEqual(6 * MINUTE + step);
    }
  });

  it('picks the hot collection five times as often as any other', () => {
    const mood = market();
    mood.tick(0);
    const hot = mood.hotCollection();
    const picks = Array.from({ length: 17_000 }, () => mood.pick(collections)?.slug);
    const hotShare = picks.filter((slug) => slug === hot).length / picks.length;
    expect(hotShare).toBeCloseTo(HOT_WEIGHT / (HOT_WEIGHT + collections.length - 1), 1);
    expect(mood.pick([])).toBeNull();
  });
});

describe('Market prices', () => {
  it('walks each reference price around its mint price, within bounds', () => {
    const mood = market();
    const foxes = collections[0];
    if (!foxes) throw new Error('no collections');
    const mint = foxes.spec.mintPriceWei;
    const seen: bigint[] = [];
    for (let i = 0; i < 2_000; i++) {
      mood.walk(foxes);
      seen.push(mood.referencePriceWei(foxes));
    }
    expect(seen.every((price) => price >= (mint * 3n) / 10n && price <= mint * 8n)).toBe(true);
    const mean = seen.reduce((sum, price) => sum + price, 0n) / BigInt(seen.length);
    expect(mean > mint / 2n && mean < mint * 2n).toBe(true);
  });

  it('lets the hot collection drift up while it is hot', () => {
    const mood = market('drift');
    mood.tick(0);
    const hot = collections.find((collection) => collection.slug === mood.hotCollection());
    if (!hot) throw new Error('nothing hot');
    const before = mood.referencePriceWei(hot);
    for (let i = 0; i < 30; i++) mood.walk(hot);
    expect(mood.referencePriceWei(hot)).toBeGreaterThan(before);
  });

  it('asks a price per listed amount, quoted to 0.0001 ETH, and reprices lower or higher', () => {
    const mood = market();
    const potions = collections.find((collection) => collection.standard === 'erc1155');
    if (!potions) throw new Error('no ERC-1155 collection');
    const one = mood.listPriceWei(potions, 1n);
    const three = mood.listPriceWei(potions, 3n);
    expect(three).toBeGreaterThan(one);
    expect(three % parseEther('0.0001')).toBe(0n);
    expect(mood.cheaperPriceWei(one)).toBeLessThan(one);
    const dearer = mood.dearerPriceWei(one);
    expect(dearer).toBeGreaterThan(one);
    expect(dearer % parseEther('0.0001')).toBe(0n);
  });
});

describe('roundToTick', () => {
  it('rounds to 0.0001 ETH and never below one tick', () => {
    expect(roundToTick(parseEther('0.05'), 1.2345)).toBe(parseEther('0.0617'));
    expect(roundToTick(1n, 0.5)).toBe(parseEther('0.0001'));
  });
});
