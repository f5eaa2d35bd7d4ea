import type { ClientBase } from 'pg';
import { fillableAt } from '../market/fillable';

/** The rollup minute of a timestamptz SQL expression: wall-clock minutes in UTC; trades land in their block's. */
export function minuteOf(timestamp: string): string {
  return `date_trunc('minute', ${timestamp} at time zone 'UTC') at time zone 'UTC'`;
}

/** The bucket lengths of collection_stats_buckets in minutes; each divides a day, so buckets align to UTC midnight. */
export const COARSE_SPANS_MINUTES = [10, 60, 240, 720] as const;

/** The first minute of the `spanMinutes`-long bucket holding a timestamptz SQL expression. */
export function coarseBucketOf(timestamp: string, spanMinutes: string): string {
  return `date_bin(${spanMinutes} * interval '1 minute', ${timestamp}, timestamptz '2000-01-01 00:00:00+00')`;
}

const MINUTE = minuteOf('$2::timestamptz');

/**
 * Writes each collection's current floor (cheapest active, unexpired listing) into the current minute's rollup,
 * so "floor at the end of the minute" is kept as listings come and go.
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
