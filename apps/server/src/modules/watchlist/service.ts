import { type CollectionRow, type FollowData, Status, WATCHLIST_MAX } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { ok, refuse, type Result } from '../../result';
import { rowsOfCollections } from '../trending/service';
import { lockUser } from '../user/service';
import { collectionExists, countFollowed, deleteFollow, followedCollections, insertFollow, isFollowing } from './store';

export async function follow(ctx: AppContext, user: string, collection: string): Promise<Result<FollowData>> {
  if (!(await collectionExists(ctx.db, collection))) return refuse(Status.CollectionUnknown);
  return ctx.db.transaction(async (tx): Promise<Result<FollowData>> => {
    // Two follows at the limit would otherwise both count WATCHLIST_MAX - 1 and both insert.
    await lockUser(tx, user);
    if (await isFollowing(tx, user, collection)) return refuse(Status.AlreadyFollowing);
    if ((await countFollowed(tx, user)) >= WATCHLIST_MAX) return refuse(Status.WatchlistFull);
    await insertFollow(tx, user, collection, ctx.now());
    return ok({ address: collection, followed: true });
  });
}

export async function unfollow(ctx: AppContext, user: string, collection: string): Promise<Result<FollowData>> {
  if (!(await deleteFollow(ctx.db, user, collection))) return refuse(Status.NotFollowing);
  return ok({ address: collection, followed: false });
}

/** The user's followed collections with their figures over the window, most trades first; at most `limit`. */
export async function watchlistRows(
  ctx: AppContext,
  user: string,
  minutes: number,
  limit: number,
): Promise<CollectionRow[]> {
  return rowsOfCollections(ctx, await followed(ctx, user), minutes, limit);
}

/** The addresses of the collections the user follows. */
export function followed(ctx: AppContext, user: string): Promise<string[]> {
  return followedCollections(ctx.db, user);
}
