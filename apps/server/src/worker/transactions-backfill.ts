import { sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import { insertTransactions } from '../chain/store';
import { readTransactions, transactionsMissing } from '../chain/transactions';
import type { Job } from './job';

/** Blocks read per query, and transactions read from the node per run (a run must end well within a minute). */
const BLOCKS_PER_READ = 500;
const TRANSACTIONS_PER_RUN = 400;

/** Blocks checked so far by this worker; a restart checks again from the first sale or mint, finding little. */
let checkedThrough: number | undefined;

/**
 * Records the transactions behind sales and mints indexed before the indexer recorded them (data directories
 * older than chain_transactions), so portfolio costs, flippers and mint prices cover them too. It walks the indexed
 * blocks upwards once per worker start; new blocks arrive with their transactions, so it then only looks.
 */
export const transactionsBackfillJob: Job = {
  name: 'transactions-backfill',
  schedule: { everySeconds: 60 },
  run: async ({ db, chain }) => {
    const { rows } = await db.execute<{ head: string | null; first: string | null }>(sql`
      select (select max(number) from chain_blocks)::text as head,
             least((select min(block_number) from sales),
                   (select min(block_number) from transfers
                     where from_address = ${zeroAddress}))::text as first`);
    const head = rows[0]?.head;
    const first = rows[0]?.first;
    if (head == null || first == null) return { read: 0 };
    let from = Math.max(Number(first), (checkedThrough ?? -1) + 1);
    let read = 0;
    while (from <= Number(head) && read < TRANSACTIONS_PER_RUN) {
      const to = Math.min(Number(head), from + BLOCKS_PER_READ - 1);
      const limit = TRANSACTIONS_PER_RUN - read;
      const missing = await transactionsMissing(db, { from, to }, limit);
      if (missing.length > 0) {
        await insertTransactions(
          db,
          await readTransactions(
            chain.client,
            missing.map((entry) => entry.hash),
          ),
        );
      }
      read += missing.length;
      // A full read may have left more in its last block: that block is read again next time.
      checkedThrough = missing.length === limit ? (missing.at(-1)?.block ?? to) - 1 : to;
      from = checkedThrough + 1;
    }
    return { read, checkedThrough };
  },
};
