import { type Address, encodeAbiParameters, parseAbiParameters, parseEther, zeroAddress, zeroHash } from 'viem';
import { describe, expect, it } from 'vitest';
import { basicOrderArgs, ethPayment, orderPrice, type SignedOrder, sweepArgs, sweepAvailability } from './fills';
import { ItemType } from './seaport';

const SELLER: Address = '0x1111111111111111111111111111111111111111';
const OTHER_SELLER: Address = '0x5555555555555555555555555555555555555555';
const BUYER: Address = '0x2222222222222222222222222222222222222222';
const FEE_RECIPIENT: Address = '0x0000a26b00c1f0df003000390027140000faa719';
const CREATOR: Address = '0x3333333333333333333333333333333333333333';
const COLLECTION: Address = '0x4444444444444444444444444444444444444444';
const CONDUIT_KEY = `0x${'ab'.repeat(32)}` as const;

/** A 1 ETH listing as marketplaces build them: seller, then the 2.5% fee, then a 5% royalty. */
function listing({ tokenId = 7n, seller = SELLER, itemType = ItemType.Erc721 as number } = {}): SignedOrder {
  return {
    order: {
      offerer: seller,
      zone: zeroAddress,
      offer: [{ itemType, token: COLLECTION, identifierOrCriteria: tokenId, startAmount: 1n, endAmount: 1n }],
      consideration: [
        ethPayment(parseEther('0.925'), seller),
        ethPayment(parseEther('0.025'), FEE_RECIPIENT),
        ethPayment(parseEther('0.05'), CREATOR),
      ],
      orderType: 0,
      startTime: 1_000n,
      endTime: 2_000n,
      zoneHash: zeroHash,
      salt: 42n,
      conduitKey: CONDUIT_KEY,
      counter: 0n,
    },
    signature: `0x${'11'.repeat(65)}`,
  };
}

describe('orderPrice', () => {
  it('is every consideration item added up', () => {
    expect(orderPrice(listing().order)).toBe(parseEther('1'));
  });
});

describe('basicOrderArgs', () => {
  it('carries the seller payment as the consideration and the rest as additional recipients', () => {
    const [parameters] = basicOrderArgs(listing());
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
    const [parameters] = basicOrderArgs(listing({ itemType: ItemType.Erc1155 }));
    expect(parameters.basicOrderType).toBe(4);
  });
});

const c = (orderIndex: bigint, itemIndex: bigint) => ({ orderIndex, itemIndex });

describe('sweepArgs', () => {
  it('gives each NFT its own fulfillment and pays each recipient once for the whole sweep', () => {
    const [orders, resolvers, offers, considerations, conduitKey, recipient, maximumFulfilled] = sweepArgs(
      [listing(), listing({ tokenId: 8n, seller: OTHER_SELLER }), listing({ tokenId: 9n })],
      BUYER,
    );
    expect(orders.map((order) => [order.numerator, order.denominator])).toEqual([
      [1n, 1n],
      [1n, 1n],
      [1n, 1n],
    ]);
    expect(orders[0]?.parameters.totalOriginalConsiderationItems).toBe(3n);
    expect(resolvers).toEqual([]);
    expect(offers).toEqual([0n, 1n, 2n].map((orderIndex) => [{ orderIndex, itemIndex: 0n }]));
    expect(considerations).toEqual([
      [c(0n, 0n), c(2n, 0n)], // SELLER, twice
      [c(0n, 1n), c(1n, 1n), c(2n, 1n)], // the marketplace fee
      [c(0n, 2n), c(1n, 2n), c(2n, 2n)], // the royalty
      [c(1n, 0n)], // OTHER_SELLER
    ]);
    expect(conduitKey).toBe(zeroHash);
    expect(recipient).toBe(BUYER);
    expect(maximumFulfilled).toBe(3n);
  });

  it('fills only the first orders it is asked to, keeping the rest as spares', () => {
    const args = sweepArgs([listing(), listing({ tokenId: 8n }), listing({ tokenId: 9n })], BUYER, 2);
    expect(args[0]).toHaveLength(3);
    expect(args[6]).toBe(2n);
  });
});

describe('sweepAvailability', () => {
  it("reads which orders Seaport would fill from fulfillAvailableAdvancedOrders' answer", () => {
    const answer = encodeAbiParameters(
      parseAbiParameters('bool[], ((uint8, address, uint256, uint256, address), address, bytes32)[]'),
      [[true, false], [[[2, COLLECTION, 7n, 1n, BUYER], SELLER, CONDUIT_KEY]]],
    );
    expect(sweepAvailability(answer)).toEqual([true, false]);
  });
});
