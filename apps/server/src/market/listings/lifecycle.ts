import { PostListingRequest, Status } from '@floordesk/protocol';
import type { ClientBase, Pool } from 'pg';
import { zeroAddress } from 'viem';
import type { ChainAccess } from '../../chain/client';
import type { DecodedLogs } from '../../chain/decode';
import { withTransaction } from '../../db/pool';
import type { RefusalStatus } from '../../result';
import { refreshFloors } from './floors';
import { latestBlock, validateListing } from './validate';

/**
 * A listing's `status`: 'active' listings are fillable inside their time window. 'unverified' ones were checked
 * against blocks that left the chain (a reorg, a devnet reset) and are not fillable until `reverifyListings`
 * checks them against the chain as it is now. The others ended: 'filled', 'cancelled', 'invalid' (counter,
 * transferred, approval, refused) and 'expired'. `status_block` is the block that ended a listing, so a rollback
 * below it can take the ending back; `validated_block`/`validated_hash` the block its last check read.
 */
type EndedStatus = 'filled' | 'cancelled' | 'invalid' | 'expired';

/** Ends listings whose time is up, and refreshes their collections' floors. */
export async function expireListings(pool: Pool, now: Date): Promise<number> {
  return withTransaction(pool, async (client) => {
    const { rows } = await client.query<{ collection: string }>(
      `update listings set status = 'expired', status_reason = 'expired', updated_at = $1
        where status = 'active' and end_time <= $1 returning collection`,
      [now],
    );
    await refreshFloors(
      client,
      rows.map((row) => row.collection),
      now,
    );
    return rows.length;
  });
}

/**
 * What a batch of indexed blocks does to the listings, in the indexer's transaction. A listing checked against one
 * of these block numbers but another block (the node reorganised before the indexer got there) is distrusted. Then
 * the batch's events end the listings they make unfillable: filled or cancelled orders, counters bumped past them,
 * NFTs moved away from the offerer, approvals revoked from the order's operator; only events after the block a
 * listing was checked against count, since that check already saw the others. Returns how many ended.
 */
export async function applyIndexedBlocks(
  client: ClientBase,
  blocks: readonly { number: number; hash: string }[],
  { fills, cancels, counters, transfers, approvals }: DecodedLogs,
  now: Date,
): Promise<number> {
  const collections: string[] = [];
  const distrusted = await client.query<{ collection: string }>(
    `update listings l set status = 'unverified', updated_at = $3
       from unnest($1::bigint[], $2::text[]) as b(number, hash)
      where l.status = 'active' and l.validated_block = b.number and l.validated_hash <> b.hash
      returning l.collection`,
    [blocks.map((block) => block.number), blocks.map((block) => block.hash), now],
  );
  collections.push(...distrusted.rows.map((row) => row.collection));

  let ended = 0;
  const end = async (status: EndedStatus, reason: string, match: string, values: unknown[]) => {
    const result = await client.query<{ collection: string }>(
      `update listings l set status = '${status}', status_reason = '${reason}', status_block = e.block,
              updated_at = now()
         from ${match}
          and l.status in ('active', 'unverified') and e.block > coalesce(l.validated_block, -1)
       returning l.collection`,
      values,
    );
    ended += result.rowCount ?? 0;
    collections.push(...result.rows.map((row) => row.collection));
  };
  if (fills.length > 0) {
    await end(
      'filled',
      'filled',
      `unnest($1::text[], $2::bigint[]) as e(order_hash, block) where l.order_hash = e.order_hash`,
      [fills.map((f) => f.orderHash), fills.map((f) => f.blockNumber)],
    );
  }
  if (cancels.length > 0) {
    await end(
      'cancelled',
      'cancelled',
      `unnest($1::text[], $2::bigint[]) as e(order_hash, block) where l.order_hash = e.order_hash`,
      [cancels.map((c) => c.orderHash), cancels.map((c) => c.blockNumber)],
    );
  }
  if (counters.length > 0) {
    await end(
      'invalid',
      'counter',
      `unnest($1::text[], $2::numeric[], $3::bigint[]) as e(offerer, counter, block)
        where l.offerer = e.offerer and l.counter < e.counter`,
      [counters.map((c) => c.offerer), counters.map((c) => c.newCounter.toString()), counters.map((c) => c.blockNumber)],
    );
  }
  const moved = transfers.filter((t) => t.from !== zeroAddress);
  if (moved.length > 0) {
    await end(
      'invalid',
      'transferred',
      `unnest($1::text[], $2::numeric[], $3::text[], $4::bigint[]) as e(collection, token_id, offerer, block)
        where l.collection = e.collection and l.token_id = e.token_id and l.offerer = e.offerer`,
      [
        moved.map((t) => t.collection),
        moved.map((t) => t.tokenId.toString()),
        moved.map((t) => t.from),
        moved.map((t) => t.blockNumber),
      ],
    );
  }
  const revoked = approvals.filter((a) => !a.approved);
  if (revoked.length > 0) {
    await end(
      'invalid',
      'approval',
      `unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) as e(collection, owner, operator, block)
        where l.collection = e.collection and l.offerer = e.owner and l.operator = e.operator`,
      [
        revoked.map((a) => a.collection),
        revoked.map((a) => a.owner),
        revoked.map((a) => a.operator),
        revoked.map((a) => a.blockNumber),
      ],
    );
  }
  await refreshFloors(client, collections, now);
  return ended;
}

