import { z } from 'zod';
import { MARKETPLACES } from './marketplaces';
import { Address } from './primitives';

/** Decimal string of a non-negative integer, as amounts in wei and uint256 fields travel in JSON. */
export const UintString = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,77})$/, { error: 'must be a non-negative integer in decimal' });

export const Bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be 0x-prefixed 32 bytes of hex' });

export const HexBytes = z.string().regex(/^0x([0-9a-fA-F]{2})*$/, { error: 'must be 0x-prefixed hex bytes' });

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

/** A signed Seaport listing posted to the order book (OpenSea's `POST /orders/{chain}/seaport/listings` shape). */
export const PostListingRequest = z.object({
  chain_id: z.number().int().positive(),
  protocol_address: Address,
  parameters: SeaportOrderComponents,
  signature: HexBytes,
});
export type PostListingRequest = z.infer<typeof PostListingRequest>;

export const PostListingData = z.object({
  order_hash: Bytes32,
  marketplace: z.enum(MARKETPLACES),
  order_way: z.number().int(),
  collection: Address,
  token_id: UintString,
  price_wei: UintString,
});
export type PostListingData = z.infer<typeof PostListingData>;
