import {
  BIG_HOLDER_PERCENT,
  type CollectionDetail,
  FLOOR_HISTORY_RANGES,
  type FloorHistoryData,
  type FloorHistoryRange,
  type FloorPoint,
  type Holder,
  type HoldersData,
  type ListingsData,
  rankTierCode,
  riskFlagCode,
  srStatusCode,
  Status,
  TRENDING_WINDOWS,
  type TradesData,
} from '@floordesk/protocol';
import { currentMinute, floorChangePercent, roundedPercent, windowStartMinute } from '../../chain/rollup-windows';
import type { AppContext } from '../../context';
import { collectionType, itemCount } from '../../market/collection-fields';
import { type FillableListing, fillableListings, listedNow } from '../../market/listings/fillable';
import { ok, refuse, type Result } from '../../result';
import { MINUTE_MS, unixSeconds } from '../../time';
import { ensNames } from '../ens/service';
import { flippersAmong } from '../flippers/service';
import { rankTier } from '../../market/rarity/tiers';
import {
  type CollectionInfo,
  findCollection,
  floorAt,
  holdings,
  latestTrades,
  rankedCount,
  rollupBuckets,
  startFloor,
  windowTotals,
} from './store';

const HOLDERS_LIMIT = 100;

/** Runs `answer` for a collection FloorDesk has indexed; any other address is refused as unknown. */
async function withCollection<T>(
  ctx: AppContext,
  address: string,
  answer: (collection: CollectionInfo) => Promise<T>,
): Promise<Result<T>> {
  const collection = await findCollection(ctx.db, address);
  return collection ? ok(await answer(collection)) : refuse(Status.CollectionUnknown);
}

export function collectionDetail(ctx: AppContext, address: string): Promise<Result<CollectionDetail>> {
  return withCollection(ctx, address, async (collection) => {
    const { db } = ctx;
    const now = ctx.now();
    const windows = TRENDING_WINDOWS.map((minutes) => ({ minutes, start: windowStartMinute(now, minutes) }));
    const [listing, owners, totals] = await Promise.all([
      listedNow(db, address, now),
      holdings(db, address, collection.standard, 1),
      windowTotals(db, address, windows, currentMinute(now)),
    ]);
    const supply = itemCount(collection.total_supply);
    return {
      address,
      name: collection.name,
      symbol: collection.symbol,
      img: collection.image_url,
      type: collectionType(collection.standard),
      sr_status: srStatusCode(collection.verified),
      count: supply,
      owners: owners.owners,
      listed: listing.listed,
      listing_rate: supply ? roundedPercent(listing.listed, supply) : null,
      floor_value: listing.floor,
      stats: totals.map((window) => ({
        window: window.minutes,
        all_count: window.trades,
        volume: window.volume,
        floor_change: floorChangePercent(window.start_floor, listing.floor),
      })),
    };
  });
}

export function collectionListings(ctx: AppContext, address: string): Promise<Result<ListingsData>> {
  return withCollection(ctx, address, async () => {
    const [rows, ranked] = await Promise.all([
      fillableListings(ctx.db, address, ctx.now()),
      rankedCount(ctx.db, address),
    ]);
    return {
      list: rows.map((row) => {
        const { flagged, ...fields } = listingFields(row);
        return {
          ...fields,
          flag: row.rarity_rank === null ? null : rankTierCode(rankTier(row.rarity_rank, ranked)),
          risk_flag: riskFlagCode(flagged),
          listed_at: unixSeconds(row.listed_at),
          expires_at: row.expires_at === null ? null : unixSeconds(row.expires_at),
        };
      }),
    };
  });
}

/**
 * A fillable listing under the listing row's field names, for the collection page and the sweep alike; `flagged`
 * (a token a marketplace reports) becomes the wire's `risk_flag` only where an answer is built.
 */
export function listingFields(row: FillableListing) {
  return {
    order_id: row.order_hash,
    token_id: row.token_id,
    price: row.price_wei,
    marketplace: row.marketplace,
    order_way: row.order_way,
    from_address: row.offerer,
    pending_count: row.pending_count,
    // A listing without a token row yet (metadata not read) is not reported.
    flagged: row.flagged === true,
    img: row.image_url,
    rank: row.rarity_rank,
  };
}

