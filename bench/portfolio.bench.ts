import { endpoints, ORDER_WAY, type PortfolioData, Status } from '@floordesk/protocol';
import type { Pool } from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { temporaryDataDir } from '../apps/server/src/db/embedded';
import { buildServer } from '../apps/server/src/http/server';
import { alice, sessionHeaders, signIn } from '../apps/server/src/testing/wallets';
import { openBenchServer } from './bench-database';
import type { Benchmark } from './run';
import { quantile, round, timed } from './stats';

const COLLECTIONS = 50;
/** Tokens the wallet bought (each in a sale of its own); the first SOLD of them it sold again. */
const BOUGHT = 3_000;
const SOLD = 2_000;
/**
 * Other wallets' transfers in the same tables (a third of them sales), so that the wallet's rows are found by index,
 * not by scanning.
 */
const BACKGROUND_TRANSFERS = 300_000;
const LISTINGS_PER_COLLECTION = 20;
const WARM_UP = 10;
const ITERATIONS = 100;
const TARGET_P95_MS = 70;

/**
 * GET /api/portfolio (through Fastify's inject: session, premium check, validation and serialization of the answer
 * included) for a premium wallet that bought 3,000 NFTs over 50 collections and sold 2,000 of them (5,000 trades,
 * each with its sale, transfer and transaction row), so it holds 1,000 and the answer lists them with the latest
 * 500 sales (PORTFOLIO_SOLD_MAX); beside 300,000 transfers of other wallets, 100,000 of them sales, and 20 active
 * listings per collection. A fresh embedded PostgreSQL on this machine. Target: p95 <= 70 ms.
 */
const benchmark: Benchmark = {
  description: `GET ${endpoints.portfolio.path}: ${BOUGHT - SOLD} held over ${COLLECTIONS} collections, ${BOUGHT + SOLD} trades`,
  async run() {
    const server = await openBenchServer();
    const webDist = await temporaryDataDir();
    try {
      const database = await server.freshDatabase('floordesk_bench_portfolio');
      try {
        const wallet = alice.address.toLowerCase();
        await writeFixture(database.pool, wallet);
        const config = { ...loadConfig({}), webDist: webDist.path, premiumAddresses: new Set([wallet]) };
        const app = await buildServer({ config, db: database.db });
        try {
          const headers = sessionHeaders(await signIn(app, alice));
          const call = async () => {
            const response = await app.inject({ method: 'GET', url: endpoints.portfolio.path, headers });
            const body = response.json() as { status: number; data: PortfolioData };
            if (body.status !== Status.Ok) throw new Error(`the portfolio answered ${response.body}`);
            return body.data;
          };
          const probe = await call();
          if (probe.holdings.length !== BOUGHT - SOLD || probe.totals.sold !== SOLD)
            throw new Error(`the portfolio holds ${probe.holdings.length} and sold ${probe.totals.sold}`);
          const samples: number[] = [];
          for (let i = 0; i < WARM_UP + ITERATIONS; i++) {
            const ms = await timed(call);
            if (i >= WARM_UP) samples.push(ms);
          }
          const figures = {
            p50_ms: round(quantile(samples, 0.5), 1),
            p95_ms: round(quantile(samples, 0.95), 1),
            held: probe.holdings.length,
            sold: probe.totals.sold,
            sold_listed: probe.sold.length,
            trades: BOUGHT + SOLD,
          };
          console.table([figures]);
          console.log(`p95 ${figures.p95_ms} ms (target <= ${TARGET_P95_MS} ms)`);
          return figures;
        } finally {
          await app.close();
        }
      } finally {
        await database.drop();
      }
    } finally {
      await server.stop();
      await webDist.remove();
    }
  },
};

/** SQL for `value` as 0x-prefixed hex of `width` digits: addresses and hashes made from numbers. */
const hex = (value: string, width: number) => `'0x' || lpad(to_hex(${value}), ${width}, '0')`;

