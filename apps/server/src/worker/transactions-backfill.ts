import { indexedHead, insertTransactions } from '../chain/store';
import { firstSaleOrMintBlock, readTransactions, transactionsMissing } from '../chain/transactions';
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
    const [head, first] = await Promise.all([indexedHead(db), firstSaleOrMintBlock(db)]);
    if (head < 0 || first === null) return { read: 0 };
    let from = Math.max(first, (checkedThrough ?? -1) + 1);
    let read = 0;
    while (from <= head && read < TRANSACTIONS_PER_RUN) {
      const to = Math.min(head, from + BLOCKS_PER_READ - 1);
      const limit = TRANSACTIONS_PER_RUN - read;
      const missing = await transactionsMissing(db, { from, to }, limit);
      const hashes = missing.map((entry) => entry.hash);
      await insertTransactions(db, await readTransactions(chain.client, hashes));
      read += missing.length;
      // A full read may have left more in its last block: that block is read again next time.
      checkedThrough = missing.length === limit ? (missing.at(-1)?.block ?? to) - 1 : to;
      from = checkedThrough + 1;
    }
    return { read, checkedThrough };
  },
};
