import { CollectionType, ItemType, QuoteType } from '@floordesk/contracts/orders';
import type { SellVenue } from '@floordesk/protocol';
import { zeroAddress } from 'viem';
import { payoutsOf, type SellTypedData, type ShownListing } from './sell-orders';

/** What differs: the payload's chain or exchange, its orders, or a term of one of them. */
export const MISMATCH_FIELDS = [
  'chain',
  'exchange',
  'orders',
  'seller',
  'token',
  'price',
  'proceeds',
  'fee',
  'royalty',
  'end_time',
  'terms',
] as const;
export type MismatchField = (typeof MISMATCH_FIELDS)[number];

/** The first difference, and the listing it is in (its index among those shown), when it is in one. */
export type Mismatch = { field: MismatchField; listing: number | null };

/**
 * The last look before the wallet opens: does the payload about to be signed say exactly what the dialog showed?
 * It reads the payload as the wallet will (its domain, then each order, or each leaf of a bulk tree in turn) and
 * compares every term the trader saw (token, price, end, who is paid what) with the listing as shown, computed
 * again from the on-screen values rather than taken from the builder. The first difference is the answer; null
 * when there is none.
 */
export function signedMismatch(
  payload: SellTypedData,
  shown: readonly ShownListing[],
  venue: SellVenue,
  chainId: number,
): Mismatch | null {
  const { domain } = payload;
  if (domain.chainId !== chainId) return { field: 'chain', listing: null };
  if (!same(domain.verifyingContract, venue.protocol_address)) return { field: 'exchange', listing: null };
  const leaves = leavesOf(payload) as Order[];
  // A bulk tree pads its leaves with empty orders, which no one can fill; anything else there was never shown.
  if (leaves.length < shown.length || leaves.slice(shown.length).some((leaf) => !isPadding(leaf))) {
    return { field: 'orders', listing: null };
  }
  const check = venue.marketplace === 'opensea' ? seaportMismatch : looksRareMismatch;
  for (const [index, listing] of shown.entries()) {
    const field = check(leaves[index]!, listing, venue);
    if (field) return { field, listing: index };
  }
  return null;
}

type Item = {
  itemType: number;
  token: string;
  identifierOrCriteria: bigint;
  startAmount: bigint;
  endAmount: bigint;
  recipient?: string;
};
/** An order of either exchange, as the payload carries it: read field by field, trusting nothing. */
type Order = Record<string, unknown> & {
  offerer?: string;
  offer?: Item[];
  consideration?: Item[];
  signer?: string;
  itemIds?: bigint[];
  amounts?: bigint[];
};

const same = (a: unknown, b: string | null) =>
  typeof a === 'string' && b !== null && a.toLowerCase() === b.toLowerCase();

/** The orders a payload signs: its message alone, or the leaves of its bulk tree from left to right. */
function leavesOf(payload: SellTypedData): unknown[] {
  if (payload.primaryType === 'OrderComponents' || payload.primaryType === 'Maker') return [payload.message];
  const flatten = (node: unknown): unknown[] => (Array.isArray(node) ? node.flatMap(flatten) : [node]);
  return flatten(payload.message.tree);
}

function isPadding(order: Order): boolean {
  return (order.offerer ?? order.signer) === zeroAddress;
}

/** A payment of a fixed amount of ETH to `recipient`, as every item a FloorDesk listing asks for is. */
function paysEth(item: Item | undefined, amount: bigint, recipient: string | null): boolean {
  return (
    item !== undefined &&
    item.itemType === ItemType.Native &&
    item.token === zeroAddress &&
    item.startAmount === amount &&
    item.endAmount === amount &&
    same(item.recipient, recipient)
  );
}

function seaportMismatch(order: Order, listing: ShownListing, venue: SellVenue): MismatchField | null {
  const { token } = listing;
  const { proceeds, fee, royalty } = payoutsOf(listing, venue);
  const [nft, ...moreOffered] = order.offer ?? [];
  const amount = BigInt(token.amount);
  const itemType = token.standard === 'erc721' ? ItemType.Erc721 : ItemType.Erc1155;
  if (!same(order.offerer, token.wallet)) return 'seller';
  if (
    moreOffered.length > 0 ||
    nft?.itemType !== itemType ||
    !same(nft.token, token.collection) ||
    nft.identifierOrCriteria !== BigInt(token.token_id) ||
    nft.startAmount !== amount ||
    nft.endAmount !== amount
  ) {
    return 'token';
  }
  const consideration = order.consideration ?? [];
  const paid = consideration.reduce((sum, item) => sum + item.startAmount, 0n);
  if (paid !== listing.priceWei) return 'price';
  const [toSeller, toMarketplace, toCreator, ...others] = consideration;
  if (!paysEth(toSeller, proceeds, token.wallet)) return 'proceeds';
  if (!paysEth(toMarketplace, fee, venue.fee_recipient)) return 'fee';
  const royaltyShown = royalty > 0n ? paysEth(toCreator, royalty, token.royalty_recipient) : toCreator === undefined;
  if (!royaltyShown || others.length > 0) return 'royalty';
  if (order.endTime !== listing.endTime) return 'end_time';
  if (order.zone !== zeroAddress || order.orderType !== 0 || !same(order.conduitKey, venue.conduit_key)) {
    return 'terms';
  }
  return null;
}

function looksRareMismatch(maker: Order, listing: ShownListing): MismatchField | null {
  const { token } = listing;
  const collectionType = token.standard === 'erc721' ? CollectionType.Erc721 : CollectionType.Erc1155;
  // LooksRare pays the signer, less the exchange's fee and the royalty, which it takes itself.
  if (!same(maker.signer, token.wallet)) return 'seller';
  if (
    maker.quoteType !== QuoteType.Ask ||
    maker.strategyId !== 0n ||
    maker.currency !== zeroAddress ||
    maker.additionalParameters !== '0x'
  ) {
    return 'terms';
  }
  if (
    maker.collectionType !== collectionType ||
    !same(maker.collection, token.collection) ||
    maker.itemIds?.length !== 1 ||
    maker.itemIds[0] !== BigInt(token.token_id) ||
    maker.amounts?.length !== 1 ||
    maker.amounts[0] !== BigInt(token.amount)
  ) {
    return 'token';
  }
  if (maker.price !== listing.priceWei) return 'price';
  if (maker.endTime !== listing.endTime) return 'end_time';
  return null;
}