/** The market around the wallet, written by PostgreSQL itself; token k belongs to collection k mod 50. */
async function writeFixture(pool: Pool, wallet: string): Promise<void> {
  const collectionOf = (k: string) => hex(`4096 + (${k}) % ${COLLECTIONS}`, 40);
  const other = (n: string) => hex(`65536 + (${n})`, 40);
  const statements = [
    `insert into collections (address, name, symbol, standard, total_supply, image_url, info_status, rarity_stale,
                              first_seen_block)
     select ${collectionOf('c')}, 'Bench ' || c, 'BNCH', 'erc721', 10000, 'https://example.com/c.png', 'ok', false, 1
       from generate_series(0, ${COLLECTIONS - 1}) c`,
    // Other wallets trading the same collections, in earlier blocks.
    `insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                            from_address, to_address)
     select ${hex('i', 64)}, 0, 0, i, now() - interval '90 days' + i * interval '1 second', ${collectionOf('i')},
            10000 + i, 1, ${other('i % 5000')}, ${other('(i + 1) % 5000')}
       from generate_series(1, ${BACKGROUND_TRANSFERS}) i`,
    `insert into sales (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                        price_wei, payment_token, buyer, seller, marketplace, protocol, order_hash, proceeds_wei)
     select ${hex('i', 64)}, 1, 0, i, now() - interval '90 days' + i * interval '1 second', ${collectionOf('i')},
            10000 + i, 1, (10 + i % 90) * 1000000000000000::numeric, '0x0000000000000000000000000000000000000000',
            ${other('(i + 1) % 5000')}, ${other('i % 5000')}, 'opensea', 'seaport', ${hex('i', 64)},
            (10 + i % 90) * 950000000000000::numeric
       from generate_series(3, ${BACKGROUND_TRANSFERS}, 3) i`,
    // Buys: block 400000 + k, the wallet sends the transaction.
    `insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                            from_address, to_address)
     select ${hex('1000000 + k', 64)}, 1, 0, 400000 + k, now() - interval '30 days' + k * interval '1 minute',
            ${collectionOf('k')}, k, 1, ${other('k')}, '${wallet}'
       from generate_series(1, ${BOUGHT}) k`,
    `insert into sales (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                        price_wei, payment_token, buyer, seller, marketplace, protocol, order_hash, proceeds_wei)
     select ${hex('1000000 + k', 64)}, 2, 0, 400000 + k, now() - interval '30 days' + k * interval '1 minute',
            ${collectionOf('k')}, k, 1, (10 + k % 90) * 1000000000000000::numeric,
            '0x0000000000000000000000000000000000000000', '${wallet}', ${other('k')}, 'opensea', 'seaport',
            ${hex('1000000 + k', 64)}, (10 + k % 90) * 950000000000000::numeric
       from generate_series(1, ${BOUGHT}) k`,
    `insert into chain_transactions (tx_hash, block_number, from_address, to_address, value_wei, gas_used,
                                     effective_gas_price_wei)
     select ${hex('1000000 + k', 64)}, 400000 + k, '${wallet}', '0x0000000000000068f116a894984e2db1123eb395',
            (10 + k % 90) * 1000000000000000::numeric, 150000, 20000000000
       from generate_series(1, ${BOUGHT}) k`,
    // Sells: block 500000 + k, the buyer sends the transaction.
    `insert into transfers (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                            from_address, to_address)
     select ${hex('2000000 + k', 64)}, 1, 0, 500000 + k, now() - interval '10 days' + k * interval '1 minute',
            ${collectionOf('k')}, k, 1, '${wallet}', ${other('100000 + k')}
       from generate_series(1, ${SOLD}) k`,
    `insert into sales (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                        price_wei, payment_token, buyer, seller, marketplace, protocol, order_hash, proceeds_wei)
     select ${hex('2000000 + k', 64)}, 2, 0, 500000 + k, now() - interval '10 days' + k * interval '1 minute',
            ${collectionOf('k')}, k, 1, (20 + k % 70) * 1000000000000000::numeric,
            '0x0000000000000000000000000000000000000000', ${other('100000 + k')}, '${wallet}', 'opensea', 'seaport',
            ${hex('2000000 + k', 64)}, (20 + k % 70) * 950000000000000::numeric
       from generate_series(1, ${SOLD}) k`,
    `insert into chain_transactions (tx_hash, block_number, from_address, to_address, value_wei, gas_used,
                                     effective_gas_price_wei)
     select ${hex('2000000 + k', 64)}, 500000 + k, ${other('100000 + k')}, '0x0000000000000068f116a894984e2db1123eb395',
            (20 + k % 70) * 1000000000000000::numeric, 150000, 20000000000
       from generate_series(1, ${SOLD}) k`,
    `insert into tokens (collection, token_id, owner, name, image_url, metadata_status)
     select ${collectionOf('k')}, k, case when k > ${SOLD} then '${wallet}' else ${other('100000 + k')} end,
            'Bench #' || k, 'https://example.com/' || k || '.png', 'ok'
       from generate_series(1, ${BOUGHT}) k`,
    `insert into listings (order_hash, collection, token_id, amount, offerer, price_wei, marketplace, order_way,
                           protocol, protocol_address, operator, counter, start_time, end_time, parameters, signature,
                           status, created_at, updated_at)
     select ${hex('3000000 + i', 64)}, ${collectionOf('i')}, 20000 + i, 1, ${other('i')},
            (30 + i % 50) * 1000000000000000::numeric, 'opensea', ${ORDER_WAY.opensea},
            'seaport', '0x0000000000000068f116a894984e2db1123eb395', '0x0000000000000068f116a894984e2db1123eb395', 0,
            now() - interval '1 day', now() + interval '30 days', '{}', '0x', 'active', now(), now()
       from generate_series(1, ${COLLECTIONS * LISTINGS_PER_COLLECTION}) i`,
  ];
  for (const statement of statements) await pool.query(statement);
  for (const table of ['collections', 'transfers', 'sales', 'chain_transactions', 'tokens', 'listings']) {
    await pool.query(`vacuum analyze ${table}`);
  }
}

export default benchmark;
