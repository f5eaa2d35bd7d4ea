import {
  type Address,
  encodeAbiParameters,
  parseAbiParameters,
  parseEther,
  zeroAddress,
  zeroHash,
} from 'viem';
import { describe, expect, it } from 'vitest';
import {
  basicOrderArgs,
  type ListingTerms,
  listingOrder,
  orderPrice,
  type SignedOrder,
  sweepArgs,
  sweepAvailability,
  toPostListing,
} from './orders';

const SELLER: Address = '0x1111111111111111111111111111111111111111';
const BUYER: Address = '0x2222222222222222222222222222222222222222';
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
    const order = listingOrder(terms({ token: { address: COLLECTION, standard: 'erc1155', royaltyBps: 0 }, amount: 3n }));
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

describe('basicOrderArgs', () => {
  it('carries the seller payment as the consideration and the rest as additional recipients', () => {
    const [parameters] = basicOrderArgs(signed());
    expect(parameters.basicOrderType).toBe(0);
    expect(parameters.considerationAmount).toBe(parseEther('0.925'));
    expect(parameters.additionalRecipients).toEqual([
      { amount: parseEther('0.025'), recipient: FEE_RECIPIENT },
      { amount: parseEther('0.05'), recipient: CREATOR },
    ]);
    expect(parameters.totalOriginalAdditionalRecipients).toBe(2n);
    expect(parameters.offererConduitKey).toBe(CONDUIT_KEY);
    expect(parameters.fulfillerConduitKey).toBe(zeroHash);
  });

  it('routes ERC-1155 listings as ETH_TO_ERC1155_FULL_OPEN', () => {
    const [parameters] = basicOrderArgs(signed({ token: { address: COLLECTION, standard: 'erc1155', royaltyBps: 500 } }));
    expect(parameters.basicOrderType).toBe(4);
  });
});

describe('sweepArgs', () => {
  it('gives every item of every order a fulfillment of its own and fills at most all of them', () => {
    const [orders, resolvers, offers, considerations, conduitKey, recipient, maximumFulfilled] = sweepArgs(
      [signed(), signed({ tokenId: 8n })],
      BUYER,
    );
    expect(orders.map((order) => [order.numerator, order.denominator])).toEqual([
      [1n, 1n],
      [1n, 1n],
    ]);
    expect(orders[0]?.parameters.totalOriginalConsiderationItems).toBe(3n);
    expect(resolvers).toEqual([]);
    expect(offers).toEqual([[{ orderIndex: 0n, itemIndex: 0n }], [{ orderIndex: 1n, itemIndex: 0n }]]);
    expect(considerations).toEqual(
      [0n, 1n].flatMap((orderIndex) => [0n, 1n, 2n].map((itemIndex) => [{ orderIndex, itemIndex }])),
    );
    expect(conduitKey).toBe(zeroHash);
    expect(recipient).toBe(BUYER);
    expect(maximumFulfilled).toBe(2n);
  });
});

describe('sweepAvailability', () => {
  it("reads which orders Seaport would fill from fulfillAvailableAdvancedOrders' answer", () => {
    const answer = encodeAbiParameters(
      parseAbiParameters(
        'bool[], ((uint8, address, uint256, uint256, address), address, bytes32)[]',
      ),
      [[true, false], [[[2, COLLECTION, 7n, 1n, BUYER], SELLER, CONDUIT_KEY]]],
    );
    expect(sweepAvailability(answer)).toEqual([true, false]);
  });
});
