import { startSimulator } from '@floordesk/devnet';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RoleContext } from '../context';
import type { DatabaseConnection } from '../db/pool';
import { submitListing } from '../market/listings/submit';
import { useTestDatabase } from '../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../testing/devnet';
import { testConfig } from '../testing/server';
import { runBackfill } from './backfill';

const live = useTestDatabase();
const past = useTestDatabase();
const resumed = useTestDatabase();
const devnet = useTestDevnet();
let head: number;

/** What indexing leaves in the tables a backfill writes, ordered, without the time of writing. */
async function indexed(database: DatabaseConnection) {
  const read = async (query: string) => (await database.pool.query(query)).rows;
  return {
    sales: await read(`select tx_hash, log_index, item_index, block_number, block_time, protocol, collection, token_id,
                              amount, price_wei, payment_token, buyer, seller, marketplace, order_hash, proceeds_wei
                         from sales order by block_number, log_index, item_index`),
    transfers: await read(`select tx_hash, log_index, item_index, block_number, collection, token_id, amount,
                                  from_address, to_address from transfers order by block_number, log_index, item_index`),
    tokens: await read('select collection, token_id, owner, minted_block from tokens order by collection, token_id'),
    collections: await read('select address, first_seen_block from collections order by address'),
    // The trades part of the rollups; their listing counts and floors are the live order book's.
    rollups: await read(
      'select collection, minute, trades, volume_wei from collection_stats_1m where trades > 0 order by 1, 2',
    ),
    transactions: await read('select * from chain_transactions order by tx_hash'),
  };
}

function context(database: DatabaseConnection): RoleContext {
  return { db: database.db, chain: devnet().chain, now: () => new Date(), log: pino({ level: 'silent' }) };
}

beforeAll(async () => {
  const ctx = { config: testConfig(), db: live().db, now: () => new Date(), chain: devnet().chain };
  const simulator = startSimulator({
    rpcUrl: devnet().rpcUrl,
    manifest: devnet().manifest,
    ratePerMinute: 0,
    seed: 'backfill-scenario',
    postListing: async (listing) => {
      const result = await submitListing(ctx, listing);
      if (!result.ok) throw new Error(`refused: ${result.status}`);
    },
  });
  try {
    await simulator.step(80);
  } finally {
    await simulator.stop();
  }
  await indexToHead(indexerOptions(live(), devnet().chain));
  head = Number(await devnet().chain.client.getBlockNumber({ cacheTime: 0 }));
}, 240_000);

describe('a backfill of past blocks', () => {
  it('indexes a range as the indexer indexed it, without the indexer’s cursor', async () => {
    const done = await runBackfill(context(past()), { from: 0, to: head }, { batchSize: 40, concurrency: 3 });
    expect(done).toMatchObject({ from: 0, to: head, next: head + 1 });
    const expected = await indexed(live());
    expect(expected.sales.length).toBeGreaterThan(3);
    expect(done.sales).toBe(expected.sales.length);
    expect(await indexed(past())).toEqual(expected);
    expect((await past().pool.query('select count(*)::int as n from chain_blocks')).rows).toEqual([{ n: 0 }]);
  }, 240_000);

  it('stopped after its first batch, resumes where it stopped when run again, and writes each row once', async () => {
    const stopping = new AbortController();
    const range = { from: 0, to: head };
    const first = await runBackfill(context(resumed()), range, {
      batchSize: 40,
      concurrency: 1,
      signal: stopping.signal,
      onProgress: () => stopping.abort(),
    });
    expect(first.next).toBeLessThanOrEqual(81);
    expect(first.next).toBeLessThan(head);
    const progress: number[] = [];
    const second = await runBackfill(context(resumed()), range, {
      batchSize: 40,
      onProgress: ({ next }) => progress.push(next),
    });
    expect(progress[0]).toBeGreaterThan(first.next);
    expect(second.next).toBe(head + 1);
    expect(await indexed(resumed())).toEqual(await indexed(live()));
  }, 240_000);

  it('over older blocks the live index holds, changes nothing there, owners included', async () => {
    const before = await indexed(live());
    const cursor = (await live().pool.query('select * from chain_blocks order by number')).rows;
    // It ends before the market's last trades: a token's last transfer in the range is not its latest.
    await runBackfill(context(live()), { from: 0, to: head - 40 }, { batchSize: 60 });
    expect(await indexed(live())).toEqual(before);
    expect((await live().pool.query('select * from chain_blocks order by number')).rows).toEqual(cursor);
  }, 240_000);
});
