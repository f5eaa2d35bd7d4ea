import { type SQL, sql } from 'drizzle-orm';

/** The rollup minute of a timestamptz SQL expression: wall-clock minutes in UTC; trades land in their block's. */
export function minuteOf(timestamp: SQL): SQL {
  return sql`date_trunc('minute', ${timestamp} at time zone 'UTC') at time zone 'UTC'`;
}

/** The bucket lengths of collection_stats_buckets in minutes; each divides a day, so buckets align to UTC midnight. */
export const COARSE_SPANS_MINUTES = [10, 60, 240, 720] as const;

/** The first minute of the `spanMinutes`-long bucket holding a timestamptz SQL expression. */
export function coarseBucketOf(timestamp: SQL, spanMinutes: SQL): SQL {
  return sql`date_bin(${spanMinutes} * interval '1 minute', ${timestamp}, timestamptz '2000-01-01 00:00:00+00')`;
}
