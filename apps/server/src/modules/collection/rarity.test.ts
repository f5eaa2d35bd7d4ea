import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { insertCollection, insertTokens, insertTraits } from '../../testing/market-rows';
import { rankStaleCollections } from './rarity';

const database = useTestDatabase();
const CRAFTED = `0x${'6'.repeat(40)}`;
const TRAITLESS = `0x${'7'.repeat(40)}`;
const NUMBERS_ONLY = `0x${'8'.repeat(40)}`;

async function ranks(collection: string) {
  const { rows } = await database().pool.query<{ token_id: string; rarity_rank: number | null }>(
    'select token_id, rarity_rank from tokens where collection = $1 order by token_id',
    [collection],
  );
  return Object.fromEntries(rows.map((row) => [row.token_id, row.rarity_rank]));
}

async function scores(collection: string) {
  const { rows } = await database().pool.query<{ token_id: string; rarity_score: number | null }>(
    'select token_id, rarity_score from tokens where collection = $1 order by token_id',
    [collection],
  );
  return Object.fromEntries(rows.map((row) => [row.token_id, row.rarity_score]));
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
    // Hat: Crown 1/5, Cap 3/5, missing 1/5. Eyes: Blue 4/5, Red 1/5. Every token's Level is a number: not ranked.
    await insertTraits(pool, CRAFTED, [
      ...[1, 2, 3, 4, 5].map((id) => ({ id, type: 'Level', value: String(id), kind: 'number' as const })),
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
    await insertCollection(pool, NUMBERS_ONLY, { rarityStale: true });
    await insertTokens(pool, NUMBERS_ONLY, [{ id: 1 }, { id: 2 }]);
    await insertTraits(pool, NUMBERS_ONLY, [
      { id: 1, type: 'Level', value: '1', kind: 'number' },
      { id: 2, type: 'Born', value: '1700000000', kind: 'date' },
    ]);
  });

  it('waits while a token of the collection still waits for its metadata', async () => {
    await rankStaleCollections(database().db);
    expect(Object.values(await ranks(CRAFTED)).every((rank) => rank === null)).toBe(true);
    expect(await isStale(CRAFTED)).toBe(true);
  });

  it('ranks by OpenRarity over the tokens with metadata, a missing trait counting as a value of its own', async () => {
    await database().pool.query(`update tokens set metadata_status = 'failed' where collection = $1 and token_id = 7`, [
      CRAFTED,
    ]);
    await rankStaleCollections(database().db);
    // Token 4 alone lacks a hat (and has one trait fewer), 5 alone has red eyes, 1 alone a crown: one unique trait
    // each, then by score. 2 and 3 are alike and share rank 4. OpenRarity's own scores for these five tokens.
    expect(await ranks(CRAFTED)).toEqual({ 1: 3, 2: 4, 3: 4, 4: 1, 5: 2, 6: null, 7: null });
    const scored = await scores(CRAFTED);
    expect(scored['4']).toBeCloseTo(1.7641652395056182, 14);
    expect(scored['5']).toBeCloseTo(1.201084849902582, 14);
    expect(scored['1']).toBeCloseTo(1.0536368965992904, 14);
    expect(scored['2']).toBe(scored['3']);
    expect(scored['6']).toBeNull();
    expect(await isStale(CRAFTED)).toBe(false);
  });

  it('leaves a collection without string traits unranked, clearing ranks it had', async () => {
    expect(await ranks(TRAITLESS)).toEqual({ 1: null, 2: null });
    expect(await isStale(TRAITLESS)).toBe(false);
    expect(await ranks(NUMBERS_ONLY)).toEqual({ 1: null, 2: null });
  });

  it('ranks a collection again only once its traits change', async () => {
    await database().pool.query(
      `update token_traits set value = 'Crown' where collection = $1 and token_id = 2 and trait_type = 'Hat'`,
      [CRAFTED],
    );
    expect(await rankStaleCollections(database().db)).toBe(0);
    await database().pool.query('update collections set rarity_stale = true where address = $1', [CRAFTED]);
    expect(await rankStaleCollections(database().db)).toBe(1);
    // Hat: Crown 2/5, Cap 2/5, missing 1/5: the two crowns and the cap left are alike now.
    expect(await ranks(CRAFTED)).toEqual({ 1: 3, 2: 3, 3: 3, 4: 1, 5: 2, 6: null, 7: null });
  });
});
