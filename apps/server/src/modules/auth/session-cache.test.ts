import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { buildTestServer, testClock } from '../../testing/server';
import { alice, sessionHeaders, signIn } from '../../testing/wallets';
import { SESSION_CACHE_MS } from './session-cache';

const database = useTestDatabase();
const clock = testClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestServer(database(), { now: clock.now });
});
afterAll(() => app.close());

async function checkStatus(headers: Record<string, string>): Promise<number> {
  return (await app.inject({ method: 'GET', url: '/api/user/check', headers })).json().status;
}

describe('the session cache', () => {
  it('lets a session revoked by another process work here for at most SESSION_CACHE_MS', async () => {
    const session = await signIn(app, alice);
    const headers = sessionHeaders(session);
    expect(await checkStatus(headers)).toBe(Status.Ok);
    await database().pool.query('update sessions set revoked_at = $1 where address = $2', [clock.now(), session.token]);

    clock.advance(SESSION_CACHE_MS - 1);
    expect(await checkStatus(headers)).toBe(Status.Ok);
    clock.advance(1);
    expect(await checkStatus(headers)).toBe(Status.SessionInvalid);
  });
});
