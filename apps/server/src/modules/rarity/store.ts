import type { Marketplace } from '@floordesk/protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import { fillableAt } from '../../market/listings/fillable';
import type { TraitKind } from '../../chain/traits';

/** Token counts behind a collection's coverage. */
export type CoverageCounts = {
  /** Tokens FloorDesk has seen minted. */
  minted: number;
  with_metadata: number;
  ranked: number;
};

export type RarityCollectionRecord = CoverageCounts & {
  address: string;
  name: string | null;
  image_url: string | null;
  standard: string | null;
  total_supply: string | null;
  listed: number;
  floor: string | null;
};

const coverageCounts = (collection: SQL) => sql`
  select count(*)::int as minted, count(*) filter (where metadata_status = 'ok')::int as with_metadata,
         count(rarity_rank)::int as ranked
    from tokens where collection = ${collection}`;

const listedCounts = (collection: SQL, now: Date) => sql`
  select count(*)::int as listed, min(l.price_wei)::text as floor from listings l
   where l.collection = ${collection} and ${fillableAt(sql`${now}::timestamptz`, 'l')}`;

/**
 * Collections with traits whose address begins with `addressPrefix` or whose name contains `name` (a LIKE
 * pattern body), every one when `search` is null; most ranked tokens first.
 */
export async function rarityCollections(
  db: Executor,
  search: { addressPrefix: string | null; name: string } | null,
  now: Date,
  limit: number,
): Promise<RarityCollectionRecord[]> {
  const matches = search
    ? sql`and (c.address like ${search.addressPrefix}::text || '%' or c.name ilike '%' || ${search.name}::text || '%')`
    : sql``;
  const { rows } = await db.execute<RarityCollectionRecord>(sql`
    select c.address, c.name, c.image_url, c.standard, c.total_supply::text as total_supply, s.*, f.*
      from collections c
     cross join lateral (${coverageCounts(sql`c.address`)}) s
     cross join lateral (${listedCounts(sql`c.address`, now)}) f
     where exists (select 1 from token_traits tt where tt.collection = c.address) ${matches}
     order by s.ranked desc, lower(c.name), c.address
     limit ${limit}`);
  return rows;
}

export type RaritySummaryRecord = Omit<RarityCollectionRecord, 'listed'> & {
  /** Whether any token has a ranked (string) trait. */
  has_ranked_traits: boolean;
  /** Tokens still waiting for their metadata. */
  pending: number;
};

export async function raritySummary(
  db: Executor,
  collection: string,
  now: Date,
): Promise<RaritySummaryRecord | undefined> {
  const { rows } = await db.execute<RaritySummaryRecord>(sql`
    select c.address, c.name, c.image_url, c.standard, c.total_supply::text as total_supply, s.*, f.floor,
           exists (select 1 from token_traits tt where tt.collection = c.address and tt.kind = 'string')
             as has_ranked_traits,
           (select count(*) from tokens t where t.collection = c.address and t.metadata_status = 'pending')::int
             as pending
      from collections c
     cross join lateral (${coverageCounts(sql`c.address`)}) s
     cross join lateral (${listedCounts(sql`c.address`, now)}) f
     where c.address = ${collection}`);
  return rows[0];
}

/** A ranked trait type's values with their token counts, commonest first, at most `limit` per type. */
export async function traitValueCounts(
  db: Executor,
  collection: string,
  limit: number,
): Promise<{ trait_type: string; value: string; count: number }[]> {
  const { rows } = await db.execute<{ trait_type: string; value: string; count: number }>(sql`
    select trait_type, value, count from (
      select trait_type, value, count(*)::int as count,
             row_number() over (partition by trait_type order by count(*) desc, value) as place
        from token_traits where collection = ${collection} and kind = 'string'
       group by trait_type, value) v
     where place <= ${limit}
     order by lower(trait_type), trait_type, place`);
  return rows;
}

export type TokenFilter = {
  /** Every type must have one of its values. */
  traits: Record<string, string[]>;
  listedOnly: boolean;
  /** Inclusive rank bounds; null for none. */
  rankMin: number | null;
  rankMax: number | null;
  tokenId?: string;
};

export type RarityTokenRecord = {
  token_id: string;
  name: string | null;
  image_url: string | null;
  rarity_rank: number | null;
  rarity_score: number | null;
  owner: string | null;
  price: string | null;
  marketplace: Marketplace | null;
};

/** SQL: the tokens of `collection` matching `filter`, each with its cheapest fillable listing (`p`). */
function matchingTokens(collection: string, filter: TokenFilter, now: Date, columns: SQL): SQL {
  const traitTerms = Object.entries(filter.traits).map(
    ([type, values]) => sql`and exists (
      select 1 from token_traits tt where tt.collection = t.collection and tt.token_id = t.token_id
         and tt.trait_type = ${type} and tt.value = any(${sql.param(values)}::text[]))`,
  );
  return sql`
    select ${columns}
      from tokens t
      left join lateral (
        select l.price_wei, l.marketplace from listings l
         where l.collection = t.collection and l.token_id = t.token_id and ${fillableAt(sql`${now}::timestamptz`, 'l')}
         order by l.price_wei, l.created_at limit 1) p on true
     where t.collection = ${collection}
       ${sql.join(traitTerms, sql` `)}
       ${filter.listedOnly ? sql`and p.price_wei is not null` : sql``}
       ${filter.rankMin === null ? sql`` : sql`and t.rarity_rank >= ${filter.rankMin}`}
       ${filter.rankMax === null ? sql`` : sql`and t.rarity_rank <= ${filter.rankMax}`}
       ${filter.tokenId === undefined ? sql`` : sql`and t.token_id = ${filter.tokenId}::numeric`}`;
}

