import type { ClientBase } from 'pg';
import { minuteOf } from '../../chain/rollups';
import { fillableAt } from './fillable';

const MINUTE = minuteOf('$2::timestamptz');

/**
 * Writes each collection's current floor (its cheapest fillable listing) into the current minute's rollup, so
 * "floor at the end of the minute" is kept as listings come and go. Every change of a listing's status calls it.
 */
export async function refreshFloors(client: ClientBase, collections: readonly string[], now: Date): Promise<void> {
  if (collections.length === 0) return;
  await client.query(
    `insert into collection_stats_1m (collection, minute, floor_wei)
     select c.address, ${MINUTE},
            (select min(l.price_wei) from listings l
              where l.collection = c.address and ${fillableAt('$2', 'l')})
       from unnest($1::text[]) as c(address)
     on conflict (collection, minute) do update set floor_wei = excluded.floor_wei`,
    [[...new Set(collections)], now],
  );
}

/** Counts a listing the order book accepted into its minute. */
export async function countNewListing(client: ClientBase, collection: string, now: Date): Promise<void> {
  await client.query(
    `insert into collection_stats_1m (collection, minute, new_listings) values ($1, ${MINUTE}, 1)
     on conflict (collection, minute) do update set new_listings = collection_stats_1m.new_listings + 1`,
    [collection, now],
  );
}
