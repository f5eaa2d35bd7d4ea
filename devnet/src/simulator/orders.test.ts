import {
  CollectionType,
  type ListingTerms,
  listingOrder,
  type LooksRareAskTerms,
  looksRareAsk,
  orderPrice,
  QuoteType,
  type SignedOrder,
  STANDARD_SALE_STRATEGY,
} from '@floordesk/contracts';
import { type Address, parseEther, zeroAddress, zeroHash } from 'viem';
import { describe, expect, it } from 'vitest';
import { toLooksRarePostListing, toPostListing } from './orders';

const SELLER: Address = '0x1111111111111111111111111111111111111111';
const FEE_RECIPIENT: Address = '0x0000a26b00c1f0df003000390027140000faa719';
const CREATOR: Address = '0x3333333333333333333333333333333333333333';
const COLLECTION: Address = '0x4444444444444444444444444444444444444444';
const CONDUIT_KEY = `0x${'ab'.repeat(32)}` as const;

function terms(overrides: Partial<ListingTerms> = {}): ListingTerms {
  return {
    offerer: SELLER,
    token: { address: COLLECTION, standard: 'erc721', royaltyBps: 500 },
    tokenId: 7n,
    amount: 1n,
    priceWei: parseEther('1'),
    marketplace: { conduitKey: CONDUIT_KEY, feeRecipient: FEE_RECIPIENT, feeBps: 250 },
    royaltyRecipient: CREATOR,
    startTime: 1_000n,
    endTime: 2_000n,
    salt: 42n,
    counter: 0n,
    ...overrides,
  };
}

function signed(overrides: Partial<ListingTerms> = {}): SignedOrder {
  return { order: listingOrder(terms(overrides)), signature: `0x${'11'.repeat(65)}` };
}

describe('listingOrder', () => {
  it('pays the seller first, then the marketplace fee, then the royalty, adding up to the price', () => {
    const order = listingOrder(terms());
    expect(order.consideration.map((item) => [item.recipient, item.startAmount])).toEqual([
      [SELLER, parseEther('0.925')],
      [FEE_RECIPIENT, parseEther('0.025')],
      [CREATOR, parseEther('0.05')],
    ]);
    expect(order.consideration.every((item) => item.itemType === 0 && item.startAmount === item.endAmount)).toBe(true);
    expect(orderPrice(order)).toBe(parseEther('1'));
  });

  it('offers exactly one NFT, full open, with no zone', () => {
    const order = listingOrder(
      terms({ token: { address: COLLECTION, standard: 'erc1155', royaltyBps: 0 }, amount: 3n }),
    );
    expect(order.offer).toEqual([
      { itemType: 3, token: COLLECTION, identifierOrCriteria: 7n, startAmount: 3n, endAmount: 3n },
    ]);
    expect(order.orderType).toBe(0);
    expect(order.zone).toBe(zeroAddress);
    expect(order.zoneHash).toBe(zeroHash);
  });

  it('keeps every wei of an odd price: rounding goes to the seller', () => {
    const order = listingOrder(terms({ priceWei: 999_999n }));
    expect(orderPrice(order)).toBe(999_999n);
  });
});

describe('toPostListing', () => {
  it('writes every uint as a decimal string, as OpenSea serves listings', () => {
    const listing = toPostListing(signed({ tokenId: 2n ** 200n }), 31337, COLLECTION);
    expect(listing.chain_id).toBe(31337);
    expect(listing.parameters.offer[0]?.identifierOrCriteria).toBe((2n ** 200n).toString());
    expect(listing.parameters.consideration[0]?.startAmount).toBe(parseEther('0.925').toString());
    expect(listing.parameters.counter).toBe('0');
    expect(listing.parameters.conduitKey).toBe(CONDUIT_KEY);
  });
});

function askTerms(overrides: Partial<LooksRareAskTerms> = {}): LooksRareAskTerms {
  return {
    signer: SELLER,
    collection: COLLECTION,
    standard: 'erc721',
    tokenId: 7n,
    amount: 1n,
    priceWei: parseEther('1'),
    startTime: 1_000n,
    endTime: 2_000n,
    globalNonce: 5n,
    subsetNonce: 6n,
    orderNonce: 2n ** 63n,
    ...overrides,
  };
}

describe('looksRareAsk', () => {
  it("asks the standard sale of one NFT for ETH at the buyer's whole price, with the three nonces it is given", () => {
    expect(looksRareAsk(askTerms({ standard: 'erc1155', amount: 3n }))).toEqual({
      quoteType: QuoteType.Ask,
      globalNonce: 5n,
      subsetNonce: 6n,
      orderNonce: 2n ** 63n,
      strategyId: STANDARD_SALE_STRATEGY,
      collectionType: CollectionType.Erc1155,
      collection: COLLECTION,
      currency: zeroAddress,
      signer: SELLER,
      startTime: 1_000n,
      endTime: 2_000n,
      price: parseEther('1'),
      itemIds: [7n],
      amounts: [3n],
      additionalParameters: '0x',
    });
    expect(looksRareAsk(askTerms()).collectionType).toBe(CollectionType.Erc721);
  });
});

describe('toLooksRarePostListing', () => {
  it('writes every uint as a decimal string, as LooksRare serves orders', () => {
    const listing = toLooksRarePostListing(looksRareAsk(askTerms()), `0x${'11'.repeat(65)}`, 31337, COLLECTION);
    expect(listing).toMatchObject({ protocol: 'looksrare-v2', chain_id: 31337, protocol_address: COLLECTION });
    expect(listing.parameters).toMatchObject({
      orderNonce: (2n ** 63n).toString(),
      price: parseEther('1').toString(),
      itemIds: ['7'],
      amounts: ['1'],
    });
  });
});
