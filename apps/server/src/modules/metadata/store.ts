import { and, count, eq, gt, isNull, max, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { metadataRefreshes } from '../../db/schema';

// The metadata module's table: refresh requests, which the limits count.

/** Whether FloorDesk has indexed the collection, and the token when one is named. */
export async function refreshTargetExists(
  db: Executor,
  collection: string,
  tokenId: string | undefined,
): Promise<{ collection: boolean; token: boolean }> {
  const { rows } = await db.execute<{ collection: boolean; token: boolean }>(sql`
    select exists (select 1 from collections where address = ${collection}) as collection,
           ${tokenId === undefined}::boolean
             or exists (select 1 from tokens where collection = ${collection} and token_id = ${tokenId ?? null}::numeric)
             as token`);
  return rows[0]!;
}

/**
 * Serialises refresh requests on one collection until the transaction ends, so that two at once cannot both find
 * no recent refresh. Taken after the user's lock, always in that order.
 */
export async function lockCollectionRefreshes(tx: Executor, collection: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('metadata_refresh'), hashtext(${collection}))`);
}

/** Refreshes the user asked for after `since`. */
export async function countUserRefreshesSince(db: Executor, user: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(metadataRefreshes)
    .where(and(eq(metadataRefreshes.userAddress, user), gt(metadataRefreshes.requestedAt, since)));
  return row?.n ?? 0;
}

/**
 * The last refresh of the whole collection, or (given a token) the last one that covered the token: its own or
 * its collection's.
 */
export async function lastRefreshCovering(
  db: Executor,
  collection: string,
  tokenId: string | undefined,
): Promise<Date | null> {
  const covering =
    tokenId === undefined
      ? isNull(metadataRefreshes.tokenId)
      : or(isNull(metadataRefreshes.tokenId), eq(metadataRefreshes.tokenId, tokenId));
  const [row] = await db
    .select({ at: max(metadataRefreshes.requestedAt) })
    .from(metadataRefreshes)
    .where(and(eq(metadataRefreshes.collection, collection), covering));
  return row?.at ?? null;
}

export async function insertRefresh(
  db: Executor,
  refresh: { user: string; collection: string; tokenId: string | undefined; at: Date },
): Promise<void> {
  await db.insert(metadataRefreshes).values({
    userAddress: refresh.user,
    collection: refresh.collection,
    tokenId: refresh.tokenId ?? null,
    requestedAt: refresh.at,
  });
}
