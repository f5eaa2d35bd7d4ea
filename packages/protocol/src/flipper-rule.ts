// No zod here: the web app runs these (the badge's explanation, the holding buckets).

/**
 * The high-win-rate flipper rule of the spec: over 100 trades, over 5 collections, a win rate above 70 %, within
 * 30 days, recomputed every 24 h. A trade is a round trip closed in the window: the wallet bought a token (or minted
 * it) and later sold it, the sale inside the window. A win is a round trip with a profit after fees and gas.
 */
export const FLIPPER_RULE = {
  /** Strictly more round trips than this. */
  minTradesExclusive: 100,
  /** Strictly more distinct collections than this. */
  minCollectionsExclusive: 5,
  /** Strictly above this share of wins, percent. */
  minWinRateExclusive: 70,
  windowDays: 30,
  recomputeHours: 24,
} as const;

/** Holders by how many items they hold (/holding), the last bucket open. */
export const HOLDING_BUCKETS = [
  { min: 1, max: 1 },
  { min: 2, max: 3 },
  { min: 4, max: 10 },
  { min: 11, max: 25 },
  { min: 26, max: 50 },
  { min: 51, max: null },
] as const;
