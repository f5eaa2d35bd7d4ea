import { normalizeAddress, ORDER_WAY, type PostListingData, Status } from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import type { ChainAccess } from '../../chain/client';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/pool';
import { recordListed } from '../../live/notifications';
import { ok, refuse, type RefusalStatus, type Result } from '../../result';
import { countNewListing, refreshFloors } from './floors';
import type { OrderBookRequest } from './protocols/order-protocol';
import { type CheckedBlock, latestBlock, type ValidListing, validateListing } from './validate';

/** JavaScript's last date (year 275760), in Unix seconds; PostgreSQL's range reaches further. */
const LAST_DATE_SECONDS = 8_640_000_000_000n;

/**
 * Listings of one batch checked at the same time: each costs a signature recovery and a round trip of chain reads,
 * and a batch of a hundred must neither take a hundred round trips in a row nor send the node a hundred at once.
 */
const VALIDATE_CONCURRENCY = 8;

/** What the order book's door needs: the database, the chain to check against, and a clock. */
export type OrderBookContext = Pick<AppContext, 'db' | 'chain' | 'now'>;

/** A listing the order book accepted: the request as posted, and its terms as checked. */
type Accepted = { request: OrderBookRequest; listing: ValidListing };

/** The order book's door for one listing: `submitListings` of one, refused without naming it. */
export async function submitListing(
  ctx: OrderBookContext,
  request: OrderBookRequest,
): Promise<Result<PostListingData>> {
  const submitted = await submitListings(ctx, [request]);
  if (!submitted.ok) return refuse(submitted.status);
  return ok(submitted.value[0] as PostListingData);
}

/**
 * The order book's door: a marketplace connector (in-process, or over `POST /api/orders/listings` and its batch)
 * hands it signed listings of any protocol FloorDesk reads. Accepted only if each could be filled right now
 * (`validateListing`, all against one block), and stored together with that block; if any is refused, the first one
 * refused (in the request's order) answers for all with its reason and its path, `listings.N`, and nothing is
 * written. The answers follow the request's order.
 */
export async function submitListings(
  ctx: OrderBookContext,
  requests: readonly OrderBookRequest[],
): Promise<Result<PostListingData[]>> {
  const { chain } = ctx;
  if (!chain) return refuse(Status.ChainUnavailable);
  const now = ctx.now();
  const checked = await validateAll(chain, requests, now);
  if (!checked.ok) return checked;
  await storeListings(ctx.db, checked.value, now);
  return ok(checked.value.map(({ listing }) => answerOf(listing)));
}

/**
 * Every request checked, `VALIDATE_CONCURRENCY` at a time, in order: once one is refused no further one starts, and
 * those already started finish, so the lowest index refused is the first refused of the request whatever the order
 * the checks end in.
 */
async function validateAll(
  chain: ChainAccess,
  requests: readonly OrderBookRequest[],
  now: Date,
): Promise<Result<Accepted[]>> {
  let latest: Promise<CheckedBlock> | undefined;
  const block = () => (latest ??= latestBlock(chain));
  const accepted: Accepted[] = [];
  const refused = new Map<number, RefusalStatus>();
  let next = 0;
  const checkNext = async (): Promise<void> => {
    while (next < requests.length && refused.size === 0) {
      const index = next++;
      const request = requests[index] as OrderBookRequest;
      const checked = await validateListing(chain, request, now, block);
      if (checked.ok) accepted[index] = { request, listing: checked.value };
      else refused.set(index, checked.status);
    }
  };
  await Promise.all(Array.from({ length: Math.min(VALIDATE_CONCURRENCY, requests.length) }, checkNext));
  const [first] = [...refused].toSorted(([a], [b]) => a - b);
  return first ? refuse(first[1], `listings.${first[0]}`) : ok(accepted);
}

/**
 * Writes the accepted listings in one transaction: one insert, then the new ones counted, the floors they change
 * refreshed, and their sellers told. Posting an order again is harmless and answered the same way: it counts once,
 * as does the same order twice in one batch.
 */
async function storeListings(db: Executor, accepted: readonly Accepted[], now: Date): Promise<void> {
  const unique = [...new Map(accepted.map((one) => [one.listing.orderHash, one])).values()];
  if (unique.length === 0) return;
  await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ order_hash: string }>(sql`
      insert into listings (order_hash, collection, token_id, amount, offerer, price_wei, marketplace, order_way,
                            protocol, protocol_address, operator, counter, order_nonce, subset_nonce, start_time,
                            end_time, parameters, signature, fulfillment_api, merkle_tree, validated_block,
                            validated_hash, created_at, updated_at)
      values ${sql.join(
        unique.map((one) => listingRow(one, now)),
        sql`, `,
      )}
      on conflict (order_hash) do nothing
      returning order_hash`);
    const inserted = new Set(rows.map((row) => row.order_hash));
    const fresh = unique.map(({ listing }) => listing).filter((listing) => inserted.has(listing.orderHash));
    const perCollection = new Map<string, number>();
    for (const { collection } of fresh) perCollection.set(collection, (perCollection.get(collection) ?? 0) + 1);
    for (const [collection, count] of perCollection) await countNewListing(tx, collection, now, count);
    await refreshFloors(tx, [...perCollection.keys()], now);
    for (const listing of fresh) {
      await recordListed(
        tx,
        {
          orderHash: listing.orderHash,
          offerer: listing.offerer,
          collection: listing.collection,
          tokenId: listing.tokenId.toString(),
          priceWei: listing.price.toString(),
        },
        now,
      );
    }
  });
}

/** One listing's values, in the insert's column order. */
function listingRow({ request, listing }: Accepted, now: Date) {
  return sql`(${listing.orderHash}, ${listing.collection}, ${listing.tokenId.toString()}, ${listing.amount.toString()},
              ${listing.offerer}, ${listing.price.toString()}, ${listing.marketplace},
              ${ORDER_WAY[listing.marketplace]}, ${request.protocol}, ${normalizeAddress(request.protocol_address)}, ${listing.operator},
              ${listing.counter.toString()}, ${listing.orderNonce?.toString() ?? null},
              ${listing.subsetNonce?.toString() ?? null}, ${storedTime(listing.startTime)},
              ${storedTime(listing.endTime)}, ${JSON.stringify(request.parameters)}, ${request.signature?.toLowerCase() ?? null},
              ${'fulfillment_api' in request ? request.fulfillment_api : null},
              ${listing.merkleTree && JSON.stringify(listing.merkleTree)}, ${listing.checkedAt.number.toString()},
              ${listing.checkedAt.hash}, ${now}, ${now})`;
}

function answerOf(listing: ValidListing): PostListingData {
  return {
    order_hash: listing.orderHash,
    marketplace: listing.marketplace,
    order_way: ORDER_WAY[listing.marketplace],
    collection: listing.collection,
    token_id: listing.tokenId.toString(),
    price_wei: listing.price.toString(),
  };
}

/**
 * A Seaport time (a uint256 of Unix seconds) as a timestamptz: beyond any date it is PostgreSQL's 'infinity', which
 * is how an order meant never to expire (endTime 2^256 − 1) reads.
 */
function storedTime(seconds: bigint): Date | 'infinity' {
  return seconds > LAST_DATE_SECONDS ? 'infinity' : new Date(Number(seconds) * 1000);
}
