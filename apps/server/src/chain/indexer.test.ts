import { LOOKSRARE_EVENTS, receiptOf } from '@floordesk/contracts';
import { botAccounts, collectionBySlug, rpc, startSimulator } from '@floordesk/devnet';
import { type Account, type Address, decodeEventLog, type Hex, parseAbi } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { submitListing } from '../market/listings/submit';
import { useTestDatabase } from '../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../testing/devnet';
import { listAndBuy, ownedToken, walletOf } from '../testing/market';
import { testConfig } from '../testing/server';
import { transactionsBackfillJob } from '../worker/transactions-backfill';
import { SEAPORT_EVENTS } from './decoders/seaport';

const database = useTestDatabase();
const devnet = useTestDevnet();
let ctx: AppContext;
const bots = botAccounts();
const bot = (i: number) => bots[i] as Account;
let collection: Address;

beforeAll(() => {
  ctx = { config: testConfig(), db: database().db, now: () => new Date(), chain: devnet().chain };
  collection = devnet().manifest.collections.find((c) => c.standard === 'erc721')?.address as Address;
});

/** The chain's own account of its sales: every OrderFulfilled from Seaport, decoded by viem, one row per NFT. */
/**
 * Every sale on the devnet's exchanges, read with viem's ABI decoder rather than the indexer's: Seaport fills that
 * move an NFT (paid the ETH of their consideration), and LooksRare trades (paid the sum of their fee amounts).
 */
async function salesOnChain(): Promise<Array<{ tx: string; logIndex: number; priceWei: bigint }>> {
  const { client } = devnet().chain;
  const [seaportLogs, looksRareLogs] = await Promise.all([
    client.getLogs({ address: devnet().manifest.seaport, event: SEAPORT_EVENTS[0], fromBlock: 0n, toBlock: 'latest' }),
    client.getLogs({
      address: devnet().manifest.looksRare.protocol,
      events: LOOKSRARE_EVENTS.filter((event) => event.name === 'TakerBid' || event.name === 'TakerAsk'),
      fromBlock: 0n,
      toBlock: 'latest',
    }),
  ]);
  const seaport = seaportLogs.flatMap((log) => {
    const { args } = decodeEventLog({ abi: [SEAPORT_EVENTS[0]], data: log.data, topics: log.topics });
    const nfts = args.offer.filter((item) => item.itemType >= 2);
    const paid = args.consideration.filter((item) => item.itemType === 0).reduce((sum, item) => sum + item.amount, 0n);
    return nfts.length === 0 ? [] : [{ tx: log.transactionHash, logIndex: log.logIndex, priceWei: paid }];
  });
  const looksRare = looksRareLogs.map((log) => {
    const { args } = decodeEventLog({ abi: LOOKSRARE_EVENTS, data: log.data, topics: log.topics });
    const feeAmounts = 'feeAmounts' in args ? args.feeAmounts : [];
    return {
      tx: log.transactionHash,
      logIndex: log.logIndex,
      priceWei: feeAmounts.reduce((sum, fee) => sum + fee, 0n),
    };
  });
  return [...seaport, ...looksRare];
}

async function salesIndexed(): Promise<Array<{ tx: string; logIndex: number; priceWei: bigint }>> {
  const { rows } = await database().pool.query<{ tx_hash: string; log_index: number; price: string }>(
    `select tx_hash, log_index, sum(price_wei) as price from sales group by tx_hash, log_index
      order by tx_hash, log_index`,
  );
  return rows.map((row) => ({ tx: row.tx_hash, logIndex: row.log_index, priceWei: BigInt(row.price) }));
}

async function transactionsIndexed(): Promise<string[]> {
  const { rows } = await database().pool.query<{ tx_hash: string }>('select tx_hash from chain_transactions');
  return rows.map((row) => row.tx_hash);
}

const byLog = (a: { tx: string; logIndex: number }, b: { tx: string; logIndex: number }) =>
  a.tx === b.tx ? a.logIndex - b.logIndex : a.tx < b.tx ? -1 : 1;

