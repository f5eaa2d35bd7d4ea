import { z } from 'zod';
import { MARKETPLACES } from './marketplaces';
import { Address, ChainId, fieldRuleMessages } from './primitives';

/** 2^256 − 1 in decimal: the largest uint256, 78 digits. */
const MAX_UINT256 = '115792089237316195423570985008687907853269984665640564039457584007913129639935';

/** Whether `digits` (decimal, no leading zero) is at most 2^256 − 1: equal lengths of digits compare as text. */
const fitsUint256 = (digits: string) =>
  digits.length < MAX_UINT256.length || (digits.length === MAX_UINT256.length && digits <= MAX_UINT256);

/** Decimal string of a uint256, as amounts in wei and Seaport's uint256 fields travel in JSON. */
export const UintString = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,77})$/, { error: fieldRuleMessages.uint256.en, abort: true })
  .refine(fitsUint256, { error: fieldRuleMessages.uint256.en });

export const Bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be 0x-prefixed 32 bytes of hex' });

export const HexBytes = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, { error: 'must be 0x-prefixed hex bytes' });

/**
 * A listing's signature: 64 or 65 bytes, or a bulk order's (those plus a 3-byte index and a proof of up to 24
 * levels, 836 bytes); the rest of the bound leaves room for contract wallets' signatures.
 */
const LISTING_SIGNATURE_MAX_BYTES = 2048;

export const ListingSignature = HexBytes.max(2 + 2 * LISTING_SIGNATURE_MAX_BYTES);

const OfferItem = z.object({
  itemType: z.number().int().min(0).max(5),
  token: Address,
  identifierOrCriteria: UintString,
  startAmount: UintString,
  endAmount: UintString,
});

const ConsiderationItem = OfferItem.extend({ recipient: Address });

/** Seaport 1.6 `OrderComponents`, as marketplace APIs (OpenSea v2) serve and accept them. */
export const SeaportOrderComponents = z.object({
  offerer: Address,
  zone: Address,
  offer: z.array(OfferItem).min(1).max(16),
  consideration: z.array(ConsiderationItem).min(1).max(16),
  orderType: z.number().int().min(0).max(4),
  startTime: UintString,
  endTime: UintString,
  zoneHash: Bytes32,
  salt: UintString,
  conduitKey: Bytes32,
  counter: UintString,
});
export type SeaportOrderComponents = z.infer<typeof SeaportOrderComponents>;

/** LooksRare v2's `Maker`, as LooksRare's API v2 serves and accepts it. */
export const LooksRareMaker = z.object({
  quoteType: z.number().int().min(0).max(1),
  globalNonce: UintString,
  subsetNonce: UintString,
  orderNonce: UintString,
  strategyId: UintString,
  collectionType: z.number().int().min(0).max(1),
  collection: Address,
  currency: Address,
  signer: Address,
  startTime: UintString,
  endTime: UintString,
  price: UintString,
  itemIds: z.array(UintString).min(1).max(16),
  amounts: z.array(UintString).min(1).max(16),
  additionalParameters: HexBytes.max(2 + 2 * 1024),
});
export type LooksRareMaker = z.infer<typeof LooksRareMaker>;

/**
 * LooksRare's `MerkleTree` (its API v2's `merkleTree`): for a maker signed in a batch, the root the signer signed and
 * this maker's proof, each node with its side (0 left, 1 right). The order book refuses a proof above the exchange's
 * 10 levels itself, with its reason.
 */
export const LooksRareMerkleTree = z.object({
  root: Bytes32,
  proof: z.array(z.object({ value: Bytes32, position: z.union([z.literal(0), z.literal(1)]) })).max(32),
});
export type LooksRareMerkleTree = z.infer<typeof LooksRareMerkleTree>;

const SignedListing = {
  chain_id: ChainId,
  /** The exchange the order is signed for (its EIP-712 verifying contract). */
  protocol_address: Address,
  signature: ListingSignature,
};

/**
 * A signed listing posted to the order book, by protocol: a Seaport order (OpenSea's
 * `POST /orders/{chain}/seaport/listings` shape) or a LooksRare v2 maker ask (LooksRare's API v2 order).
 */
export const PostListingRequest = z.discriminatedUnion('protocol', [
  z.object({ protocol: z.literal('seaport'), ...SignedListing, parameters: SeaportOrderComponents }),
  z.object({
    protocol: z.literal('looksrare-v2'),
    ...SignedListing,
    parameters: LooksRareMaker,
    /** Absent for a maker signed alone. */
    merkle_tree: LooksRareMerkleTree.optional(),
  }),
]);
export type PostListingRequest = z.infer<typeof PostListingRequest>;
export type SeaportListingRequest = Extract<PostListingRequest, { protocol: 'seaport' }>;
export type LooksRareListingRequest = Extract<PostListingRequest, { protocol: 'looksrare-v2' }>;

export const PostListingData = z.object({
  order_hash: Bytes32,
  marketplace: z.enum(MARKETPLACES),
  order_way: z.number().int(),
  collection: Address,
  token_id: UintString,
  price_wei: UintString,
});
export type PostListingData = z.infer<typeof PostListingData>;
