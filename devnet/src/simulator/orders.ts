import { ethPayment, ItemType, type OrderComponents, orderToJson, type SignedOrder } from '@floordesk/contracts';
import type { PostListingRequest } from '@floordesk/protocol';
import { type Address, type Hex, zeroAddress, zeroHash } from 'viem';

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

/** OpenSea's v2 listing body: every uint as a decimal string. */
export function toPostListing(signed: SignedOrder, chainId: number, seaport: Address): PostListingRequest {
  return {
    chain_id: chainId,
    protocol_address: seaport,
    parameters: orderToJson(signed.order),
    signature: signed.signature,
  };
}
