import { z } from 'zod';
import { IntString } from './live';
import { Bytes32, HexBytes, PostListingData, PostListingRequest, UintString } from './market';
import { MARKETPLACES } from './marketplaces';
import { Address, ChainId } from './primitives';

/**
 * Selling from FloorDesk: a trader lists tokens of their own wallets on the marketplaces FloorDesk trades through,
 * signing once per marketplace, and cancels or reprices what they listed.
 */

/** The marketplaces a trader lists on, each on its own protocol: OpenSea on Seaport 1.6, LooksRare on v2. */
export const SELL_MARKETPLACES = ['opensea', 'looks'] as const;
export type SellMarketplace = (typeof SELL_MARKETPLACES)[number];

/** Tokens listed in one go (one signature per marketplace covers them all). */
export const SELL_BATCH_MAX = 50;
/** Listings posted at once: every token of a batch on every marketplace. */
export const POST_LISTINGS_MAX = SELL_BATCH_MAX * SELL_MARKETPLACES.length;
/** The highest price a listing may ask: 10^9 ETH, in wei. Above it a price is a typo, never a trade. */
export const LISTING_PRICE_MAX_WEI = 10n ** 27n;
/** Prices are typed in ETH with at most 18 decimals (1 wei). */
export const LISTING_PRICE_DECIMALS = 18;
/** Below this share of the floor a price asks for a second confirmation naming the loss. */
export const LISTING_FLOOR_WARNING_PERCENT = 50;
/** Listing durations offered as presets, in seconds: 1 hour, 1 day, 3 days, 7 days, 30 days. */
export const LISTING_DURATION_PRESETS_S = [3_600, 86_400, 259_200, 604_800, 2_592_000] as const;
/** The longest listing the dialog signs: 180 days, as OpenSea's own. */
export const LISTING_DURATION_MAX_S = 15_552_000;
/** My listings shows ended listings of this many days beside the active ones. */
export const MY_LISTINGS_ENDED_DAYS = 7;

/** Several signed listings at once, all accepted or none: `listings.N` names the first refused. */
export const PostListingsRequest = z.object({ listings: z.array(PostListingRequest).min(1).max(POST_LISTINGS_MAX) });
export type PostListingsRequest = z.infer<typeof PostListingsRequest>;
export const PostListingsData = z.object({ listings: z.array(PostListingData) });
export type PostListingsData = z.infer<typeof PostListingsData>;

const TokenKey = z.object({ collection: Address, token_id: UintString });
export type TokenKey = z.infer<typeof TokenKey>;

/** `POST /api/sell/prepare`: what listing these tokens needs. */
export const SellPrepareRequest = z.object({ tokens: z.array(TokenKey).min(1).max(SELL_BATCH_MAX) });
export type SellPrepareRequest = z.infer<typeof SellPrepareRequest>;

/** A marketplace a trader lists on, with everything an order of it is built from. */
export const SellVenue = z.object({
  marketplace: z.enum(SELL_MARKETPLACES),
  protocol: z.enum(['seaport', 'looksrare-v2']),
  /** The exchange orders are signed for (the EIP-712 verifying contract) and cancelled on. */
  protocol_address: Address,
  /** The marketplace's fee, basis points of the price. */
  fee_bps: z.number().int().min(0).max(10_000),
  /** Seaport: who the fee is paid to, as an item of the order. Null on LooksRare, whose exchange takes it itself. */
  fee_recipient: Address.nullable(),
  /** Seaport: the conduit key orders name. Null on LooksRare. */
  conduit_key: Bytes32.nullable(),
  /** The address a seller approves on each collection: Seaport's conduit, LooksRare's TransferManager. */
  operator: Address,
});
export type SellVenue = z.infer<typeof SellVenue>;

/** One of the trader's wallets as its orders need it: its nonces now, and LooksRare's one-off grant. */
export const SellWallet = z.object({
  wallet: Address,
  /** Seaport's counter: every order signed with it dies when the wallet increments it. */
  seaport_counter: UintString,
  /** LooksRare's ask nonce (`userBidAskNonces`), the `globalNonce` of its asks. */
  looksrare_ask_nonce: UintString,
  /** Whether the wallet has granted the LooksRare exchange its TransferManager (`grantApprovals`, once per wallet). */
  looksrare_granted: z.boolean(),
});
export type SellWallet = z.infer<typeof SellWallet>;

/** An active listing of a token, as the list dialog weighs a new price against it. */
export const TokenListing = z.object({
  order_hash: Bytes32,
  marketplace: z.string(),
  price_wei: UintString,
  /** Whether one of the trader's own wallets listed it. */
  own: z.boolean(),
  /** Unix seconds; null when it never ends. */
  end_time: z.number().int().nullable(),
});
export type TokenListing = z.infer<typeof TokenListing>;

