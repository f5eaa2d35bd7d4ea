import { type CollectionRow, TRENDING_LIMIT, type TrendingData, type TrendingWindow } from '@floordesk/protocol';
import { currentMinute } from '../../chain/rollup-windows';
import type { AppContext } from '../../context';
import { collectionRows } from './store';

/**
 * How long the 'all' tab of a window is served from memory: it is the same for every user, and its figures move
 * with each block (2 s on the devnet, 12 s on mainnet) while clients poll every 10 s. A new minute always reads
 * afresh.
 */
export const ALL_TAB_TTL_MS = 2000;

type CachedTab = { minute: number; expires: number; data: Promise<TrendingData> };

/**
 * The 'all' tab, cached per window in this process: one answer object per window while it holds, so that its JSON
 * is made once too (serializeOnce). Concurrent requests for a stale window share one query; a failed query is not
 * kept.
 */
export function trendingAllTab(ctx: AppContext): (window: TrendingWindow) => Promise<TrendingData> {
  const cache = new Map<TrendingWindow, CachedTab>();
  return (window) => {
    const now = ctx.now();
    const minute = asOf(now);
    const cached = cache.get(window);
    if (cached && cached.minute === minute && cached.expires > now.getTime()) return cached.data;
    const data = collectionRows(ctx.db, {
      minutes: window,
      now,
      filter: { kind: 'trading' },
      limit: TRENDING_LIMIT,
    }).then((list): TrendingData => ({ window, list, as_of: minute }));
    const fresh: CachedTab = { minute, expires: now.getTime() + ALL_TAB_TTL_MS, data };
    cache.set(window, fresh);
    data.catch(() => {
      if (cache.get(window) === fresh) cache.delete(window);
    });
    return data;
  };
}

/** Rows of the given collections over a window, most trades first (a watchlist); at most `limit`. */
export async function rowsOfCollections(
  ctx: AppContext,
  addresses: readonly string[],
  minutes: number,
  limit: number,
): Promise<CollectionRow[]> {
  if (addresses.length === 0) return [];
  return collectionRows(ctx.db, { minutes, now: ctx.now(), filter: { kind: 'collections', addresses }, limit });
}

/** Unix seconds of the minute a window's figures run to: the current one. */
export function asOf(now: Date): number {
  return currentMinute(now).getTime() / 1000;
}
