import type { CollectionRow } from '@floordesk/protocol';
import { type SQL, sql } from 'drizzle-orm';
import { floorChangePercent, roundedPercent, windowStartFloor, windowStartMinute } from '../../chain/rollup-windows';
import { COARSE_SPANS_MINUTES } from '../../chain/rollups';
import { executePrepared, type Executor } from '../../db/pool';
import { collectionType, itemCount } from '../../market/collection-fields';
import { fillableAt } from '../../market/listings/fillable';
import { MINUTE_MS } from '../../time';

/**
 * One bucket of a window's cover, added or taken away: a rollup minute (span 1) or a coarse bucket of `span`
 * minutes.
 */
type Piece = { span: number; start: number; sign: 1 | -1 };
type Cover = { cost: number; pieces: Piece[] };

/**
 * The bucket sizes a window is built from, with what reading one bucket costs, a minute's rows being 1. Most
 * collections that trade within an hour trade again within the next ones, so a 10-minute bucket holds ~4 minutes'
 * worth of rows, 1 h ~12, 4 h ~25, 12 h ~35 (measured on the trending bench's market); and a bucket's rows come from
 * its index alone, at about two thirds of the cost of a minute's, which are read from the table. The costs only
 * choose between exact covers.
 */
const BUCKET_COST: Record<(typeof COARSE_SPANS_MINUTES)[number], number> = { 10: 2.5, 60: 8, 240: 17, 720: 23 };
const LEVELS = [{ span: 1, cost: 1 }, ...COARSE_SPANS_MINUTES.map((span) => ({ span, cost: BUCKET_COST[span] }))].map(
  (level) => ({ ...level, ms: level.span * MINUTE_MS }),
);

const EMPTY: Cover = { cost: 0, pieces: [] };

function join(...covers: Cover[]): Cover {
  return { cost: covers.reduce((sum, c) => sum + c.cost, 0), pieces: covers.flatMap((c) => c.pieces) };
}

function negate({ cost, pieces }: Cover): Cover {
  return { cost, pieces: pieces.map((piece) => ({ ...piece, sign: piece.sign === 1 ? -1 : 1 })) };
}

/**
 * The cheapest exact cover of [from, to) (ms, minute-aligned) by buckets of LEVELS[level] and finer: whole buckets
 * inside, and at each edge either finer buckets or the whole bucket minus the finer buckets outside the range.
 */
function cover(from: number, to: number, level: number): Cover {
  if (from >= to) return EMPTY;
  const { span, ms, cost } = LEVELS[level] as (typeof LEVELS)[number];
  if (level === 0) {
    const pieces: Piece[] = [];
    for (let start = from; start < to; start += ms) pieces.push({ span, start, sign: 1 });
    return { cost: pieces.length * cost, pieces };
  }
  const first = Math.ceil(from / ms) * ms;
  const last = Math.floor(to / ms) * ms;
  if (first > last) return partialBucket(from, to, level);
  const whole: Piece[] = [];
  for (let start = first; start < last; start += ms) whole.push({ span, start, sign: 1 });
  return join(
    partialBucket(from, first, level),
    { cost: whole.length * cost, pieces: whole },
    partialBucket(last, to, level),
  );
}

/** [from, to) inside one bucket of `level`: finer buckets, or that bucket minus the rest of it. */
function partialBucket(from: number, to: number, level: number): Cover {
  if (from >= to) return EMPTY;
  const { span, ms, cost } = LEVELS[level] as (typeof LEVELS)[number];
  const finer = cover(from, to, level - 1);
  const start = Math.floor(from / ms) * ms;
  const rest = join(cover(start, from, level - 1), cover(to, start + ms, level - 1));
  const whole = join({ cost, pieces: [{ span, start, sign: 1 }] }, negate(rest));
  return whole.cost < finer.cost ? whole : finer;
}

/** The rollup buckets that add up to a window of `minutes`: its N most recent UTC minutes, the current one included. */
export function windowCover(minutes: number, now: Date): Piece[] {
  const start = windowStartMinute(now, minutes).getTime();
  return cover(start, start + minutes * MINUTE_MS, LEVELS.length - 1).pieces;
}

/** Which collections get rows: those that traded in the window (most first), or the given ones (a watchlist). */
export type RowFilter = { kind: 'trading' } | { kind: 'collections'; addresses: readonly string[] };

/** The window's pieces, each list one parameter: minutes and coarse buckets to add, and to take away. */
type PieceLists = { addedMinutes: Date[]; removedMinutes: Date[]; added: Coarse; removed: Coarse };
type Coarse = { spans: number[]; starts: Date[] };

/** Rows of rollup minutes, added or taken away (`sign`), `only` restricting the collections read. */
const minuteRows = (minutes: Date[], sign: SQL, only: SQL) => sql`
  select s.collection, ${sign}s.trades as trades, ${sign}s.volume_wei as volume
    from unnest(${sql.param(minutes)}::timestamptz[]) as p(minute)
    join collection_stats_1m s on s.minute = p.minute
   where s.trades <> 0 ${only}`;

