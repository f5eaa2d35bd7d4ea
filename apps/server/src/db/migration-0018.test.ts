import { afterEach, describe, expect, inject, it } from 'vitest';
import { insertCollection, insertListing } from '../testing/market-rows';
import { runMigrations } from './migrate';
import { createScratchDatabase, migrationsBefore, type ScratchDatabase } from './scratch-database';

const COLLECTION = '0x1000000000000000000000000000000000000001';
const at = new Date('2026-11-28T12:00:00Z');

let database: ScratchDatabase | undefined;
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

describe('migration 0018: the devnet’s SoduSwap identity gone', () => {
  it("ends the open Seaport listings it labelled and makes its sales an unknown marketplace's, touching no other row", async () => {
    database = await createScratchDatabase(
      inject('databaseUrl'),
      'floordesk_migration',
      (error) => {
        throw error;
      },
      migrationsBefore('0018_soduswap_identity_gone'),
    );
    const { pool } = database;
    await insertCollection(pool, COLLECTION);
    const open = await insertListing(pool, COLLECTION, 1, 10n, at, { marketplace: 'soduswap' });
    const filled = await insertListing(pool, COLLECTION, 2, 10n, at, { marketplace: 'soduswap', status: 'filled' });
    const opensea = await insertListing(pool, COLLECTION, 3, 10n, at);
    // Sales as the schema before 0018 had them (no protocol column yet).
    for (const [block, marketplace] of [
      [1, 'soduswap'],
      [2, 'opensea'],
    ] as const) {
      await pool.query(
        `insert into sales (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                            price_wei, payment_token, buyer, seller, marketplace, order_hash)
         values ($1, 0, 0, $2, $3, $4, $6, 1, 10, '0x0000000000000000000000000000000000000000',
                 '0x00000000000000000000000000000000000000b1', '0x00000000000000000000000000000000000000c1', $5, $1)`,
        [`0x${block.toString(16).padStart(64, '0')}`, block, at, COLLECTION, marketplace, String(block)],
      );
    }

    await runMigrations(pool);

    const listings = await pool.query('select order_hash, status, status_reason from listings order by token_id');
    expect(listings.rows).toEqual([
      { order_hash: open, status: 'invalid', status_reason: 'refused' },
      { order_hash: filled, status: 'filled', status_reason: null },
      { order_hash: opensea, status: 'active', status_reason: null },
    ]);
    const sales = await pool.query('select token_id::int, marketplace from sales order by token_id');
    expect(sales.rows).toEqual([
      { token_id: 1, marketplace: null },
      { token_id: 2, marketplace: 'opensea' },
    ]);
  });
});
