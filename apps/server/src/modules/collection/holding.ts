import { HOLDING_BUCKETS, type HoldingData } from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/pool';
import { ok, type Result } from '../../result';
import { ensNames } from '../ens/service';
import { flipperWallets } from '../flippers/service';
import { holderRow } from './service';
import { findCollection, heldPerHolder, holdings } from './store';

const TOP_LIMIT = 100;

/**
 * Holder analysis of a collection (/holding), public: holders by items held, the largest holders with the big-holder
 * highlight, and the holders who meet the flipper rule. An address FloorDesk does not index is an empty answer, which
 * the page shows as such.
 */
export async function holding(ctx: AppContext, address: string): Promise<Result<HoldingData>> {
  const collection = await findCollection(ctx.db, address);
  if (!collection) return ok({ collection: null, owners: 0, buckets: [], top: [], flippers: [] });
  // The flipper list, read once: it picks the flippers' holdings and badges every row.
  const wallets = flipperWallets(ctx);
  const [held, buckets, flippers, flipperHolders] = await Promise.all([
    holdings(ctx.db, address, collection.standard, TOP_LIMIT),
    bucketsOf(ctx.db, address, collection.standard),
    wallets.then((list) => new Set(list)),
    wallets.then((list) => flipperHoldings(ctx.db, address, collection.standard, list)),
  ]);
  // Without a supply from the contract, shares are of everything held.
  const supply = Number(collection.total_supply ?? held.held);
  const names = await ensNames(
    ctx,
    [...held.top, ...flipperHolders].map((holder) => holder.address),
  );
  const row = (holder: { address: string; held: string }) => holderRow(holder, supply, names, flippers);
  return ok({
    collection: { address, name: collection.name, img: collection.image_url, supply },
    owners: held.owners,
    buckets,
    top: held.top.map(row),
    flippers: flipperHolders.map(row),
  });
}

async function bucketsOf(db: Executor, collection: string, standard: string | null) {
  const { rows } = await db.execute<{ bucket: number; holders: number; items: string }>(sql`
    with holders as (${heldPerHolder(collection, standard)})
    select width_bucket(held, ${sql.param(HOLDING_BUCKETS.slice(1).map((bucket) => bucket.min))}::numeric[]) as bucket,
           count(*)::int as holders, sum(held)::text as items
      from holders group by 1`);
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), row]));
  return HOLDING_BUCKETS.map((bucket, index) => ({
    min: bucket.min,
    max: bucket.max,
    holders: byBucket.get(index)?.holders ?? 0,
    items: byBucket.get(index)?.items ?? '0',
  }));
}

/** Which of `wallets` hold the collection, most items first. */
async function flipperHoldings(db: Executor, collection: string, standard: string | null, wallets: string[]) {
  if (wallets.length === 0) return [];
  const { rows } = await db.execute<{ address: string; held: string }>(sql`
    with holders as (${heldPerHolder(collection, standard)})
    select address, held::text from holders where address = any(${sql.param(wallets)}::text[])
     order by held desc, address limit ${TOP_LIMIT}`);
  return rows;
}
