import { seededRandom } from '@floordesk/devnet';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../db/pool';
import { useTestDatabase } from '../testing/database';
import { indexSales, type TestSale } from '../testing/indexed-sales';
import { COARSE_SPANS_MINUTES, coarseBucketOf } from './rollups';
import { rollBackTo } from './store';

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
  const order = 'order by span_minutes, bucket, collection';
  const stored = await database().pool.query<Bucket>(
    `select span_minutes, bucket::text, collection, trades, volume_wei::text as volume from collection_stats_buckets
      where trades <> 0 ${order}`,
  );
  const fromSales = await database().pool.query<Bucket>(
    `select span.minutes as span_minutes, ${coarseBucketOf('block_time', 'span.minutes')}::text as bucket, collection,
            count(*)::int as trades, sum(price_wei)::text as volume
       from sales cross join unnest($1::int[]) as span(minutes)
      group by 1, 2, 3 ${order}`,
    [COARSE_SPANS_MINUTES],
  );
  return [stored.rows, fromSales.rows];
}

describe('coarse rollups (collection_stats_buckets)', () => {
  it('hold exactly the trades and volume of their sales, in buckets of 10 minutes, 1, 4 and 12 hours', async () => {
    await indexSales(database().pool, randomSales('coarse-ingest', 300, 30));
    const [stored, fromSales] = await bucketsStoredAndFromSales();
    expect(new Set(stored.map((b) => b.span_minutes))).toEqual(new Set(COARSE_SPANS_MINUTES));
    expect(stored).toEqual(fromSales);
  });

  it('give back the orphaned sales of a rolled-back branch', async () => {
    const blocks = await indexSales(database().pool, randomSales('coarse-orphans', 200, 30));
    const ancestor = blocks[99] as number;
    await withTransaction(database().pool, (client) => rollBackTo(client, ancestor, new Date()));
    const [stored, fromSales] = await bucketsStoredAndFromSales();
    expect(stored).toEqual(fromSales);
    const { rows } = await database().pool.query<{ orphaned: number }>(
      'select count(*)::int as orphaned from sales where block_number > $1',
      [ancestor],
    );
    expect(rows[0]?.orphaned).toBe(0);
  });
});
