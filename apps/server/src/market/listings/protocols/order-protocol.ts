import type { MerkleTree } from '@floordesk/contracts';
import {
  type ExchangeProtocol,
  type Marketplace,
  normalizeAddress,
  PostListingRequest,
  type SeaportListingRequest,
  Status,
} from '@floordesk/protocol';
import {
  type Address,
  concat,
  domainSeparator,
  erc1155Abi,
  erc721Abi,
  type Hex,
  hexToBigInt,
  keccak256,
  numberToHex,
  recoverAddress,
  size,
  slice,
  type TypedDataDomain,
} from 'viem';
import type { ChainAccess } from '../../../chain/client';
import type { Result } from '../../../result';

/** A block of the node's chain: the on-chain checks of a listing all read its state. */
export type CheckedBlock = { number: bigint; hash: Hex };

/** A listing that could be filled at `checkedAt`, with the terms the order book keeps. */
export type ValidListing = {
  orderHash: Hex;
  collection: string;
  tokenId: bigint;
  amount: bigint;
  offerer: string;
  /** Wei: what the buyer pays. */
  price: bigint;
  marketplace: Marketplace;
  /** The address the NFT must be approved to: Seaport or its conduit, LooksRare's TransferManager. */
  operator: string;
  /** The nonce that cancels all of the offerer's orders at once: Seaport's counter, LooksRare's ask nonce. */
  counter: bigint;
  /** LooksRare's order and subset nonces; null on Seaport. */
  orderNonce: bigint | null;
  subsetNonce: bigint | null;
  /** Unix seconds, as signed. */
  startTime: bigint;
  endTime: bigint;
  /** LooksRare's merkle tree of an ask signed in a batch, which a fill hands the exchange; null otherwise. */
  merkleTree: MerkleTree | null;
  checkedAt: CheckedBlock;
};

/** The marketplace APIs that serve Seaport orders without their signature and hand it out per fill. */
export type FulfillmentApi = 'opensea';

/**
 * A Seaport order a marketplace API served without its signature (OpenSea's best listings): every check but the
 * signature's is made on arrival, and the signature is asked of `fulfillment_api` for each fill (its fulfillment
 * data), and checked then. Only an in-process connector brings one: the public endpoint's schema requires a signature.
 */
export type UnsignedSeaportListing = Omit<SeaportListingRequest, 'signature'> & {
  signature: null;
  fulfillment_api: FulfillmentApi;
};

/** A listing as the order book takes it: a signed order as posted, or an order an API hands the signature of. */
export type OrderBookRequest = PostListingRequest | UnsignedSeaportListing;

export type ListingRequest<P extends ExchangeProtocol = ExchangeProtocol> = Extract<OrderBookRequest, { protocol: P }>;

/**
 * `fields` read as the order book's request by the public endpoint's schema, signed by `signature`, or, when that is
 * null, an order `fulfillmentApi` hands the signature of; undefined when they do not read as one (only a Seaport order
 * can be unsigned).
 */
export function orderBookRequest(
  fields: Record<string, unknown>,
  signature: string | null,
  fulfillmentApi: FulfillmentApi | null,
): OrderBookRequest | undefined {
  // The schema reads everything but an absent signature, whose place an empty one takes.
  const parsed = PostListingRequest.safeParse({ ...fields, signature: signature ?? '0x' });
  if (!parsed.success) return undefined;
  if (signature !== null) return parsed.data;
  return parsed.data.protocol === 'seaport' && fulfillmentApi
    ? { ...parsed.data, signature: null, fulfillment_api: fulfillmentApi }
    : undefined;
}

/**
 * A listing as a fill carries it: the signed order, as stored, with what proves the signature covers it when it was
 * signed in a batch (LooksRare's merkle tree; a Seaport bulk order's proof is part of its signature). An order an API
 * serves unsigned has no signature until that API hands one out for a fill.
 */
export type SignedListing<P extends ExchangeProtocol = ExchangeProtocol> = Pick<
  ListingRequest<P>,
  'parameters' | 'signature' | ('merkle_tree' & keyof ListingRequest<P>)
> & { fulfillment_api?: FulfillmentApi };

/** What a simulated fill answered: the call's return data and the logs it emitted. */
export type FillResult = { data: Hex; logs: readonly { address: string; topics: readonly string[]; data: string }[] };

/** A fill's calldata, and how to read from its simulated result which of its listings it filled. */
export type FillCall = { data: Hex; filled: (result: FillResult) => readonly boolean[] };

/**
 * One exchange protocol as the order book and the planner use it. The order book has checked the chain id and that
 * the order names the protocol's current exchange before `validate` runs.
 */
export type OrderProtocol<P extends ExchangeProtocol> = {
  /**
   * Whether the order could be filled now: its shape, price and time window first, then its signature and, read from
   * one block (`block()` reads it when first needed), its state on chain. Refuses with the first reason found; a node
   * that cannot be asked throws.
   */
  validate(
    chain: ChainAccess,
    request: ListingRequest<P>,
    now: Date,
    block: () => Promise<CheckedBlock>,
  ): Promise<Result<ValidListing>>;
  /**
   * Calldata that buys `listings` for `buyer` in one transaction to the protocol's exchange, skipping any that
   * cannot fill rather than reverting where the protocol can.
   */
  fill(chain: ChainAccess, listings: readonly SignedListing<P>[], buyer: Address, maximumFulfilled: number): FillCall;
  /**
   * Whether a fill stops after `maximumFulfilled` listings, so that listings behind them can stand by as spares
   * (Seaport's `fulfillAvailable`). A protocol that fills every valid listing it is given takes no spares.
   */
  takesSpares: boolean;
};

