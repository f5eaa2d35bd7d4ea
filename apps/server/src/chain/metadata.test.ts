import { receiptOf } from '@floordesk/contracts';
import {
  ACCOUNT_PLAN,
  COLLECTIONS,
  devnetAccount,
  hiddenImageUrl,
  repointTokenUris,
  tokenImageUrl,
  tokenTraits,
} from '@floordesk/devnet';
import type { FastifyInstance } from 'fastify';
import { type Address, createWalletClient, http, parseAbi } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../db/pool';
import { buildServer } from '../http/server';
import { rankStaleCollections } from '../modules/collection/rarity';
import { useTestDatabase } from '../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../testing/devnet';
import { testConfig, testDevnetOptions } from '../testing/server';
import { createGuardedFetch, type GuardedFetch } from '../net/guarded-fetch';
import type { ChainAccess } from './client';
import { fillCollectionInfo, fillTokenMetadata } from './metadata';

const database = useTestDatabase();
const devnet = useTestDevnet();
let app: FastifyInstance;
/** Where the test server listens: the token URIs point there. */
let origin: string;
const config = testConfig();
/** The origin the server names in the metadata it serves: its configured one (images are never fetched here). */
const assetOrigin = config.origin.origin;
/** The metadata passes as the devnet's composition runs them: the devnet's own server is the one loopback allowed. */
let passes: { db: Executor; chain: ChainAccess; fetchUri: GuardedFetch };

