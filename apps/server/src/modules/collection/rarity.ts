import { RankTier } from '@floordesk/protocol';
import type { Pool } from 'pg';
import { withTransaction } from '../../db/pool';

/** Ours: a tier holds the ranks within this share (percent) of the ranked tokens, rarest tier first. */
const TIER_TOP_PERCENT = [
  { tier: RankTier.Legendary, top: 1 },
  { tier: RankTier.Rare, top: 10 },
  { tier: RankTier.Classic, top: 40 },
] as const;

export function rankTier(rank: number, ranked: number): RankTier {
  return TIER_TOP_PERCENT.find(({ top }) => rank * 100 <= ranked * top)?.tier ?? RankTier.Ordinary;
}

/**
 * Ranks every collection whose traits changed (rarity_stale) once none of its tokens waits for metadata, and
 * returns how many it ranked. The flag is cleared before the traits are read, and metadata writes set it after
 * theirs commit, so a write this pass misses marks the collection again.
 */
export async function rankStaleCollections(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ address: string }>(
    `select c.address from collections c
      where c.rarity_stale
        and not exists (select 1 from tokens t where t.collection = c.address and t.metadata_status = 'pending')`,
  );
  for (const { address } of rows) {
    await withTransaction(pool, async (client) => {
      await client.query('update collections set rarity_stale = false where address = $1', [address]);
      await client.query(RANK_COLLECTION, [address]);
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
const RANK_COLLECTION = `
  with members as (
    select token_id from tokens where collection = $1 and metadata_status = 'ok'
  ), trait_types as (
    select distinct trait_type from token_traits where collection = $1
  ), token_values as (
    select token_id, trait_type, string_agg(value, E'\\x1f' order by value) as value
      from token_traits where collection = $1 group by token_id, trait_type
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
           where x.collection = $1) n
   where t.collection = $1 and t.token_id = n.token_id and t.rarity_rank is distinct from n.rank`;