export function collectionTrades(ctx: AppContext, address: string, limit: number): Promise<Result<TradesData>> {
  return withCollection(ctx, address, async () => {
    const trades = await latestTrades(ctx.db, address, limit);
    const wallets = trades.flatMap((row) => [row.buyer, row.seller]);
    const [names, flippers] = await Promise.all([ensNames(ctx, wallets), flippersAmong(ctx, wallets)]);
    return {
      list: trades.map((row) => ({
        tx_hash: row.tx_hash,
        log_index: row.log_index,
        item_index: row.item_index,
        block_number: Number(row.block_number),
        time: unixSeconds(row.block_time),
        token_id: row.token_id,
        price: row.price_wei,
        marketplace: row.marketplace,
        buyer: row.buyer,
        seller: row.seller,
        buyer_ens: names.get(row.buyer) ?? null,
        seller_ens: names.get(row.seller) ?? null,
        buyer_flipper: flippers.has(row.buyer),
        seller_flipper: flippers.has(row.seller),
        img: row.image_url,
        rank: row.rarity_rank,
      })),
    };
  });
}

/**
 * Buckets aligned to their size in UTC, oldest first, from the one holding the range's first minute to the one
 * holding now. A bucket's floor is the floor at its end, carried from earlier buckets (and from before the range)
 * when none was written inside it.
 */
export function floorHistory(
  ctx: AppContext,
  address: string,
  range: FloorHistoryRange,
): Promise<Result<FloorHistoryData>> {
  return withCollection(ctx, address, async () => ({ range, list: await floorPoints(ctx, address, range) }));
}

/** The buckets of `floorHistory` for an address already known to be indexed (the collection page and /historic). */
export async function floorPoints(ctx: AppContext, address: string, range: FloorHistoryRange): Promise<FloorPoint[]> {
  const { minutes, bucketMinutes } = FLOOR_HISTORY_RANGES[range];
  const bucketMs = bucketMinutes * MINUTE_MS;
  const now = currentMinute(ctx.now());
  const first = alignDown(windowStartMinute(now, minutes).getTime(), bucketMs);
  const last = alignDown(now.getTime(), bucketMs);
  const [rows, floorBefore] = await Promise.all([
    rollupBuckets(ctx.db, address, { from: new Date(first), upTo: now, bucketMinutes }),
    floorAt(ctx.db, address, new Date(first)),
  ]);
  const byStart = new Map(rows.map((row) => [row.start.getTime(), row]));
  const list: FloorPoint[] = [];
  let floor = floorBefore;
  for (let start = first; start <= last; start += bucketMs) {
    const row = byStart.get(start);
    floor = row?.last_floor ?? floor;
    list.push({ time: start / 1000, floor, trades: row?.trades ?? 0, volume: row?.volume ?? '0' });
  }
  return list;
}

/** The change from the floor a window starting at `start` opens with to `floorNow`, as trending and the page measure it. */
export async function floorChangeSince(
  ctx: AppContext,
  address: string,
  start: Date,
  floorNow: string | null,
): Promise<number | null> {
  return floorChangePercent(await startFloor(ctx.db, address, start), floorNow);
}

export function collectionHolders(ctx: AppContext, address: string): Promise<Result<HoldersData>> {
  return withCollection(ctx, address, async (collection) => {
    const held = await holdings(ctx.db, address, collection.standard, HOLDERS_LIMIT);
    // Without a supply from the contract, shares are of everything held.
    const supply = Number(collection.total_supply ?? held.held);
    const wallets = held.top.map((holder) => holder.address);
    const [names, flippers] = await Promise.all([ensNames(ctx, wallets), flippersAmong(ctx, wallets)]);
    return { owners: held.owners, list: held.top.map((holder) => holderRow(holder, supply, names, flippers)) };
  });
}

/** A holder as the holder lists show it (the collection page and /holding): share, highlight, name and badge. */
export function holderRow(
  holder: { address: string; held: string },
  supply: number,
  names: ReadonlyMap<string, string | null>,
  flippers: ReadonlySet<string>,
): Holder {
  // Balances past 2^53 (fungible-like ERC-1155 ids) are shown capped rather than breaking the answer.
  const count = Math.min(Number(holder.held), Number.MAX_SAFE_INTEGER);
  const percent = supply > 0 ? roundedPercent(count, supply) : 0;
  return {
    address: holder.address,
    ens: names.get(holder.address) ?? null,
    count,
    percent,
    big: percent > BIG_HOLDER_PERCENT,
    flipper: flippers.has(holder.address),
  };
}

function alignDown(ms: number, size: number): number {
  return Math.floor(ms / size) * size;
}

/** A collection's name and image, for features that name one (alerts); undefined when FloorDesk does not index it. */
export async function collectionCard(
  ctx: Pick<AppContext, 'db'>,
  address: string,
): Promise<{ name: string | null; image: string | null } | undefined> {
  const collection = await findCollection(ctx.db, address);
  return collection && { name: collection.name, image: collection.image_url };
}
