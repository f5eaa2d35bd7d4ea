import {
  type Lang,
  METADATA_REFRESH_LIMITS,
  METADATA_REFRESH_STARTED,
  type MetadataRefreshData,
  normalizeAddress,
  Status,
} from '@floordesk/protocol';
import { requeueTokenMetadata } from '../../chain/metadata';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { lockUser } from '../user/service';
import {
  countUserRefreshesSince,
  insertRefresh,
  lastRefreshCovering,
  lockCollectionRefreshes,
  refreshTargetExists,
} from './store';

const HOUR_MS = 3_600_000;

/**
 * A signed-in user's metadata refresh (the original app's setRefresh): a token's, or the whole collection's when no
 * token is named. The tokens go back to the worker's metadata pass as an ERC-4906 update sends them (pending, no
 * attempts: even a token given up on is fetched again), in the transaction that records the request; once they are
 * fetched, the rarity pass ranks the collection again. Refusals, in order: 1301 an unknown collection, 2004 an
 * unknown token, 2001 the user's hourly allowance spent, 2002/2003 the collection or token refreshed too recently.
 */
export async function refreshMetadata(
  ctx: AppContext,
  user: string,
  request: { address: string; token_id?: string | undefined },
  lang: Lang,
): Promise<Result<MetadataRefreshData>> {
  const collection = normalizeAddress(request.address);
  const tokenId = request.token_id;
  const exists = await refreshTargetExists(ctx.db, collection, tokenId);
  if (!exists.collection) return refuse(Status.CollectionUnknown);
  if (!exists.token) return refuse(Status.MetadataTokenUnknown);

  const now = ctx.now();
  return ctx.db.transaction(async (tx): Promise<Result<MetadataRefreshData>> => {
    // Concurrent requests of one user, and on one collection, are counted one at a time (user first, always).
    await lockUser(tx, user);
    await lockCollectionRefreshes(tx, collection);
    const { perUserPerHour, collectionEverySeconds, tokenEverySeconds } = METADATA_REFRESH_LIMITS;
    if ((await countUserRefreshesSince(tx, user, new Date(now.getTime() - HOUR_MS))) >= perUserPerHour)
      return refuse(Status.MetadataRefreshUserLimit);
    const last = await lastRefreshCovering(tx, collection, tokenId);
    const interval = (tokenId === undefined ? collectionEverySeconds : tokenEverySeconds) * 1000;
    if (last !== null && now.getTime() - last.getTime() < interval)
      return refuse(tokenId === undefined ? Status.MetadataRefreshCollectionRecent : Status.MetadataRefreshTokenRecent);
    await insertRefresh(tx, { user, collection, tokenId, at: now });
    await requeueTokenMetadata(tx, collection, tokenId === undefined ? undefined : { from: tokenId, to: tokenId });
    return ok({ message: METADATA_REFRESH_STARTED[lang] });
  });
}
