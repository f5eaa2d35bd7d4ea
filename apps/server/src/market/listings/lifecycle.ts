import { Status } from '@floordesk/protocol';
import { type SQL, sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import type { ChainAccess } from '../../chain/client';
import type { ChainConsumer } from '../../chain/consumers';
import type { DecodedLogs } from '../../chain/decode';
import type { Executor } from '../../db/pool';
import type { RefusalStatus } from '../../result';
import { refreshFloors } from './floors';
import { latestBlock, validateListing } from './validate';
import { type FulfillmentApi, orderBookRequest } from './protocols/order-protocol';

/**
 * A listing's `status`: 'active' listings are fillable inside their time window. 'unverified' ones were checked
 * against blocks that left the chain (a reorg, a devnet reset) and are not fillable until `reverifyListings`
 * checks them against the chain as it is now. The others ended: 'filled', 'cancelled', 'invalid' (counter,
 * transferred, approval, refused) and 'expired'. `status_block` is the block that ended a listing, so a rollback
 * below it can take the ending back; `validated_block`/`validated_hash` the block its last check read.
 */
type EndedStatus = 'filled' | 'cancelled' | 'invalid' | 'expired';

/** Ends listings whose time is up, and refreshes their collections' floors. */
export async function expireListings(db: Executor, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ collection: string }>(sql`
      update listings set status = 'expired', status_reason = 'expired', updated_at = ${now}
       where status = 'active' and end_time <= ${now} returning collection`);
    await refreshFloors(
      tx,
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
  db: Executor,
  blocks: readonly { number: number; hash: string }[],
  { fills, cancels, counters, nonces, transfers, approvals, revokedGrants }: DecodedLogs,
  now: Date,
): Promise<number> {
  const collections: string[] = [];
  const distrusted = await db.execute<{ collection: string }>(sql`
    update listings l set status = 'unverified', updated_at = ${now}
      from unnest(${sql.param(blocks.map((block) => block.number))}::bigint[],
                  ${sql.param(blocks.map((block) => block.hash))}::text[]) as b(number, hash)
     where l.status = 'active' and l.validated_block = b.number and l.validated_hash <> b.hash
     returning l.collection`);
  collections.push(...distrusted.rows.map((row) => row.collection));

  let ended = 0;
  /** Ends the listings `events` (rows `e`, with their `block`) match in `where`. */
  const end = async (status: EndedStatus, reason: string, events: SQL, where: SQL) => {
    const result = await db.execute<{ collection: string }>(sql`
      update listings l set status = ${status}, status_reason = ${reason}, status_block = e.block, updated_at = now()
        from ${events}
       where ${where} and l.status in ('active', 'unverified') and e.block > coalesce(l.validated_block, -1)
      returning l.collection`);
    ended += result.rowCount ?? 0;
    collections.push(...result.rows.map((row) => row.collection));
  };
  // An order's fill, cancellation or counter ends only listings on the exchange that emitted it.
  const byOrderHash = sql`l.protocol_address = e.exchange and l.order_hash = e.order_hash`;
  if (fills.length > 0) {
    await end(
      'filled',
      'filled',
      sql`unnest(${column(fills, (f) => f.exchange)}::text[], ${column(fills, (f) => f.orderHash)}::text[],
                 ${column(fills, (f) => f.blockNumber)}::bigint[]) as e(exchange, order_hash, block)`,
      byOrderHash,
    );
  }
  if (cancels.length > 0) {
    await end(
      'cancelled',
      'cancelled',
      sql`unnest(${column(cancels, (c) => c.exchange)}::text[], ${column(cancels, (c) => c.orderHash)}::text[],
                 ${column(cancels, (c) => c.blockNumber)}::bigint[]) as e(exchange, order_hash, block)`,
      byOrderHash,
    );
  }
  if (counters.length > 0) {
    await end(
      'invalid',
      'counter',
      sql`unnest(${column(counters, (c) => c.exchange)}::text[], ${column(counters, (c) => c.offerer)}::text[],
                 ${column(counters, (c) => c.newCounter.toString())}::numeric[],
                 ${column(counters, (c) => c.blockNumber)}::bigint[]) as e(exchange, offerer, counter, block)`,
      sql`l.protocol_address = e.exchange and l.offerer = e.offerer and l.counter < e.counter`,
    );
  }
  // LooksRare's order and subset nonces: a listing of that signer with that nonce on that exchange can never fill.
  for (const [status, matching] of [
    ['cancelled', nonces.filter((n) => n.cancelled)],
    ['invalid', nonces.filter((n) => !n.cancelled)],
  ] as const) {
    if (matching.length === 0) continue;
    await end(
      status,
      'nonce',
      sql`unnest(${column(matching, (n) => n.exchange)}::text[], ${column(matching, (n) => n.offerer)}::text[],
                 ${column(matching, (n) => n.kind)}::text[], ${column(matching, (n) => n.nonce.toString())}::numeric[],
                 ${column(matching, (n) => n.blockNumber)}::bigint[]) as e(exchange, offerer, kind, nonce, block)`,
      sql`l.protocol_address = e.exchange and l.offerer = e.offerer
          and (case e.kind when 'order' then l.order_nonce else l.subset_nonce end) = e.nonce`,
    );
  }
  const moved = transfers.filter((t) => t.from !== zeroAddress);
  if (moved.length > 0) {
    await end(
      'invalid',
      'transferred',
      sql`unnest(${column(moved, (t) => t.collection)}::text[], ${column(moved, (t) => t.tokenId.toString())}::numeric[],
                 ${column(moved, (t) => t.from)}::text[], ${column(moved, (t) => t.blockNumber)}::bigint[])
            as e(collection, token_id, offerer, block)`,
      sql`l.collection = e.collection and l.token_id = e.token_id and l.offerer = e.offerer`,
    );
  }
  const revoked = approvals.filter((a) => !a.approved);
  if (revoked.length > 0) {
    await end(
      'invalid',
      'approval',
      sql`unnest(${column(revoked, (a) => a.collection)}::text[], ${column(revoked, (a) => a.owner)}::text[],
                 ${column(revoked, (a) => a.operator)}::text[], ${column(revoked, (a) => a.blockNumber)}::bigint[])
            as e(collection, owner, operator, block)`,
      sql`l.collection = e.collection and l.offerer = e.owner and l.operator = e.operator`,
    );
  }
  if (revokedGrants.length > 0) {
    await end(
      'invalid',
      'approval',
      sql`unnest(${column(revokedGrants, (g) => g.manager)}::text[],
                 ${column(revokedGrants, (g) => g.owner)}::text[],
                 ${column(revokedGrants, (g) => g.exchange)}::text[],
                 ${column(revokedGrants, (g) => g.blockNumber)}::bigint[]) as e(manager, owner, exchange, block)`,
      sql`l.protocol_address = e.exchange and l.operator = e.manager and l.offerer = e.owner`,
    );
  }
  await refreshFloors(db, collections, now);
  return ended;
}

/**
 * After the indexer rolled back to `ancestor` (a reorg; -1 when the node's chain shares no block with the indexed
 * one, such as a reset devnet): every listing whose last check read a block above the ancestor, or read an
 * unknown block (listings from before checks were recorded), and every listing ended above it, is distrusted until
 * `reverifyListings` checks it on the chain as it is now. Marking is all the rollback does, so it stays one short
 * database transaction with no chain reads, and nothing is fillable that the new chain may not back.
 */
export async function distrustListingsAbove(db: Executor, ancestor: number, now: Date): Promise<void> {
  const { rows } = await db.execute<{ collection: string }>(sql`
    update listings set status = 'unverified', status_reason = null, status_block = null, updated_at = ${now}
     where (status = 'active' and (validated_block is null or validated_block > ${ancestor}))
        or status_block > ${ancestor}
     returning collection`);
  await refreshFloors(
    db,
    rows.map((row) => row.collection),
    now,
  );
}

/** One column of an event list as one array parameter (for unnest), where a bare array would be a list of values. */
function column<T>(events: readonly T[], value: (event: T) => unknown) {
  return sql.param(events.map(value));
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
  [Status.ListingOperatorNotGranted]: { status: 'invalid', reason: 'approval' },
  [Status.ListingNonceUsed]: { status: 'invalid', reason: 'nonce' },
  [Status.ListingSubsetCancelled]: { status: 'cancelled', reason: 'nonce' },
};

/** An unverified listing as stored: what re-checking it needs. */
type UnverifiedListing = {
  order_hash: string;
  protocol: string;
  protocol_address: string;
  parameters: unknown;
  signature: string | null;
  fulfillment_api: FulfillmentApi | null;
  merkle_tree: unknown;
};

type Recheck = { orderHash: string; status: 'active' | EndedStatus; reason: string | null; endedAt: bigint | null };

/**
 * Checks every 'unverified' listing again, exactly as the order book checked it when it was posted, against the
 * node's latest block: it becomes active again (checked against that block), or ends with the reason the check
 * gives. The indexer runs this on every step, so a pass the node could not answer is simply tried again. Returns
 * how many listings were decided.
 */
export async function reverifyListings(db: Executor, chain: ChainAccess, now: Date): Promise<number> {
  let decided = 0;
  for (;;) {
    const { rows } = await db.execute<UnverifiedListing>(sql`
      select order_hash, protocol, protocol_address, parameters, signature, fulfillment_api, merkle_tree from listings
       where status = 'unverified' order by order_hash limit ${REVERIFY_BATCH}`);
    if (rows.length === 0) return decided;
    const at = await latestBlock(chain);
    const rechecks = await Promise.all(
      rows.map(async (row): Promise<Recheck | undefined> => {
        const request = orderBookRequest(
          {
            chain_id: chain.contracts.chainId,
            protocol: row.protocol,
            protocol_address: row.protocol_address,
            parameters: row.parameters,
            // A batch's ask is checked with the proof it was accepted with, as it is filled.
            merkle_tree: row.merkle_tree ?? undefined,
          },
          row.signature,
          row.fulfillment_api,
        );
        const result = request
          ? await validateListing(chain, request, now, at)
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
      await db.transaction(async (tx) => {
        const updated = await tx.execute<{ collection: string }>(sql`
          update listings l set status = r.status, status_reason = r.reason, status_block = r.ended_at,
                 validated_block = ${at.number.toString()}, validated_hash = ${at.hash}, updated_at = ${now}
            from unnest(${sql.param(known.map((recheck) => recheck.orderHash))}::text[],
                        ${sql.param(known.map((recheck) => recheck.status))}::text[],
                        ${sql.param(known.map((recheck) => recheck.reason))}::text[],
                        ${sql.param(known.map((recheck) => recheck.endedAt?.toString() ?? null))}::bigint[])
                 as r(order_hash, status, reason, ended_at)
           where l.order_hash = r.order_hash and l.status = 'unverified'
           returning l.collection`);
        await refreshFloors(
          tx,
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

/**
 * The order book as the indexer's consumer: a stored batch ends the listings its events make unfillable, a rollback
 * distrusts the listings whose state came from the blocks it removed, and every step first checks those again.
 */
export const ORDER_BOOK_CONSUMER: ChainConsumer = {
  stored: (db, { blocks, events, now }) => applyIndexedBlocks(db, blocks, events, now),
  rolledBack: distrustListingsAbove,
  beforeStep: reverifyListings,
};
