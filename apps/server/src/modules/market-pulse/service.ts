import {
  FLOOR_HISTORY_RANGES,
  type FloorHistoriesData,
  HISTORIC_DEFAULT_COLLECTIONS,
  type HistoricRange,
  MARKET_SUMMARY_WINDOW_MINUTES,
  type MarketSummaryData,
  MINTING_LIMIT,
  MINTING_WINDOW_MINUTES,
  type MintingData,
} from '@floordesk/protocol';
import { windowStartMinute } from '../../chain/rollup-windows';
import type { AppContext } from '../../context';
import { collectionType, itemCount } from '../../market/collection-fields';
import { MINUTE_MS, unixSeconds } from '../../time';
import { collectionCard, floorChangeSince, floorPoints } from '../collection/service';
import { marketTotals, mintingSince, mostTraded } from './store';

/**
 * /historic: each asked-for collection's floor history over the range, as the collection page draws it; without
 * addresses, the collections most traded over the range. Addresses FloorDesk does not index are left out.
 */
export async function floorHistories(
  ctx: AppContext,
  addresses: readonly string[] | undefined,
  range: HistoricRange,
): Promise<FloorHistoriesData> {
  const start = windowStartMinute(ctx.now(), FLOOR_HISTORY_RANGES[range].minutes);
  const wanted = addresses ?? (await mostTraded(ctx.db, start, HISTORIC_DEFAULT_COLLECTIONS));
  const lines = await Promise.all(
    wanted.map(async (address) => {
      const card = await collectionCard(ctx, address);
      if (!card) return [];
      const list = await floorPoints(ctx, address, range);
      const floor = list.at(-1)?.floor ?? null;
      const floorChange = await floorChangeSince(ctx, address, start, floor);
      return [
        {
          address,
          name: card.name,
          img: card.image,
          floor,
          floor_change: floorChange,
          volume: list.reduce((sum, point) => sum + BigInt(point.volume), 0n).toString(),
          list,
        },
      ];
    }),
  );
  return { range, list: lines.flat() };
}

/** /discover: collections minting over the last MINTING_WINDOW_MINUTES, most mints first. */
export async function mintingNow(ctx: AppContext): Promise<MintingData> {
  const from = new Date(ctx.now().getTime() - MINTING_WINDOW_MINUTES * MINUTE_MS);
  const rows = await mintingSince(ctx.db, from, MINTING_LIMIT);
  return {
    window: MINTING_WINDOW_MINUTES,
    list: rows.map((row) => {
      // ERC-1155 ids can be minted in fungible-like amounts beyond 2^53: shown capped rather than breaking the answer.
      const mints = Math.min(Number(row.mints), Number.MAX_SAFE_INTEGER);
      return {
        address: row.address,
        name: row.name,
        img: row.image_url,
        type: collectionType(row.standard),
        mints,
        mints_per_minute: Math.round((mints / MINTING_WINDOW_MINUTES) * 100) / 100,
        minted: itemCount(row.total_supply),
        max_supply: itemCount(row.max_supply),
        mint_price: row.mint_price,
        minters: row.minters,
        last_mint: unixSeconds(row.last_mint),
      };
    }),
  };
}

/** /home: the last day's sales and volume, listings fillable now, collections indexed and the latest block. */
export async function marketSummary(ctx: AppContext): Promise<MarketSummaryData> {
  const now = ctx.now();
  const totals = await marketTotals(ctx.db, windowStartMinute(now, MARKET_SUMMARY_WINDOW_MINUTES), now);
  return {
    sales_24h: totals.sales,
    volume_24h: totals.volume,
    listings: totals.listings,
    collections: totals.collections,
    block_number: totals.block_number,
  };
}
