import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COLLECTIONS, repointTokenUris } from '@floordesk/devnet';
import { LANG_HEADER, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCollectionInfo, fillTokenMetadata } from '../chain/metadata';
import { createGuardedFetch } from '../net/guarded-fetch';
import { useTestDatabase } from '../testing/database';
import { indexerOptions, indexToHead, useTestDevnet } from '../testing/devnet';
import { buildTestServer, testConfig } from '../testing/server';
import { alice, sessionHeaders, signIn } from '../testing/wallets';
import { rankStaleCollections } from '../modules/collection/rarity';

const database = useTestDatabase();
const devnet = useTestDevnet();
let app: FastifyInstance;
let metadataServer: Server;
let collection: string;

/** What the metadata server serves now: each token's fur by id, unless changed. */
const furs = new Map<number, string>();
const furOf = (id: number) => furs.get(id) ?? ['Brown', 'Black', 'Gray'][id % 3]!;

// The smallest collection of plain ERC-721 tokens: enough to rank, quick to fetch.
const spec = COLLECTIONS.filter((c) => c.standard === 'erc721' && c.revealAfterMs === undefined).toSorted(
  (a, b) => a.premint - b.premint,
)[0]!;

let passes: Parameters<typeof fillTokenMetadata>[0];

beforeAll(async () => {
  // A token metadata server of the test's own, which changes tokens without announcing it (no ERC-4906 event).
  metadataServer = createServer((request, response) => {
    const id = Number(request.url?.split('/').at(-1));
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        name: `#${id}`,
        attributes: [
          { trait_type: 'Fur', value: furOf(id) },
          { trait_type: 'Eyes', value: 'Bored' },
          { trait_type: 'Level', value: id, display_type: 'number' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => metadataServer.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(metadataServer.address() as AddressInfo).port}`;
  app = await buildTestServer(database());
  const address = devnet().manifest.collections.find((c) => c.slug === spec.slug)!.address;
  collection = address.toLowerCase();
  await repointTokenUris(devnet().rpcUrl, devnet().manifest, origin);
  await indexToHead(indexerOptions(database(), devnet().chain));
  const config = testConfig();
  passes = {
    db: database().db,
    chain: devnet().chain,
    now: () => new Date(),
    fetchUri: createGuardedFetch({ ipfsGateway: config.ipfsGateway, allowedOrigins: [origin] }),
  };
  await fillCollectionInfo(passes);
  // Only this collection's metadata is followed; the others wait aside.
  await database().pool.query(`update tokens set metadata_status = 'aside' where collection <> $1`, [collection]);
  await fetchAndRank();
});
afterAll(async () => {
  await app.close();
  metadataServer.close();
});

/** The worker's metadata and rarity passes, until no token of the collection waits. */
async function fetchAndRank(): Promise<void> {
  let now = Date.now();
  for (;;) {
    if ((await fillTokenMetadata({ ...passes, now: () => new Date(now) }, 500)) > 0) continue;
    const { rows } = await database().pool.query(
      `select 1 from tokens where collection = $1 and metadata_status = 'pending' limit 1`,
      [collection],
    );
    if (rows.length === 0) break;
    now += 64_000; // a fetch that failed on a busy machine: past its backoff
  }
  await rankStaleCollections(database().db);
}

/** The tokens ranked first: a third of the collection (the rarest of three furs), or the one with a unique fur. */
async function rarest(): Promise<number[]> {
  const { rows } = await database().pool.query<{ token_id: string }>(
    'select token_id from tokens where collection = $1 and rarity_rank = 1 order by token_id',
    [collection],
  );
  return rows.map((row) => Number(row.token_id));
}

async function refresh(body: object): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/metadata/refresh',
    headers: { ...sessionHeaders(await signIn(app, alice)), [LANG_HEADER]: 'en' },
    payload: body,
  });
  return (response.json() as { status: number }).status;
}

describe('metadata refresh on the devnet', () => {
  it('stores each trait with the kind OpenRarity reads it as, ranking string traits only', async () => {
    const { rows } = await database().pool.query<{ trait_type: string; kind: string }>(
      'select distinct trait_type, kind from token_traits where collection = $1 order by trait_type',
      [collection],
    );
    expect(rows).toEqual([
      { trait_type: 'Eyes', kind: 'string' },
      { trait_type: 'Fur', kind: 'string' },
      { trait_type: 'Level', kind: 'number' },
    ]);
    // Every Level differs: ranked, it would make every token unique.
    expect((await rarest()).length).toBeGreaterThan(1);
  });

  it('fetches a token changed without notice again, and its rank follows', async () => {
    furs.set(7, 'Solid Gold');
    await fetchAndRank();
    // Nothing announced the change: the passes have nothing to do.
    expect(await rarest()).not.toEqual([7]);

    expect(await refresh({ address: collection, token_id: '7' })).toBe(Status.Ok);
    await fetchAndRank();
    // The one gold fur: the only token with a unique trait.
    expect(await rarest()).toEqual([7]);
  });

  it('fetches a whole collection again, and its ranks follow', async () => {
    furs.clear();
    furs.set(11, 'Trippy');
    expect(await refresh({ address: collection })).toBe(Status.Ok);
    await fetchAndRank();
    expect(await rarest()).toEqual([11]);
    const { rows } = await database().pool.query<{ ranked: number; tokens: number }>(
      `select count(rarity_rank)::int as ranked, count(*)::int as tokens from tokens where collection = $1`,
      [collection],
    );
    expect(rows[0]!.ranked).toBe(rows[0]!.tokens);
  });
});
