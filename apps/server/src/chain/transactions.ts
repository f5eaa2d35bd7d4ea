import { sql } from 'drizzle-orm';
import { type TransactionReceipt, zeroAddress } from 'viem';
import type { Executor } from '../db/pool';
import type { ChainClient } from './client';
import type { DecodedLogs } from './decode';

/** A transaction behind an indexed sale or mint: what its sender paid, in value and in gas. */
export type ChainTransaction = {
  txHash: string;
  blockNumber: number;
  /** The block the receipt names: a batch whose blocks moved under the read is read again. */
  blockHash: string;
  from: string;
  to: string | null;
  valueWei: bigint;
  gasUsed: bigint;
  effectiveGasPriceWei: bigint;
};

/** The transactions that produced a sale or a mint (a transfer from the zero address), each once. */
export function transactionsBehind({ sales, transfers }: DecodedLogs): string[] {
  const hashes = new Set(sales.map((sale) => sale.txHash));
  for (const transfer of transfers) if (transfer.from === zeroAddress) hashes.add(transfer.txHash);
  return [...hashes];
}

/**
 * Reads the receipt (sender, gas used, effective gas price) and the transaction (value) of each hash: two
 * lightweight calls per transaction, sent together in one JSON-RPC batch by the client. Per-transaction reads cost
 * a provider ~37 compute units per transaction against ~500 for `eth_getBlockReceipts`, which also ships every other
 * receipt of the block (a mainnet block holds ~150 transactions, a handful of them NFT sales or mints). A receipt the
 * range's reading already holds (`receipts`, by lowercased hash) is not asked again.
 */
export async function readTransactions(
  client: ChainClient,
  hashes: readonly string[],
  receipts: ReadonlyMap<string, TransactionReceipt> = new Map(),
): Promise<ChainTransaction[]> {
  return Promise.all(
    hashes.map(async (hash) => {
      const [receipt, transaction] = await Promise.all([
        receipts.get(hash) ?? client.getTransactionReceipt({ hash: hash as `0x${string}` }),
        client.getTransaction({ hash: hash as `0x${string}` }),
      ]);
      return {
        txHash: hash,
        blockNumber: Number(receipt.blockNumber),
        blockHash: receipt.blockHash,
        from: receipt.from.toLowerCase(),
        to: receipt.to?.toLowerCase() ?? null,
        valueWei: transaction.value,
        gasUsed: receipt.gasUsed,
        effectiveGasPriceWei: receipt.effectiveGasPrice,
      };
    }),
  );
}

/** The lowest block with a sale or a mint, null when there is none. */
export async function firstSaleOrMintBlock(db: Executor): Promise<number | null> {
  const { rows } = await db.execute<{ first: string | null }>(sql`
    select least((select min(block_number) from sales),
                 (select min(block_number) from transfers where from_address = ${zeroAddress}))::text as first`);
  const first = rows[0]?.first;
  return first == null ? null : Number(first);
}

/**
 * Sales and mints in blocks `from`..`to` whose transaction has no row (indexed before the indexer recorded them),
 * lowest block first, at most `limit`; each with its block. Ranges of blocks keep the reads on primary keys.
 */
export async function transactionsMissing(
  db: Executor,
  { from, to }: { from: number; to: number },
  limit: number,
): Promise<Array<{ hash: string; block: number }>> {
  const { rows } = await db.execute<{ tx_hash: string; block_number: string }>(sql`
    select tx_hash, min(block_number)::text as block_number from (
      select tx_hash, block_number from sales where block_number between ${from} and ${to}
      union all
      select tx_hash, block_number from transfers
       where block_number between ${from} and ${to} and from_address = ${zeroAddress}
    ) events
     where not exists (select 1 from chain_transactions x where x.tx_hash = events.tx_hash)
     group by tx_hash order by 2, 1 limit ${limit}`);
  return rows.map((row) => ({ hash: row.tx_hash, block: Number(row.block_number) }));
}
