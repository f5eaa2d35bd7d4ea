import { Status, statusMessages } from '@floordesk/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/pool';
import { useTestDatabase } from '../testing/database';
import { buildTestServer } from '../testing/server';
import { alice } from '../testing/wallets';

const database = useTestDatabase();

describe('GET /healthz', () => {
  it('answers 200 while the database answers', async () => {
    const app = await buildTestServer(database());
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    await app.close();

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('with the database down', () => {
  // Nothing listens on port 1: every query fails as it would during a database outage.
  const unreachable = connectDatabase('postgres://postgres@127.0.0.1:1/floordesk', () => {});
  afterAll(() => unreachable.pool.end());

  it('reports itself unhealthy with 503', async () => {
    const app = await buildTestServer(unreachable);
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    await app.close();

    expect(response.statusCode).toBe(503);
  });

  it('answers API calls with the 500 envelope in the caller language, not a stack trace', async () => {
    const app = await buildTestServer(unreachable);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/notice',
      payload: { address: alice.address },
      headers: { 'x-lang': 'zh' },
    });
    await app.close();

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ status: Status.Internal, msg: statusMessages[Status.Internal].zh, data: null });
  });
});
