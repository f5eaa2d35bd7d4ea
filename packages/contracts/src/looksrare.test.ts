import { zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  CollectionType,
  type LooksRareMaker,
  multipleTakerBidArgs,
  NO_MERKLE_TREE,
  QuoteType,
  STANDARD_SALE_STRATEGY,
  takerBidArgs,
} from './looksrare';

/** A maker ask of `tokenId`, as a seller signs one. */
function ask(tokenId: bigint): LooksRareMaker {
  return {
    quoteType: QuoteType.Ask,
    globalNonce: 5n,
    subsetNonce: 6n,
    orderNonce: 2n ** 63n,
    strategyId: STANDARD_SALE_STRATEGY,
    collectionType: CollectionType.Erc721,
    collection: '0x4444444444444444444444444444444444444444',
    currency: zeroAddress,
    signer: '0x1111111111111111111111111111111111111111',
    startTime: 1_000n,
    endTime: 2_000n,
    price: 10n ** 18n,
    itemIds: [tokenId],
    amounts: [1n],
    additionalParameters: '0x',
  };
}

describe('LooksRare taker bids', () => {
  const asks = [1n, 2n, 3n].map((tokenId) => ({
    maker: ask(tokenId),
    signature: `0x${tokenId.toString().repeat(130)}` as const,
  }));

  it('buys an ask for whoever sends the transaction, without a merkle tree or an affiliate', () => {
    const [first] = asks;
    if (!first) throw new Error('no ask');
    expect(takerBidArgs(first)).toEqual([
      { recipient: zeroAddress, additionalParameters: '0x' },
      first.maker,
      first.signature,
      NO_MERKLE_TREE,
      zeroAddress,
    ]);
  });

  it('sweeps several asks with their signatures in step, atomically only when asked', () => {
    const [takers, makers, signatures, trees, affiliate, atomic] = multipleTakerBidArgs(asks, false);
    expect(takers).toHaveLength(3);
    expect(makers.map((maker) => maker.itemIds)).toEqual([[1n], [2n], [3n]]);
    expect(signatures).toEqual(asks.map((signed) => signed.signature));
    expect(trees).toEqual([NO_MERKLE_TREE, NO_MERKLE_TREE, NO_MERKLE_TREE]);
    expect({ affiliate, atomic }).toEqual({ affiliate: zeroAddress, atomic: false });
    expect(multipleTakerBidArgs(asks, true)[5]).toBe(true);
  });
});
