import { type Address, type Hex, zeroAddress, zeroHash } from 'viem';
import { ethPayment } from './fills';
import { CollectionType, type LooksRareMaker, QuoteType, STANDARD_SALE_STRATEGY } from './looksrare';
import { ItemType, type OrderComponents } from './seaport';

/**
 * Listings as the marketplaces' own front ends build them, for a seller to sign: FloorDesk's sell dialog, the devnet's
 * traders and the tests all list through these.
 */

/** Seaport's FULL_OPEN: anyone may fill, and only all of it at once. */
const FULL_OPEN = 0;
const BPS = 10_000n;

export type ListingTerms = {
  offerer: Address;
  token: { address: Address; standard: 'erc721' | 'erc1155'; royaltyBps: number };
  tokenId: bigint;
  amount: bigint;
  /** What the buyer pays in all; the seller gets it less the marketplace fee and the royalty. */
  priceWei: bigint;
  marketplace: { conduitKey: Hex; feeRecipient: Address; feeBps: number };
  royaltyRecipient: Address;
  startTime: bigint;
  endTime: bigint;
  salt: bigint;
  counter: bigint;
};

/** A listing as marketplaces build them: one NFT offered for ETH to the seller, then the fee, then the royalty. */
export function listingOrder(terms: ListingTerms): OrderComponents {
  const fee = (terms.priceWei * BigInt(terms.marketplace.feeBps)) / BPS;
  const royalty = (terms.priceWei * BigInt(terms.token.royaltyBps)) / BPS;
  return {
    offerer: terms.offerer,
    zone: zeroAddress,
    offer: [
      {
        itemType: terms.token.standard === 'erc721' ? ItemType.Erc721 : ItemType.Erc1155,
        token: terms.token.address,
        identifierOrCriteria: terms.tokenId,
        startAmount: terms.amount,
        endAmount: terms.amount,
      },
    ],
    consideration: [
      ethPayment(terms.priceWei - fee - royalty, terms.offerer),
      ethPayment(fee, terms.marketplace.feeRecipient),
      ethPayment(royalty, terms.royaltyRecipient),
    ],
    orderType: FULL_OPEN,
    startTime: terms.startTime,
    endTime: terms.endTime,
    zoneHash: zeroHash,
    salt: terms.salt,
    conduitKey: terms.marketplace.conduitKey,
    counter: terms.counter,
  };
}

export type LooksRareAskTerms = {
  signer: Address;
  collection: Address;
  standard: 'erc721' | 'erc1155';
  tokenId: bigint;
  amount: bigint;
  /** What the buyer pays in all; the exchange takes its fee and the royalty out of it. */
  priceWei: bigint;
  startTime: bigint;
  endTime: bigint;
  /** The signer's current ask nonce (`userBidAskNonces`): a new one cancels every ask signed with an older one. */
  globalNonce: bigint;
  /** Cancelled together with every ask sharing it (`cancelSubsetNonces`). */
  subsetNonce: bigint;
  /** Spent by the trade that fills the ask, or cancelled alone (`cancelOrderNonces`). */
  orderNonce: bigint;
};

/** A LooksRare v2 maker ask as LooksRare's own front end builds one: the standard sale of one NFT for ETH. */
export function looksRareAsk(terms: LooksRareAskTerms): LooksRareMaker {
  return {
    quoteType: QuoteType.Ask,
    globalNonce: terms.globalNonce,
    subsetNonce: terms.subsetNonce,
    orderNonce: terms.orderNonce,
    strategyId: STANDARD_SALE_STRATEGY,
    collectionType: terms.standard === 'erc721' ? CollectionType.Erc721 : CollectionType.Erc1155,
    collection: terms.collection,
    currency: zeroAddress,
    signer: terms.signer,
    startTime: terms.startTime,
    endTime: terms.endTime,
    price: terms.priceWei,
    itemIds: [terms.tokenId],
    amounts: [terms.amount],
    additionalParameters: '0x',
  };
}
