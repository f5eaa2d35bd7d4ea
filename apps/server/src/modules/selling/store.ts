import type { ExchangeProtocol, Marketplace, SellToken } from '@floordesk/protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { fillableAt } from '../../market/listings/fillable';

/** A token as the sell calls name it: lowercase collection, decimal id. */
export type TokenRef = { collection: string; tokenId: string };

/** Each token as one row of two parallel arrays, for `unnest`. */
const asked = (tokens: readonly TokenRef[]) => sql`
  unnest(${sql.param(tokens.map((t) => t.collection))}::text[], ${sql.param(tokens.map((t) => t.tokenId))}::numeric[])
    as a(collection, token_id)`;

/**
 * SQL: a listing that has not ended at `at`: active, or waiting for its check after a reorg ('unverified', which
 * that check usually makes active again), and not past its end time (the expiry job may not have run yet). Its
 * seller can still be filled through it, so it is theirs to cancel and counts as active in My listings.
 */
function openAt(at: Date, alias: string): SQL {
  const column = (name: string) => sql.raw(`${alias}.${name}`);
  return sql`${column('status')} in ('active', 'unverified') and ${column('end_time')} > ${at}::timestamptz`;
}

/** The standard of each collection FloorDesk knows ('erc721' or 'erc1155'; absent while its metadata pass is due). */
export async function collectionStandards(
  db: Executor,
  collections: readonly string[],
): Promise<Map<string, SellToken['standard']>> {
  const { rows } = await db.execute<{ address: string; standard: SellToken['standard'] }>(sql`
    select address, standard from collections
     where address = any(${sql.param(collections)}::text[]) and standard in ('erc721', 'erc1155')`);
  return new Map(rows.map((row) => [row.address, row.standard]));
}

export type RarityFacts = {
  rank: number | null;
  ranked: number | null;
  rarestTrait: { trait_type: string; value: string; floor_wei: string | null } | null;
};

type RarityRow = {
  collection: string;
  token_id: string;
  rank: number | null;
  ranked: number;
  trait_type: string | null;
  value: string | null;
  trait_floor: string | null;
};

/**
 * Per token, keyed `collection:token_id`: its rarity rank among the collection's ranked tokens, and its rarest
 * ranked (string) trait, the one the fewest tokens share, with the cheapest fillable price per unit among the other
 * tokens sharing it. The token's own listings are left out of that floor: a relist would otherwise be measured
 * against itself.
 */
export async function rarityFacts(
  db: Executor,
  tokens: readonly TokenRef[],
  now: Date,
): Promise<Map<string, RarityFacts>> {
  const { rows } = await db.execute<RarityRow>(sql`
    select a.collection, a.token_id::text, t.rarity_rank as rank,
           (select count(r.rarity_rank) from tokens r where r.collection = a.collection)::int as ranked,
           rt.trait_type, rt.value, rt.floor::text as trait_floor
      from ${asked(tokens)}
      left join tokens t on t.collection = a.collection and t.token_id = a.token_id
      left join lateral (
        select tt.trait_type, tt.value,
               (select min(div(l.price_wei, l.amount)) from token_traits x
                  join listings l on l.collection = x.collection and l.token_id = x.token_id
                 where x.collection = tt.collection and x.trait_type = tt.trait_type and x.value = tt.value
                   and x.token_id <> tt.token_id and ${fillableAt(sql`${now}::timestamptz`, 'l')}) as floor
          from token_traits tt
         where tt.collection = a.collection and tt.token_id = a.token_id and tt.kind = 'string'
         order by (select count(*) from token_traits s
                    where s.collection = tt.collection and s.trait_type = tt.trait_type and s.value = tt.value),
                  lower(tt.trait_type), tt.trait_type, tt.value
         limit 1) rt on true`);
  return new Map(
    rows.map((row) => [
      `${row.collection}:${row.token_id}`,
      {
        rank: row.rank,
        ranked: row.rank === null ? null : row.ranked,
        rarestTrait:
          row.trait_type === null || row.value === null
            ? null
            : { trait_type: row.trait_type, value: row.value, floor_wei: row.trait_floor },
      },
    ]),
  );
}

export type TokenListingRow = {
  collection: string;
  token_id: string;
  order_hash: string;
  marketplace: string;
  price_wei: string;
  offerer: string;
  /** Unix seconds; null when the order never ends. */
  end_time: string | null;
};

/** Every listing of these tokens a buyer could fill now, cheapest first (then oldest, as the collection page lists). */
export async function tokenListings(db: Executor, tokens: readonly TokenRef[], now: Date): Promise<TokenListingRow[]> {
  const { rows } = await db.execute<TokenListingRow>(sql`
    select l.collection, l.token_id::text, l.order_hash, l.marketplace, l.price_wei::text, l.offerer,
           case when isfinite(l.end_time) then extract(epoch from l.end_time)::bigint end::text as end_time
      from listings l
     where (l.collection, l.token_id) in (select a.collection, a.token_id from ${asked(tokens)})
       and ${fillableAt(sql`${now}::timestamptz`, 'l')}
     order by l.price_wei, l.created_at, l.order_hash`);
  return rows;
}

/** One of the caller's listings as My listings reads it, with the facts its state is made from. */
export type MyListingRow = {
  order_hash: string;
  offerer: string;
  collection: string;
  collection_name: string | null;
  token_id: string;
  token_name: string | null;
  image_url: string | null;
  marketplace: Marketplace;
  price_wei: string;
  status: string;
  status_reason: string | null;
  open: boolean;
  floor_wei: string | null;
  /** Open, and above the collection's floor, which a listing of someone other than the caller holds. */
  undercut: boolean;
  superseded_by: string | null;
  /** The transaction of the sale that filled it, when indexed. */
  sale_tx: string | null;
  listed_at: string;
  expires_at: string | null;
  ended_at: string | null;
};

