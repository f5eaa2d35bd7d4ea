import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool';
import type { TraitKind } from '../../chain/traits';
import { hasStringTrait, type RarityToken, rankByOpenRarity } from '../../market/rarity/openrarity';

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
      await rankCollection(tx, address);
    });
  }
  return rows.length;
}

/**
 * Ranks a collection by OpenRarity over the tokens whose metadata is in, and writes every token's rank and score in
 * one statement: null for the tokens without metadata, and for all when no token has a string trait (nothing to
 * rank by).
 */
export async function rankCollection(db: Executor, collection: string): Promise<void> {
  const tokens = await rankableTokens(db, collection);
  const ranked = hasStringTrait(tokens) ? rankByOpenRarity(tokens) : [];
  await db.execute(sql`
    update tokens t set rarity_rank = n.rank, rarity_score = n.score
      from (select x.token_id, r.rank, r.score
              from tokens x
              left join unnest(${sql.param(ranked.map((token) => token.tokenId))}::numeric[],
                               ${sql.param(ranked.map((token) => token.rank))}::int[],
                               ${sql.param(ranked.map((token) => token.score))}::float8[]) as r(token_id, rank, score)
                on r.token_id = x.token_id
             where x.collection = ${collection}) n
     where t.collection = ${collection} and t.token_id = n.token_id
       and (t.rarity_rank is distinct from n.rank or t.rarity_score is distinct from n.score)`);
}

/**
 * The tokens with metadata, by token id (OpenRarity keeps the input order among equal tokens), with their traits.
 * Metadata listing one type twice keeps both rows (the key includes the value); OpenRarity keeps one value per type,
 * the later, so the values come in a fixed order (byte order) and the greatest wins.
 */
async function rankableTokens(db: Executor, collection: string): Promise<RarityToken[]> {
  const { rows } = await db.execute<{ token_id: string; type: string | null; value: string | null; kind: TraitKind }>(
    sql`
      select t.token_id, tr.trait_type as type, tr.value, tr.kind
        from tokens t
        left join token_traits tr on tr.collection = t.collection and tr.token_id = t.token_id
       where t.collection = ${collection} and t.metadata_status = 'ok'
       order by t.token_id, tr.trait_type collate "C", tr.value collate "C"`,
  );
  const tokens: RarityToken[] = [];
  let current: { tokenId: string; traits: RarityToken['traits'][number][] } | undefined;
  for (const row of rows) {
    if (current?.tokenId !== row.token_id) tokens.push((current = { tokenId: row.token_id, traits: [] }));
    if (row.type !== null && row.value !== null)
      current.traits.push({ type: row.type, value: row.value, kind: row.kind });
  }
  return tokens;
}
