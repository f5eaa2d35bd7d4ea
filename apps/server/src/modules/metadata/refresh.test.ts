import { LANG_HEADER, METADATA_REFRESH_STARTED, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { insertCollection, insertTokens } from '../../testing/market-rows';
import { buildTestServer, testClock } from '../../testing/server';
import { sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const clock = testClock(new Date('2030-05-01T12:00:00Z'));
const COLLECTION = `0x${'a'.repeat(40)}`;
const CROWDED = `0x${'b'.repeat(40)}`;
const UNKNOWN = `0x${'c'.repeat(40)}`;
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestServer(database(), { now: clock.now, config: { authRateLimit: 10_000 } });
  const pool = database().pool;
  await insertCollection(pool, COLLECTION);
  await insertTokens(pool, COLLECTION, [{ id: 1 }, { id: 2, metadataStatus: 'failed' }, { id: 3 }]);
  await insertCollection(pool, CROWDED);
  await insertTokens(
    pool,
    CROWDED,
    Array.from({ length: 30 }, (_, i) => ({ id: i + 1 })),
  );
});
afterAll(() => app.close());

async function person(): Promise<Record<string, string>> {
  return sessionHeaders(await signIn(app, privateKeyToAccount(generatePrivateKey())));
}

async function refresh(headers: Record<string, string>, body: object, lang: 'en' | 'zh' = 'en') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/metadata/refresh',
    headers: { ...headers, [LANG_HEADER]: lang },
    payload: body,
  });
  return { http: response.statusCode, ...(response.json() as { status: number; msg: string; data: unknown }) };
}

async function metadataOf(collection: string) {
  const { rows } = await database().pool.query<{ token_id: string; status: string; attempts: number }>(
    `select token_id, metadata_status as status, metadata_attempts as attempts from tokens
      where collection = $1 order by token_id`,
    [collection],
  );
  return Object.fromEntries(rows.map((row) => [row.token_id, [row.status, row.attempts]]));
}

describe('metadata refresh', () => {
  it("sends one token back to the metadata pass, a given-up one too, and answers in the caller's language", async () => {
    await database().pool.query(`update tokens set metadata_attempts = 5 where collection = $1 and token_id = 2`, [
      COLLECTION,
    ]);
    const answer = await refresh(
      await person(),
      { address: COLLECTION.toUpperCase().replace('0X', '0x'), token_id: '2' },
      'zh',
    );
    expect(answer).toMatchObject({ http: 200, status: Status.Ok, data: { message: METADATA_REFRESH_STARTED.zh } });
    expect(await metadataOf(COLLECTION)).toEqual({ 1: ['ok', 0], 2: ['pending', 0], 3: ['ok', 0] });
  });

  it('refreshes a token at most once a minute, whoever asks', async () => {
    const again = await refresh(await person(), { address: COLLECTION, token_id: '2' });
    expect([again.status, again.msg]).toEqual([
      Status.MetadataRefreshTokenRecent,
      "This token's metadata was refreshed less than a minute ago. Please try again shortly.",
    ]);
    clock.advance(60_000);
    expect((await refresh(await person(), { address: COLLECTION, token_id: '2' })).status).toBe(Status.Ok);
  });

  it('refreshes a whole collection at most once every 10 minutes, which counts for each of its tokens', async () => {
    await database().pool.query(`update tokens set metadata_status = 'ok' where collection = $1`, [COLLECTION]);
    const whole = await refresh(await person(), { address: COLLECTION }, 'en');
    expect(whole).toMatchObject({ status: Status.Ok, data: { message: METADATA_REFRESH_STARTED.en } });
    expect(await metadataOf(COLLECTION)).toEqual({ 1: ['pending', 0], 2: ['pending', 0], 3: ['pending', 0] });
    expect((await refresh(await person(), { address: COLLECTION, token_id: '3' })).status).toBe(
      Status.MetadataRefreshTokenRecent,
    );
    clock.advance(9 * 60_000);
    expect((await refresh(await person(), { address: COLLECTION })).status).toBe(
      Status.MetadataRefreshCollectionRecent,
    );
    expect((await refresh(await person(), { address: COLLECTION, token_id: '3' })).status).toBe(Status.Ok);
    clock.advance(60_000);
    expect((await refresh(await person(), { address: COLLECTION })).status).toBe(Status.Ok);
  });

  it('lets concurrent requests for one collection through once', async () => {
    clock.advance(3_600_000);
    const people = await Promise.all(Array.from({ length: 4 }, person));
    const answers = await Promise.all(people.map((headers) => refresh(headers, { address: CROWDED })));
    expect(answers.map((answer) => answer.status).toSorted()).toEqual([
      Status.Ok,
      Status.MetadataRefreshCollectionRecent,
      Status.MetadataRefreshCollectionRecent,
      Status.MetadataRefreshCollectionRecent,
    ]);
  });

  it('gives one person 20 refreshes an hour, counted under a lock when asked at once', async () => {
    clock.advance(60_000); // past the whole collection's refresh, which covered its tokens for a minute
    const headers = await person();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => refresh(headers, { address: CROWDED, token_id: String(i + 1) })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === Status.Ok)).toHaveLength(20);
    expect(statuses.filter((status) => status === Status.MetadataRefreshUserLimit)).toHaveLength(5);
    clock.advance(3_600_000);
    expect((await refresh(headers, { address: CROWDED, token_id: '30' })).status).toBe(Status.Ok);
  });

  it('names an unknown collection or token, and refuses malformed requests and visitors', async () => {
    const headers = await person();
    expect((await refresh(headers, { address: UNKNOWN })).status).toBe(Status.CollectionUnknown);
    const unknownToken = await refresh(headers, { address: COLLECTION, token_id: '99' }, 'zh');
    expect([unknownToken.status, unknownToken.msg]).toEqual([Status.MetadataTokenUnknown, '该合集中没有这个 NFT。']);
    const malformed = await refresh(headers, { address: '0x12', token_id: '-1' });
    expect([malformed.http, malformed.status]).toEqual([400, Status.BadRequest]);
    expect(JSON.stringify(malformed)).toContain('address');
    expect(JSON.stringify(malformed)).toContain('token_id');
    expect((await refresh({}, { address: COLLECTION })).status).toBe(Status.SessionInvalid);
  });
});