/**
 * Whether `signer` signed the order: `recovered` is the account the key's signature recovers to as the protocol reads
 * one (undefined when it cannot read it); otherwise a smart-contract wallet may have signed through ERC-1271, asked
 * with the `digest` and `signature` the protocol's exchange hands to `isValidSignature` (not always those the key
 * signed: Seaport asks a wallet about a bulk order's own digest, with its whole packed signature), which its code
 * answers at `blockNumber`. The recovery costs no chain read, so only a signature that is not the signer's key asks
 * the node.
 */
export async function signedBy(
  { client }: ChainAccess,
  signer: Address,
  { digest, signature, recovered }: { digest: Hex; signature: Hex; recovered: Address | undefined },
  blockNumber: bigint,
): Promise<boolean> {
  if (recovered !== undefined && normalizeAddress(recovered) === normalizeAddress(signer)) return true;
  const code = await client.getCode({ address: signer, blockNumber });
  if (!code || code === '0x') return false;
  return client.verifyHash({ address: signer, hash: digest, signature, blockNumber }).catch(() => false);
}

/** EIP-712's digest of the struct hash `hash` in `domain`: keccak256(0x1901 ‖ domain separator ‖ hash). */
export function eip712Digest(domain: TypedDataDomain, hash: Hex): Hex {
  return keccak256(concat(['0x1901', domainSeparator({ domain }), hash]));
}

export type KeySignature = { r: Hex; s: bigint; v: bigint };

/**
 * A key's signature as the exchanges' ecrecover reads one: 65 bytes with v 27 or 28, or EIP-2098's 64 (the top bit of
 * `s` is the parity); undefined for any other length or v, which recovers no key.
 */
export function keySignatureParts(signature: Hex): KeySignature | undefined {
  const length = size(signature);
  if (length !== 64 && length !== 65) return undefined;
  const r = slice(signature, 0, 32);
  const word = hexToBigInt(slice(signature, 32, 64));
  if (length === 64) return { r, s: word & ((1n << 255n) - 1n), v: (word >> 255n) + 27n };
  const v = hexToBigInt(slice(signature, 64, 65));
  return v === 27n || v === 28n ? { r, s: word, v } : undefined;
}

/** The account a key's signature of `digest` recovers to (`keySignatureParts`), undefined when none. */
export async function recoverSigner(digest: Hex, parts: KeySignature | undefined): Promise<Address | undefined> {
  if (!parts) return undefined;
  const signature = { r: parts.r, s: numberToHex(parts.s, { size: 32 }), v: parts.v };
  return recoverAddress({ hash: digest, signature }).catch(() => undefined);
}

/** A contract call that reverted answers `fallback`; a transport failure still throws (the chain is down). */
function isRevert<T>(fallback: T) {
  return (error: unknown): T => {
    if (error instanceof Error && error.name === 'ContractFunctionExecutionError') return fallback;
    throw error;
  };
}

/** Whether `owner` holds `amount` of the token at `blockNumber` (a token that does not exist is held by nobody). */
export function holds(
  { client }: ChainAccess,
  nft: { collection: Address; tokenId: bigint; amount: bigint; erc721: boolean },
  owner: Address,
  blockNumber: bigint,
): Promise<boolean> {
  return nft.erc721
    ? client
        .readContract({
          address: nft.collection,
          abi: erc721Abi,
          functionName: 'ownerOf',
          args: [nft.tokenId],
          blockNumber,
        })
        .then((holder) => holder.toLowerCase() === owner.toLowerCase(), isRevert(false))
    : client
        .readContract({
          address: nft.collection,
          abi: erc1155Abi,
          functionName: 'balanceOf',
          args: [owner, nft.tokenId],
          blockNumber,
        })
        .then((balance) => balance >= nft.amount, isRevert(false));
}

/** Whether `owner` approved `operator` for all of the collection's tokens at `blockNumber`. */
export function approvedForAll(
  { client }: ChainAccess,
  collection: Address,
  owner: Address,
  operator: Address,
  blockNumber: bigint,
): Promise<boolean> {
  return client
    .readContract({
      address: collection,
      abi: erc721Abi,
      functionName: 'isApprovedForAll',
      args: [owner, operator],
      blockNumber,
    })
    .catch(isRevert(false));
}

/**
 * Why a listing signed for `startTime`..`endTime` (Unix seconds) cannot fill at `now`, if it cannot: over (or never
 * open), or not yet started. An order that ends at `now` counts as over on every protocol, although LooksRare fills
 * one in its last second.
 */
export function timeWindowRefusal(startTime: bigint, endTime: bigint, now: Date) {
  const nowSeconds = BigInt(Math.floor(now.getTime() / 1000));
  if (endTime <= nowSeconds || startTime >= endTime) return Status.ListingExpired;
  if (startTime > nowSeconds) return Status.ListingNotStarted;
  return undefined;
}
