import { sweepItemStatusCode, sweepOutcomeCode } from '@floordesk/protocol';
import type { Pool } from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { runMigrations } from './migrate';
import { sweepOrders } from './schema';
import { createScratchDatabase, migrationsBefore, type ScratchDatabase } from './scratch-database';

const TESTED = '0007_sweep_status_names';
const BUYER = '0xb000000000000000000000000000000000000001';

let database: ScratchDatabase | undefined;
async function databaseBeforeMigration(): Promise<ScratchDatabase> {
  database = await createScratchDatabase(
    inject('databaseUrl'),
    'floordesk_migration',
    (error) => {
      throw error;
    },
    migrationsBefore(TESTED),
  );
  await database.pool.query(`insert into users (address, created_at, last_login_at) values ($1, now(), now())`, [
    BUYER,
  ]);
  return database;
}
afterEach(async () => {
  await database?.drop();
  database = undefined;
});

/** A plan item as migration 0004 stored it, with the wire's `is_buy`. */
function oldItem(token: number, role: 'buy' | 'spare' | 'skip', isBuy: number | null, reason: string | null = null) {
  return {
    order_id: `0x${token.toString(16).padStart(64, '0')}`,
    token_id: String(token),
    price: '1000',
    marketplace: 'opensea',
    order_way: 1,
    img: null,
    rank: token,
    role,
    reason,
    is_buy: isBuy,
  };
}

async function insertOldOrder(pool: Pool, flag: number, items: readonly ReturnType<typeof oldItem>[]): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    `insert into sweep_orders (user_address, collection, status, flag, items, total, value, tx_data_hash, created_at)
     values ($1, '0x5fbdb2315678afecb367f032d93f642f64180aa3', 'settled', $2, $3, 1000, 1000, '0x00', now())
     returning id`,
    [BUYER, flag, JSON.stringify(items)],
  );
  return rows[0]!.id;
}

describe('migration 0007: sweeps by name', () => {
  it("turns every order flag and item is_buy into its name, keeping the items' order and fields, and the names code back to the same numbers", async () => {
    const { pool, db } = await databaseBeforeMigration();
    const pending = [oldItem(1, 'buy', 1), oldItem(2, 'spare', null), oldItem(3, 'skip', 5000, 'flagged')];
    const bought = [
      oldItem(4, 'buy', 3),
      oldItem(5, 'buy', 4),
      oldItem(6, 'spare', 3),
      oldItem(7, 'spare', null),
      oldItem(8, 'skip', 5000, 'own'),
    ];
    const nothing = [oldItem(9, 'buy', 5253), oldItem(10, 'buy', 4001), oldItem(11, 'buy', 1515)];
    const before = new Map([
      [await insertOldOrder(pool, 0, pending), { flag: 0, items: pending }],
      [await insertOldOrder(pool, 1, bought), { flag: 1, items: bought }],
      [await insertOldOrder(pool, 2, nothing), { flag: 2, items: nothing }],
      [await insertOldOrder(pool, 2, []), { flag: 2, items: [] }],
    ]);

    await runMigrations(pool);

    const after = new Map((await db.select().from(sweepOrders)).map((row) => [row.id, row]));
    expect([...after.values()].map((row) => [row.outcome, row.items.map((item) => item.status)]).toSorted()).toEqual(
      [
        ['pending', ['in_progress', 'standby', 'skipped']],
        ['bought', ['bought', 'failed', 'bought', 'standby', 'skipped']],
        ['nothing_bought', ['over_gas_limit', 'rejected', 'higher_than_expected']],
        ['nothing_bought', []],
      ].toSorted(),
    );
    for (const [id, old] of before) {
      const row = after.get(id)!;
      // What the API answers for the migrated row: the same codes as before.
      expect(sweepOutcomeCode(row.outcome)).toBe(old.flag);
      expect(row.items.map(({ status, ...item }) => ({ ...item, is_buy: sweepItemStatusCode(status) }))).toEqual(
        old.items,
      );
    }
    const columns = await pool.query(
      `select column_name, data_type, column_default from information_schema.columns
        where table_name = 'sweep_orders' and column_name in ('flag', 'outcome')`,
    );
    expect(columns.rows).toEqual([{ column_name: 'outcome', data_type: 'text', column_default: "'pending'::text" }]);
  });

  it.each([
    ['an order flag', 3, [oldItem(1, 'buy', 3)], 'column "outcome" of relation "sweep_orders" contains null values'],
    ['an item is_buy', 1, [oldItem(1, 'buy', 42)], 'sweep_orders.items holds an is_buy code without a name'],
  ])('stops, changing nothing, at %s without a name', async (_, flag, items, refusal) => {
    const { pool } = await databaseBeforeMigration();
    await insertOldOrder(pool, flag, items);

    await expect(runMigrations(pool)).rejects.toMatchObject({ cause: { message: refusal } });

    const { rows } = await pool.query('select flag, items from sweep_orders');
    expect(rows).toEqual([{ flag, items }]);
  });
});
