import { type SQL, sql } from 'drizzle-orm';
import { MINUTE_MS } from '../time';

/** The start of the UTC minute `now` falls in: the rollup minute of "now". */
export function currentMinute(now: Date): Date {
  return new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
}

/** A window of N minutes is the N most recent rollup minutes, the current one included; this is its first. */
export function windowStartMinute(now: Date, minutes: number): Date {
  return new Date(currentMinute(now).getTime() - (minutes - 1) * MINUTE_MS);
}

/**
 * SQL: the floor at the instant `before` (a timestamptz expression), i.e. the floor written for the latest minute
 * that ended by then; minutes without a recorded floor are skipped. `collection` is the SQL expression of the
 * collection's address.
 */
export function floorBefore(collection: SQL, before: SQL): SQL {
  return sql`(select f.floor_wei from collection_stats_1m f
               where f.collection = ${collection} and f.minute < ${before} and f.floor_wei is not null
               order by f.minute desc limit 1)`;
}

/**
 * SQL: the floor a window starting at `start` changes from, for every figure that reports a floor change (trending,
 * the collection page, /historic): the floor at its start, or, when none was recorded before it, the first floor
 * recorded inside it, so a collection watched for less than the window still shows the change seen so far.
 */
export function windowStartFloor(collection: SQL, start: SQL): SQL {
  return sql`coalesce(${floorBefore(collection, start)},
                      (select f.floor_wei from collection_stats_1m f
                        where f.collection = ${collection} and f.minute >= ${start} and f.floor_wei is not null
                        order by f.minute limit 1))`;
}

/** Change from the floor at a window's start to the floor now in percent, 2 decimals; null when either is unknown. */
export function floorChangePercent(start: string | null, now: string | null): number | null {
  if (start === null || now === null || BigInt(start) === 0n) return null;
  return roundedPercent(Number(BigInt(now) - BigInt(start)), Number(start));
}

/** `part` as a percentage of `whole`, 2 decimals. */
export function roundedPercent(part: number, whole: number): number {
  return Math.round((part / whole) * 10_000) / 100;
}
