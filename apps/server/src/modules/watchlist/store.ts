import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { collections, watchlist } from '../../db/schema';

export async function collectionExists(db: Executor, address: string): Promise<boolean> {
  const found = await db
    .select({ address: collections.address })
    .from(collections)
    .where(eq(collections.address, address));
  return found.length > 0;
}

export async function isFollowing(db: Executor, user: string, collection: string): Promise<boolean> {
  const found = await db
    .select({ collection: watchlist.collection })
    .from(watchlist)
    .where(and(eq(watchlist.userAddress, user), eq(watchlist.collection, collection)));
  return found.length > 0;
}

export async function countFollowed(db: Executor, user: string): Promise<number> {
  const [row] = await db.select({ followed: count() }).from(watchlist).where(eq(watchlist.userAddress, user));
  return row?.followed ?? 0;
}

export async function insertFollow(db: Executor, user: string, collection: string, at: Date): Promise<void> {
  await db.insert(watchlist).values({ userAddress: user, collection, createdAt: at });
}

/** False when the user did not follow the collection. */
export async function deleteFollow(db: Executor, user: string, collection: string): Promise<boolean> {
  const deleted = await db
    .delete(watchlist)
    .where(and(eq(watchlist.userAddress, user), eq(watchlist.collection, collection)))
    .returning({ collection: watchlist.collection });
  return deleted.length > 0;
}

export async function followedCollections(db: Executor, user: string): Promise<string[]> {
  const rows = await db
    .select({ collection: watchlist.collection })
    .from(watchlist)
    .where(eq(watchlist.userAddress, user));
  return rows.map((row) => row.collection);
}
