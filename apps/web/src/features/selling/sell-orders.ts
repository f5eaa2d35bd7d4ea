import {
  listingOrder,
  looksRareAsk,
  looksRareBatchTypedData,
  type LooksRareMaker,
  looksRareMerkleTrees,
  looksRareTypedData,
  makerToJson,
  type MerkleTree,
  type OrderComponents,
  orderToJson,
  seaportBulkSignatures,
  seaportBulkTypedData,
  seaportTypedData,
} from '@floordesk/contracts/orders';
import type {
  LooksRareMerkleTree,
  PostListingRequest,
  SellMarketplace,
  SellPrepareData,
  SellToken,
  SellVenue,
  SellWallet,
} from '@floordesk/protocol';
import { type Address, type Hex, zeroAddress } from 'viem';
import { netProceeds, shareOf } from './price';

/** A token's key in the dialog: its collection and id. */
export const tokenKey = (token: { collection: string; token_id: string }) =>
  `${token.collection.toLowerCase()}:${token.token_id}`;

/** One listing as the dialog shows it: a token on a marketplace, at a price, until a time. */
export type ShownListing = {
  token: SellToken;
  marketplace: SellMarketplace;
  priceWei: bigint;
  /** Unix seconds. */
  endTime: bigint;
};

/**
 * The royalty a listing pays, basis points: the token's ERC-2981 share, none when the collection names no
 * recipient (there is nobody to pay, and LooksRare's exchange pays nobody either).
 */
export const royaltyBpsOf = (token: SellToken) => (token.royalty_recipient === null ? 0 : token.royalty_bps);

/** What a listing pays whom when it sells, from the price shown: the seller, the marketplace, the creator. */
export type Payouts = { proceeds: bigint; fee: bigint; royalty: bigint };

export function payoutsOf(listing: ShownListing, venue: SellVenue): Payouts {
  const royaltyBps = royaltyBpsOf(listing.token);
  return {
    proceeds: netProceeds(listing.priceWei, venue.fee_bps, royaltyBps),
    fee: shareOf(listing.priceWei, venue.fee_bps),
    royalty: shareOf(listing.priceWei, royaltyBps),
  };
}

/** The listings of one marketplace with the orders built for them, in the same order. */
export type MarketplaceOrders =
  | { marketplace: 'opensea'; venue: SellVenue; listings: ShownListing[]; orders: OrderComponents[] }
  | { marketplace: 'looks'; venue: SellVenue; listings: ShownListing[]; orders: LooksRareMaker[] };

export type OrderTimes = {
  /** Unix seconds the listings start: a minute ago, so that a wallet clock or node a little behind reads it as live. */
  startTime: bigint;
  /** A random 64-bit number: Seaport's salt, LooksRare's order nonce. */
  random: () => bigint;
};

/** A minute back from now, in seconds: a listing is live even to a node whose clock runs a little behind. */
export const START_SKEW_S = 60;

function venueOf(data: SellPrepareData, marketplace: SellMarketplace): SellVenue {
  const venue = data.venues.find((candidate) => candidate.marketplace === marketplace);
  if (!venue) throw new Error(`the server named no terms for ${marketplace}`);
  return venue;
}

function walletOf(data: SellPrepareData, address: string): SellWallet {
  const wallet = data.wallets.find((candidate) => candidate.wallet.toLowerCase() === address.toLowerCase());
  if (!wallet) throw new Error(`the server named no nonces for ${address}`);
  return wallet;
}

/**
 * A Seaport listing (OpenSea's shape): the seller's proceeds, the marketplace fee, then the royalty. A royalty of
 * nothing (no recipient, or a price too small to owe one) is left out: a zero payment to nobody has no place in it.
 */
