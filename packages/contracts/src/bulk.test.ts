import { concat, domainSeparator, type Hex, hashTypedData, keccak256, recoverAddress, zeroAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  bulkHeight,
  looksRareBatchTypedData,
  looksRareBatchTypeHash,
  looksRareMerkleTrees,
  looksRareSignedHash,
  seaportBulkOrderHash,
  seaportBulkSignatures,
  seaportBulkTypedData,
  seaportBulkTypeHash,
} from './bulk';
import {
  CollectionType,
  type LooksRareMaker,
  looksRareDomain,
  makerHash,
  MerkleTreeNodePosition,
  QuoteType,
  STANDARD_SALE_STRATEGY,
} from './looksrare';
import { ItemType, type OrderComponents, seaportDomain, seaportOrderHash } from './seaport';

// anvil's first well-known key: a real key, so the signatures below are what a wallet would give.
const seller = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const CHAIN_ID = 1;
const SEAPORT = '0x0000000000000068f116a894984e2db1123eb395';
const LOOKSRARE = '0x0000000000e655fae4d56241588680f86e3b2377';
const COLLECTION = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d';

function listing(tokenId: bigint): OrderComponents {
  return {
    offerer: seller.address,
    zone: zeroAddress,
    offer: [
      { itemType: ItemType.Erc721, token: COLLECTION, identifierOrCriteria: tokenId, startAmount: 1n, endAmount: 1n },
    ],
    consideration: [
      {
        itemType: ItemType.Native,
        token: zeroAddress,
        identifierOrCriteria: 0n,
        startAmount: 975n,
        endAmount: 975n,
        recipient: seller.address,
      },
    ],
    orderType: 0,
    startTime: 1_000n,
    endTime: 2_000n,
    zoneHash: `0x${'0'.repeat(64)}`,
    salt: tokenId,
    conduitKey: `0x${'0'.repeat(64)}`,
    counter: 0n,
  };
}

function ask(tokenId: bigint): LooksRareMaker {
  return {
    quoteType: QuoteType.Ask,
    globalNonce: 0n,
    subsetNonce: 0n,
    orderNonce: tokenId,
    strategyId: STANDARD_SALE_STRATEGY,
    collectionType: CollectionType.Erc721,
    collection: COLLECTION,
    currency: zeroAddress,
    signer: seller.address,
    startTime: 1_000n,
    endTime: 2_000n,
    price: 10n ** 18n,
    itemIds: [tokenId],
    amounts: [1n],
    additionalParameters: '0x',
  };
}

/** The EIP-712 digest of a struct hash under `separator`. */
const digestOf = (separator: Hex, structHash: Hex) => keccak256(concat(['0x1901', separator, structHash]));

describe('bulk order trees', () => {
  it('is as tall as the fewest levels that hold the orders, one at least', () => {
    expect([1, 2, 3, 4, 5, 20, 1024].map(bulkHeight)).toEqual([1, 1, 2, 2, 3, 5, 10]);
  });

  it("names Seaport's published BulkOrder typehashes (seaport-types ConsiderationConstants.sol)", () => {
    expect(seaportBulkTypeHash(1)).toBe('0x3ca2711d29384747a8f61d60aad3c450405f7aaff5613541dee28df2d6986d32');
    expect(seaportBulkTypeHash(5)).toBe('0x39c9d33c18e050dda0aeb9a8086fb16fc12d5d64536780e1da7405a800b0b9f6');
    expect(seaportBulkTypeHash(24)).toBe('0x1d51df90cba8de7637ca3e8fe1e3511d1dc2f23487d05dbdecb781860c21ac1c');
  });

  it("names LooksRare's published BatchOrder typehashes (BatchOrderTypehashRegistry.sol)", () => {
    expect(looksRareBatchTypeHash(1)).toBe('0x9661287f7a4aa4867db46a2453ee15bebac4e8fc25667a58718da658f15de643');
    expect(looksRareBatchTypeHash(5)).toBe('0x92dc717124e161262f9d10c7079e7d54dc51271893fba54aa4a0f270fecdcc98');
    expect(looksRareBatchTypeHash(10)).toBe('0xf8b1f864164d8d6e0b45f1399bd711223117a4ab0b057a9c2d7779e86a7c88db');
  });
});

