import { randomUUID } from 'node:crypto';
import type { Marketplace, SweepItem } from '@floordesk/protocol';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, isUniqueViolation } from '../../db/pool';
import { sweepOrders } from '../../db/schema';
import { fillableListings, type StoredOrder } from '../../market/listings/fillable';
import { listingFields } from '../collection/service';

export type SweepCollection = {
  standard: string | null;
  /** Wei: the highest priority fee among pending buys of the collection, null when there are none. */
  pending_tip: string | null;
};

/** What a quote needs of the collection: its standard, and the tip the dynamic gas preset has to beat. */
export async function findSweepCollection(db: Executor, address: string): Promise<SweepCollection | undefined> {
  const { rows } = await db.execute<SweepCollection>(sql`
    select standard, (select max(priority_fee_wei) from pending_buys where collection = ${address})::text as pending_tip
      from collections where address = ${address}`);
  return rows[0];
}

/** A fillable listing as the selection and the plan's items read it, with its signed order. */
export type SweepListingRecord = ReturnType<typeof listingFields> & { order: StoredOrder };

/**
 * Listings of `collection` fillable at `now` on the given marketplaces, in the collection page's order, at most
 * `limit`; only `orderId` when one is given. One query (the order book's fillable read): the planner must not go back
 * to the database per listing.
 */
export async function sweepListings(
  db: Executor,
  collection: string,
  {
    now,
    marketplaces,
    orderId,
    limit,
  }: { now: Date; marketplaces: readonly Marketplace[]; orderId?: string; limit: number },
): Promise<SweepListingRecord[]> {
  const rows = await fillableListings(db, collection, now, {
    marketplaces,
    ...(orderId !== undefined && { orderHash: orderId }),
    limit,
    signed: true,
  });
  return rows.map((row) => ({ ...listingFields(row), order: row.order }));
}

export type SweepOrderRow = typeof sweepOrders.$inferSelect;

/**
 * Stores sweep orders in one statement, so that a quote of two transactions is written whole or not at all without
 * the round trips of a transaction; the ids are made here, in the orders' order.
 */
export async function insertSweepOrders(
  db: Executor,
  orders: readonly Omit<typeof sweepOrders.$inferInsert, 'id'>[],
): Promise<string[]> {
  const rows = orders.map((order) => ({ ...order, id: randomUUID() }));
  await db.insert(sweepOrders).values(rows);
  return rows.map((row) => row.id);
}

/** The user's own sweep: another user's is as absent as one that never existed. */
export async function findSweepOrder(db: Executor, id: string, user: string): Promise<SweepOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(sweepOrders)
    .where(and(eq(sweepOrders.id, id), eq(sweepOrders.userAddress, user)));
  return row;
}

/**
 * Quoted → sent. 'late' when the sweep was no longer quoted (a concurrent record came first); 'taken' when another
 * sweep already recorded this transaction.
 */
export async function markSent(db: Executor, id: string, txHash: string): Promise<'sent' | 'late' | 'taken'> {
  try {
    const updated = await db
      .update(sweepOrders)
      .set({ status: 'sent', txHash })
      .where(and(eq(sweepOrders.id, id), eq(sweepOrders.status, 'quoted')))
      .returning({ id: sweepOrders.id });
    return updated.length > 0 ? 'sent' : 'late';
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function markSettled(
  db: Executor,
  id: string,
  settled: { outcome: SweepOrderRow['outcome']; items: SweepItem[]; spent: string; at: Date },
): Promise<void> {
  await db
    .update(sweepOrders)
    .set({
      status: 'settled',
      outcome: settled.outcome,
      items: settled.items,
      spent: settled.spent,
      settledAt: settled.at,
    })
    .where(and(eq(sweepOrders.id, id), eq(sweepOrders.status, 'sent')));
}

/** The images the tokens have now, by token id; tokens without one are absent. */
export async function tokenImages(
  db: Executor,
  collection: string,
  tokenIds: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ token_id: string; image_url: string }>(sql`
    select token_id::text, image_url from tokens
     where collection = ${collection} and token_id = any(${sql.param(tokenIds)}::numeric[]) and image_url is not null`);
  return new Map(rows.map((row) => [row.token_id, row.image_url]));
}
