import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { MINUTE_MS } from '../../time';

/**
 * A listing from before the order book watched, as a marketplace reports its past listings: its collection and
 * price, when it was listed and when it ended (filled, cancelled or expired), in Unix seconds.
 */
export type PastListing = { collection: string; priceWei: string; listedAt: number; endedAt: number };

type FloorRecord = { collection: string; minute: Date; floorWei: string | null };

/**
 * The floor at the end of every minute in which a past listing started or ended, per collection: the cheapest listing
 * open then, or null for an empty book, as `refreshFloors` records it while the order book watches.
 */
export function pastFloors(listings: readonly PastListing[]): FloorRecord[] {
  const byCollection = new Map<string, PastListing[]>();
  for (const listing of listings) {
    const collection = listing.collection.toLowerCase();
    const own = byCollection.get(collection);
    if (own) own.push(listing);
    else byCollection.set(collection, [listing]);
  }
  return [...byCollection].flatMap(([collection, own]) => {
    const minutes = new Set(own.flatMap((l) => [l.listedAt, l.endedAt]).map((s) => minuteMs(s)));
    return [...minutes]
      .toSorted((a, b) => a - b)
      .map((minute) => {
        const end = minute / 1000 + 60;
        const open = own.filter((l) => l.listedAt < end && l.endedAt >= end);
        const floor = open.reduce<bigint | null>((min, l) => {
          const price = BigInt(l.priceWei);
          return min === null || price < min ? price : min;
        }, null);
        return { collection, minute: new Date(minute), floorWei: floor?.toString() ?? null };
      });
  });
}

/**
 * Records the floors a history of past listings implies into the per-minute rollups, as if the order book had
 * watched them. Idempotent: each start of the devnet imports its history again.
 */
export async function importListingHistory(db: Executor, listings: readonly PastListing[]): Promise<void> {
  const floors = pastFloors(listings);
  if (floors.length === 0) return;
  await db.execute(sql`
    insert into collection_stats_1m (collection, minute, floor_wei)
    select * from unnest(${sql.param(floors.map((f) => f.collection))}::text[],
                         ${sql.param(floors.map((f) => f.minute))}::timestamptz[],
                         ${sql.param(floors.map((f) => f.floorWei))}::numeric[])
    on conflict (collection, minute) do update set floor_wei = excluded.floor_wei`);
}

function minuteMs(seconds: number): number {
  return Math.floor((seconds * 1000) / MINUTE_MS) * MINUTE_MS;
}
