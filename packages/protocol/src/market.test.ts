import { describe, expect, it } from 'vitest';
import { ListingSignature, PostListingRequest, UintString } from './market';

const MAX_UINT256 = 2n ** 256n - 1n;

describe('UintString', () => {
  it('takes every uint256, 0 to 2^256 − 1', () => {
    for (const value of [0n, 1n, 10n ** 77n, MAX_UINT256])
      expect(UintString.safeParse(value.toString()).success).toBe(true);
  });

  it('refuses what no uint256 field can hold, with one message', () => {
    for (const text of [
      (MAX_UINT256 + 1n).toString(),
      '9'.repeat(78),
      '1'.padEnd(79, '0'),
      '-1',
      '01',
      '1.5',
      '0x10',
      '',
    ]) {
      expect(UintString.safeParse(text).error?.issues.map((issue) => issue.message)).toEqual([
        'must be a whole number from 0 to 2^256 − 1, in decimal',
      ]);
    }
  });
});

describe('PostListingRequest', () => {
  it('bounds the signature: a bulk order fits, five kilobytes of hex do not', () => {
    const shape = ListingSignature;
    expect(shape.safeParse(`0x${'ab'.repeat(65 + 3 + 24 * 32)}`).success).toBe(true);
    expect(shape.safeParse(`0x${'ab'.repeat(5000)}`).success).toBe(false);
  });

  it("takes each protocol's own order, and no order under another protocol's name", () => {
    const maker = {
      quoteType: 1,
      globalNonce: '0',
      subsetNonce: '0',
      orderNonce: '7',
      strategyId: '0',
      collectionType: 0,
      collection: `0x${'11'.repeat(20)}`,
      currency: `0x${'00'.repeat(20)}`,
      signer: `0x${'22'.repeat(20)}`,
      startTime: '1',
      endTime: '2',
      price: '1000',
      itemIds: ['5'],
      amounts: ['1'],
      additionalParameters: '0x',
    };
    const signed = { chain_id: 1, protocol_address: `0x${'33'.repeat(20)}`, signature: `0x${'ab'.repeat(65)}` };
    expect(PostListingRequest.safeParse({ ...signed, protocol: 'looksrare-v2', parameters: maker }).success).toBe(true);
    expect(PostListingRequest.safeParse({ ...signed, protocol: 'seaport', parameters: maker }).success).toBe(false);
    expect(PostListingRequest.safeParse({ ...signed, parameters: maker }).success).toBe(false);
  });
});
