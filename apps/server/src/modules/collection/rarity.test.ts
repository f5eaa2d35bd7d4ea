import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { insertCollection, insertTokens, insertTraits } from '../../testing/market-rows';
import { rankStaleCollections, rankTier } from './rarity';

const database = useTestDatabase();
const CRAFTED = `0x${'6'.repeat(40)}`;
const TRAITLESS = `0x${'7'.repeat(40)}`;

async function ranks(collection: string) {
  const { rows } = await database().pool.query<{ token_id: string; rarity_rank: number | null }>(
    'select token_id, rarity_rank from tokens where collection = $1 order by token_id',
    [collection],
  );
  return Object.fromEntries(rows.map((row) => [row.token_id, row.rarity_rank]));
}

async function isStale(collection: string): Promise<boolean> {
  const { rows } = await database().pool.query<{ rarity_stale: boolean }>(
    'select rarity_stale from collections where address = $1',
    [collection],
  );
  return rows[0]?.rarity_stale ?? false;
}

describe('rarity ranks', () => {
  beforeAll(async () => {
    const pool = database().pool;
    await insertCollection(pool, CRAFTED, { rarityStale: true });
    // Token 6 never got its metadata; token 7 is still waiting for it.
    await insertTokens(pool, CRAFTED, [
      ...[1, 2, 3, 4, 5].map((id) => ({ id })),
      { id: 6, metadataStatus: 'failed' as const },
      { id: 7, metadataStatus: 'pending' as const },
    ]);
    // Hat: Crown 1/5, Cap 3/5, missing 1/5. Eyes: Blue 4/5, Red 1/5.
    await insertTraits(pool, CRAFTED, [
      { id: 1, type: 'Hat', value: 'Crown' },
      { id: 1, type: 'Eyes', value: 'Blue' },
      { id: 2, type: 'Hat', value: 'Cap' },
      { id: 2, type: 'Eyes', value: 'Blue' },
      { id: 3, type: 'Hat', value: 'Cap' },
      { id: 3, type: 'Eyes', value: 'Blue' },
      { id: 4, type: 'Eyes', value: 'Blue' },
      { id: 5, type: 'Hat', value: 'Cap' },
      { id: 5, type: 'Eyes', value: 'Red' },
    ]);
    await insertCollection(pool, TRAITLESS, { rarityStale: true });
    await insertTokens(pool, TRAITLESS, [
      { id: 1, rank: 1 },
      { id: 2, rank: 2 },
    ]);
  });

  it('waits while a token of the collection still waits for its metadata', async () => {
    await rankStaleCollections(database().db);
    expect(Object.values(await ranks(CRAFTED)).every((rank) => rank === null)).toBe(true);
    expect(await isStale(CRAFTED)).toBe(true);
  });

  it('ranks the rarest traits first, a missing trait counting as a value of its own, ties by token id', async () => {
    await database().pool.query(`update tokens set metadata_status = 'failed' where collection = $1 and token_id = 7`, [
      CRAFTED,
    ]);
    await rankStaleCollections(database().db);
    // Scores: 5 = log2(5/3) + log2(5); 1 (Crown) and 4 (no hat) = log2(5) + log2(5/4); 2 and 3 = log2(5/3) + log2(5/4).
    expect(await ranks(CRAFTED)).toEqual({ 1: 2, 2: 4, 3: 5, 4: 3, 5: 1, 6: null, 7: null });
    expect(await isStale(CRAFTED)).toBe(false);
  });

  it('leaves a collection without traits unranked', async () => {
    expect(await ranks(TRAITLESS)).toEqual({ 1: null, 2: null });
    expect(await isStale(TRAITLESS)).toBe(false);
  });

  it('ranks a collection again only once its traits change', async () => {
    await database().pool.query(
      `update token_traits set value = 'Crown' where collection = $1 and token_id = 2 and trait_type = 'Hat'`,
      [CRAFTED],
    );
    expect(await rankStaleCollections(database().db)).toBe(0);
    await database().pool.query('update collections set rarity_stale = true where address = $1', [CRAFTED]);
    expect(await rankStaleCollections(database().db)).toBe(1);
    // Hat: Crown 2/5, Cap 2/5, missing 1/5: the hatless token 4 now outranks the two crowns.
    expect(await ranks(CRAFTED)).toEqual({ 1: 3, 2: 4, 3: 5, 4: 2, 5: 1, 6: null, 7: null });
  });
});

describe('rank tiers', () => {
  it('puts the top 1% in Legendary, the top 10% in Rare, the top 40% in Classic and the rest in Ordinary', () => {
    expect([1, 2, 10, 11, 40, 41, 200].map((rank) => rankTier(rank, 200))).toEqual([
      'legendary',
      'legendary',
      'rare',
      'rare',
      'classic',
      'classic',
      'ordinary',
    ]);
    expect(rankTier(1, 24)).toBe('rare');
  });
});
