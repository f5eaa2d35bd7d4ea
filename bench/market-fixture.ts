import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Pool, PoolClient } from 'pg';
import { COARSE_SPANS_MINUTES, coarseBucketOf, minuteOf } from '../apps/server/src/chain/rollups';

/**
 * A generated market in the real schema, written by PostgreSQL itself (generate_series, seeded random()), for the
 * trending and API-load benches: collections, sales and the rollups they produce (minutes and coarse buckets),
 * listing activity, and the order book's listings. The mix:
 * - popularity over collections is a power law (Zipf, s ≈ 1): the most traded collection has ~8% of the sales,
 *   half the sales go to the top ~70;
 * - a share of collections launches during the span (their sales start then);
 * - a daily cycle (activity swings between 0.67x and 2x of the mean over the day) whose peak is `end`: the
 *   market is the same, relative to `end`, at whatever time of day a bench generates it;
 * - bursts: `burstShare` of the sales land in short bursts (20 min to 4 h) of randomly chosen collections, any
 *   rank (a mint or a reveal making a small collection trend);
 * - listing activity adds rollup minutes without trades (new listings, floor moves), as the order book does;
 * - active listings per collection fall with rank (up to 2,000 for the top ones, never above a quarter of the
 *   supply, ~5 for the tail), 1% of them past their end time but not yet expired by the chores; three times as
 *   many ended ones (filled, cancelled, expired).
 */
export type MarketParameters = {
  collections: number;
  sales: number;
  /** Listing events spread like the sales; each adds to a minute's new_listings and floor. */
  listingEvents: number;
  spanDays: number;
  burstShare: number;
  bursts: number;
  seed: number;
};

export type MarketSummary = {
  sales: number;
  minuteRows: number;
  coarseRows: number;
  activeListings: number;
  collections: number;
};

/** Writes the market ending at `end` (a UTC minute); the rollups are derived from the sales as the indexer's are. */
export async function generateMarket(
  pool: Pool,
  parameters: MarketParameters,
  end: Date,
  onStep: (step: string, ms: number) => void,
): Promise<MarketSummary> {
  const client = await pool.connect();
  const step = async (name: string, work: () => Promise<unknown>) => {
    const start = performance.now();
    await work();
    onStep(name, performance.now() - start);
  };
  try {
    await client.query('set synchronous_commit = off');
    await client.query("set maintenance_work_mem = '1GB'");
    await client.query("set work_mem = '1GB'");
    await client.query('select setseed($1)', [parameters.seed]);
    await step('collections', () => writeCollections(client, parameters, end));
    await step('sales', () => withoutIndexes(client, 'sales', () => writeSales(client, parameters, end)));
    await step('rollups', () =>
      withoutIndexes(client, 'collection_stats_1m', () =>
        withoutIndexes(client, 'collection_stats_buckets', () => writeRollups(client, parameters, end)),
      ),
    );
    await step('listings', () => withoutIndexes(client, 'listings', () => writeListings(client, end)));
    await step('vacuum', async () => {
      for (const table of ['collections', 'collection_stats_1m', 'collection_stats_buckets', 'listings', 'sales']) {
        await client.query(`vacuum analyze ${table}`);
      }
    });
    const { rows } = await client.query<Record<keyof MarketSummary, string>>(
      `select (select count(*) from sales) as sales, (select count(*) from collection_stats_1m) as "minuteRows",
              (select count(*) from collection_stats_buckets) as "coarseRows",
              (select count(*) from listings where status = 'active') as "activeListings",
              (select count(*) from collections) as collections`,
    );
    const row = rows[0] as Record<keyof MarketSummary, string>;
    return {
      sales: Number(row.sales),
      minuteRows: Number(row.minuteRows),
      coarseRows: Number(row.coarseRows),
      activeListings: Number(row.activeListings),
      collections: Number(row.collections),
    };
  } finally {
    client.release();
  }
}

/**
 * Runs a bulk load with the table's primary key and indexes dropped, then builds them again from their own
 * definitions: one sort per index instead of millions of random insertions.
 */
