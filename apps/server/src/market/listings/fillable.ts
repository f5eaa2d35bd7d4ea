import type { ExchangeProtocol, LooksRareMerkleTree, Marketplace } from '@floordesk/protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor, TimestampsAsText } from '../../db/pool';
import type { FulfillmentApi, SignedListing } from './protocols/order-protocol';

/**
 * SQL: a listing a buyer could fill at `at` (a timestamptz expression): active (validated against the chain the
 * indexer follows, and not ended since) and inside its time window. Its `status = 'active'` term is what lets the
 * planner use the partial `listings_active_*` indexes. `alias` qualifies the listings columns; without one they are
 * left bare.
 */
export function fillableAt(at: SQL, alias?: string): SQL {
  const column = (name: string) => sql.raw(alias ? `${alias}.${name}` : name);
  return sql`${column('status')} = 'active' and ${column('start_time')} <= ${at} and ${column('end_time')} > ${at}`;
}

/** A fillable listing with what the collection page and the sweep show of its token. */
export type FillableListing = {
  order_hash: string;
  token_id: string;
  /** Wei, what the buyer pays. */
  price_wei: string;
  marketplace: Marketplace;
  order_way: number;
  offerer: string;
  rarity_rank: number | null;
  flagged: boolean | null;
  image_url: string | null;
  /** Pending transactions that would buy the token. */
  pending_count: number;
  listed_at: Date;
  /** Null when the order never expires (an endTime beyond any date, such as 2^256 − 1). */
  expires_at: Date | null;
};

/** A signed order as stored, with its protocol: what a fill needs of a listing. */
export type StoredOrder = { [P in ExchangeProtocol]: { protocol: P } & SignedListing<P> }[ExchangeProtocol];

/** A signed order's columns as a row holds them: a merkle tree or a fulfillment API is null where it has none. */
type StoredRow = Omit<StoredOrder, 'merkle_tree' | 'fulfillment_api'> & {
  merkle_tree: LooksRareMerkleTree | null;
  fulfillment_api: FulfillmentApi | null;
};

/**
 * The signed order of a row, its merkle tree with it when it has one (a LooksRare ask signed in a batch), the API that
 * signs it when it is stored unsigned.
 */
function storedOrder({ merkle_tree, fulfillment_api, ...order }: Partial<StoredRow>): StoredOrder {
  return { ...order, ...(merkle_tree && { merkle_tree }), ...(fulfillment_api && { fulfillment_api }) } as StoredOrder;
}

/** A fillable listing with the signed order a fill needs. */
export type SignedFillableListing = FillableListing & { order: StoredOrder };

export type FillableQuery = {
  /** Only these marketplaces; all when absent. */
  marketplaces?: readonly Marketplace[];
  /** Only this listing. */
  orderHash?: string;
  limit?: number;
};

/**
 * The listings of `collection` a buyer could fill at `now`, cheapest first (then oldest, then by hash): the one read
 * behind the collection page's listings and the sweep's candidates. `signed` adds the signed orders.
 */
export function fillableListings(
  db: Executor,
  collection: string,
  now: Date,
  query?: FillableQuery & { signed?: false },
): Promise<FillableListing[]>;
export function fillableListings(
  db: Executor,
  collection: string,
  now: Date,
  query: FillableQuery & { signed: true },
): Promise<SignedFillableListing[]>;
export async function fillableListings(
  db: Executor,
  collection: string,
  now: Date,
  { marketplaces, orderHash, limit, signed = false }: FillableQuery & { signed?: boolean } = {},
): Promise<FillableListing[]> {
  const only = sql.param(marketplaces ?? null);
  const { rows } = await db.execute<
    TimestampsAsText<FillableListing, 'listed_at' | 'expires_at'> & Partial<StoredRow>
  >(sql`
    select l.order_hash, l.token_id::text, l.price_wei::text, l.marketplace, l.order_way, l.offerer,
           t.rarity_rank, t.flagged, t.image_url,
           (select count(*) from pending_buys p where p.collection = l.collection and p.token_id = l.token_id)::int
             as pending_count,
           l.created_at as listed_at, case when isfinite(l.end_time) then l.end_time end as expires_at
           ${signed ? sql`, l.protocol, l.parameters, l.signature, l.merkle_tree, l.fulfillment_api` : sql``}
      from listings l
      left join tokens t on t.collection = l.collection and t.token_id = l.token_id
     where l.collection = ${collection} and ${fillableAt(sql`${now}::timestamptz`, 'l')}
       and (${only}::text[] is null or l.marketplace = any(${only}::text[]))
       and (${orderHash ?? null}::text is null or l.order_hash = ${orderHash ?? null})
     order by l.price_wei, l.created_at, l.order_hash
     limit ${limit ?? null}`);
  return rows.map(({ protocol, parameters, signature, merkle_tree, fulfillment_api, ...row }) => ({
    ...row,
    listed_at: new Date(row.listed_at),
    expires_at: row.expires_at === null ? null : new Date(row.expires_at),
    ...(signed && { order: storedOrder({ protocol, parameters, signature, merkle_tree, fulfillment_api }) }),
  }));
}

/**
 * How many tokens of `collection` have a listing fillable at `now` (a token listed twice, as a lower relist leaves the
 * higher listing valid, counts once), and the cheapest price (the floor).
 */
export async function listedNow(
  db: Executor,
  collection: string,
  now: Date,
): Promise<{ listed: number; floor: string | null }> {
  const { rows } = await db.execute<{ listed: number; floor: string | null }>(sql`
    select count(distinct l.token_id)::int as listed, min(l.price_wei)::text as floor from listings l
     where l.collection = ${collection} and ${fillableAt(sql`${now}::timestamptz`, 'l')}`);
  return rows[0] ?? { listed: 0, floor: null };
}
