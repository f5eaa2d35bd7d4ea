import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { useTestDatabase } from '../../testing/database';
import { buildTestServer } from '../../testing/server';

const database = useTestDatabase();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestServer(database(), { config: { chainId: 1, chainName: 'Ethereum Mainnet', version: '1.2.3' } });
});
afterAll(() => app.close());

describe('GET /api/app/config', () => {
  it('tells the web app which chain it trades on and the server version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/app/config' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 1,
      msg: 'OK',
      data: { chain_id: 1, chain_name: 'Ethereum Mainnet', version: '1.2.3' },
    });
  });
});
