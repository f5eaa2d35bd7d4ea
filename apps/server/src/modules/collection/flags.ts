import { normalizeAddress } from '@floordesk/protocol';
import type { Pool } from 'pg';

/** A token by collection address and id. */
export type TokenRef = { collection: string; tokenId: bigint };

/**
 * Marks tokens a marketplace has flagged (reported stolen or suspicious). Tokens the indexer has not seen yet are
 * skipped, so a repeating caller marks each once its row exists. Returns how many it newly marked.
 */
export async function flagTokens(pool: Pool, tokens: readonly TokenRef[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const result = await pool.query(
    `update tokens t set flagged = true
       from unnest($1::text[], $2::numeric[]) as r(collection, token_id)
      where t.collection = r.collection and t.token_id = r.token_id and not t.flagged`,
    [tokens.map((t) => normalizeAddress(t.collection)), tokens.map((t) => t.tokenId.toString())],
  );
  return result.rowCount ?? 0;
}
