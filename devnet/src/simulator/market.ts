import { formatEther, parseEther } from 'viem';
import type { Random } from '../random';
import type { SimCollection } from './collections';

const MINUTE = 60_000;
/** How much more buying and listing the hot collection gets than any other. */
export const HOT_WEIGHT = 5;
const BURST = { everyMs: [3 * MINUTE, 6 * MINUTE], lastsMs: [2 * MINUTE, 4 * MINUTE] } as const;
/** Per touch, in log-price: pull back towards the anchor, noise, and the drift of a hot collection. */
const WALK = { reversion: 0.03, noise: 0.04, hotDrift: 0.03 } as const;
const LOG_BOUNDS = [Math.log(0.3), Math.log(8)] as const;
/** Listings are priced at the reference times a factor in this range. */
const LIST_FACTOR = [0.85, 1.45] as const;
/** Prices are quoted to 0.0001 ETH, as people type them; the floor keeps fee and royalty above zero. */
const TICK_WEI = parseEther('0.0001');

/**
 * The simulated market's mood: a reference price per collection (a random walk in log space around a little above
 * its mint price) and bursts in which one collection is hot: it gets more trades and its price drifts up, so
 * trending changes every few minutes.
 */
export class Market {
  /** log(reference / mint price) per collection. */
  private level = new Map<string, number>();
  private hot: { slug: string; until: number } | null = null;
  private nextBurstAt: number;

  constructor(
    private readonly collections: readonly SimCollection[],
    private readonly random: Random,
    /** Bursts come with time, not with actions, so they draw from a stream of their own. */
    private readonly burstRandom: Random,
    startedAt: number,
  ) {
    for (const collection of collections) this.level.set(collection.slug, Math.log(1 + random.next() * 0.5));
    // The first burst starts at once, so a fresh devnet trends from its first minutes.
    this.nextBurstAt = startedAt;
  }

  /** Starts and ends bursts as time passes. */
  tick(now: number): void {
    if (this.hot && now >= this.hot.until) this.hot = null;
    if (now < this.nextBurstAt) return;
    const collection = this.burstRandom.pick(this.collections);
    const lasts = this.between(BURST.lastsMs);
    this.hot = { slug: collection.slug, until: now + lasts };
    this.nextBurstAt = now + Math.max(lasts, this.between(BURST.everyMs));
  }

  hotCollection(): string | null {
    return this.hot?.slug ?? null;
  }

  /** A collection picked with the hot one weighted up, and by `factor` besides; `null` if none qualifies. */
  pick(
    candidates: readonly SimCollection[],
    factor: (collection: SimCollection) => number = () => 1,
  ): SimCollection | null {
    if (candidates.length === 0) return null;
    return this.random.weighted(
      candidates.map((collection) => ({ collection, weight: this.weight(collection) * factor(collection) })),
    ).collection;
  }

  weight(collection: SimCollection): number {
    return collection.slug === this.hot?.slug ? HOT_WEIGHT : 1;
  }

  /** Moves the collection's reference price one step; every trade or listing in it does so. */
  walk(collection: SimCollection): void {
    const level = this.level.get(collection.slug) ?? 0;
    const drift = collection.slug === this.hot?.slug ? WALK.hotDrift : 0;
    const next = level * (1 - WALK.reversion) + WALK.noise * (this.random.next() * 2 - 1) + drift;
    this.level.set(collection.slug, Math.min(LOG_BOUNDS[1], Math.max(LOG_BOUNDS[0], next)));
  }

  referencePriceWei(collection: SimCollection): bigint {
    const factor = Math.exp(this.level.get(collection.slug) ?? 0);
    return roundToTick(collection.spec.mintPriceWei, factor);
  }

  /** An asking price for `amount` of one token. */
  listPriceWei(collection: SimCollection, amount: bigint): bigint {
    const factor = LIST_FACTOR[0] + this.random.next() * (LIST_FACTOR[1] - LIST_FACTOR[0]);
    return roundToTick(this.referencePriceWei(collection) * amount, factor);
  }

  /** A repriced listing asks 3–15% less ... */
  cheaperPriceWei(priceWei: bigint): bigint {
    return roundToTick(priceWei, 0.85 + this.random.next() * 0.12);
  }

  /** ... or, now and then, 3–15% more. */
  dearerPriceWei(priceWei: bigint): bigint {
    return roundToTick(priceWei, 1.03 + this.random.next() * 0.12);
  }

  private between([min, max]: readonly [number, number]): number {
    return min + this.burstRandom.next() * (max - min);
  }
}

/** `wei × factor`, rounded to the price tick and never below one tick. */
export function roundToTick(wei: bigint, factor: number): bigint {
  const scaled = Number(formatEther(wei)) * factor;
  const ticks = BigInt(Math.max(1, Math.round(scaled / Number(formatEther(TICK_WEI)))));
  return ticks * TICK_WEI;
}
