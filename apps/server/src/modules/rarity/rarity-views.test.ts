import { rankTierCode, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { insertCollection, insertListing, insertTokens, insertTraits } from '../../testing/market-rows';
import { buildTestServer, getData, getJson, testClock } from '../../testing/server';
import { rankTier } from '../../market/rarity/tiers';

const database = useTestDatabase();
const NOW = new Date('2030-01-01T12:00:30Z');
let app: FastifyInstance;

const ETH = 10n ** 18n;
const address = (digit: string) => `0x${digit.repeat(40)}`;
const RANKED = address('a');
const OTHER = address('b');
const TRAITLESS = address('c');
const PENDING = address('d');
const UNKNOWN = address('9');
const OWNER = `0x${'0'.repeat(38)}a1`;
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

beforeAll(async () => {
  app = await buildTestServer(database(), { now: testClock(NOW).now });
  const pool = database().pool;

  // 20 of 25 tokens have metadata; rank = id, so ranks 1–2 are the rarest 10 %.
  await insertCollection(pool, RANKED, { name: 'Ranked Apes', totalSupply: 25, imageUrl: 'apes.svg' });
  await insertTokens(pool, RANKED, [
    ...ids(1, 20).map((id) => ({ id, rank: id, owner: OWNER, image: `${id}.svg` })),
    ...ids(21, 25).map((id) => ({ id, metadataStatus: 'failed' as const })),
  ]);
  await pool.query('update tokens set rarity_score = 100 - rarity_rank where collection = $1', [RANKED]);
  await pool.query(`insert into ens_names (address, name, checked_at) values ($1, 'owner.eth', $2)`, [OWNER, NOW]);
  await insertTraits(pool, RANKED, [
    ...ids(1, 20).map((id) => ({ id, type: 'Fur', value: id <= 2 ? 'Gold' : id <= 10 ? 'Brown' : 'Grey' })),
    ...ids(1, 20).map((id) => ({ id, type: 'Eyes', value: id % 2 ? 'Blue' : 'Red' })),
  ]);
  await pool.query(
    `insert into token_traits (collection, token_id, trait_type, value, kind) values ($1, 1, 'Level', '7', 'number')`,
    [RANKED],
  );
  // Floor 1 ETH (token 5); token 1 at 1.05 × floor; token 2 rare but at 3 × floor; token 6's cheaper one expired.
  await insertListing(pool, RANKED, 5, ETH, NOW);
  await insertListing(pool, RANKED, 5, (12n * ETH) / 10n, NOW);
  await insertListing(pool, RANKED, 1, (105n * ETH) / 100n, NOW);
  await insertListing(pool, RANKED, 2, 3n * ETH, NOW);
  await insertListing(pool, RANKED, 6, ETH / 2n, NOW, { endTime: new Date('2030-01-01T12:00:00Z') });
  await insertListing(pool, RANKED, 6, 2n * ETH, NOW);

  // Its rarest token is its floor: rank 1 of 10 (top 10 %) at 1 × floor.
  await insertCollection(pool, OTHER, { name: 'Other Owls', totalSupply: 10 });
  await insertTokens(
    pool,
    OTHER,
    ids(1, 10).map((id) => ({ id, rank: id })),
  );
  await insertTraits(
    pool,
    OTHER,
    ids(1, 10).map((id) => ({ id, type: 'Hat', value: id === 1 ? 'Crown' : 'Cap' })),
  );
  await insertListing(pool, OTHER, 1, 2n * ETH, NOW);
  await insertListing(pool, OTHER, 2, 3n * ETH, NOW);

  await insertCollection(pool, TRAITLESS, { name: 'Plain Tiles', totalSupply: 3 });
  await insertTokens(
    pool,
    TRAITLESS,
    ids(1, 3).map((id) => ({ id })),
  );

  await insertCollection(pool, PENDING, { name: 'Pending Moons', totalSupply: 4 });
  await insertTokens(pool, PENDING, [
    { id: 1 },
    ...ids(2, 4).map((id) => ({ id, metadataStatus: 'pending' as const })),
  ]);
  await insertTraits(pool, PENDING, [{ id: 1, type: 'Crater', value: 'Deep' }]);
});
afterAll(() => app.close());

const get = (url: string, lang?: 'zh') => getJson(app, url, lang ? { 'x-lang': lang } : {});
const data = (url: string) => getData(app, url);

const tokensUrl = (query: Record<string, string>) => `/api/rarity/tokens?${new URLSearchParams(query)}`;
const tokenIds = (list: { token_id: string }[]) => list.map((token) => Number(token.token_id));

describe('GET /api/rarity/collections', () => {
  it('lists the collections with traits, most ranked first, with their coverage, floor and listings', async () => {
    const { list } = await data('/api/rarity/collections');
    expect(list.map((row: { address: string }) => row.address)).toEqual([RANKED, OTHER, PENDING]);
    expect(list[0]).toEqual({
      address: RANKED,
      name: 'Ranked Apes',
      img: 'apes.svg',
      type: '721',
      supply: 25,
      with_metadata: 20,
      ranked: 20,
      coverage: 80,
      floor_value: ETH.toString(),
      listed: 5,
    });
    expect(list[2]).toMatchObject({ supply: 4, with_metadata: 1, ranked: 0, coverage: 25, floor_value: null });
  });

  it('searches by name (any case) or by the beginning of the address', async () => {
    const byName = await data('/api/rarity/collections?q=owls');
    expect(byName.list.map((row: { address: string }) => row.address)).toEqual([OTHER]);
    const byAddress = await data(`/api/rarity/collections?q=${PENDING.slice(0, 10).toUpperCase().replace('X', 'x')}`);
    expect(byAddress.list.map((row: { address: string }) => row.address)).toEqual([PENDING]);
    expect((await data('/api/rarity/collections?q=100%25')).list).toEqual([]);
  });

  it('is public and refuses a control character in the search with HTTP 400', async () => {
    const { http, body } = await get('/api/rarity/collections?q=a%00b', 'zh');
    expect(http).toBe(400);
    expect(body).toMatchObject({
      status: Status.BadRequest,
      data: { fields: [{ path: 'q', message: '请输入正确的关键词。' }] },
    });
  });
});

describe('GET /api/rarity/tokens', () => {
  it('answers the tokens by rank with traits, score, tier, owner and the cheapest fillable listing', async () => {
    const body = await data(tokensUrl({ address: RANKED.toUpperCase().replace('0X', '0x') }));
    expect(body).toMatchObject({ total: 25, page: 1, page_size: 50, selected: null });
    expect(tokenIds(body.list)).toEqual(ids(1, 25));
    expect(body.list[0]).toEqual({
      token_id: '1',
      name: null,
      img: '1.svg',
      rank: 1,
      score: 99,
      flag: rankTierCode(rankTier(1, 20)),
      owner: OWNER,
      owner_ens: 'owner.eth',
      price: ((105n * ETH) / 100n).toString(),
      marketplace: 'opensea',
      traits: [
        { type: 'Eyes', value: 'Blue' },
        { type: 'Fur', value: 'Gold' },
        { type: 'Level', value: '7' },
      ],
    });
    expect(body.list[4].price).toBe(ETH.toString());
    expect(body.list[5].price).toBe((2n * ETH).toString());
    expect(body.list[24]).toMatchObject({ token_id: '25', rank: null, score: null, flag: null, price: null });
  });

  it('summarises the coverage and offers the ranked trait types with their counts', async () => {
    const { collection, traits } = await data(tokensUrl({ address: RANKED }));
    expect(collection).toEqual({
      address: RANKED,
      name: 'Ranked Apes',
      img: 'apes.svg',
      type: '721',
      floor_value: ETH.toString(),
      supply: 25,
      with_metadata: 20,
      ranked: 20,
      coverage: 80,
      unranked_reason: null,
    });
    expect(traits).toEqual([
      {
        type: 'Eyes',
        values: [
          { value: 'Blue', count: 10 },
          { value: 'Red', count: 10 },
        ],
      },
      {
        type: 'Fur',
        values: [
          { value: 'Grey', count: 10 },
          { value: 'Brown', count: 8 },
          { value: 'Gold', count: 2 },
        ],
      },
    ]);
  });

  it('filters by several values of one type (any) and several types (all)', async () => {
    const goldOrBrown = await data(tokensUrl({ address: RANKED, traits: JSON.stringify({ Fur: ['Gold', 'Brown'] }) }));
    expect(goldOrBrown.total).toBe(10);
    expect(tokenIds(goldOrBrown.list)).toEqual(ids(1, 10));
    const andRed = await data(
      tokensUrl({ address: RANKED, traits: JSON.stringify({ Fur: ['Gold', 'Brown'], Eyes: ['Red'] }) }),
    );
    expect(tokenIds(andRed.list)).toEqual([2, 4, 6, 8, 10]);
    expect(andRed.total).toBe(5);
  });

  it('filters to listed tokens, a rank range and a tier', async () => {
    expect(tokenIds((await data(tokensUrl({ address: RANKED, listed: '1' }))).list)).toEqual([1, 2, 5, 6]);
    expect(tokenIds((await data(tokensUrl({ address: RANKED, rank_min: '3', rank_max: '5' }))).list)).toEqual([
      3, 4, 5,
    ]);
    const rare = ids(1, 20).filter((rank) => rankTier(rank, 20) === 'rare');
    expect(tokenIds((await data(tokensUrl({ address: RANKED, tier: 'rare' }))).list)).toEqual(rare);
    // A tier no rank falls in, or a range outside the tier, matches nothing.
    const empty = await data(tokensUrl({ address: RANKED, tier: 'rare', rank_min: '15' }));
    expect({ list: empty.list, total: empty.total }).toEqual({ list: [], total: 0 });
  });

  it('pages by 50 and counts every match', async () => {
    const page2 = await data(tokensUrl({ address: RANKED, page: '2' }));
    expect({ list: page2.list, total: page2.total, page: page2.page }).toEqual({ list: [], total: 25, page: 2 });
  });

  it("describes the asked-for token with every trait's share of the tokens with metadata", async () => {
    const { selected } = await data(tokensUrl({ address: RANKED, token: '2', traits: '{"Fur":["Grey"]}' }));
    expect(selected).toMatchObject({ token_id: '2', rank: 2, price: (3n * ETH).toString() });
    expect(selected.traits).toEqual([
      { type: 'Eyes', value: 'Red', kind: 'string', count: 10, percent: 50 },
      { type: 'Fur', value: 'Gold', kind: 'string', count: 2, percent: 10 },
    ]);
    expect((await data(tokensUrl({ address: RANKED, token: '999' }))).selected).toBeNull();
  });

  it('says why nothing is ranked: no traits, or metadata still coming', async () => {
    const plain = await data(tokensUrl({ address: TRAITLESS }));
    expect(plain.collection).toMatchObject({
      ranked: 0,
      with_metadata: 3,
      coverage: 100,
      unranked_reason: 'no_traits',
    });
    expect(plain.traits).toEqual([]);
    expect(tokenIds(plain.list)).toEqual([1, 2, 3]);
    const pending = await data(tokensUrl({ address: PENDING }));
    expect(pending.collection).toMatchObject({ ranked: 0, coverage: 25, unranked_reason: 'metadata_pending' });
  });

  it('answers a collection it does not index with an empty state, not an error', async () => {
    expect(await data(tokensUrl({ address: UNKNOWN, token: '1' }))).toEqual({
      collection: null,
      traits: [],
      list: [],
      total: 0,
      page: 1,
      page_size: 50,
      selected: null,
    });
  });

  it.each([
    [{ address: '0x1234' }, 'address'],
    [{ address: RANKED, traits: '{"Fur":"Gold"}' }, 'traits'],
    [{ address: RANKED, traits: 'not json' }, 'traits'],
    [{ address: RANKED, traits: '{"Fur":[]}' }, 'traits'],
    [{ address: RANKED, rank_min: '5', rank_max: '2' }, 'rank_min'],
    [{ address: RANKED, rank_min: '0' }, 'rank_min'],
    [{ address: RANKED, tier: 'epic' }, 'tier'],
    [{ address: RANKED, page: '0' }, 'page'],
    [{ address: RANKED, token: '-1' }, 'token'],
  ])('refuses %j with HTTP 400 naming %s', async (query, path) => {
    const { http, body } = await get(tokensUrl(query));
    expect(http).toBe(400);
    expect(body).toMatchObject({ status: Status.BadRequest, data: { fields: [{ path }] } });
  });

  it("words its own rules in the caller's language", async () => {
    const traits = await get(tokensUrl({ address: RANKED, traits: '[1]' }), 'zh');
    expect(traits.body.data.fields).toEqual([
      { path: 'traits', message: '必须是 JSON 对象：每个特征类型对应一组取值' },
    ]);
    const range = await get(tokensUrl({ address: RANKED, rank_min: '5', rank_max: '2' }), 'zh');
    expect(range.body.data.fields).toEqual([{ path: 'rank_min', message: '最小排名不能大于最大排名' }]);
  });
});

describe('GET /api/rarity/recommendations', () => {
  it('recommends listed tokens in the rarest 10 % within 1.5 × floor, rarest for their price first', async () => {
    const { list, rule } = await data('/api/rarity/recommendations');
    expect(rule).toEqual({ top_percent: 10, max_floor_multiple: 1.5 });
    // Token 2 of RANKED is rare but at 3 × floor; token 5 is the floor but rank 5 of 20; OTHER's token 2 is rank 2 of 10.
    expect(list).toEqual([
      {
        address: RANKED,
        collection_name: 'Ranked Apes',
        collection_img: 'apes.svg',
        token_id: '1',
        img: '1.svg',
        flag: rankTierCode(rankTier(1, 20)),
        price: ((105n * ETH) / 100n).toString(),
        floor_value: ETH.toString(),
        marketplace: 'opensea',
        // 20 of its 25 tokens have metadata: the page warns that the ranks are partial.
        reason: { rank: 1, ranked: 20, top_percent: 5, floor_multiple: 1.05, supply: 25, coverage: 80 },
      },
      expect.objectContaining({
        address: OTHER,
        token_id: '1',
        reason: { rank: 1, ranked: 10, top_percent: 10, floor_multiple: 1, supply: 10, coverage: 100 },
      }),
    ]);
  });

  it("narrows to one collection's listings when asked, and to none for a collection it does not index", async () => {
    const { list } = await data(`/api/rarity/recommendations?address=${OTHER}`);
    expect(list.map((row: { address: string; token_id: string }) => [row.address, row.token_id])).toEqual([
      [OTHER, '1'],
    ]);
    expect((await data(`/api/rarity/recommendations?address=${UNKNOWN}`)).list).toEqual([]);
    expect((await get('/api/rarity/recommendations?address=0x12')).http).toBe(400);
  });
});