/**
 * The most listings My listings shows: a bot-like seller can have thousands open, and a page of 300 is as much as the
 * view can show at once; the rest are the cheapest against the floor last, or the longest ended.
 */
export const MY_LISTINGS_MAX = 300;

/**
 * Listings `offerers` made that are open at `now` or ended since `endedSince`, in My listings' order: open ones
 * first, the cheapest against their collection's floor first; then ended ones, the latest first. Ended means: at its
 * end time when it expired, else at the block that ended it (the time of the change when that block is unknown).
 * `own` are all the caller's wallets, so that their own listings never count as undercutting one another.
 */
export async function myListingRows(
  db: Executor,
  {
    offerers,
    own,
    now,
    endedSince,
  }: { offerers: readonly string[]; own: readonly string[]; now: Date; endedSince: Date },
): Promise<MyListingRow[]> {
  const at = sql`${now}::timestamptz`;
  const { rows } = await db.execute<MyListingRow>(sql`
    with mine as (
      select l.*, ${openAt(now, 'l')} as open,
             case when ${openAt(now, 'l')} then null
                  when l.status in ('active', 'unverified', 'expired') then l.end_time
                  else coalesce(b.timestamp, l.updated_at) end as ended
        from listings l left join chain_blocks b on b.number = l.status_block
       where l.offerer = any(${sql.param(offerers)}::text[])
    ), shown as (
      select * from mine where open or ended >= ${endedSince}::timestamptz
    ), floors as (
      select f.collection, min(div(f.price_wei, f.amount)) as floor,
             min(div(f.price_wei, f.amount)) filter (where f.offerer <> all(${sql.param(own)}::text[])) as others
        from listings f
       where f.collection in (select collection from shown) and ${fillableAt(at, 'f')}
       group by f.collection
    )
    select m.order_hash, m.offerer, m.collection, c.name as collection_name, m.token_id::text,
           t.name as token_name, coalesce(t.image_url, c.image_url) as image_url, m.marketplace,
           m.price_wei::text, m.status, m.status_reason, m.open, fl.floor::text as floor_wei,
           coalesce(m.open and fl.floor < div(m.price_wei, m.amount) and fl.others = fl.floor, false) as undercut,
           sup.order_hash as superseded_by, sale.tx_hash as sale_tx,
           (extract(epoch from m.created_at) * 1000)::bigint::text as listed_at,
           case when isfinite(m.end_time) then extract(epoch from m.end_time)::bigint end::text as expires_at,
           (extract(epoch from m.ended) * 1000)::bigint::text as ended_at
      from shown m
      left join collections c on c.address = m.collection
      left join tokens t on t.collection = m.collection and t.token_id = m.token_id
      left join floors fl on fl.collection = m.collection
      left join lateral (
        select s.order_hash from listings s
         where m.open and s.offerer = m.offerer and s.collection = m.collection and s.token_id = m.token_id
           and s.marketplace = m.marketplace and ${openAt(now, 's')} and s.created_at > m.created_at
           and s.price_wei * m.amount < m.price_wei * s.amount
         order by s.price_wei, s.created_at, s.order_hash limit 1) sup on true
      left join lateral (
        select x.tx_hash from sales x
         where m.status = 'filled' and x.seller = m.offerer and x.order_hash = m.order_hash
         order by x.block_number desc limit 1) sale on true
     order by m.open desc,
              case when m.open then div(m.price_wei, m.amount) / nullif(fl.floor, 0) end nulls last,
              m.ended desc, m.created_at desc, m.order_hash
     limit ${MY_LISTINGS_MAX}`);
  return rows;
}

/** A stored listing as cancelling it needs it. */
export type CancelRow = {
  order_hash: string;
  offerer: string;
  protocol: ExchangeProtocol;
  protocol_address: string;
  parameters: unknown;
  order_nonce: string | null;
  open: boolean;
};

const cancelColumns = (now: Date) => sql`
  l.order_hash, l.offerer, l.protocol, l.protocol_address, l.parameters, l.order_nonce::text,
  ${openAt(now, 'l')} as open`;

/** The listings of these order hashes FloorDesk has, whoever made them. */
export async function listingsToCancel(db: Executor, orderHashes: readonly string[], now: Date): Promise<CancelRow[]> {
  const { rows } = await db.execute<CancelRow>(sql`
    select ${cancelColumns(now)} from listings l where l.order_hash = any(${sql.param(orderHashes)}::text[])`);
  return rows;
}

/**
 * The open listings of `offerer` on `exchange`, oldest first: all of them, or those signed with one of `orderNonces`
 * (LooksRare ends every ask sharing a cancelled order nonce, not only the one asked).
 */
export async function openListingsOf(
  db: Executor,
  {
    offerer,
    exchange,
    orderNonces,
    now,
  }: { offerer: string; exchange: string; orderNonces?: readonly string[]; now: Date },
): Promise<CancelRow[]> {
  const nonces = orderNonces === undefined ? sql`` : sql`and l.order_nonce = any(${sql.param(orderNonces)}::numeric[])`;
  const { rows } = await db.execute<CancelRow>(sql`
    select ${cancelColumns(now)} from listings l
     where l.offerer = ${offerer} and l.protocol_address = ${exchange} and ${openAt(now, 'l')} ${nonces}
     order by l.created_at, l.order_hash`);
  return rows;
}
