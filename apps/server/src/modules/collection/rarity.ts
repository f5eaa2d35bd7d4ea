import type { RankTierName } from '@floordesk/protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool';

/** Ours: a tier holds the ranks within this share (percent) of the ranked tokens, rarest tier first. */
const TIER_TOP_PERCENT = [
  { tier: 'legendary', top: 1 },
  { tier: 'rare', top: 10 },
  { tier: 'classic', top: 40 },
] as const satisfies readonly { tier: RankTierName; top: number }[];

export function rankTier(rank: number, ranked: number): RankTierName {
  return TIER_TOP_PERCENT.find(({ top }) => rank * 100 <= ranked * top)?.tier ?? 'ordinary';
}

/**
 * Ranks every collection whose traits changed (rarity_stale) once none of its tokens waits for metadata, and
 * returns how many it ranked. The flag is cleared before the traits are read, and metadata writes set it after
 * theirs commit, so a write this pass misses marks the collection again.
 */
export async function rankStaleCollections(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ address: string }>(sql`
    select c.address from collections c
     where c.rarity_stale
       and not exists (select 1 from tokens t where t.collection = c.address and t.metadata_status = 'pending')`);
  for (const { address } of rows) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`update collections set rarity_stale = false where address = ${address}`);
      await tx.execute(rankCollection(sql`${address}::text`));
    });
  }
  return rows.length;
}

/**
 * A token's score is the information content of its traits: the sum over the collection's trait types of
 * -log2(share of the tokens with its value), where a missing trait type is a value of its own and several values
 * of one type count as one combined value. Rarest (highest score) first, then token id. Only tokens whose metadata
 * is in are ranked; when no token has traits, none is.
 */
const rankCollection = (collection: SQL) => sql`
  with members as (
    select token_id from tokens where collection = ${collection} and metadata_status = 'ok'
  ), trait_types as (
    select distinct trait_type from token_traits where collection = ${collection}
  ), token_values as (
    select token_id, trait_type, string_agg(value, E'\\x1f' order by value) as value
      from token_traits where collection = ${collection} group by token_id, trait_type
  ), cells as (
    select m.token_id, ty.trait_type, v.value,
           count(*) over (partition by ty.trait_type, v.value)::float8 / count(*) over (partition by ty.trait_type) as share
      from members m
     cross join trait_types ty
      left join token_values v on v.token_id = m.token_id and v.trait_type = ty.trait_type
  ), ranked as (
    -- Rounded so that tokens with the same traits tie whatever order the sum added them in.
    select token_id, row_number() over (order by round((sum(-ln(share)) / ln(2))::numeric, 9) desc, token_id) as rank
      from cells group by token_id
  )
  update tokens t set rarity_rank = n.rank
    from (select x.token_id, r.rank from tokens x left join ranked r on r.token_id = x.token_id
           where x.collection = ${collection}) n
   where t.collection = ${collection} and t.token_id = n.token_id and t.rarity_rank is distinct from n.rank`;