async function withoutIndexes(client: PoolClient, table: string, load: () => Promise<void>): Promise<void> {
  const keys = await client.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = $1::regclass and contype = 'p'`,
    [table],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.tablename = $1 and i.schemaname = current_schema()
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    [table],
  );
  const target = client.escapeIdentifier(table);
  for (const { name } of indexes.rows) await client.query(`drop index ${client.escapeIdentifier(name)}`);
  for (const { name } of keys.rows)
    await client.query(`alter table ${target} drop constraint ${client.escapeIdentifier(name)}`);
  await load();
  for (const { name, definition } of keys.rows) {
    await client.query(`alter table ${target} add constraint ${client.escapeIdentifier(name)} ${definition}`);
  }
  for (const { definition } of indexes.rows) await client.query(definition);
}

/** The address of the collection of popularity rank k (1 = most traded): unrelated to its rank. */
const ADDRESS_OF = (k: string) => `'0x' || substr(md5('collection-a-' || ${k}) || md5('collection-b-' || ${k}), 1, 40)`;

async function writeCollections(client: PoolClient, { collections, spanDays }: MarketParameters, end: Date) {
  // The generator's view of each collection: rank, launch, floor and how its floor drifts.
  await client.query(
    `create temporary table market_collections as
     select k, ${ADDRESS_OF('k')} as address,
            case when random() < 0.3 then $2::timestamptz - random() * $3 * interval '1 day'
                 else $2::timestamptz - $3 * interval '1 day' end as launch,
            (0.005 * exp(random() * 7) * 1e18)::numeric(78, 0) as floor_wei,
            1 + random() * 9 as drift_days,
            random() * 6.283 as drift_phase,
            (1000 + random() * 9000)::int as supply,
            random() < 0.1 as multi
       from generate_series(1, $1) as k`,
    [collections, end, spanDays],
  );
  await client.query('create unique index on market_collections (k)');
  await client.query('analyze market_collections');
  await client.query(
    `insert into collections (address, name, symbol, standard, total_supply, image_url, verified, info_status,
                              rarity_stale, first_seen_block)
     select address,
            (array['Bored', 'Pudgy', 'Azuki', 'Doodle', 'Cool', 'Moon', 'Crypto', 'Pixel', 'Art', 'Meta'])[1 + k % 10]
              || ' ' || (array['Apes', 'Penguins', 'Cats', 'Punks', 'Birds', 'Wizards', 'Robots', 'Frogs'])[1 + k % 8]
              || ' ' || k,
            'C' || k, case when multi then 'erc1155' else 'erc721' end, supply,
            'https://img.example/' || k || '.png', k % 7 = 0, 'ok', false, 1
       from market_collections`,
  );
}

/**
 * Bends a uniform time into a daily cycle: the density of t + A·sin(2π(end − t)/day) swings between 1/1.5 and 1/0.5
 * of the mean over the day (A = day/4π) and peaks at `end`, which the bend keeps in place. A phase taken from the
 * clock instead left the last two hours empty at some times of day, and the benches then measured nothing there.
 */
function daily(time: string, end: string): string {
  return `(${time}) + interval '1 second' * 6875 * sin(extract(epoch from ${end} - (${time})) / 13751)`;
}

async function writeSales(
  client: PoolClient,
  { collections, sales, spanDays, burstShare, bursts }: MarketParameters,
  end: Date,
) {
  await client.query(
    `create temporary table market_bursts as
     select b as id, 1 + (random() * ($1 - 1))::int as k,
            $2::timestamptz - random() * $3 * interval '1 day' as starts,
            20 + random() * 220 as minutes
       from generate_series(0, $4) as b`,
    [collections, end, spanDays, bursts],
  );
  await client.query('create unique index on market_bursts (id)');
  await client.query('analyze market_bursts');
  // A sale picks its collection (a burst's, else by popularity) and its time (in the burst, else after the
  // collection's launch, bent by the daily cycle); the lateral draws reference i so each row draws anew.
  await client.query(
    `insert into sales (tx_hash, log_index, item_index, block_number, block_time, collection, token_id, amount,
                        price_wei, payment_token, buyer, seller, marketplace, protocol, order_hash, indexed_at)
     select '0x' || lpad(to_hex(d.i), 64, '0'), d.i, 0,
            (extract(epoch from d.t)::bigint - 1600000000) / 12, d.t, c.address, (random() * c.supply)::int, 1,
            round(c.floor_wei * (1 + 2 * random() ^ 4)::numeric),
            '0x0000000000000000000000000000000000000000',
            '0x' || lpad(to_hex((random() * 200000)::int), 40, '0'),
            '0x' || lpad(to_hex((random() * 200000)::int), 40, '0'),
            'opensea', 'seaport', '0x' || lpad(to_hex(d.i), 64, 'f'), d.t
       from (
         select * from (
           select r.i,
                  case when r.burst then b.k else r.zipf end as k,
                  case when r.burst then b.starts + b.minutes * r.u * interval '1 minute'
                       else ${daily('c.launch + ($5::timestamptz - c.launch) * r.u', '$5::timestamptz')} end as t
             from generate_series(1, ($1::int * 1.05)::int) as i,
                  lateral (select i, random() < $2::float8 as burst,
                                  least($3::int, floor(exp(random() * ln($3::int + 1))))::int as zipf,
                                  random() as u, (random() * $4::int)::int as burst_id) as r
             left join market_bursts b on b.id = r.burst_id
             join market_collections c on c.k = r.zipf
         ) as drawn
         -- Bursts running at the end reach past it: those draws are dropped, not squeezed in.
         where t <= $5::timestamptz
         limit $1::int
       ) as d
       join market_collections c on c.k = d.k`,
    [sales, burstShare, collections, bursts, end],
  );
}

async function writeRollups(client: PoolClient, { collections, listingEvents }: MarketParameters, end: Date) {
  // The rollup helpers are drizzle SQL: these statements run through drizzle, on this client and its settings.
  const db = drizzle(client);
  // Exactly what insertSales rolls up (trades and ETH volume per UTC minute), plus the order book's listing
  // minutes; every written minute carries the collection's floor at its end, drifting around its base floor.
  const rank = sql`least(${collections}::int, floor(exp(random() * ln(${collections}::int + 1))))::int`;
  await db.execute(sql`
    insert into collection_stats_1m (collection, minute, trades, volume_wei, new_listings, floor_wei)
    select x.collection, x.minute, sum(x.trades), sum(x.volume), sum(x.new_listings),
           round(c.floor_wei * (1 + 0.25 * sin(extract(epoch from x.minute) / (86400 * c.drift_days) + c.drift_phase))::numeric)
      from (
        select collection, ${minuteOf(sql`block_time`)} as minute, count(*) as trades, sum(price_wei) as volume,
               0 as new_listings
          from sales group by 1, 2
        union all
        select c.address, ${minuteOf(sql`(c.launch + random() * (${end}::timestamptz - c.launch))`)}, 0, 0, 1
          from generate_series(1, ${listingEvents}::int) as i,
               lateral (select i, ${rank} as k) as r
          join market_collections c on c.k = r.k
      ) as x
      join market_collections c on c.address = x.collection
     group by x.collection, x.minute, c.floor_wei, c.drift_days, c.drift_phase
     order by x.minute`);
  await db.execute(sql`
    insert into collection_stats_buckets (span_minutes, bucket, collection, trades, volume_wei)
    select span.minutes, ${coarseBucketOf(sql`minute`, sql`span.minutes`)}, collection, sum(trades), sum(volume_wei)
      from collection_stats_1m cross join unnest(${sql.param(COARSE_SPANS_MINUTES)}::int[]) as span(minutes)
     where trades > 0 group by 1, 2, 3 order by 1, 2`);
}

async function writeListings(client: PoolClient, end: Date) {
  await client.query(
    `insert into listings (order_hash, collection, token_id, amount, offerer, price_wei, marketplace, order_way,
                           protocol, protocol_address, operator, counter, start_time, end_time, parameters, signature,
                           status, status_reason, created_at, updated_at)
     select '0x' || md5('listing-a-' || c.k || '-' || n) || md5('listing-b-' || c.k || '-' || n),
            c.address, (random() * c.supply)::int, 1, '0x' || lpad(to_hex((random() * 200000)::int), 40, '0'),
            round(c.floor_wei * (0.8 + random() ^ 2 * 3)::numeric), 'opensea', 1,
            'seaport', '0x0000000000000068f116a894984e2db1123eb395', '0x1e0049783f008a0085193e00003d00cd54003c71', 0,
            $1::timestamptz - random() * interval '30 days',
            case when random() < 0.01 then $1::timestamptz - random() * interval '1 hour'
                 else $1::timestamptz + random() * interval '30 days' end,
            '{}'::jsonb, '0x',
            case when n <= active then 'active'
                 else (array['filled', 'cancelled', 'expired', 'invalid'])[1 + n % 4] end,
            case when n <= active then null else 'generated' end,
            $1::timestamptz - random() * interval '30 days', $1::timestamptz
       from market_collections c,
            lateral (select least(floor(2000 / c.k::float8 ^ 0.7)::int + 5, c.supply / 4) as active) as a,
            lateral generate_series(1, a.active * 4) as n`,
    [end],
  );
}
