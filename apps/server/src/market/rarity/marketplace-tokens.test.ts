import { describe, expect, it } from 'vitest';
import { rankMarketplaceTokens } from './marketplace-tokens';

describe('marketplace tokens', () => {
  it('ranks string traits only: number, boost and date display types and JSON numbers are not ranked', () => {
    const ranking = rankMarketplaceTokens(
      JSON.stringify([
        {
          token_id: 1,
          attributes: [
            { trait_type: 'Eyes', value: 'Blue' },
            { trait_type: 'Level', value: 1 },
          ],
        },
        {
          token_id: '2',
          attributes: [
            { trait_type: 'Eyes', value: 'Blue' },
            { trait_type: 'Power', value: '2', display_type: 'boost_number' },
          ],
        },
        {
          token_id: '3',
          attributes: [
            { trait_type: 'Eyes', value: 'Blue' },
            { trait_type: 'Born', value: 1_700_000_000, display_type: 'date', extra: true },
          ],
        },
      ]),
    );
    // Each has one string trait, all alike, and two traits in all: nothing tells them apart.
    expect(ranking).toEqual({
      ok: true,
      ranked: ['1', '2', '3'].map((token_id) => ({ token_id, rank: 1, score: 0, tier: 'classic' })),
    });
  });

  it('refuses what is not a JSON array of tokens, naming the entry', () => {
    expect(rankMarketplaceTokens('{')).toMatchObject({ ok: false, error: expect.stringContaining('not JSON') });
    expect(rankMarketplaceTokens('{}')).toEqual({ ok: false, error: 'expected a JSON array of tokens' });
    expect(rankMarketplaceTokens('[{"token_id": -1, "attributes": []}]')).toEqual({
      ok: false,
      error: 'entry 0 (token_id -1): token_id must be a token id (a string, or a whole number)',
    });
    expect(rankMarketplaceTokens('[{"token_id": "1", "attributes": []}, {"token_id": 1, "attributes": []}]')).toEqual({
      ok: false,
      error: 'entry 1 (token_id 1): token_id 1 appears twice',
    });
  });

  it('ranks nothing, and says why, when no token has a string trait', () => {
    expect(rankMarketplaceTokens('[{"token_id": "1", "attributes": [{"trait_type": "Level", "value": 3}]}]')).toEqual({
      ok: true,
      ranked: [],
      note: 'no token has a string trait: nothing to rank by',
    });
  });
});
