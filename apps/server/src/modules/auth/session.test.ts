import { ADDRESS_HEADER, AUTH_HEADER, SESSION_TTL_MS, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { LAST_SEEN_RESOLUTION_MS } from './store';
import { buildTestServer, testClock } from '../../testing/server';
import { alice, bob, sessionHeaders, signIn } from '../../testing/wallets';

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

describe('authenticated calls', () => {
  it('are answered with status 110 and HTTP 200 without session headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/user/check' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: Status.SessionInvalid,
      msg: 'Your session has ended. Please sign in again.',
      data: null,
    });
  });

  it('refuse a sign_num the server never issued', async () => {
    const headers = { [AUTH_HEADER]: `Bearer ${'ab'.repeat(32)}`, [ADDRESS_HEADER]: alice.address };
    expect(await checkStatus(headers)).toBe(Status.SessionInvalid);
  });

  it("refuse another address's valid sign_num", async () => {
    const bobs = await signIn(app, bob);
    const headers = { ...sessionHeaders(bobs), [ADDRESS_HEADER]: alice.address.toLowerCase() };
    expect(await checkStatus(headers)).toBe(Status.SessionInvalid);
  });

  it('accept the address in any letter case', async () => {
    const session = await signIn(app, alice);
    expect(await checkStatus({ ...sessionHeaders(session), [ADDRESS_HEADER]: alice.address })).toBe(Status.Ok);
  });

  it('refuse a session 30 days after sign-in', async () => {
    const headers = sessionHeaders(await signIn(app, alice));
    clock.advance(SESSION_TTL_MS - 1);
    expect(await checkStatus(headers)).toBe(Status.Ok);
    clock.advance(1);
    expect(await checkStatus(headers)).toBe(Status.SessionInvalid);
  });

  it('mark the session seen, but write it at most once a minute', async () => {
    const session = await signIn(app, alice);
    const lastSeen = async () => {
      const { rows } = await database().pool.query<{ last_seen_at: Date }>(
        'select last_seen_at from sessions where address = $1 order by created_at desc limit 1',
        [session.token],
      );
      return rows[0]?.last_seen_at.getTime();
    };
    const signedInAt = clock.now().getTime();

    clock.advance(LAST_SEEN_RESOLUTION_MS - 1);
    expect(await checkStatus(sessionHeaders(session))).toBe(Status.Ok);
    expect(await lastSeen()).toBe(signedInAt);

    clock.advance(1);
    expect(await checkStatus(sessionHeaders(session))).toBe(Status.Ok);
    expect(await lastSeen()).toBe(clock.now().getTime());
  });

  it('refuse sign-out without a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.json().status).toBe(Status.SessionInvalid);
  });

  it('end only the session that signs out', async () => {
    const laptop = sessionHeaders(await signIn(app, alice));
    const phone = sessionHeaders(await signIn(app, alice));

    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: laptop });

    expect(await checkStatus(laptop)).toBe(Status.SessionInvalid);
    expect(await checkStatus(phone)).toBe(Status.Ok);
  });
});
