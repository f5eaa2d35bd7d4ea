import { seededRandom } from '@floordesk/devnet';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { indexSales, type TestSale } from '../testing/indexed-sales';
import { COARSE_SPANS_MINUTES, coarseBucketOf } from './rollups';
import { rollBackTo } from './store';
import { CHAIN_CONSUMERS } from '../chain-consumers';

const database = useTestDatabase();

const COLLECTIONS = ['0x00000000000000000000000000000000000000a1', '0x00000000000000000000000000000000000000a2'];
const START = Date.parse('2030-03-01T00:00:00Z');

function randomSales(seed: string, count: number, spanHours: number): TestSale[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => ({
    collection: random.pick(COLLECTIONS),
    time: new Date(START + Math.floor(random.next() * spanHours * 3_600_000)),
    priceWei: BigInt(random.int(1, 10_000)) * 10n ** 14n,
  }));
}

type Bucket = { span_minutes: number; bucket: string; collection: string; trades: number; volume: string };

/** The coarse buckets as stored, and as summed from the sales themselves; zero buckets left out of both. */
async function bucketsStoredAndFromSales(): Promise<[Bucket[], Bucket[]]> {
  const { db } = database();
  const order = sql`order by span_minutes, bucket, collection`;
  const stored = await db.execute<Bucket>(sql`
    select span_minutes, bucket::text, collection, trades, volume_wei::text as volume from collection_stats_buckets
     where trades <> 0 ${order}`);
  const fromSales = await db.execute<Bucket>(sql`
    select span.minutes as span_minutes, ${coarseBucketOf(sql`block_time`, sql`span.minutes`)}::text as bucket, collection,
           count(*)::int as trades, sum(price_wei)::text as volume
      from sales cross join unnest(${sql.param(COARSE_SPANS_MINUTES)}::int[]) as span(minutes)
     group by 1, 2, 3 ${order}`);
  return [stored.rows, fromSales.rows];
}

describe('coarse rollups (collection_stats_buckets)', () => {
  it('hold exactly the trades and volume of their sales, in buckets of 10 minutes, 1, 4 and 12 hours', async () => {
    await indexSales(database().db, randomSales('coarse-ingest', 300, 30));
    const [stored, fromSales] = await bucketsStoredAndFromSales();
    expect(new Set(stored.map((b) => b.span_minutes))).toEqual(new Set(COARSE_SPANS_MINUTES));
    expect(stored).toEqual(fromSales);
  });

  it('give back the orphaned sales of a rolled-back branch', async () => {
    const blocks = await indexSales(database().db, randomSales('coarse-orphans', 200, 30));
    const ancestor = blocks[99] as number;
    await database().db.transaction((tx) => rollBackTo(tx, ancestor, new Date(), CHAIN_CONSUMERS));
    const [stored, fromSales] = await bucketsStoredAndFromSales();
    expect(stored).toEqual(fromSales);
    const { rows } = await database().db.execute<{ orphaned: number }>(
      sql`select count(*)::int as orphaned from sales where block_number > ${ancestor}`,
    );
    expect(rows[0]?.orphaned).toBe(0);
  });
});