describe('Seaport bulk signatures', () => {
  const orders = [1n, 2n, 3n, 4n, 5n].map(listing);

  it('gives every order a signature that Seaport reads back to the one the wallet signed over the whole tree', async () => {
    const typedData = seaportBulkTypedData(orders, CHAIN_ID, SEAPORT);
    const signature = await seller.signTypedData(typedData);
    const signed = hashTypedData(typedData);
    const signatures = seaportBulkSignatures(orders, signature);
    expect(signatures).toHaveLength(5);
    for (const [index, order] of orders.entries()) {
      const read = seaportBulkOrderHash(seaportOrderHash(order), signatures[index]!);
      expect(read?.signature).toBe(signature);
      const digest = digestOf(domainSeparator({ domain: seaportDomain(CHAIN_ID, SEAPORT) }), read!.treeHash);
      expect(digest).toBe(signed);
      expect(await recoverAddress({ hash: digest, signature: read!.signature })).toBe(seller.address);
    }
  });

  it('reads another order under the same proof as another tree, so its signature recovers to no one who signed', async () => {
    const signature = await seller.signTypedData(seaportBulkTypedData(orders, CHAIN_ID, SEAPORT));
    const [first] = seaportBulkSignatures(orders, signature);
    const stranger = seaportBulkOrderHash(seaportOrderHash(listing(99n)), first!);
    const digest = digestOf(domainSeparator({ domain: seaportDomain(CHAIN_ID, SEAPORT) }), stranger!.treeHash);
    expect(await recoverAddress({ hash: digest, signature: stranger!.signature })).not.toBe(seller.address);
  });

  it('reads a 64- or 65-byte signature as an order signed alone', () => {
    expect(seaportBulkOrderHash(seaportOrderHash(orders[0]!), `0x${'11'.repeat(65)}`)).toBeUndefined();
    expect(seaportBulkOrderHash(seaportOrderHash(orders[0]!), `0x${'11'.repeat(64)}`)).toBeUndefined();
    // 65 + 3 + 25 words: a proof taller than Seaport reads.
    expect(seaportBulkOrderHash(seaportOrderHash(orders[0]!), `0x${'11'.repeat(65 + 3 + 32 * 25)}`)).toBeUndefined();
  });
});

describe('LooksRare batch signatures', () => {
  const makers = [1n, 2n, 3n].map(ask);

  it("gives every maker a merkle tree whose proof leads to the signed root, as the exchange's verifier reads it", async () => {
    const typedData = looksRareBatchTypedData(makers, CHAIN_ID, LOOKSRARE);
    const signature = await seller.signTypedData(typedData);
    const signed = hashTypedData(typedData);
    const trees = looksRareMerkleTrees(makers);
    for (const [index, maker] of makers.entries()) {
      const hash = looksRareSignedHash(makerHash(maker), trees[index]!);
      expect(hash).toMatch(/^0x/);
      const digest = digestOf(domainSeparator({ domain: looksRareDomain(CHAIN_ID, LOOKSRARE) }), hash as Hex);
      expect(digest).toBe(signed);
      expect(await recoverAddress({ hash: digest, signature })).toBe(seller.address);
    }
    expect(trees[0]!.proof[0]!.position).toBe(MerkleTreeNodePosition.Right);
    expect(trees[1]!.proof[0]!.position).toBe(MerkleTreeNodePosition.Left);
  });

  it('refuses a proof for another root and one taller than ten levels, and reads an empty proof as the order alone', () => {
    const [tree] = looksRareMerkleTrees(makers);
    const [otherTree] = looksRareMerkleTrees([ask(7n), ask(8n)]);
    expect(looksRareSignedHash(makerHash(makers[0]!), { ...tree!, root: otherTree!.root })).toBe('invalid');
    const tall = { root: tree!.root, proof: Array.from({ length: 11 }, () => tree!.proof[0]!) };
    expect(looksRareSignedHash(makerHash(makers[0]!), tall)).toBe('too-large');
    expect(looksRareSignedHash(makerHash(makers[0]!), { root: tree!.root, proof: [] })).toBe(makerHash(makers[0]!));
  });
});
