import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { testConfig, testDevnetOptions } from '../testing/server';
import { JSON_DEPTH_MAX, jsonDepth } from './json-body';
import { buildServer } from './server';

const database = useTestDatabase();
const config = testConfig();
let app: FastifyInstance;

beforeAll(async () => {
  // A devnet server, so that /rpc is served too; no node answers behind it, and none is needed.
  const devnet = testDevnetOptions(config, 'http://127.0.0.1:1');
  app = await buildServer({ config, db: database().db, devnet });
});
afterAll(() => app.close());

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const post = (url: string, payload: string) =>
  app.inject({
    method: 'POST',
    url,
    // /rpc answers requests addressed to the server itself only.
    headers: { 'content-type': 'application/json', host: `127.0.0.1:${config.port}` },
    payload,
  });

describe('JSON bodies', () => {
  it.each(['/api/auth/notice', '/api/sweep/quote'])(
    'refuses a body nested 30,000 levels on %s with the 400 envelope',
    async (url) => {
      const response = await post(url, nested(30_000));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ status: Status.BadRequest, msg: 'Wrong input.', data: null });
    },
  );

  it("refuses a body nested 30,000 levels on /rpc with HTTP 400 (in JSON-RPC's own words there)", async () => {
    expect((await post('/rpc', nested(30_000))).statusCode).toBe(400);
  });

  it('reads a body nested to the limit as it always did', async () => {
    const response = await post('/api/auth/notice', `{"address":${nested(JSON_DEPTH_MAX - 1)}}`);
    expect(response.json()).toMatchObject({ status: Status.BadRequest, data: { fields: [{ path: 'address' }] } });
  });

  it('still refuses prototype poisoning', async () => {
    const response = await post('/api/auth/notice', '{"__proto__":{"address":"0x"}}');
    expect(response.statusCode).toBe(400);
  });
});

describe('jsonDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('1')).toBe(0);
    expect(jsonDepth('{"a":[{"b":"[[[{{{"}]}')).toBe(3);
    expect(jsonDepth('["\\"[[["]')).toBe(1);
  });
});
