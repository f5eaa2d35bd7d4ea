import { sql } from 'drizzle-orm';
import type { Transaction } from 'viem';
import type { RoleContext } from '../context';
import type { Executor } from '../db/pool';
import { startRepeating } from './repeat';
import type { ChainContracts } from './chain-contracts';
import { pendingFillTargets } from './decoders/registry';

/** A pending transaction not mined after this long is taken as dropped. */
const PENDING_TTL_MS = 10 * 60_000;

/**
 * Records the NFTs a pending purchase on any exchange the chain lists would buy; mined transactions are skipped
 * (ingest already cleared them).
 */
export async function recordPending(
  db: Executor,
  tx: Transaction,
  contracts: ChainContracts,
  now: Date,
): Promise<number> {
  if (tx.blockNumber !== null) return 0;
  const targets = pendingFillTargets(contracts, tx.to, tx.input);
  if (targets.length === 0) return 0;
  // A legacy transaction's whole gas price counts as its tip: what a rival buyer would have to outbid.
  const tip = (tx.maxPriorityFeePerGas ?? tx.gasPrice)?.toString() ?? null;
  const result = await db.execute(sql`
    insert into pending_buys (tx_hash, collection, token_id, buyer, priority_fee_wei, seen_at)
    select ${tx.hash.toLowerCase()}, *, ${tx.from.toLowerCase()}, ${tip}::numeric, ${now}::timestamptz
      from unnest(${sql.param(targets.map((t) => t.collection))}::text[],
                  ${sql.param(targets.map((t) => t.tokenId.toString()))}::numeric[])
    on conflict do nothing`);
  return result.rowCount ?? 0;
}

/**
 * Polls the node's pending-transaction filter and records the purchases among them (each exchange protocol's read
 * by its decoder file), so listings and collections carry a pending count; mined transactions leave with their
 * block, dropped ones after 10 minutes.
 */
export function startMempoolWatcher(options: RoleContext & { pollMs?: number }): { stop(): Promise<void> } {
  const { db, chain, log } = options;
  let filter: Awaited<ReturnType<typeof chain.client.createPendingTransactionFilter>> | undefined;
  return startRepeating(async () => {
    try {
      filter ??= await chain.client.createPendingTransactionFilter();
      const hashes = await chain.client.getFilterChanges({ filter });
      const txs = await Promise.all(hashes.map((hash) => chain.client.getTransaction({ hash }).catch(() => undefined)));
      for (const tx of txs) if (tx) await recordPending(db, tx, chain.contracts, options.now());
      const droppedBefore = new Date(options.now().getTime() - PENDING_TTL_MS);
      await db.execute(sql`delete from pending_buys where seen_at < ${droppedBefore}`);
    } catch (error) {
      // Nodes forget idle filters; a fresh one is made on the next tick.
      filter = undefined;
      log.debug({ err: error }, 'mempool poll failed');
    }
  }, options.pollMs ?? 500);
}