/**
 * After the indexer rolled back to `ancestor` (a reorg; -1 when the node's chain shares no block with the indexed
 * one, such as a reset devnet): every listing whose last check read a block above the ancestor, or read an
 * unknown block (listings from before checks were recorded), and every listing ended above it, is distrusted until
 * `reverifyListings` checks it on the chain as it is now. Marking is all the rollback does, so it stays one short
 * database transaction with no chain reads, and nothing is fillable that the new chain may not back.
 */
export async function distrustListingsAbove(client: ClientBase, ancestor: number, now: Date): Promise<void> {
  const { rows } = await client.query<{ collection: string }>(
    `update listings set status = 'unverified', status_reason = null, status_block = null, updated_at = $2
      where (status = 'active' and (validated_block is null or validated_block > $1)) or status_block > $1
      returning collection`,
    [ancestor, now],
  );
  await refreshFloors(
    client,
    rows.map((row) => row.collection),
    now,
  );
}

/** Listings re-checked per round: one JSON-RPC batch of reads each. */
const REVERIFY_BATCH = 100;

/** How a refusal of a re-check ends a listing; a refusal not named here ends it as 'invalid', 'refused'. */
const ENDED_BY: Partial<Record<RefusalStatus, { status: EndedStatus; reason: string }>> = {
  [Status.ListingExpired]: { status: 'expired', reason: 'expired' },
  [Status.ListingFilled]: { status: 'filled', reason: 'filled' },
  [Status.ListingCancelled]: { status: 'cancelled', reason: 'cancelled' },
  [Status.ListingStaleCounter]: { status: 'invalid', reason: 'counter' },
  [Status.ListingNotOwner]: { status: 'invalid', reason: 'transferred' },
  [Status.ListingNotApproved]: { status: 'invalid', reason: 'approval' },
};

type StoredOrder = { order_hash: string; protocol_address: string; parameters: unknown; signature: string };

type Recheck = { orderHash: string; status: 'active' | EndedStatus; reason: string | null; endedAt: bigint | null };

/**
 * Checks every 'unverified' listing again, exactly as the order book checked it when it was posted, against the
 * node's latest block: it becomes active again (checked against that block), or ends with the reason the check
 * gives. The indexer runs this on every step, so a pass the node could not answer is simply tried again. Returns
 * how many listings were decided.
 */
export async function reverifyListings(pool: Pool, chain: ChainAccess, now: Date): Promise<number> {
  let decided = 0;
  for (;;) {
    const { rows } = await pool.query<StoredOrder>(
      `select order_hash, protocol_address, parameters, signature from listings where status = 'unverified'
        order by order_hash limit $1`,
      [REVERIFY_BATCH],
    );
    if (rows.length === 0) return decided;
    const at = await latestBlock(chain);
    const rechecks = await Promise.all(
      rows.map(async (row): Promise<Recheck | undefined> => {
        const request = PostListingRequest.safeParse({
          chain_id: chain.contracts.chainId,
          protocol_address: row.protocol_address,
          parameters: row.parameters,
          signature: row.signature,
        });
        const result = request.success
          ? await validateListing(chain, request.data, now, at)
          : { ok: false as const, status: Status.ListingUnsupported };
        if (result.ok) return { orderHash: row.order_hash, status: 'active', reason: null, endedAt: null };
        if (result.status === Status.ChainUnavailable) return undefined;
        const ended = ENDED_BY[result.status] ?? { status: 'invalid', reason: 'refused' };
        // Expiry is a matter of time, not of a block: no rollback can take it back.
        const endedAt = ended.status === 'expired' ? null : at.number;
        return { orderHash: row.order_hash, ...ended, endedAt };
      }),
    );
    const known = rechecks.filter((recheck) => recheck !== undefined);
    if (known.length > 0) {
      await withTransaction(pool, async (client) => {
        const updated = await client.query<{ collection: string }>(
          `update listings l set status = r.status, status_reason = r.reason, status_block = r.ended_at,
                  validated_block = $5, validated_hash = $6, updated_at = $7
             from unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) as r(order_hash, status, reason, ended_at)
            where l.order_hash = r.order_hash and l.status = 'unverified'
            returning l.collection`,
          [
            known.map((recheck) => recheck.orderHash),
            known.map((recheck) => recheck.status),
            known.map((recheck) => recheck.reason),
            known.map((recheck) => recheck.endedAt?.toString() ?? null),
            at.number.toString(),
            at.hash,
            now,
          ],
        );
        await refreshFloors(
          client,
          updated.rows.map((row) => row.collection),
          now,
        );
      });
      decided += known.length;
    }
    // A node that could not answer for some listing is asked again on the indexer's next step.
    if (known.length < rows.length || rows.length < REVERIFY_BATCH) return decided;
  }
}
