import { REPORTED_TOKEN_IDS, reportedTokens } from '@floordesk/devnet';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../../testing/devnet';
import { flagTokens } from './flags';

const database = useTestDatabase();
const devnet = useTestDevnet();

async function flagged(): Promise<string[]> {
  const { rows } = await database().pool.query<{ token: string }>(
    `select collection || '#' || token_id as token from tokens where flagged order by 1`,
  );
  return rows.map((row) => row.token);
}

describe('the devnet’s reported tokens', () => {
  it('are flagged once the indexer has their rows, and no other token is', async () => {
    const reported = reportedTokens(devnet().manifest);
    expect(await flagTokens(database().db, reported)).toBe(0);

    await indexToHead(indexerOptions(database(), devnet().chain));
    const expected = reported.map((t) => `${t.collection.toLowerCase()}#${t.tokenId}`).toSorted();
    expect(expected).toHaveLength(Object.values(REPORTED_TOKEN_IDS).flat().length);
    expect(await flagTokens(database().db, reported)).toBe(expected.length);
    expect(await flagged()).toEqual(expected);
    expect(await flagTokens(database().db, reported)).toBe(0);
  }, 120_000);
});