/** Rows of coarse buckets, added or taken away. */
const bucketRows = ({ spans, starts }: Coarse, sign: SQL, only: SQL) => sql`
  select s.collection, ${sign}s.trades, ${sign}s.volume_wei
    from unnest(${sql.param(spans)}::int[], ${sql.param(starts)}::timestamptz[]) as p(span_minutes, bucket)
    join collection_stats_buckets s on s.span_minutes = p.span_minutes and s.bucket = p.bucket
   where s.trades <> 0 ${only}`;

const windowRows = (pieces: PieceLists, only: SQL) => sql`
  ${minuteRows(pieces.addedMinutes, sql``, only)}
  union all ${minuteRows(pieces.removedMinutes, sql`-`, only)}
  union all ${bucketRows(pieces.added, sql``, only)}
  union all ${bucketRows(pieces.removed, sql`-`, only)}`;

const ranked = (pieces: PieceLists, filter: RowFilter, limit: number) => {
  if (filter.kind === 'trading') {
    return sql`
      ranked as (
        select collection as address, sum(trades)::int as trades, sum(volume) as volume
          from (${windowRows(pieces, sql``)}) as window_rows
         group by collection
        having sum(trades) > 0
         order by 2 desc, 3 desc, 1
         limit ${limit}
      )`;
  }
  const given = sql.param(filter.addresses);
  return sql`
    sums as (
      select collection, sum(trades)::int as trades, sum(volume) as volume
        from (${windowRows(pieces, sql`and s.collection = any(${given}::text[])`)}) as window_rows
       group by collection
    ),
    ranked as (
      select given.address, coalesce(s.trades, 0) as trades, coalesce(s.volume, 0) as volume
        from unnest(${given}::text[]) as given(address) left join sums s on s.collection = given.address
       order by 2 desc, 3 desc, 1
       limit ${limit}
    )`;
};

/**
 * Each ranked collection with what is true `now`: its floor (the cheapest active unexpired listing) and listed
 * count (tokens, as the collection page counts them); and the floor the window's change starts from
 * (`windowStartFloor` of its first minute).
 */
const rowsQuery = (ranking: SQL, now: Date, windowStart: Date) => sql`
  with ${ranking}
  select r.address, c.name, c.image_url, c.standard, c.total_supply::text as supply, r.trades,
         r.volume::text as volume, l.floor::text as floor, l.listed,
         ${windowStartFloor(sql`r.address`, sql`${windowStart}::timestamptz`)}::text as start_floor
    from ranked r
    left join collections c on c.address = r.address
   cross join lateral (
     select min(price_wei) as floor, count(distinct token_id)::int as listed from listings
      where collection = r.address and ${fillableAt(sql`${now}::timestamptz`)}
   ) as l
   order by r.trades desc, r.volume desc, r.address`;

/**
 * Prepared once per connection by name, and planned once (below): the plan does not depend on the pieces, and their
 * lists are single parameters, so each filter's SQL text is always the same.
 */
const STATEMENT_NAMES: Record<RowFilter['kind'], string> = {
  trading: 'collection-rows-trading',
  collections: 'collection-rows-given',
};

/**
 * The planner would hand these small index scans to parallel workers, whose start-up costs more than they save,
 * and would plan every run anew for the same plan.
 */
const QUERY_SETTINGS = sql`set local max_parallel_workers_per_gather = 0; set local plan_cache_mode = force_generic_plan`;

type RowRecord = {
  address: string;
  name: string | null;
  image_url: string | null;
  standard: string | null;
  supply: string | null;
  trades: number;
  volume: string;
  floor: string | null;
  listed: number;
  start_floor: string | null;
};

/**
 * Trending and watchlist rows over a window of `minutes` ending at `now`: one query for both, the filter choosing
 * the collections. Ordered by trades, then volume, then address.
 */
export async function collectionRows(
  db: Executor,
  { minutes, now, filter, limit }: { minutes: number; now: Date; filter: RowFilter; limit: number },
): Promise<CollectionRow[]> {
  const pieces = windowCover(minutes, now);
  const starts = (minute: boolean, sign: 1 | -1) =>
    pieces.filter((p) => (p.span === 1) === minute && p.sign === sign).map((p) => new Date(p.start));
  const spans = (sign: 1 | -1) => pieces.filter((p) => p.span > 1 && p.sign === sign).map((p) => p.span);
  const lists: PieceLists = {
    addedMinutes: starts(true, 1),
    removedMinutes: starts(true, -1),
    added: { spans: spans(1), starts: starts(false, 1) },
    removed: { spans: spans(-1), starts: starts(false, -1) },
  };
  const query = rowsQuery(ranked(lists, filter, limit), now, windowStartMinute(now, minutes));
  // `set local` lasts until the end of the transaction, which keeps the settings to this query.
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(QUERY_SETTINGS);
    return executePrepared<RowRecord>(tx, STATEMENT_NAMES[filter.kind], query);
  });
  return rows.map(toCollectionRow);
}

function toCollectionRow(row: RowRecord): CollectionRow {
  const count = itemCount(row.supply);
  return {
    address: row.address,
    name: row.name,
    img: row.image_url,
    type: collectionType(row.standard),
    count,
    listed: row.listed,
    listing_rate: count ? roundedPercent(row.listed, count) : null,
    all_count: row.trades,
    volume: row.volume,
    floor_value: row.floor,
    floor_change: floorChangePercent(row.start_floor, row.floor),
  };
}