function seaportOrder(listing: ShownListing, venue: SellVenue, wallet: SellWallet, times: OrderTimes) {
  const { token } = listing;
  const order = listingOrder({
    offerer: token.wallet as Address,
    token: { address: token.collection as Address, standard: token.standard, royaltyBps: royaltyBpsOf(token) },
    tokenId: BigInt(token.token_id),
    amount: BigInt(token.amount),
    priceWei: listing.priceWei,
    marketplace: {
      conduitKey: venue.conduit_key as Hex,
      feeRecipient: venue.fee_recipient as Address,
      feeBps: venue.fee_bps,
    },
    royaltyRecipient: (token.royalty_recipient ?? zeroAddress) as Address,
    startTime: times.startTime,
    endTime: listing.endTime,
    salt: times.random(),
    counter: BigInt(wallet.seaport_counter),
  });
  const [proceeds, fee, royalty] = order.consideration;
  return { ...order, consideration: royalty!.startAmount > 0n ? [proceeds!, fee!, royalty!] : [proceeds!, fee!] };
}

function looksRareOrder(listing: ShownListing, wallet: SellWallet, times: OrderTimes): LooksRareMaker {
  const { token } = listing;
  return looksRareAsk({
    signer: token.wallet as Address,
    collection: token.collection as Address,
    standard: token.standard,
    tokenId: BigInt(token.token_id),
    amount: BigInt(token.amount),
    priceWei: listing.priceWei,
    startTime: times.startTime,
    endTime: listing.endTime,
    globalNonce: BigInt(wallet.looksrare_ask_nonce),
    // One subset for every ask: FloorDesk cancels asks by their own order nonce.
    subsetNonce: 0n,
    orderNonce: times.random(),
  });
}

/** The orders for `listings` (all of one marketplace), built from exactly the values the dialog shows. */
export function buildOrders(
  data: SellPrepareData,
  marketplace: SellMarketplace,
  listings: ShownListing[],
  times: OrderTimes,
): MarketplaceOrders {
  const venue = venueOf(data, marketplace);
  const walletFor = (listing: ShownListing) => walletOf(data, listing.token.wallet);
  if (marketplace === 'opensea') {
    const orders = listings.map((listing) => seaportOrder(listing, venue, walletFor(listing), times));
    return { marketplace, venue, listings, orders };
  }
  return {
    marketplace,
    venue,
    listings,
    orders: listings.map((listing) => looksRareOrder(listing, walletFor(listing), times)),
  };
}

/** What the wallet signs for a marketplace: the order itself for one token, the bulk tree of all for several. */
export type SellTypedData =
  | ReturnType<typeof seaportTypedData>
  | ReturnType<typeof seaportBulkTypedData>
  | ReturnType<typeof looksRareTypedData>
  | ReturnType<typeof looksRareBatchTypedData>;

export function typedDataOf(batch: MarketplaceOrders, chainId: number): SellTypedData {
  const exchange = batch.venue.protocol_address as Address;
  if (batch.marketplace === 'opensea') {
    const [only] = batch.orders;
    return batch.orders.length === 1
      ? seaportTypedData(only!, chainId, exchange)
      : seaportBulkTypedData(batch.orders, chainId, exchange);
  }
  const [only] = batch.orders;
  return batch.orders.length === 1
    ? looksRareTypedData(only!, chainId, exchange)
    : looksRareBatchTypedData(batch.orders, chainId, exchange);
}

/** A maker's merkle tree as the order book reads it: each node's side is MerkleTreeNodePosition's 0 or 1. */
function merkleTreeJson(tree: MerkleTree): LooksRareMerkleTree {
  return { root: tree.root, proof: tree.proof.map(({ value, position }) => ({ value, position })) };
}

/** The order book's request for each signed order of `batch`, in its order. */
export function postRequestsOf(batch: MarketplaceOrders, chainId: number, signature: Hex): PostListingRequest[] {
  const signed = { chain_id: chainId, protocol_address: batch.venue.protocol_address };
  if (batch.marketplace === 'opensea') {
    const signatures = batch.orders.length === 1 ? [signature] : seaportBulkSignatures(batch.orders, signature);
    return batch.orders.map((order, index) => ({
      protocol: 'seaport',
      ...signed,
      parameters: orderToJson(order),
      signature: signatures[index]!,
    }));
  }
  const trees = batch.orders.length === 1 ? null : looksRareMerkleTrees(batch.orders).map(merkleTreeJson);
  return batch.orders.map((maker, index) => ({
    protocol: 'looksrare-v2',
    ...signed,
    parameters: makerToJson(maker),
    signature,
    ...(trees ? { merkle_tree: trees[index]! } : {}),
  }));
}
