import {
  normalizeAddress,
  ORDER_WAY,
  type PostListingData,
  type PostListingRequest,
  Status,
} from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { recordListed } from '../../live/notifications';
import { ok, refuse, type Result } from '../../result';
import { countNewListing, refreshFloors } from './floors';
import { validateListing } from './validate';

/** JavaScript's last date (year 275760), in Unix seconds; PostgreSQL's range reaches further. */
const LAST_DATE_SECONDS = 8_640_000_000_000n;

/**
 * The order book's door: a marketplace connector (in-process, or over `POST /api/orders/listings`) hands it a signed
 * listing of any protocol FloorDesk reads. Accepted only if it could be filled right now (`validateListing`), and
 * stored with the block its on-chain checks read; anything else is refused with its reason and nothing is written.
 */
export async function submitListing(ctx: AppContext, request: PostListingRequest): Promise<Result<PostListingData>> {
  const { chain } = ctx;
  if (!chain) return refuse(Status.ChainUnavailable);
  const now = ctx.now();
  const checked = await validateListing(chain, request, now);
  if (!checked.ok) return checked;
  const listing = checked.value;
  await ctx.db.transaction(async (tx) => {
    const inserted = await tx.execute(sql`
      insert into listings (order_hash, collection, token_id, amount, offerer, price_wei, marketplace, order_way,
                            protocol, protocol_address, operator, counter, order_nonce, subset_nonce, start_time,
                            end_time, parameters, signature, validated_block, validated_hash, created_at, updated_at)
      values (${listing.orderHash}, ${listing.collection}, ${listing.tokenId.toString()}, ${listing.amount.toString()},
              ${listing.offerer}, ${listing.price.toString()}, ${listing.marketplace}, ${ORDER_WAY[listing.marketplace]},
              ${request.protocol}, ${normalizeAddress(request.protocol_address)}, ${listing.operator},
              ${listing.counter.toString()}, ${listing.orderNonce?.toString() ?? null},
              ${listing.subsetNonce?.toString() ?? null}, ${storedTime(listing.startTime)},
              ${storedTime(listing.endTime)}, ${JSON.stringify(request.parameters)}, ${request.signature.toLowerCase()},
              ${listing.checkedAt.number.toString()}, ${listing.checkedAt.hash}, ${now}, ${now})
      on conflict (order_hash) do nothing`);
    // Posting the same order twice is harmless and answered the same way; it counts once.
    if (inserted.rowCount === 1) {
      await countNewListing(tx, listing.collection, now);
      await refreshFloors(tx, [listing.collection], now);
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
  return ok({
    order_hash: listing.orderHash,
    marketplace: listing.marketplace,
    order_way: ORDER_WAY[listing.marketplace],
    collection: listing.collection,
    token_id: listing.tokenId.toString(),
    price_wei: listing.price.toString(),
  });
}

/**
 * A Seaport time (a uint256 of Unix seconds) as a timestamptz: beyond any date it is PostgreSQL's 'infinity', which
 * is how an order meant never to expire (endTime 2^256 − 1) reads.
 */
function storedTime(seconds: bigint): Date | 'infinity' {
  return seconds > LAST_DATE_SECONDS ? 'infinity' : new Date(Number(seconds) * 1000);
}
