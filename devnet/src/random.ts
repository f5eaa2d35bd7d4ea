/** A reproducible stream of numbers: the same seed gives the same stream on every machine and every run. */
export type Random = {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** An item drawn with probability proportional to its weight. */
  weighted<T extends { readonly weight: number }>(items: readonly T[]): T;
};

export function seededRandom(seed: string): Random {
  const next = mulberry32(xmur3(seed));
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick from an empty list');
      return item;
    },
    weighted: (items) => {
      const total = items.reduce((sum, item) => sum + item.weight, 0);
      let ticket = next() * total;
      for (const item of items) {
        ticket -= item.weight;
        if (ticket < 0) return item;
      }
      // Rounding can leave a sliver of the ticket past the last weight; it belongs to the last item.
      const last = items.at(-1);
      if (last === undefined) throw new RangeError('weighted pick from an empty list');
      return last;
    },
  };
}

/** A number of `words` × 32 random bits, as salts and nonces take them. */
export function randomUint(random: Random, words: number): bigint {
  let value = 0n;
  for (let i = 0; i < words; i++) value = (value << 32n) | BigInt(random.int(0, 0xffff_ffff));
  return value;
}

/** xmur3: folds a string into a well-mixed 32-bit seed. */
function xmur3(text: string): number {
  let h = 1779033703 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  return (h ^ (h >>> 16)) >>> 0;
}

/** mulberry32: a small, fast generator whose whole state is one 32-bit integer. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
