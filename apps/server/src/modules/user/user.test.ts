import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { buildTestServer, testClock } from '../../testing/server';
import { alice, bob, sessionHeaders, signIn } from '../../testing/wallets';
import { PREMIUM_FOREVER } from './service';

const database = useTestDatabase();
const clock = testClock();
const aliceAddress = alice.address.toLowerCase();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestServer(database(), { now: clock.now, config: { premiumAddresses: new Set([aliceAddress]) } });
});
afterAll(() => app.close());

async function check(account: typeof alice) {
  const headers = sessionHeaders(await signIn(app, account));
  const response = await app.inject({ method: 'GET', url: '/api/user/check', headers });
  expect(response.json().status).toBe(Status.Ok);
  return response.json().data;
}

async function setUser(address: string, fields: { premiumUntil?: Date | string; identity?: string; ens?: string }) {
  await database().pool.query(
    'update users set premium_until = $2, identity = coalesce($3, identity) where address = $1',
    [address, fields.premiumUntil ?? null, fields.identity ?? null],
  );
  // The server has no chain here: the name comes from the cache of verified names, as fresh as the clock.
  if (fields.ens) {
    await database().pool.query(
      `insert into ens_names (address, name, checked_at) values ($1, $2, $3)
       on conflict (address) do update set name = excluded.name, checked_at = excluded.checked_at`,
      [address, fields.ens, clock.now()],
    );
  }
}

const seconds = (date: Date) => date.getTime() / 1000;

describe('GET /api/user/check', () => {
  it('describes a new user: not premium, ordinary identity, no ENS name', async () => {
    expect(await check(bob)).toEqual({
      user_address: bob.address.toLowerCase(),
      end_flag: 0,
      identity: '0',
      before_ens: null,
    });
  });

  it('reports the end of a running subscription in unix seconds, with identity and ENS name', async () => {
    const bobAddress = bob.address.toLowerCase();
    await check(bob);
    const premiumUntil = new Date(clock.now().getTime() + 86_400_000);
    await setUser(bobAddress, { premiumUntil, identity: '2', ens: 'bob.eth' });

    expect(await check(bob)).toMatchObject({ end_flag: seconds(premiumUntil), identity: '2', before_ens: 'bob.eth' });
  });

  it('reports 0 once the subscription has ended', async () => {
    await setUser(bob.address.toLowerCase(), { premiumUntil: new Date(clock.now().getTime() - 1000) });
    expect((await check(bob)).end_flag).toBe(0);
  });

  it('treats PREMIUM_ADDRESSES as premium until 9999-12-31T23:59:59Z', async () => {
    expect((await check(alice)).end_flag).toBe(seconds(new Date('9999-12-31T23:59:59Z')));
    expect(PREMIUM_FOREVER).toBe(253_402_300_799);
  });

  it('keeps a paid subscription that outlasts the PREMIUM_ADDRESSES grant', async () => {
    await setUser(aliceAddress, { premiumUntil: '10000-06-01T00:00:00Z' });
    expect((await check(alice)).end_flag).toBe(seconds(new Date(Date.UTC(10000, 5, 1))));
  });
});