export const SellToken = z.object({
  collection: Address,
  collection_name: z.string().nullable(),
  token_id: UintString,
  token_name: z.string().nullable(),
  image_url: z.string().nullable(),
  standard: z.enum(['erc721', 'erc1155']),
  /** Units held: the whole position is listed (1 for ERC-721). */
  amount: UintString,
  /** The own wallet holding it: the one that must sign. */
  wallet: Address,
  /** ERC-2981: who the creator royalty goes to and its basis points; null recipient when the collection names none. */
  royalty_recipient: Address.nullable(),
  royalty_bps: z.number().int().min(0).max(10_000),
  /** The collection's floor (its cheapest fillable listing), wei; null when nothing is listed. */
  floor_wei: UintString.nullable(),
  /**
   * The token's rarest trait and the floor of the other tokens that share it (null when none of them is listed); null
   * without metadata.
   */
  rarest_trait: z.object({ trait_type: z.string(), value: z.string(), floor_wei: UintString.nullable() }).nullable(),
  /** Rarity rank (1 = rarest) of `ranked` tokens; null until the collection's metadata is in. */
  rank: z.number().int().nullable(),
  ranked: z.number().int().nullable(),
  /** What it cost the trader (price, fees and gas), wei, as the portfolio counts it. */
  cost_wei: UintString,
  /** Every active listing of this token, cheapest first: the trader's own and anyone's. */
  listings: z.array(TokenListing),
  /** Whether the holding wallet has approved each marketplace's operator on the collection. */
  approved: z.record(z.enum(SELL_MARKETPLACES), z.boolean()),
});
export type SellToken = z.infer<typeof SellToken>;

export const SellPrepareData = z.object({
  chain_id: ChainId,
  venues: z.array(SellVenue),
  /** The wallets holding the tokens. */
  wallets: z.array(SellWallet),
  /** In the order asked. */
  tokens: z.array(SellToken),
});
export type SellPrepareData = z.infer<typeof SellPrepareData>;

/**
 * Where a trader's listing stands: fillable; fillable but below another of theirs on the same marketplace and token
 * (a reprice left it: it can still sell, at its own price); or ended, and how.
 */
export const MY_LISTING_STATES = ['active', 'superseded', 'sold', 'cancelled', 'expired', 'ended'] as const;
export type MyListingState = (typeof MY_LISTING_STATES)[number];

export const MyListingsQuery = z.object({ wallet: Address.optional() });

export const MyListing = z.object({
  order_hash: Bytes32,
  wallet: Address,
  collection: Address,
  collection_name: z.string().nullable(),
  token_id: UintString,
  token_name: z.string().nullable(),
  image_url: z.string().nullable(),
  marketplace: z.enum(MARKETPLACES),
  price_wei: UintString,
  /** The collection's floor now, wei; null when nothing is listed. */
  floor_wei: UintString.nullable(),
  /** Active or superseded, and above the floor, which another seller's listing holds. */
  undercut: z.boolean(),
  state: z.enum(MY_LISTING_STATES),
  /** For `superseded`: the cheaper listing that took its place. */
  superseded_by: Bytes32.nullable(),
  /** Unix ms. */
  listed_at: z.number().int(),
  /** Unix seconds it expires; null when never. */
  expires_at: z.number().int().nullable(),
  /** Unix ms it ended; null while active. */
  ended_at: z.number().int().nullable(),
  /** For `sold`: the profit the sale made (proceeds − cost − gas), wei; null when the sale is not indexed yet. */
  profit_wei: IntString.nullable(),
});
export type MyListing = z.infer<typeof MyListing>;

export const MyListingsData = z.object({
  wallets: z.array(Address),
  /** Active ones first, cheapest against the floor first; then ended ones, newest first. */
  list: z.array(MyListing),
});
export type MyListingsData = z.infer<typeof MyListingsData>;

/** `POST /api/sell/cancel`: listings to cancel, or everything of one wallet on one marketplace. */
export const CancelListingsRequest = z.union([
  z.object({ order_hashes: z.array(Bytes32).min(1).max(POST_LISTINGS_MAX) }),
  z.object({ all: z.literal(true), wallet: Address, marketplace: z.enum(SELL_MARKETPLACES) }),
]);
export type CancelListingsRequest = z.infer<typeof CancelListingsRequest>;

/** A cancelling transaction for the trader's wallet to send, with what it ends and what it costs. */
export const CancelTransaction = z.object({
  marketplace: z.enum(SELL_MARKETPLACES),
  /** The wallet that must send it (the listings' offerer). */
  from: Address,
  to: Address,
  data: HexBytes,
  /** Gas units the node estimates, plus the product's 30 % margin. */
  gas: UintString,
  /** What that gas costs at the fees now, wei. */
  fee_wei: UintString,
  /** What it is: Seaport `cancel`, LooksRare `cancelOrderNonces`, or the cancel-all of each. */
  method: z.enum(['cancel', 'cancelOrderNonces', 'incrementCounter', 'incrementBidAskNonces']),
  /** The active listings it ends. */
  order_hashes: z.array(Bytes32),
});
export type CancelTransaction = z.infer<typeof CancelTransaction>;

export const CancelListingsData = z.object({ transactions: z.array(CancelTransaction) });
export type CancelListingsData = z.infer<typeof CancelListingsData>;
