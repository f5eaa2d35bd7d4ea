import { sql } from 'drizzle-orm';
import { minuteOf } from '../../chain/rollups';
import type { Executor } from '../../db/pool';
import { fillableAt } from './fillable';

/**
 * Writes each collection's current floor (its cheapest fillable listing) into the current minute's rollup, so
 * "floor at the end of the minute" is kept as listings come and go. Every change of a listing's status calls it.
 */
export async function refreshFloors(db: Executor, collections: readonly string[], now: Date): Promise<void> {
  if (collections.length === 0) return;
  const at = sql`${now}::timestamptz`;
  await db.execute(sql`
    insert into collection_stats_1m (collection, minute, floor_wei)
    select c.address, ${minuteOf(at)},
           (select min(l.price_wei) from listings l
             where l.collection = c.address and ${fillableAt(at, 'l')})
      from unnest(${sql.param([...new Set(collections)])}::text[]) as c(address)
    on conflict (collection, minute) do update set floor_wei = excluded.floor_wei`);
}

/** Counts `count` listings of the collection the order book accepted into their minute. */
export async function countNewListing(db: Executor, collection: string, now: Date, count = 1): Promise<void> {
  await db.execute(sql`
    insert into collection_stats_1m (collection, minute, new_listings)
    values (${collection}, ${minuteOf(sql`${now}::timestamptz`)}, ${count})
    on conflict (collection, minute) do update set new_listings = collection_stats_1m.new_listings + ${count}`);
}
