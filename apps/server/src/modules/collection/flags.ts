import { normalizeAddress } from '@floordesk/protocol';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool';

/** A token by collection address and id. */
export type TokenRef = { collection: string; tokenId: bigint };

/**
 * Marks tokens a marketplace has flagged (reported stolen or suspicious). Tokens the indexer has not seen yet are
 * skipped, so a repeating caller marks each once its row exists. Returns how many it newly marked.
 */
export async function flagTokens(db: Executor, tokens: readonly TokenRef[]): Promise<number> {
  if (tokens.length === 0) return 0;
  const result = await db.execute(sql`
    update tokens t set flagged = true
      from unnest(${sql.param(tokens.map((t) => normalizeAddress(t.collection)))}::text[],
                  ${sql.param(tokens.map((t) => t.tokenId.toString()))}::numeric[]) as r(collection, token_id)
     where t.collection = r.collection and t.token_id = r.token_id and not t.flagged`);
  return result.rowCount ?? 0;
}
