import { beforeAll, describe, expect, it } from 'vitest';
import { noDecodedLogs } from '../../chain/decode';
import { insertCollection, insertListing } from '../../testing/market-rows';
import { useTestDatabase } from '../../testing/database';
import { applyIndexedBlocks } from './lifecycle';

const database = useTestDatabase();

const collection = '0x1000000000000000000000000000000000000001';
const offerer = '0xa000000000000000000000000000000000000001';
/** Two exchanges the chain lists, e.g. two Seaport versions: each keeps its own counters and order hashes. */
const exchangeA = '0x00000000000000adc04c56bf30ac9d3c0aaf14dc';
const exchangeB = '0x0000000000000068f116a894984e2db1123eb395';
const at = new Date('2026-11-28T12:00:00Z');
const log = (logIndex: number) => ({ blockNumber: 5, txHash: `0x${'11'.repeat(32)}`, logIndex });

beforeAll(() => insertCollection(database().pool, collection));

/** A LooksRare listing's nonces; the signer's ask nonce is 9 unless told. */
const nonces = (orderNonce: bigint, subsetNonce: bigint, askNonce = 9n) => ({ orderNonce, subsetNonce, askNonce });

async function statusOf(orderHash: string): Promise<string> {
  const { rows } = await database().pool.query<{ status: string }>(
    'select status from listings where order_hash = $1',
    [orderHash],
  );
  return rows[0]?.status ?? 'missing';
}

describe("a batch's exchange events end listings on that exchange only", () => {
  it('a counter bumped, an order filled or one cancelled on one exchange leaves the other exchange’s listings active', async () => {
    const { pool, db } = database();
    const countedOnA = await insertListing(pool, collection, 1, 10n, at, { offerer, exchange: exchangeA });
    const countedOnB = await insertListing(pool, collection, 2, 10n, at, { offerer, exchange: exchangeB });
    const filledOnB = await insertListing(pool, collection, 3, 10n, at, { exchange: exchangeB });
    const cancelledOnB = await insertListing(pool, collection, 4, 10n, at, { exchange: exchangeB });

    const ended = await applyIndexedBlocks(
      db,
      [],
      {
        ...noDecodedLogs(),
        counters: [{ ...log(0), exchange: exchangeA, offerer, newCounter: 1n }],
        // The same order hashes, emitted by the other exchange: not these orders.
        fills: [{ ...log(1), exchange: exchangeA, orderHash: filledOnB }],
        cancels: [{ ...log(2), exchange: exchangeA, orderHash: cancelledOnB }],
      },
      at,
    );

    expect(ended).toBe(1);
    expect(await statusOf(countedOnA)).toBe('invalid');
    expect(await statusOf(countedOnB)).toBe('active');
    expect(await statusOf(filledOnB)).toBe('active');
    expect(await statusOf(cancelledOnB)).toBe('active');

    await applyIndexedBlocks(
      db,
      [],
      {
        ...noDecodedLogs(),
        fills: [{ ...log(3), exchange: exchangeB, orderHash: filledOnB }],
        cancels: [{ ...log(4), exchange: exchangeB, orderHash: cancelledOnB }],
      },
      at,
    );
    expect(await statusOf(filledOnB)).toBe('filled');
    expect(await statusOf(cancelledOnB)).toBe('cancelled');
  });
});

describe('LooksRare nonces end the listings signed with them, on that exchange and for that signer only', () => {
  it('a cancelled order or subset nonce, a spent order nonce and a new ask nonce each end theirs', async () => {
    const { pool, db } = database();
    const looksRare = '0x0000000000e655fae4d56241588680f86e3b2377';
    const list = (tokenId: number, looks: ReturnType<typeof nonces>, seller = offerer) =>
      insertListing(pool, collection, tokenId, 10n, at, { offerer: seller, exchange: looksRare, looksRare: looks });
    const orderCancelled = await list(11, nonces(1n, 100n));
    const subsetCancelled = await list(12, nonces(2n, 7n));
    const orderSpent = await list(13, nonces(3n, 100n));
    const askNonceOld = await list(14, nonces(4n, 100n, 5n));
    const untouched = await list(15, nonces(6n, 100n, 9n));
    const otherSigner = await list(16, nonces(1n, 7n), '0xa000000000000000000000000000000000000009');
    const seaportSameNonce = await insertListing(pool, collection, 17, 10n, at, { offerer, exchange: exchangeB });

    await applyIndexedBlocks(
      db,
      [],
      {
        ...noDecodedLogs(),
        counters: [{ ...log(0), exchange: looksRare, offerer, newCounter: 9n }],
        nonces: [
          { ...log(1), exchange: looksRare, offerer, kind: 'order', nonce: 1n, cancelled: true },
          { ...log(2), exchange: looksRare, offerer, kind: 'subset', nonce: 7n, cancelled: true },
          { ...log(3), exchange: looksRare, offerer, kind: 'order', nonce: 3n, cancelled: false },
          // Seaport's listings have no order nonce: nothing of theirs matches.
          { ...log(4), exchange: exchangeB, offerer, kind: 'order', nonce: 0n, cancelled: true },
        ],
      },
      at,
    );

    expect(await statusOf(orderCancelled)).toBe('cancelled');
    expect(await statusOf(subsetCancelled)).toBe('cancelled');
    expect(await statusOf(orderSpent)).toBe('invalid');
    expect(await statusOf(askNonceOld)).toBe('invalid');
    expect(await statusOf(untouched)).toBe('active');
    expect(await statusOf(otherSigner)).toBe('active');
    expect(await statusOf(seaportSameNonce)).toBe('active');
  });
});

describe('the listings table', () => {
  it('refuses a status or a protocol it does not know, and a merkle tree on a Seaport listing', async () => {
    const { pool } = database();
    const orderHash = await insertListing(pool, collection, 9, 10n, at);
    await expect(pool.query(`update listings set status = 'sold' where order_hash = $1`, [orderHash])).rejects.toThrow(
      /listings_status_check/,
    );
    await expect(
      pool.query(`update listings set protocol = 'wyvern' where order_hash = $1`, [orderHash]),
    ).rejects.toThrow(/listings_protocol_check/);
    // A LooksRare listing carries its order and subset nonces; a Seaport one has none.
    await expect(
      pool.query(`update listings set protocol = 'looksrare-v2' where order_hash = $1`, [orderHash]),
    ).rejects.toThrow(/listings_nonces_check/);
    // A merkle tree is a LooksRare batch's: a Seaport bulk order's proof is part of its signature.
    const tree = JSON.stringify({ root: `0x${'00'.repeat(32)}`, proof: [] });
    await expect(
      pool.query(`update listings set merkle_tree = $2 where order_hash = $1`, [orderHash, tree]),
    ).rejects.toThrow(/listings_merkle_tree_check/);
    const ask = await insertListing(pool, collection, 10, 10n, at, { looksRare: nonces(1n, 0n) });
    await pool.query(`update listings set merkle_tree = $2 where order_hash = $1`, [ask, tree]);
    expect(await statusOf(orderHash)).toBe('active');
  });
});
