import { NOTIFICATION_TYPE, Status } from '@floordesk/protocol';
import { describe, expect, it } from 'vitest';
import { insertNotifications, type NewNotification } from '../../live/notifications';
import { useTestDatabase } from '../../testing/database';
import { buildTestServer, testClock } from '../../testing/server';
import { useSignedInServer } from '../../testing/signed-in-server';
import { alice, bob, sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const clock = testClock();
const server = useSignedInServer(database, clock);
const aliceAddress = alice.address.toLowerCase();
const bobAddress = bob.address.toLowerCase();

function event(user: string | null, seconds: number, type: number, source: string): NewNotification {
  return {
    userAddress: user,
    type,
    wallet: user,
    collection: null,
    tokenId: null,
    priceWei: null,
    profitWei: null,
    title: user ? null : 'Maintenance tonight',
    body: user ? null : 'Trading stays open.',
    txHash: null,
    blockNumber: null,
    source,
    createdAt: new Date(Date.UTC(2030, 0, 1, 0, 0, seconds)),
  };
}

async function history(headers: Record<string, string>, query = '') {
  const response = await server.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    list: Array<{ type: number; create_time: number; qb_address: string | null }>;
    total: number;
  };
}

describe('GET /api/notifications', () => {
  it("pages a user's history, newest event first (written in any order), with the general notices, of one type", async () => {
    await insertNotifications(database().db, [
      event(aliceAddress, 30, NOTIFICATION_TYPE.sold, 'sale:3'),
      // The order book's listing is written before the indexer derives the mint that happened first.
      event(aliceAddress, 20, NOTIFICATION_TYPE.listed, 'listing:1'),
      event(aliceAddress, 10, NOTIFICATION_TYPE.minted, 'transfer:1'),
      event(bobAddress, 25, NOTIFICATION_TYPE.bought, 'sale:3'),
      event(null, 15, NOTIFICATION_TYPE.announcement, 'announcement:1'),
    ]);
    const all = await history(server.aliceHeaders);
    expect(all.total).toBe(4);
    expect(all.list.map((item) => item.type)).toEqual([4, 1, 1000, 5]);
    expect(all.list.every((item) => item.qb_address === aliceAddress || item.type === 1000)).toBe(true);

    const second = await history(server.aliceHeaders, '?page=2&size=3');
    expect(second.list.map((item) => item.type)).toEqual([5]);
    expect((await history(server.aliceHeaders, '?type=1')).list.map((item) => item.type)).toEqual([1]);
    expect((await history(server.bobHeaders)).list.map((item) => item.type)).toEqual([3, 1000]);
  });

  it('refuses a type that does not exist, and answers 110 without a session', async () => {
    const bad = await server.app.inject({
      method: 'GET',
      url: '/api/notifications?type=66',
      headers: server.aliceHeaders,
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await server.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(anonymous.json().status).toBe(Status.SessionInvalid);
  });
});

describe('POST /api/admin/announcements', () => {
  it('lets only an operator post, and the announcement reaches every history', async () => {
    const payload = { title: 'Gas is low', des: 'A good time to sweep.' };
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/admin/announcements',
      headers: server.aliceHeaders,
      payload,
    });
    expect(refused.json().status).toBe(Status.OperatorOnly);

    const operatorServer = await buildTestServer(database(), {
      now: clock.now,
      config: { operatorAddresses: new Set([aliceAddress]) },
    });
    const headers = sessionHeaders(await signIn(operatorServer, alice));
    const posted = await operatorServer.inject({ method: 'POST', url: '/api/admin/announcements', headers, payload });
    expect(posted.json().status).toBe(Status.Ok);
    await operatorServer.close();
    const bobs = await history(server.bobHeaders, '?type=1000');
    expect(bobs.list).toContainEqual(expect.objectContaining({ title: 'Gas is low', des: 'A good time to sweep.' }));
  });
});