/** One page of the matching tokens by rank (unranked last, then by id), and how many match in all. */
export async function rarityTokenPage(
  db: Executor,
  collection: string,
  filter: TokenFilter,
  now: Date,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ rows: RarityTokenRecord[]; total: number }> {
  const columns = sql`t.token_id::text, t.name, t.image_url, t.rarity_rank, t.rarity_score, t.owner,
                      p.price_wei::text as price, p.marketplace`;
  const [page, count] = await Promise.all([
    db.execute<RarityTokenRecord>(sql`
      ${matchingTokens(collection, filter, now, columns)}
       order by t.rarity_rank nulls last, t.token_id
       limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`
      select count(*)::int as total from (${matchingTokens(collection, filter, now, sql`1`)}) m`),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/** The traits of these tokens, by type then value. */
export async function tokenTraitRows(
  db: Executor,
  collection: string,
  tokenIds: readonly string[],
): Promise<{ token_id: string; trait_type: string; value: string }[]> {
  if (tokenIds.length === 0) return [];
  const { rows } = await db.execute<{ token_id: string; trait_type: string; value: string }>(sql`
    select token_id::text, trait_type, value from token_traits
     where collection = ${collection} and token_id = any(${sql.param(tokenIds)}::numeric[])
     order by lower(trait_type), trait_type, value`);
  return rows;
}

/** One token's traits, each with how many tokens of the collection share its value. */
export async function traitShares(
  db: Executor,
  collection: string,
  tokenId: string,
): Promise<{ trait_type: string; value: string; kind: TraitKind; count: number }[]> {
  const { rows } = await db.execute<{
    trait_type: string;
    value: string;
    kind: TraitKind;
    count: number;
  }>(sql`
    select tt.trait_type, tt.value, tt.kind,
           (select count(*) from token_traits x
             where x.collection = tt.collection and x.trait_type = tt.trait_type and x.value = tt.value)::int as count
      from token_traits tt
     where tt.collection = ${collection} and tt.token_id = ${tokenId}::numeric
     order by lower(tt.trait_type), tt.trait_type, tt.value`);
  return rows;
}

export type RecommendationRecord = CoverageCounts & {
  address: string;
  total_supply: string | null;
  collection_name: string | null;
  collection_img: string | null;
  token_id: string;
  img: string | null;
  rank: number;
  ranked: number;
  price: string;
  floor: string;
  marketplace: Marketplace;
};

/**
 * Fillable listings of ranked ERC-721 tokens within the rarest `topPercent` of their collection, asking at most
 * `maxFloorMultiple` × its floor (of one `collection`, or of all); the smallest rank share × floor multiple first. A
 * token listed twice counts with its cheapest listing.
 */
export async function recommendedListings(
  db: Executor,
  now: Date,
  {
    collection,
    topPercent,
    maxFloorMultiple,
    limit,
  }: { collection: string | null; topPercent: number; maxFloorMultiple: number; limit: number },
): Promise<RecommendationRecord[]> {
  const { rows } = await db.execute<RecommendationRecord>(sql`
    with fillable as (
      select distinct on (l.collection, l.token_id) l.collection, l.token_id, l.price_wei, l.marketplace
        from listings l
       where ${fillableAt(sql`${now}::timestamptz`, 'l')} and (${collection}::text is null or l.collection = ${collection})
       order by l.collection, l.token_id, l.price_wei, l.created_at
    ), floors as (
      select collection, min(price_wei) as floor from fillable group by collection
    ), ranked as (
      select t.collection, count(t.rarity_rank)::int as ranked, count(*)::int as minted,
             count(*) filter (where t.metadata_status = 'ok')::int as with_metadata
        from tokens t
       where t.collection in (select collection from floors) group by t.collection
    )
    select f.collection as address, c.name as collection_name, c.image_url as collection_img,
           f.token_id::text, t.image_url as img, t.rarity_rank as rank, r.ranked, r.minted, r.with_metadata,
           c.total_supply::text, f.price_wei::text as price,
           fl.floor::text as floor, f.marketplace
      from fillable f
      join floors fl on fl.collection = f.collection
      join ranked r on r.collection = f.collection
      join tokens t on t.collection = f.collection and t.token_id = f.token_id
      join collections c on c.address = f.collection
     where c.standard is distinct from 'erc1155' and fl.floor > 0
       and t.rarity_rank * 100 <= r.ranked * ${topPercent}::numeric
       and f.price_wei <= fl.floor * ${maxFloorMultiple}::numeric
     order by (t.rarity_rank::float8 / r.ranked) * (f.price_wei / fl.floor)::float8, f.price_wei, f.collection,
              f.token_id
     limit ${limit}`);
  return rows;
}
