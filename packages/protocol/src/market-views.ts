import { z } from 'zod';
import { normalizeAddress } from './address';
import {
  FLOOR_HISTORY_RANGES,
  type FloorHistoryRange,
  SEARCH_QUERY_MAX,
  TRENDING_WINDOWS,
  WATCHLIST_WINDOWS,
} from './constants';
import { UintString } from './market';
import { MARKETPLACES } from './marketplaces';
import { Address, fieldRuleMessages } from './primitives';

/** Digits of the longest window in minutes, with room to spare: a longer text is no window. */
const MINUTES_MAX_LENGTH = 8;

/** A window in minutes from a fixed list, read from a query string; anything else gets `fieldRuleMessages.window`. */
function windowOf<W extends readonly number[]>(windows: W) {
  return z
    .string()
    .max(MINUTES_MAX_LENGTH, { error: fieldRuleMessages.window.en, abort: true })
    .refine((value) => windows.includes(Number(value)), { error: fieldRuleMessages.window.en })
    .transform((value) => Number(value) as W[number])
    .meta({ description: `Minutes: one of ${windows.join(', ')}` });
}

/** A collection address as input: any case, answered and stored lowercase. */
export const CollectionAddress = Address.transform(normalizeAddress);

/** 'erc721' collections are '721', multi-token ones '1155'. */
export const CollectionType = z.enum(['721', '1155']);
export type CollectionType = z.infer<typeof CollectionType>;

/**
 * A trending or watchlist row, in the original app's field names where it has them. Amounts are wei as decimal
 * strings.
 */
export const CollectionRow = z.object({
  address: z.string(),
  name: z.string().nullable(),
  img: z.string().nullable(),
  type: CollectionType,
  /** Items in the collection (supply); null until read from the chain. */
  count: z.number().int().nullable(),
  /** Active listings now. */
  listed: z.number().int(),
  /** Percent of the supply listed now, 2 decimals; null when the supply is unknown. */
  listing_rate: z.number().nullable(),
  /** Trades in the window. */
  all_count: z.number().int(),
  /** Volume in the window, wei. */
  volume: UintString,
  /** The cheapest active listing now, wei; null when nothing is listed. */
  floor_value: UintString.nullable(),
  /** Floor change over the window in percent, 2 decimals; null when either end is unknown. */
  floor_change: z.number().nullable(),
});
export type CollectionRow = z.infer<typeof CollectionRow>;

export const TrendingQuery = z.object({
  window: windowOf(TRENDING_WINDOWS),
  /** 'all' collections, or only the caller's watchlist (the spec's 'collect' tab). */
  tab: z.enum(['all', 'watchlist']).default('all'),
});
export const TrendingData = z.object({
  window: z.number().int(),
  /** Most trades first, then volume. */
  list: z.array(CollectionRow),
  /** Unix seconds of the minute the figures run to. */
  as_of: z.number().int(),
});
export type TrendingData = z.infer<typeof TrendingData>;

export const WatchlistQuery = z.object({ window: windowOf(WATCHLIST_WINDOWS) });
export const WatchlistData = z.object({
  window: z.number().int(),
  /** Every followed collection, most trades in the window first. */
  list: z.array(CollectionRow),
});
export type WatchlistData = z.infer<typeof WatchlistData>;

export const FollowRequest = z.object({ address: CollectionAddress });
export const FollowData = z.object({ address: z.string(), followed: z.boolean() });
export type FollowData = z.infer<typeof FollowData>;

const CONTROL_CHARACTER = /\p{Cc}/u;

export const SearchQuery = z.object({
  /** A name (or part of one) or an address (or its beginning). */
  q: z
    .string()
    .trim()
    .min(1, { error: fieldRuleMessages.keyword.en })
    .max(SEARCH_QUERY_MAX)
    // No name holds a control character, and PostgreSQL cannot take a NUL in text at all.
    .refine((text) => !CONTROL_CHARACTER.test(text), { error: fieldRuleMessages.keyword.en }),
});
/** A search result, in the original app's field names. */
export const SearchResult = z.object({
  address: z.string(),
  name: z.string().nullable(),
  img: z.string().nullable(),
  /** 1 = verified. */
  sr_status: z.union([z.literal(0), z.literal(1)]),
  /** Items in the collection. */
  count: z.number().int().nullable(),
  type: CollectionType,
});
export type SearchResult = z.infer<typeof SearchResult>;
export const SearchData = z.object({ list: z.array(SearchResult) });
export type SearchData = z.infer<typeof SearchData>;

export const CollectionQuery = z.object({ address: CollectionAddress });

/** Trades, volume and floor change of one collection over one window. */
export const WindowStats = z.object({
  window: z.number().int(),
  all_count: z.number().int(),
  volume: UintString,
  floor_change: z.number().nullable(),
});
export type WindowStats = z.infer<typeof WindowStats>;