describe('the indexer', () => {
  it('indexes exactly the sales a simulated market made on chain: count and prices', async () => {
    const simulator = startSimulator({
      rpcUrl: devnet().rpcUrl,
      manifest: devnet().manifest,
      ratePerMinute: 0,
      seed: 'indexer-scenario',
      postListing: async (listing) => {
        const result = await submitListing(ctx, listing);
        if (!result.ok) throw new Error(`refused: ${result.status}`);
      },
    });
    try {
      await simulator.step(120);
    } finally {
      await simulator.stop();
    }
    await indexToHead(indexerOptions(database(), devnet().chain));

    const simulated = simulator.trades().filter((trade) => trade.status === 'success');
    expect(simulated.length).toBeGreaterThan(3);
    const onChain = (await salesOnChain()).toSorted(byLog);
    expect(await salesIndexed()).toEqual(onChain);
    // Every successful trade the simulator sent is among them, at the price it paid.
    const indexedByTx = new Map<string, bigint>();
    for (const sale of onChain) indexedByTx.set(sale.tx, (indexedByTx.get(sale.tx) ?? 0n) + sale.priceWei);
    for (const trade of simulated) {
      expect(indexedByTx.has(trade.txHash.toLowerCase())).toBe(true);
    }
    const { rows } = await database().pool.query<{ trades: number; sales: number }>(
      `select (select coalesce(sum(trades), 0)::int from collection_stats_1m) as trades,
              (select count(*)::int from sales) as sales`,
    );
    expect(rows[0]?.trades).toBe(rows[0]?.sales);
  }, 180_000);

  it('undoes orphaned sales and listing changes after a reorg and ingests the new branch', async () => {
    const options = indexerOptions(database(), devnet().chain);
    await indexToHead(options);
    const fork = await rpc<Hex>(devnet().rpcUrl, 'evm_snapshot', []);
    const seller = bot(3);
    const orphaned = await listAndBuy(devnet(), ctx, {
      seller,
      buyer: bot(4),
      collection,
      tokenId: await ownedToken(devnet(), collection, seller.address),
      priceWei: 7n * 10n ** 16n,
    });
    await indexToHead(options);
    const filled = await database().pool.query('select status from listings where order_hash = $1', [
      orphaned.orderHash,
    ]);
    expect(filled.rows).toEqual([{ status: 'filled' }]);

    expect(await transactionsIndexed()).toContain(orphaned.txHash.toLowerCase());

    await rpc(devnet().rpcUrl, 'evm_revert', [fork]);
    // The new branch: another sale, then enough blocks to outgrow the orphaned one.
    const seller2 = bot(5);
    const kept = await listAndBuy(devnet(), ctx, {
      seller: seller2,
      buyer: bot(6),
      collection,
      tokenId: await ownedToken(devnet(), collection, seller2.address),
      priceWei: 9n * 10n ** 16n,
    });
    await devnet().mine(3);
    await indexToHead(options);

    const txs = (await salesIndexed()).map((sale) => sale.tx);
    expect(txs).not.toContain(orphaned.txHash.toLowerCase());
    expect(txs).toContain(kept.txHash.toLowerCase());
    expect(await salesIndexed()).toEqual((await salesOnChain()).toSorted(byLog));
    expect(await transactionsIndexed()).not.toContain(orphaned.txHash.toLowerCase());
    expect(await transactionsIndexed()).toContain(kept.txHash.toLowerCase());
    // The orphaned fill never happened on this chain: its listing is live again.
    const revived = await database().pool.query('select status from listings where order_hash = $1', [
      orphaned.orderHash,
    ]);
    expect(revived.rows).toEqual([{ status: 'active' }]);
    const { rows } = await database().pool.query<{ trades: number; sales: number }>(
      `select (select coalesce(sum(trades), 0)::int from collection_stats_1m) as trades,
              (select count(*)::int from sales) as sales`,
    );
    expect(rows[0]?.trades).toBe(rows[0]?.sales);
  }, 60_000);

  it('records the transaction behind each sale and mint as its receipt has it: sender, value, gas, gas price', async () => {
    const options = indexerOptions(database(), devnet().chain);
    await indexToHead(options);
    const minter = bot(7);
    const deployed = devnet().manifest.collections.find((c) => c.address === collection);
    const mintPrice = collectionBySlug(deployed?.slug ?? '')?.mintPriceWei ?? 0n;
    const mint = await walletOf(devnet(), minter).writeContract({
      address: collection,
      abi: parseAbi(['function mint(address to, uint256 quantity) payable']),
      functionName: 'mint',
      args: [minter.address, 2n],
      value: mintPrice * 2n,
    });
    await receiptOf(devnet().chain.client, mint);
    const sale = await listAndBuy(devnet(), ctx, {
      seller: minter,
      buyer: bot(8),
      collection,
      tokenId: await ownedToken(devnet(), collection, minter.address),
      priceWei: 6n * 10n ** 16n,
    });
    await indexToHead(options);

    for (const [hash, sender, value] of [
      [mint, minter.address, mintPrice * 2n],
      [sale.txHash, bot(8).address, 6n * 10n ** 16n],
    ] as const) {
      const receipt = await devnet().chain.client.getTransactionReceipt({ hash });
      const { rows } = await database().pool.query(
        `select block_number::int, from_address, value_wei::text, gas_used::text, effective_gas_price_wei::text
           from chain_transactions where tx_hash = $1`,
        [hash.toLowerCase()],
      );
      expect(rows).toEqual([
        {
          block_number: Number(receipt.blockNumber),
          from_address: sender.toLowerCase(),
          value_wei: value.toString(),
          gas_used: receipt.gasUsed.toString(),
          effective_gas_price_wei: receipt.effectiveGasPrice.toString(),
        },
      ]);
    }
    // A listing's approval or a plain transfer produced neither a sale nor a mint: no row.
    const { rows } = await database().pool.query<{ count: number }>(
      `select count(*)::int from chain_transactions c
        where not exists (select 1 from sales s where s.tx_hash = c.tx_hash)
          and not exists (select 1 from transfers t where t.tx_hash = c.tx_hash
                            and t.from_address = '0x0000000000000000000000000000000000000000')`,
    );
    expect(rows[0]?.count).toBe(0);
  }, 60_000);

  it('has the worker record the transactions of sales and mints indexed before they were recorded', async () => {
    const options = indexerOptions(database(), devnet().chain);
    await indexToHead(options);
    const everything = 'select * from chain_transactions order by tx_hash';
    const indexed = (await database().pool.query(everything)).rows;
    expect(indexed.length).toBeGreaterThan(2);
    // A data directory from before: the sales and mints are there, their transactions are not.
    await database().pool.query('delete from chain_transactions');
    const context = { ...options, db: database().db } as unknown as Parameters<typeof transactionsBackfillJob.run>[0];
    const reads: number[] = [];
    do {
      const { read } = (await transactionsBackfillJob.run(context)) as { read: number };
      reads.push(read);
    } while (reads.at(-1) !== 0 && reads.length < 20);
    // Each run reads a bounded number from the node, and once everything is checked a run reads nothing.
    expect(Math.max(...reads)).toBeLessThanOrEqual(400);
    expect(reads.reduce((a, b) => a + b)).toBe(indexed.length);
    expect((await database().pool.query(everything)).rows).toEqual(indexed);
  }, 60_000);

  it('counts a pending fill (and its priority fee) against its listing until the block that mines it', async () => {
    const { recordPending } = await import('./mempool');
    await rpc(devnet().rpcUrl, 'evm_setAutomine', [false]);
    try {
      const seller = bot(7);
      const sale = listAndBuy(devnet(), ctx, {
        seller,
        buyer: bot(8),
        collection,
        tokenId: await ownedToken(devnet(), collection, seller.address),
        priceWei: 5n * 10n ** 16n,
      });
      // Wait for the fill to reach the mempool, then record it as the watcher would.
      let pendingHash: Hex | undefined;
      for (let i = 0; i < 100 && !pendingHash; i++) {
        const content = await rpc<{ pending: Record<string, Record<string, { hash: Hex }>> }>(
          devnet().rpcUrl,
          'txpool_content',
          [],
        );
        pendingHash = Object.values(content.pending).flatMap((byNonce) => Object.values(byNonce))[0]?.hash;
        if (!pendingHash) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const tx = await devnet().chain.client.getTransaction({ hash: pendingHash as Hex });
      expect(await recordPending(database().db, tx, devnet().chain.contracts, new Date())).toBe(1);
      const recorded = await database().pool.query('select priority_fee_wei from pending_buys');
      expect(recorded.rows).toEqual([{ priority_fee_wei: tx.maxPriorityFeePerGas?.toString() }]);
      await devnet().mine(1);
      await sale;
      await indexToHead(indexerOptions(database(), devnet().chain));
      const { rows } = await database().pool.query('select count(*)::int as pending from pending_buys');
      expect(rows).toEqual([{ pending: 0 }]);
    } finally {
      await rpc(devnet().rpcUrl, 'evm_setAutomine', [true]);
    }
  }, 60_000);
});