beforeAll(async () => {
  app = await buildServer({
    config,
    db: database().db,
    chain: devnet().chain,
    devnet: testDevnetOptions(config, devnet().rpcUrl),
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  passes = {
    db: database().db,
    chain: devnet().chain,
    fetchUri: createGuardedFetch({ ipfsGateway: config.ipfsGateway, allowedOrigins: [origin] }),
  };
  await indexToHead(indexerOptions(database(), devnet().chain));
});
afterAll(() => app.close());

const hidden = COLLECTIONS.find((spec) => spec.revealAfterMs !== undefined);
const addressOf = (slug: string) => devnet().manifest.collections.find((c) => c.slug === slug)?.address as Address;

async function collectionImages(): Promise<Record<string, string | null>> {
  const { rows } = await database().pool.query<{ address: string; image_url: string | null }>(
    'select address, image_url from collections',
  );
  const images = new Map(rows.map((row) => [row.address, row.image_url]));
  return Object.fromEntries(
    COLLECTIONS.map((spec) => [spec.slug, images.get(addressOf(spec.slug).toLowerCase()) ?? null]),
  );
}

/** Tokens of the collection with a rarity rank. */
async function rankedTokens(slug: string): Promise<number> {
  const { rows } = await database().pool.query<{ ranked: number }>(
    'select count(rarity_rank)::int as ranked from tokens where collection = $1',
    [addressOf(slug).toLowerCase()],
  );
  return rows[0]?.ranked ?? 0;
}

/** Runs the metadata passes until no token waits; a fetch that failed (a busy machine) is retried at once. */
async function drain(): Promise<void> {
  let now = Date.now();
  const clocked = { ...passes, now: () => new Date(now) };
  await fillCollectionInfo(clocked);
  for (;;) {
    if ((await fillTokenMetadata(clocked, 500)) > 0) continue;
    const { rows } = await database().pool.query("select 1 from tokens where metadata_status = 'pending' limit 1");
    if (rows.length === 0) return;
    // Past the longest backoff.
    now += 64_000;
  }
}

describe('metadata', () => {
  it('reads each collection’s name, symbol, supply and standard from the chain', async () => {
    await fillCollectionInfo(passes);
    const { rows } = await database().pool.query<{ address: string; name: string; symbol: string; standard: string }>(
      'select address, name, symbol, standard from collections order by name',
    );
    expect(rows).toHaveLength(COLLECTIONS.length);
    for (const spec of COLLECTIONS) {
      expect(rows).toContainEqual({
        address: addressOf(spec.slug).toLowerCase(),
        name: spec.name,
        symbol: spec.symbol,
        standard: spec.standard,
      });
    }
  });

  it('retries a token whose metadata cannot be fetched, with backoff, and gives up after five attempts', async () => {
    // The snapshot's token URIs point at an address nothing listens on.
    const spec = COLLECTIONS.find((c) => c.standard === 'erc721' && c.revealAfterMs === undefined);
    const collection = addressOf(spec?.slug ?? '').toLowerCase();
    // One token is enough to follow; the others wait aside.
    await database().pool.query(
      `update tokens set metadata_status = 'aside' where not (collection = $1 and token_id = 1)`,
      [collection],
    );
    let now = new Date();
    const attemptsOf = async () =>
      (
        await database().pool.query<{ attempts: number; status: string }>(
          `select metadata_attempts as attempts, metadata_status as status from tokens
            where collection = $1 and token_id = 1`,
          [collection],
        )
      ).rows[0];
    for (let attempt = 1; attempt <= 5; attempt++) {
      await fillTokenMetadata({ ...passes, now: () => now });
      expect(await attemptsOf()).toEqual({ attempts: attempt, status: attempt < 5 ? 'pending' : 'failed' });
      // Not due again until the backoff has passed.
      await fillTokenMetadata({ ...passes, now: () => now });
      expect((await attemptsOf())?.attempts).toBe(attempt);
      now = new Date(now.getTime() + 2000 * 2 ** (attempt + 1));
    }
  }, 120_000);

  it('fetches nothing from a loopback metadata server that the composition did not allow', async () => {
    await repointTokenUris(devnet().rpcUrl, devnet().manifest, origin);
    await database().pool.query(
      `update tokens set metadata_status = 'pending', metadata_attempts = 0, metadata_next_attempt_at = null`,
    );
    const strict = createGuardedFetch({ ipfsGateway: config.ipfsGateway });
    await fillTokenMetadata({ ...passes, fetchUri: strict, now: () => new Date() }, 500);
    const { rows } = await database().pool.query<{ fetched: number; traits: number; attempted: number }>(
      `select count(*) filter (where metadata_status = 'ok')::int as fetched,
              count(*) filter (where metadata_attempts = 1)::int as attempted,
              (select count(*)::int from token_traits) as traits
         from tokens`,
    );
    expect(rows[0]).toMatchObject({ fetched: 0, traits: 0 });
    expect(rows[0]?.attempted).toBeGreaterThan(0);
  }, 60_000);

  it('stores names, images and traits once the metadata server answers, and refetches after a reveal', async () => {
    await repointTokenUris(devnet().rpcUrl, devnet().manifest, origin);
    await database().pool.query(
      `update tokens set metadata_status = 'pending', metadata_attempts = 0, metadata_next_attempt_at = null`,
    );
    await drain();

    const spec = COLLECTIONS.find((c) => c.standard === 'erc721' && c.revealAfterMs === undefined);
    if (!spec) throw new Error('no revealed ERC-721 in the catalog');
    const traits = await database().pool.query<{ trait_type: string; value: string }>(
      `select trait_type, value from token_traits where collection = $1 and token_id = 7 order by trait_type`,
      [addressOf(spec.slug).toLowerCase()],
    );
    expect(traits.rows).toEqual(
      tokenTraits(spec, 7)
        .map((t) => ({ trait_type: t.trait_type, value: t.value }))
        .toSorted((a, b) => a.trait_type.localeCompare(b.trait_type)),
    );
    const token = await database().pool.query(
      'select name, image_url, metadata_status from tokens where collection = $1 and token_id = 7',
      [addressOf(spec.slug).toLowerCase()],
    );
    expect(token.rows).toEqual([
      { name: `${spec.name} #7`, image_url: `${assetOrigin}/devnet/images/${spec.slug}/7.svg`, metadata_status: 'ok' },
    ]);

    if (!hidden) throw new Error('the catalog has no unrevealed collection');
    // The devnet's contracts have no contract-level metadata: each collection shows its first token.
    expect(await collectionImages()).toEqual(
      Object.fromEntries(
        COLLECTIONS.map((c) => [
          c.slug,
          c === hidden ? hiddenImageUrl(assetOrigin, c.slug) : tokenImageUrl(assetOrigin, c.slug, 1),
        ]),
      ),
    );
    await rankStaleCollections(database().db);
    expect(await rankedTokens(spec.slug)).toBe(spec.premint);
    expect(await rankedTokens(hidden.slug)).toBe(0);

    const hiddenAddress = addressOf(hidden.slug);
    const before = await database().pool.query<{ count: number }>(
      'select count(*)::int as count from token_traits where collection = $1',
      [hiddenAddress.toLowerCase()],
    );
    expect(before.rows[0]?.count).toBe(0);

    const owner = createWalletClient({
      account: devnetAccount(ACCOUNT_PLAN.deployer),
      chain: foundry,
      transport: http(devnet().rpcUrl),
    });
    await receiptOf(
      devnet().chain.client,
      await owner.writeContract({
        address: hiddenAddress,
        abi: parseAbi(['function reveal()']),
        functionName: 'reveal',
      }),
    );
    await indexToHead(indexerOptions(database(), devnet().chain));
    await drain();
    const after = await database().pool.query<{ count: number }>(
      'select count(*)::int as count from token_traits where collection = $1',
      [hiddenAddress.toLowerCase()],
    );
    expect(after.rows[0]?.count).toBeGreaterThan(0);
    expect((await collectionImages())[hidden.slug]).toBe(tokenImageUrl(assetOrigin, hidden.slug, 1));
    await rankStaleCollections(database().db);
    expect(await rankedTokens(hidden.slug)).toBe(hidden.premint);
  }, 180_000);

  it('marks a collection for re-ranking when it writes a token’s traits', async () => {
    const spec = COLLECTIONS.find((c) => c.standard === 'erc1155');
    if (!spec) throw new Error('no ERC-1155 in the catalog');
    const collection = addressOf(spec.slug).toLowerCase();
    await database().pool.query('update collections set rarity_stale = false');
    await database().pool.query(
      `update tokens set metadata_status = 'pending' where collection = $1 and token_id = 3`,
      [collection],
    );
    await drain();
    const { rows } = await database().pool.query<{ address: string }>(
      'select address from collections where rarity_stale',
    );
    expect(rows).toEqual([{ address: collection }]);
  });
});
