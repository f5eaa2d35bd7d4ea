import { Status, WATCHLIST_MAX } from '@floordesk/protocol';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../testing/database';
import { indexSales } from '../../testing/indexed-sales';
import { insertCollection } from '../../testing/market-rows';
import { testClock } from '../../testing/server';
import { useSignedInServer } from '../../testing/signed-in-server';
import { sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const clock = testClock(new Date('2030-05-01T10:00:30Z'));
const server = useSignedInServer(database, clock);

let collectionNumber = 0;
async function newCollection(): Promise<string> {
  collectionNumber += 1;
  const address = `0x${collectionNumber.toString(16).padStart(40, 'd')}`;
  await insertCollection(database().pool, address);
  return address;
}

async function call(action: 'follow' | 'unfollow', headers: Record<string, string>, address: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/watchlist/${action}`,
    headers,
    payload: { address },
  });
  return response.json() as { status: number; data: unknown };
}

async function watchlist(headers: Record<string, string>, window = 60) {
  const response = await server.app.inject({ method: 'GET', url: `/api/watchlist?window=${window}`, headers });
  expect(response.json().status).toBe(Status.Ok);
  return response.json().data.list as Array<{ address: string; all_count: number }>;
}

async function followedRows(): Promise<Array<{ user_address: string; collection: string }>> {
  const { rows } = await database().pool.query('select user_address, collection from watchlist order by 1, 2');
  return rows;
}

describe('the watchlist', () => {
  it('lists followed collections with their trades over the window, most first, those without trades too', async () => {
    const [quiet, busy] = [await newCollection(), await newCollection()];
    await indexSales(database().db, [
      { collection: busy, time: clock.now(), priceWei: 10n ** 18n },
      { collection: busy, time: new Date(clock.now().getTime() - 2 * 3_600_000), priceWei: 10n ** 18n },
    ]);
    expect(await call('follow', server.aliceHeaders, quiet)).toEqual({
      status: Status.Ok,
      msg: expect.any(String),
      data: { address: quiet, followed: true },
    });
    expect((await call('follow', server.aliceHeaders, busy.toUpperCase().replace('0X', '0x'))).status).toBe(Status.Ok);

    expect((await watchlist(server.aliceHeaders, 60)).map((row) => [row.address, row.all_count])).toEqual([
      [busy, 1],
      [quiet, 0],
    ]);
    expect((await watchlist(server.aliceHeaders, 240)).find((row) => row.address === busy)?.all_count).toBe(2);
  });

  it('drops an unfollowed collection', async () => {
    const collection = await newCollection();
    await call('follow', server.aliceHeaders, collection);
    expect(await call('unfollow', server.aliceHeaders, collection)).toMatchObject({
      status: Status.Ok,
      data: { address: collection, followed: false },
    });
    expect((await watchlist(server.aliceHeaders)).map((row) => row.address)).not.toContain(collection);
  });

  it('refuses a collection FloorDesk does not know, following twice and unfollowing what is not followed, changing nothing', async () => {
    const collection = await newCollection();
    await call('follow', server.aliceHeaders, collection);
    const before = await followedRows();
    expect((await call('follow', server.aliceHeaders, `0x${'9'.repeat(40)}`)).status).toBe(Status.CollectionUnknown);
    expect((await call('follow', server.aliceHeaders, collection)).status).toBe(Status.AlreadyFollowing);
    expect((await call('unfollow', server.aliceHeaders, `0x${'8'.repeat(40)}`)).status).toBe(Status.NotFollowing);
    expect(await followedRows()).toEqual(before);
  });

  it("keeps each user's watchlist their own: another's is neither listed nor unfollowed", async () => {
    const collection = await newCollection();
    await call('follow', server.aliceHeaders, collection);
    expect((await watchlist(server.bobHeaders)).map((row) => row.address)).not.toContain(collection);
    expect((await call('unfollow', server.bobHeaders, collection)).status).toBe(Status.NotFollowing);
    expect((await watchlist(server.aliceHeaders)).map((row) => row.address)).toContain(collection);
  });

  it('holds at most WATCHLIST_MAX: a follow at the limit waits for the one in flight, then is refused', async () => {
    const carol = privateKeyToAccount(generatePrivateKey());
    const carolHeaders = sessionHeaders(await signIn(server.app, carol));
    const user = carol.address.toLowerCase();
    await database().pool.query(
      `insert into watchlist (user_address, collection, created_at)
       select $1, '0x' || lpad(to_hex(i), 40, '0'), now() from generate_series(1, $2::int) as i`,
      [user, WATCHLIST_MAX - 1],
    );
    const [inFlight, racing] = [await newCollection(), await newCollection()];
    // Another follow, as the service makes it, holds the last place uncommitted.
    const other = await database().pool.connect();
    try {
      await other.query('begin');
      await other.query('select address from users where address = $1 for update', [user]);
      await other.query('insert into watchlist (user_address, collection, created_at) values ($1, $2, now())', [
        user,
        inFlight,
      ]);
      let settled = false;
      const reply = call('follow', carolHeaders, racing).finally(() => {
        settled = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await other.query('commit');
      expect((await reply).status).toBe(Status.WatchlistFull);
    } finally {
      other.release();
    }
    const { rows } = await database().pool.query<{ followed: number }>(
      'select count(*)::int as followed from watchlist where user_address = $1',
      [user],
    );
    expect(rows[0]?.followed).toBe(WATCHLIST_MAX);
  });

  it('answers a malformed address or an unknown window with HTTP 400 and the field at fault', async () => {
    const follow = await server.app.inject({
      method: 'POST',
      url: '/api/watchlist/follow',
      headers: server.aliceHeaders,
      payload: { address: '0x1234' },
    });
    expect(follow.statusCode).toBe(400);
    expect(follow.json()).toMatchObject({ status: Status.BadRequest, data: { fields: [{ path: 'address' }] } });
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/watchlist?window=15',
      headers: server.aliceHeaders,
    });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({
      data: { fields: [{ path: 'window', message: 'Please select correct time interval.' }] },
    });
  });

  it('asks visitors to sign in (status 110) for every watchlist call', async () => {
    const payload = { address: `0x${'1'.repeat(40)}` };
    const replies = await Promise.all([
      server.app.inject({ method: 'GET', url: '/api/watchlist?window=60' }),
      server.app.inject({ method: 'POST', url: '/api/watchlist/follow', payload }),
      server.app.inject({ method: 'POST', url: '/api/watchlist/unfollow', payload }),
      server.app.inject({ method: 'GET', url: '/api/trending?window=15&tab=watchlist' }),
    ]);
    expect(replies.map((reply) => reply.json().status)).toEqual(Array(4).fill(Status.SessionInvalid));
  });
});
