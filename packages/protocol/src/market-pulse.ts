import { z } from 'zod';
import { normalizeAddress } from './address';
import { DEFAULT_HISTORIC_RANGE, HISTORIC_MAX_COLLECTIONS, HISTORIC_RANGES } from './constants';
import { UintString } from './market';
import { CollectionType, FloorPoint } from './market-views';
import { Address, fieldRuleMessages } from './primitives';

/**
 * The public market pages' answers: /historic (floor history of several collections), /discover (collections
 * minting now) and /home (market figures).
 */

export const FloorHistoriesQuery = z.object({
  /** Comma-separated collection addresses; without it, the collections most traded over the range. */
  addresses: z
    .string()
    .transform((text) => text.split(',').filter((part) => part !== ''))
    .pipe(
      z
        .array(Address.transform(normalizeAddress))
        .max(HISTORIC_MAX_COLLECTIONS, { error: fieldRuleMessages.historicCollections.en }),
    )
    .transform((addresses) => [...new Set(addresses)])
    .optional()
    .meta({ description: `Up to ${HISTORIC_MAX_COLLECTIONS} addresses, comma-separated` }),
  range: z.enum(HISTORIC_RANGES).default(DEFAULT_HISTORIC_RANGE),
});

/** One collection's line on /historic. */
export const CollectionFloorHistory = z.object({
  address: z.string(),
  name: z.string().nullable(),
  img: z.string().nullable(),
  /** The floor at the end of the range (now), wei; null while unknown. */
  floor: UintString.nullable(),
  /** From the first known floor in the range to the floor now, percent with 2 decimals; null without both. */
  floor_change: z.number().nullable(),
  /** Volume over the range, wei. */
  volume: UintString,
  /** Buckets as the collection page's floor history draws them. */
  list: z.array(FloorPoint),
});
export type CollectionFloorHistory = z.infer<typeof CollectionFloorHistory>;
export const FloorHistoriesData = z.object({
  range: z.enum(HISTORIC_RANGES),
  /** In the order asked for; addresses FloorDesk has not indexed are left out. */
  list: z.array(CollectionFloorHistory),
});
export type FloorHistoriesData = z.infer<typeof FloorHistoriesData>;

/** A collection minting now (the original app's getmint row, in our names). */
export const MintingRow = z.object({
  address: z.string(),
  name: z.string().nullable(),
  img: z.string().nullable(),
  type: CollectionType,
  /** Items minted in the window. */
  mints: z.number().int(),
  /** Mints per minute over the window, 2 decimals. */
  mints_per_minute: z.number(),
  /** Items minted so far (an ERC-721's tokens, at least the supply read when first seen); null until known. */
  minted: z.number().int().nullable(),
  /** The most the contract lets be minted; null when it does not say. */
  max_supply: z.number().int().nullable(),
  /** What a mint in the window paid per item, wei (the mint transactions' value over their items); null when unknown. */
  mint_price: UintString.nullable(),
  /** Distinct wallets that received a mint in the window. */
  minters: z.number().int(),
  /** Unix seconds of the latest mint's block. */
  last_mint: z.number().int(),
});
export type MintingRow = z.infer<typeof MintingRow>;
export const MintingData = z.object({
  /** Minutes the figures cover. */
  window: z.number().int(),
  /** Most mints per minute first. */
  list: z.array(MintingRow),
});
export type MintingData = z.infer<typeof MintingData>;

/** The market at a glance on /home. */
export const MarketSummaryData = z.object({
  /** Sales and their volume (wei) over the last 24 hours, from the per-minute rollups. */
  sales_24h: z.number().int(),
  volume_24h: UintString,
  /** Listings fillable now. */
  listings: z.number().int(),
  /** Collections FloorDesk indexes. */
  collections: z.number().int(),
  /** The latest block indexed; null before the first. */
  block_number: z.number().int().nullable(),
});
export type MarketSummaryData = z.infer<typeof MarketSummaryData>;
