import { LANG_HEADER, SEARCH_LIMIT, SEARCH_QUERY_MAX, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { insertCollection } from '../../testing/market-rows';
import { buildTestServer } from '../../testing/server';

const database = useTestDatabase();
let app: FastifyInstance;

const ADDRESS = {
  moonCats: '0xabc0000000000000000000000000000000000001',
  moonbirds: '0xabc0000000000000000000000000000000000002',
  theMoonDao: '0x1230000000000000000000000000000000000003',
  fakeMoonbirds: '0x4560000000000000000000000000000000000004',
  percent: '0x7890000000000000000000000000000000000005',
  underscore: '0x7890000000000000000000000000000000000006',
  plain: '0x7890000000000000000000000000000000000007',
};

beforeAll(async () => {
  app = await buildTestServer(database());
  const pool = database().pool;
  await insertCollection(pool, ADDRESS.moonCats, { name: 'MoonCats', totalSupply: 25_440 });
  await insertCollection(pool, ADDRESS.moonbirds, {
    name: 'Moonbirds',
    verified: true,
    imageUrl: 'https://img/mb.png',
  });
  await insertCollection(pool, ADDRESS.theMoonDao, { name: 'The Moon DAO', standard: 'erc1155', totalSupply: null });
  await insertCollection(pool, ADDRESS.fakeMoonbirds, { name: 'moonbirds official' });
  await insertCollection(pool, ADDRESS.percent, { name: '100% Apes' });
  await insertCollection(pool, ADDRESS.underscore, { name: 'Ape_Club' });
  await insertCollection(pool, ADDRESS.plain, { name: 'Ape Club 100' });
});
afterAll(() => app.close());

async function search(q: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers });
}

async function found(q: string): Promise<string[]> {
  const response = await search(q);
  expect(response.json().status).toBe(Status.Ok);
  return response.json().data.list.map((row: { address: string }) => row.address);
}

describe('GET /api/search (open to visitors)', () => {
  it('finds names containing the text in any case: those starting with it first, verified first among equals', async () => {
    expect(await found('MOON')).toEqual([
      ADDRESS.moonbirds,
      ADDRESS.fakeMoonbirds,
      ADDRESS.moonCats,
      ADDRESS.theMoonDao,
    ]);
  });

  it('describes each result: image, name, verified flag, items, type', async () => {
    const { list } = (await search('moon')).json().data;
    expect(list[0]).toEqual({
      address: ADDRESS.moonbirds,
      name: 'Moonbirds',
      img: 'https://img/mb.png',
      sr_status: 1,
      count: 10_000,
      type: '721',
    });
    expect(list.find((row: { address: string }) => row.address === ADDRESS.theMoonDao)).toMatchObject({
      sr_status: 0,
      count: null,
      type: '1155',
    });
  });

  it('finds addresses by their beginning or whole, in any case; verified first, then by name', async () => {
    expect(await found('0xABC')).toEqual([ADDRESS.moonbirds, ADDRESS.moonCats]);
    expect(await found(ADDRESS.moonbirds.toUpperCase().replace('0X', '0x'))).toEqual([ADDRESS.moonbirds]);
    expect(await found('0x789000000000000000000000000000000000000')).toEqual([
      ADDRESS.percent,
      ADDRESS.plain,
      ADDRESS.underscore,
    ]);
  });

  it('takes % and _ literally', async () => {
    expect(await found('100%')).toEqual([ADDRESS.percent]);
    expect(await found('e_c')).toEqual([ADDRESS.underscore]);
    expect(await found('%')).toEqual([ADDRESS.percent]);
  });

  it(`answers at most ${SEARCH_LIMIT} results`, async () => {
    const pool = database().pool;
    for (let i = 0; i < SEARCH_LIMIT + 5; i++) {
      await insertCollection(pool, `0xfee${i.toString(16).padStart(37, '0')}`, { name: `Zebra ${i}` });
    }
    expect(await found('zebra')).toHaveLength(SEARCH_LIMIT);
  });

  it("refuses an empty or over-long text with HTTP 400 and the field message in the caller's language", async () => {
    const empty = await search('   ', { [LANG_HEADER]: 'zh' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      status: Status.BadRequest,
      data: { fields: [{ path: 'q', message: '请输入正确的关键词。' }] },
    });
    const long = await search('a'.repeat(SEARCH_QUERY_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ data: { fields: [{ path: 'q' }] } });
  });

  it.each(['moon\u0000', '\u0000', 'moon\u0007birds'])(
    'refuses a text with a NUL byte or another control character (%j) with HTTP 400, not a server error',
    async (q) => {
      for (const [lang, message] of [
        ['en', 'Please enter correct key words.'],
        ['zh', '请输入正确的关键词。'],
      ]) {
        const response = await search(q, { [LANG_HEADER]: lang as string });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          status: Status.BadRequest,
          data: { fields: [{ path: 'q', message }] },
        });
      }
    },
  );
});
