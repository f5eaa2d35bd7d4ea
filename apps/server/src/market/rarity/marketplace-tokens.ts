import { z } from 'zod';
import { hasStringTrait, type RarityToken, rankByOpenRarity } from './openrarity';
import { rankTier } from './tiers';
import { traitKind } from '../../chain/traits';

const TOKEN_ID = 'must be a token id (a string, or a whole number)';

/** A token as marketplace APIs serve it: its id and its attributes (OpenSea's metadata standard). */
const MarketplaceToken = z.object(
  {
    token_id: z.union(
      [z.string().min(1, { error: TOKEN_ID }), z.number().int({ error: TOKEN_ID }).nonnegative({ error: TOKEN_ID })],
      { error: TOKEN_ID },
    ),
    attributes: z.array(
      z.object({
        trait_type: z.union([z.string(), z.number()], { error: 'must be a string' }),
        value: z.union([z.string(), z.number()], { error: 'must be a string or a number' }),
        display_type: z.string({ error: 'must be a string' }).nullish(),
      }),
      { error: 'must be an array of {"trait_type", "value"}' },
    ),
  },
  { error: 'must be an object {"token_id", "attributes"}' },
);

export type RankedRow = { token_id: string; rank: number; score: number; tier: string };

export type Ranking = { ok: true; ranked: RankedRow[]; note?: string } | { ok: false; error: string };

/**
 * Ranks a JSON array of marketplace tokens by OpenRarity, rarest first, with each rank's tier; or says which entry
 * is wrong and why. Tokens without a string trait leave nothing to rank by: no rows, and a note saying so.
 */
export function rankMarketplaceTokens(json: string): Ranking {
  let entries: unknown;
  try {
    entries = JSON.parse(json);
  } catch (error) {
    return { ok: false, error: `not JSON: ${(error as Error).message}` };
  }
  if (!Array.isArray(entries)) return { ok: false, error: 'expected a JSON array of tokens' };
  const tokens: RarityToken[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const parsed = MarketplaceToken.safeParse(entry);
    const id = (entry as { token_id?: unknown } | null)?.token_id;
    const name = `entry ${index}${typeof id === 'string' || typeof id === 'number' ? ` (token_id ${JSON.stringify(id)})` : ''}`;
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
      return { ok: false, error: `${name}: ${field ? `${field.replace(/^\./, '')} ` : ''}${issue.message}` };
    }
    const tokenId = String(parsed.data.token_id);
    if (seen.has(tokenId)) return { ok: false, error: `${name}: token_id ${tokenId} appears twice` };
    seen.add(tokenId);
    tokens.push({
      tokenId,
      traits: parsed.data.attributes.map((a) => ({
        type: String(a.trait_type),
        value: String(a.value),
        kind: traitKind(a.value, a.display_type),
      })),
    });
  }
  if (!hasStringTrait(tokens)) return { ok: true, ranked: [], note: 'no token has a string trait: nothing to rank by' };
  const ranked = rankByOpenRarity(tokens);
  return {
    ok: true,
    ranked: ranked.map(({ tokenId, rank, score }) => ({
      token_id: tokenId,
      rank,
      score,
      tier: rankTier(rank, ranked.length),
    })),
  };
}
