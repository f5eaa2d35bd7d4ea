import { z } from 'zod';
import { CollectionAddress, Holder } from './market-views';
import { UintString } from './market';

export const FlipperRule = z.object({
  min_trades_exclusive: z.number().int(),
  min_collections_exclusive: z.number().int(),
  min_win_rate_exclusive: z.number(),
  window_days: z.number().int(),
  recompute_hours: z.number().int(),
});
export type FlipperRule = z.infer<typeof FlipperRule>;

export const FlipperRow = z.object({
  address: z.string(),
  /** The wallet's verified ENS name, if any. */
  ens: z.string().nullable(),
  /** Round trips closed in the window. */
  trades: z.number().int(),
  collections: z.number().int(),
  wins: z.number().int(),
  /** Wins over trades, percent, 2 decimals. */
  win_rate: z.number(),
  /** Summed profit after fees and gas, wei; negative when the wallet lost overall. */
  profit: z.string().regex(/^-?\d+$/),
});
export type FlipperRow = z.infer<typeof FlipperRow>;

export const FlippersData = z.object({
  rule: FlipperRule,
  /** Unix seconds of the pass the list comes from; null before the first pass. */
  computed_at: z.number().int().nullable(),
  /** Most wins first. */
  list: z.array(FlipperRow),
});
export type FlippersData = z.infer<typeof FlippersData>;

export const HoldingQuery = z.object({ address: CollectionAddress });

export const HoldingBucket = z.object({
  min: z.number().int(),
  /** Null for the open last bucket. */
  max: z.number().int().nullable(),
  holders: z.number().int(),
  /** Items the bucket's holders hold, as a decimal string (ERC-1155 balances can be large). */
  items: UintString,
});
export type HoldingBucket = z.infer<typeof HoldingBucket>;

export const HoldingData = z.object({
  /** Null when FloorDesk does not index this address: the page shows an empty state. */
  collection: z
    .object({ address: z.string(), name: z.string().nullable(), img: z.string().nullable(), supply: z.number().int() })
    .nullable(),
  owners: z.number().int(),
  buckets: z.array(HoldingBucket),
  /** The largest holders, most items first (at most 100). */
  top: z.array(Holder),
  /** Holders of any size who meet the flipper rule, most items first. */
  flippers: z.array(Holder),
});
export type HoldingData = z.infer<typeof HoldingData>;