export const CollectionDetail = z.object({
  address: z.string(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  img: z.string().nullable(),
  type: CollectionType,
  sr_status: z.union([z.literal(0), z.literal(1)]),
  count: z.number().int().nullable(),
  /** Distinct holders now. */
  owners: z.number().int(),
  listed: z.number().int(),
  listing_rate: z.number().nullable(),
  floor_value: UintString.nullable(),
  /** One entry per trending window, in TRENDING_WINDOWS order. */
  stats: z.array(WindowStats),
});
export type CollectionDetail = z.infer<typeof CollectionDetail>;

/** An active listing, in the original app's field names for a sweep listing. */
export const ListingRow = z.object({
  order_id: z.string(),
  token_id: UintString,
  /** What the buyer pays, wei: the seller's price plus the marketplace fee and royalties. */
  price: UintString,
  marketplace: z.enum(MARKETPLACES),
  order_way: z.number().int(),
  from_address: z.string(),
  /** Rarity rank (1 = rarest); null until the collection's metadata is in. */
  rank: z.number().int().nullable(),
  /** RankTier, or null with the rank. */
  flag: z.number().int().min(1).max(4).nullable(),
  /** Pending transactions that would buy this token. */
  pending_count: z.number().int(),
  /** 1 when the token is flagged by a marketplace (reported stolen or suspicious). */
  risk_flag: z.union([z.literal(0), z.literal(1)]),
  img: z.string().nullable(),
  /** Unix seconds the listing was accepted. */
  listed_at: z.number().int(),
  /** Unix seconds it expires; null when it never does (a Seaport endTime beyond any date, such as 2^256 − 1). */
  expires_at: z.number().int().nullable(),
});
export type ListingRow = z.infer<typeof ListingRow>;
export const ListingsData = z.object({ list: z.array(ListingRow) });
export type ListingsData = z.infer<typeof ListingsData>;

export const TradesQuery = z.object({
  address: CollectionAddress,
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const TradeRow = z.object({
  tx_hash: z.string(),
  /** Identifies the trade together with `tx_hash`. */
  log_index: z.number().int(),
  item_index: z.number().int(),
  block_number: z.number().int(),
  /** Unix seconds of the block. */
  time: z.number().int(),
  token_id: UintString,
  price: UintString,
  marketplace: z.enum(MARKETPLACES).nullable(),
  buyer: z.string(),
  seller: z.string(),
  /** Verified ENS names of the buyer and the seller, when they have one. */
  buyer_ens: z.string().nullable(),
  seller_ens: z.string().nullable(),
  /** The buyer and the seller meet the high-win-rate flipper rule (FLIPPER_RULE). */
  buyer_flipper: z.boolean(),
  seller_flipper: z.boolean(),
  img: z.string().nullable(),
  rank: z.number().int().nullable(),
});
export type TradeRow = z.infer<typeof TradeRow>;
export const TradesData = z.object({ list: z.array(TradeRow) });
export type TradesData = z.infer<typeof TradesData>;

export const FloorHistoryQuery = z.object({
  address: CollectionAddress,
  range: z.enum(Object.keys(FLOOR_HISTORY_RANGES) as [FloorHistoryRange, ...FloorHistoryRange[]]).default('1d'),
});
export const FloorPoint = z.object({
  /** Unix seconds of the bucket's start. */
  time: z.number().int(),
  /** The floor at the bucket's end, wei; null while unknown. */
  floor: UintString.nullable(),
  trades: z.number().int(),
  volume: UintString,
});
export type FloorPoint = z.infer<typeof FloorPoint>;
export const FloorHistoryData = z.object({ range: z.string(), list: z.array(FloorPoint) });
export type FloorHistoryData = z.infer<typeof FloorHistoryData>;

export const Holder = z.object({
  address: z.string(),
  /** The holder's verified ENS name, if any. */
  ens: z.string().nullable(),
  /** Items held. */
  count: z.number().int(),
  /** Percent of the supply, 2 decimals. */
  percent: z.number(),
  /** Above BIG_HOLDER_PERCENT. */
  big: z.boolean(),
  /** Meets the high-win-rate flipper rule (FLIPPER_RULE). */
  flipper: z.boolean(),
});
export type Holder = z.infer<typeof Holder>;
export const HoldersData = z.object({
  owners: z.number().int(),
  /** The largest holders, most items first (at most 100). */
  list: z.array(Holder),
});
export type HoldersData = z.infer<typeof HoldersData>;

/** A calendar item in the original app's field names, its spelling of `open_timestemp` included. */
export const CalendarItem = z.object({
  id: z.string(),
  /** Unix seconds. */
  open_timestemp: z.number().int(),
  /** 1 when only the day is known. */
  time_flag: z.union([z.literal(0), z.literal(1)]),
  type_name: z.enum(['whitelist', 'public', 'reveal', 'mint']),
  name: z.string(),
  address: z.string().nullable(),
  image_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  discord_url: z.string().nullable(),
  opensea_url: z.string().nullable(),
  external_link: z.string().nullable(),
});
export type CalendarItem = z.infer<typeof CalendarItem>;
export const CalendarData = z.object({ list: z.array(CalendarItem) });
export type CalendarData = z.infer<typeof CalendarData>;

/** The bottom bar's base gas and ETH price (the original app's gas/price response), refreshed every block. */
export const GasPriceData = z.object({
  /** Base fee of the latest block in Gwei. */
  gas_price: z.number(),
  /** ETH in USD from the chain's ETH/USD price feed; null when the chain has none. */
  eth_price: z.number().nullable(),
  block_number: z.number().int(),
});
export type GasPriceData = z.infer<typeof GasPriceData>;
