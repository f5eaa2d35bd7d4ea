import { ALERT_LIMITS, type AlertInput, Status, statusMessages } from '@floordesk/protocol';
import { type DevnetChatServer, startDevnetChatServer } from '@floordesk/devnet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveChat } from '../../chat/resolve';
import { useTestDatabase } from '../../testing/database';
import { insertCollection } from '../../testing/market-rows';
import { buildTestServer, testClock, testConfig } from '../../testing/server';
import { useSignedInServer } from '../../testing/signed-in-server';
import { privateKeyToAccount } from 'viem/accounts';
import { alice, sessionHeaders, signIn } from '../../testing/wallets';

const database = useTestDatabase();
const clock = testClock();
const server = useSignedInServer(database, clock);
const COLLECTION = '0x00000000000000000000000000000000000a1e57';

type Envelope = { status: number; msg: string; data: unknown };

async function call(
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  lang: 'en' | 'zh' = 'en',
): Promise<Envelope> {
  const response = await server.app.inject({
    method,
    url,
    headers: { ...headers, 'x-lang': lang },
    ...(payload !== undefined && { payload: payload as object }),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const floorAlert = (prices: string[], extra: Partial<AlertInput> = {}) =>
  ({
    type: 301,
    title: 'Floor watch',
    enabled: true,
    dm_limit: 10,
    address: COLLECTION,
    price_list: prices,
    ...extra,
  }) as AlertInput;

const walletAlert = (count: number) =>
  ({
    type: 201,
    title: 'Whales',
    enabled: true,
    dm_limit: 5,
    qb_address2: Array.from({ length: count }, (_, i) => ({
      address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
      nickname: `w${i}`,
    })),
  }) as AlertInput;

async function storedAlerts(): Promise<number> {
  const { rows } = await database().pool.query('select count(*)::int as n from alerts');
  return rows[0].n;
}

describe('saving an alert', () => {
  it("refuses each floor-price mistake with the original app's message, in the caller's language, writing nothing", async () => {
    await insertCollection(database().pool, COLLECTION, { name: 'Alert Cats' });
    const cases: Array<[string[], number]> = [
      [[], Status.FieldEmpty],
      [[' '], Status.FieldEmpty],
      [['abc'], Status.AlertPriceFormat],
      [['-1'], Status.AlertPriceFormat],
      [['1.2.3'], Status.AlertPriceFormat],
      [['0.00001'], Status.AlertPriceMin],
      [['0.5', '0.50'], Status.AlertPriceDuplicate],
      [['1', '2', '3', '4', '5', '6'], Status.AlertPriceLimit],
    ];
    for (const [prices, status] of cases) {
      for (const lang of ['en', 'zh'] as const) {
        const answer = await call(server.aliceHeaders, 'POST', '/api/alerts', floorAlert(prices), lang);
        expect({ prices, status: answer.status, msg: answer.msg }).toEqual({
          prices,
          status,
          msg: statusMessages[status as keyof typeof statusMessages][lang],
        });
      }
    }
    expect(statusMessages[Status.AlertPriceMin].en).toBe('The price cannot be less than 0.0001');
    expect(await storedAlerts()).toBe(0);
  });

  it('refuses an eleventh tracked wallet and a wrong address', async () => {
    expect((await call(server.aliceHeaders, 'POST', '/api/alerts', walletAlert(11))).msg).toBe('Add up to 10');
    const wrong = walletAlert(1) as Extract<AlertInput, { type: 201 }>;
    wrong.qb_address2[0]!.address = '0x123';
    expect((await call(server.aliceHeaders, 'POST', '/api/alerts', wrong, 'zh')).msg).toBe('无效的地址');
    expect((await call(server.aliceHeaders, 'POST', '/api/alerts', walletAlert(10))).status).toBe(Status.Ok);
  });

  it('refuses a collection FloorDesk does not index, and other fields out of range', async () => {
    const unknown = floorAlert(['1'], { address: '0x00000000000000000000000000000000000dead0' } as Partial<AlertInput>);
    expect((await call(server.aliceHeaders, 'POST', '/api/alerts', unknown)).status).toBe(Status.CollectionUnknown);
    const trend = { type: 101, title: 'Hot', enabled: true, dm_limit: 10, threshold: 5, watchlist_only: false };
    expect((await call(server.aliceHeaders, 'POST', '/api/alerts', { ...trend, interval: 0 })).msg).toBe(
      'Please select correct time interval.',
    );
    expect(
      (await call(server.aliceHeaders, 'POST', '/api/alerts', { ...trend, interval: 15, dm_limit: 0 })).status,
    ).toBe(Status.AlertDmLimitInvalid);
    const past = { type: 401, title: 'Mint', enabled: true, dm_limit: 1, lead_minutes: 10 };
    const nowSeconds = clock.now().getTime() / 1000;
    expect(
      (await call(server.aliceHeaders, 'POST', '/api/alerts', { ...past, custom_time_value: nowSeconds + 300 })).status,
    ).toBe(Status.AlertTimePast);
  });
});

describe("a user's alerts", () => {
  it('are listed with their family label, opened, edited and deleted by their owner only', async () => {
    const saved = await call(server.aliceHeaders, 'POST', '/api/alerts', floorAlert([' 0.25 ', '0.1']), 'zh');
    expect(saved.status).toBe(Status.Ok);
    const { id } = saved.data as { id: number };

    const list = (await call(server.aliceHeaders, 'GET', '/api/alerts', undefined, 'zh')).data as {
      list: Array<{ id: number; title: string; txt: string; create_time: number; type: number }>;
    };
    expect(list.list[0]).toMatchObject({ id, title: 'Floor watch', txt: '合集', type: 301 });
    expect(list.list[0]?.create_time).toBe(clock.now().getTime() / 1000);

    const detail = await call(server.aliceHeaders, 'GET', `/api/alerts/detail?id=${id}`);
    // Stored trimmed and in the order of their value, with the collection's name for the form.
    expect(detail.data).toMatchObject({ info: { id, price_list: ['0.1', '0.25'], coll_name: 'Alert Cats' } });

    // Bob cannot read, change or delete it: it does not exist for him.
    expect((await call(server.bobHeaders, 'GET', `/api/alerts/detail?id=${id}`)).status).toBe(Status.AlertNotFound);
    const bobEdit = await call(server.bobHeaders, 'POST', '/api/alerts', floorAlert(['9'], { id, title: 'mine' }));
    expect(bobEdit.status).toBe(Status.AlertNotFound);
    expect((await call(server.bobHeaders, 'POST', '/api/alerts/delete', { id })).status).toBe(Status.AlertNotFound);
    expect(((await call(server.bobHeaders, 'GET', '/api/alerts')).data as { list: unknown[] }).list).toEqual([]);

    const edited = await call(
      server.aliceHeaders,
      'POST',
      '/api/alerts',
      floorAlert(['0.3'], { id, title: 'Renamed' }),
    );
    expect(edited.status).toBe(Status.Ok);
    const after = await call(server.aliceHeaders, 'GET', `/api/alerts/detail?id=${id}`);
    expect(after.data).toMatchObject({ info: { title: 'Renamed', price_list: ['0.3'] } });

    expect((await call(server.aliceHeaders, 'POST', '/api/alerts/delete', { id })).status).toBe(Status.Ok);
    expect((await call(server.aliceHeaders, 'GET', `/api/alerts/detail?id=${id}`)).status).toBe(Status.AlertNotFound);
  });

  it("are listed with what each watches: the collection's name and image, and the trigger", async () => {
    const watched = '0x00000000000000000000000000000000000a1e58';
    await insertCollection(database().pool, watched, { name: 'Watched Cats', imageUrl: 'https://img.test/cats.png' });
    const alert = floorAlert(['0.2'], { title: 'Cats', address: watched });
    const { id } = (await call(server.aliceHeaders, 'POST', '/api/alerts', alert)).data as { id: number };
    const { list } = (await call(server.aliceHeaders, 'GET', '/api/alerts')).data as { list: Array<{ id: number }> };
    expect(list.find((item) => item.id === id)).toMatchObject({
      address: watched,
      coll_name: 'Watched Cats',
      coll_img: 'https://img.test/cats.png',
      price_list: ['0.2'],
      dm_limit: 10,
    });
    await call(server.aliceHeaders, 'POST', '/api/alerts/delete', { id });
  });

  it('are capped at 50, even when many are created at once', async () => {
    const { rows } = await database().pool.query('select count(*)::int as n from alerts where user_address = $1', [
      alice.address.toLowerCase(),
    ]);
    const room = ALERT_LIMITS.perUser - rows[0].n;
    const answers = await Promise.all(
      Array.from({ length: room + 5 }, (_, i) =>
        call(server.aliceHeaders, 'POST', '/api/alerts', floorAlert([`${i + 1}`], { title: `Cap ${i}` })),
      ),
    );
    expect(answers.filter((answer) => answer.status === Status.Ok)).toHaveLength(room);
    expect(answers.filter((answer) => answer.status === Status.AlertLimit)).toHaveLength(5);
    const list = (await call(server.aliceHeaders, 'GET', '/api/alerts')).data as { list: unknown[]; limit: number };
    expect(list).toMatchObject({ limit: 50 });
    expect(list.list).toHaveLength(50);
  });

  it('need a session', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/alerts' });
    expect(response.json().status).toBe(Status.SessionInvalid);
  });
});

describe('the chat link', () => {
  it('takes a chat user id, refusing an empty or malformed one', async () => {
    expect((await call(server.bobHeaders, 'POST', '/api/alerts/chat', { chat_id: ' ' })).msg).toBe(
      'Please input your chat user ID',
    );
    expect((await call(server.bobHeaders, 'POST', '/api/alerts/chat', { chat_id: '12ab' })).status).toBe(
      Status.ChatIdInvalid,
    );
    const empty = await call(server.bobHeaders, 'GET', '/api/alerts/chat');
    expect(empty.data).toMatchObject({ chat_id: '', test_time: 0, reachable: true, command: '/my-id' });
    const saved = await call(server.bobHeaders, 'POST', '/api/alerts/chat', { chat_id: ' 123456789012345678 ' });
    expect(saved.data).toMatchObject({ chat_id: '123456789012345678', test_time: 0 });
  });

  it('cannot be tested without a bot on the server', async () => {
    expect((await call(server.bobHeaders, 'POST', '/api/alerts/chat/test')).status).toBe(Status.ChatDisabled);
  });
});

describe('testing the chat link', () => {
  let chat: DevnetChatServer;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  beforeAll(async () => {
    chat = await startDevnetChatServer({ interactionsUrl: 'http://127.0.0.1:9/unused', inviteUrl: 'http://chat.test' });
    app = await buildTestServer(database(), {
      now: clock.now,
      chat: resolveChat(testConfig(), { ...chat, inviteUrl: chat.inviteUrl }),
    });
    // Anvil's third account: a user of its own, with no chat link yet.
    const carol = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
    headers = sessionHeaders(await signIn(app, carol));
  });
  afterAll(async () => {
    await app.close();
    await chat.stop();
  });

  const post = async (url: string, payload?: object) =>
    (
      await app.inject({ method: 'POST', url, headers: { ...headers, 'x-lang': 'zh' }, ...(payload && { payload }) })
    ).json();

  it('sends a DM, records the time, and reports a closed or unknown chat user', async () => {
    expect((await post('/api/alerts/chat/test')).status).toBe(Status.ChatNotLinked);
    const person = chat.createUser();
    await post('/api/alerts/chat', { chat_id: person.id });
    const tested = await post('/api/alerts/chat/test');
    expect(tested.data).toMatchObject({ chat_id: person.id, reachable: true, discord_url: 'http://chat.test' });
    expect(tested.data.test_time).toBe(clock.now().getTime() / 1000);
    expect(chat.messages(person.id)?.[0]?.content).toContain('FloorDesk 测试消息');

    chat.setDmsOpen(person.id, false);
    const closed = await post('/api/alerts/chat/test');
    expect(closed).toMatchObject({ status: Status.ChatUnreachable, msg: statusMessages[Status.ChatUnreachable].zh });
    const settings = (await app.inject({ method: 'GET', url: '/api/alerts/chat', headers })).json();
    expect(settings.data.reachable).toBe(false);
    chat.setDmsOpen(person.id, true);
    expect((await post('/api/alerts/chat/test')).data.reachable).toBe(true);

    // A new id starts untested.
    const saved = await post('/api/alerts/chat', { chat_id: '99999999999999999' });
    expect(saved.data).toMatchObject({ test_time: 0 });
    expect((await post('/api/alerts/chat/test')).status).toBe(Status.ChatUnknownUser);
  });
});
