import {
  LIVE_MESSAGE,
  type LiveConnectionData,
  type LiveMessage,
  NOTIFICATION_TYPE,
  Status,
} from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '../db/listen';
import { useTestDatabase } from '../testing/database';
import { startMosquitto, type TestMosquitto } from '../testing/mosquitto';
import { buildTestServer } from '../testing/server';
import { alice, bob, sessionHeaders, signIn } from '../testing/wallets';
import type { StartLiveBroker } from './broker';
import { CREDENTIAL_LIFETIME_MS, credentialStore } from './credentials';
import { embeddedBrokerUrl, MQTT_PATH, startEmbeddedBroker } from './embedded-broker';
import { connectMosquitto } from './mosquitto-broker';
import { dropNotificationsAbove, insertNotifications, type NewNotification } from './notifications';

const database = useTestDatabase();
const aliceAddress = alice.address.toLowerCase();
const bobAddress = bob.address.toLowerCase();

/** Real time moved by `offset`: the server's clock, which a test winds back to issue a credential about to expire. */
const clock = { offset: 0, now: () => new Date(Date.now() + clock.offset) };

type BrokerUnderTest = {
  name: string;
  /** Starts what the broker needs outside the server (Mosquitto itself); returns its stop. */
  setUp(): Promise<() => Promise<void>>;
  broker(): StartLiveBroker;
  /** Where clients connect, once the server listens on `port`. */
  clientUrl(port: number): string;
  /** The embedded broker closes a client that publishes; Mosquitto drops the message. */
  closesPublisher: boolean;
  /** Whether the broker can tell the server that a client is connected (checkmqtt). */
  knowsConnections: boolean;
  /** Whether a credential holds for one client id only (Mosquitto's dynsec binds ids per user, not per credential). */
  bindsClientId: boolean;
};

let mosquitto: TestMosquitto | undefined;
const BROKERS: BrokerUnderTest[] = [
  {
    name: 'the embedded broker',
    setUp: async () => async () => {},
    broker: () => (server) =>
      startEmbeddedBroker({
        server,
        publicUrl: embeddedBrokerUrl(new URL('http://127.0.0.1:8080')),
        credentials: credentialStore(database().db, clock.now),
      }),
    clientUrl: (port) => `ws://127.0.0.1:${port}${MQTT_PATH}`,
    closesPublisher: true,
    knowsConnections: true,
    bindsClientId: true,
  },
  {
    name: "Debian's Mosquitto with dynamic security",
    setUp: async () => {
      mosquitto = await startMosquitto();
      const started = mosquitto;
      return () => started.stop();
    },
    broker: () => () =>
      connectMosquitto({ url: mosquitto!.adminUrl, publicUrl: mosquitto!.wsUrl, log: pino({ level: 'silent' }) }),
    clientUrl: () => mosquitto!.wsUrl,
    closesPublisher: false,
    knowsConnections: false,
    bindsClientId: false,
  },
];

/** Messages arriving on a client, parsed. */
function inbox(client: MqttClient): LiveMessage[] {
  const received: LiveMessage[] = [];
  client.on('message', (_topic, payload, packet) => {
    // Fire and forget, as the original app's client asked: nothing is stored or redelivered.
    expect(packet.qos).toBe(0);
    received.push(JSON.parse(payload.toString()) as LiveMessage);
  });
  return received;
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let nextBlock = 1000;
function walletEvent(user: string, blockNumber: number | null = null): NewNotification {
  return {
    userAddress: user,
    type: NOTIFICATION_TYPE.sold,
    wallet: user,
    collection: '0x00000000000000000000000000000000000000c0',
    tokenId: '7',
    priceWei: '1000000000000000000',
    profitWei: '-250000000000000000',
    title: null,
    body: null,
    txHash: `0x${'ab'.repeat(32)}`,
    blockNumber,
    source: `sale:${blockNumber ?? nextBlock++}:1:0`,
    createdAt: new Date('2030-01-01T00:00:00Z'),
  };
}

describe.each(BROKERS)('$name', (kind) => {
  let app: FastifyInstance;
  let url: string;
  let aliceHeaders: Record<string, string>;
  let bobHeaders: Record<string, string>;
  let tearDown: () => Promise<void>;
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    tearDown = await kind.setUp();
    app = await buildTestServer(database(), {
      now: clock.now,
      live: {
        broker: kind.broker(),
        listen: (channel, onPayload) => listen(database().pool, channel, onPayload, () => {}),
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a port');
    url = kind.clientUrl(address.port);
    aliceHeaders = sessionHeaders(await signIn(app, alice));
    bobHeaders = sessionHeaders(await signIn(app, bob));
  }, 30_000);
  afterEach(async () => {
    clock.offset = 0;
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  });
  afterAll(async () => {
    await app.close();
    await tearDown();
  });

  async function connectionInfo(headers: Record<string, string>): Promise<LiveConnectionData> {
    const response = await app.inject({ method: 'GET', url: '/api/live/connection', headers });
    expect(response.json().status).toBe(Status.Ok);
    return response.json().data;
  }

  /** Connects as the connection info says (or with `changes`), with the original app's options, no reconnects. */
  async function connect(info: LiveConnectionData, changes: Partial<mqtt.IClientOptions> = {}): Promise<MqttClient> {
    const client = await mqtt.connectAsync(url, {
      username: info.username,
      password: info.password,
      clientId: info.clientId,
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      connectTimeout: 5000,
      reconnectPeriod: 0,
      ...changes,
    });
    clients.push(client);
    return client;
  }

  /** The CONNACK return code a refused connection got (4 bad credentials, 5 not authorised). */
  async function refusedCode(info: LiveConnectionData, changes: Partial<mqtt.IClientOptions> = {}) {
    const error = await connect(info, changes).then(
      () => undefined,
      (reason: unknown) => reason as { code?: number },
    );
    expect(error).toBeDefined();
    return error?.code;
  }

  async function subscribed(headers: Record<string, string>) {
    const info = await connectionInfo(headers);
    const client = await connect(info);
    await client.subscribeAsync(info.topic);
    return { info, client, received: inbox(client) };
  }

  it('gives the user their own topic and a short-lived credential; without a session it answers 110', async () => {
    const info = await connectionInfo(aliceHeaders);
    expect(info).toMatchObject({ topic: `users/${aliceAddress}/events`, username: aliceAddress });
    expect(info.expires_at - Math.floor(clock.now().getTime() / 1000)).toBeCloseTo(CREDENTIAL_LIFETIME_MS / 1000, -1);
    expect(info.clientId).toContain(aliceAddress.slice(2));
    expect((await connectionInfo(aliceHeaders)).clientId).not.toBe(info.clientId);
    const anonymous = await app.inject({ method: 'GET', url: '/api/live/connection' });
    expect(anonymous.json().status).toBe(Status.SessionInvalid);
  });

  it('lets a user subscribe to their own topic only', async () => {
    const info = await connectionInfo(aliceHeaders);
    const client = await connect(info);
    expect(await client.subscribeAsync(info.topic)).toEqual([{ topic: info.topic, qos: 0 }]);
    for (const topic of [
      `users/${bobAddress}/events`,
      'users/+/events',
      '#',
      '$SYS/#',
      '$CONTROL/#',
      `users/${aliceAddress}/#`,
    ]) {
      await expect(client.subscribeAsync(topic)).rejects.toThrow('Subscribe error');
    }
  });

  it("delivers nothing a client publishes, even on another user's topic", async () => {
    const bobSide = await subscribed(bobHeaders);
    const publisher = await connect(await connectionInfo(aliceHeaders));
    const closed = new Promise<void>((resolve) => publisher.once('close', () => resolve()));
    publisher.publish(bobSide.info.topic, JSON.stringify({ type: 66, data: [] }));
    if (kind.closesPublisher) await closed;
    await pause(300);
    expect(bobSide.received).toEqual([]);
  });

  it('refuses a wrong or borrowed credential, and one past its time', async () => {
    const info = await connectionInfo(aliceHeaders);
    const refusals = [
      await refusedCode(info, { password: `${info.password}x` }),
      await refusedCode(info, { username: bobAddress }),
      await refusedCode(info, { username: undefined, password: undefined }),
    ];
    for (const code of refusals) expect([4, 5]).toContain(code);
    clock.offset = -(CREDENTIAL_LIFETIME_MS - 1000);
    const expiring = await connectionInfo(aliceHeaders);
    clock.offset = 0;
    await pause(1500);
    expect([4, 5]).toContain(await refusedCode(expiring));
    // A fresh credential works again.
    await connect(await connectionInfo(aliceHeaders));
  });

  it("delivers a user's notifications to them alone, and drops them on a reorg", async () => {
    const [aliceSide, bobSide] = [await subscribed(aliceHeaders), await subscribed(bobHeaders)];
    const block = nextBlock++;
    const [written] = await insertNotifications(database().db, [walletEvent(aliceAddress, block)]);
    await until(() => aliceSide.received.length === 1, "alice's event");
    expect(aliceSide.received[0]).toEqual({
      type: LIVE_MESSAGE.events,
      data: [
        expect.objectContaining({
          id: written?.id,
          type: NOTIFICATION_TYPE.sold,
          qb_address: aliceAddress,
          token_id: '7',
          price: '1000000000000000000',
          profit: '-250000000000000000',
          create_time: Date.parse('2030-01-01T00:00:00Z') / 1000,
        }),
      ],
    });
    // Written once per source: deriving the same sale again publishes nothing.
    await insertNotifications(database().db, [walletEvent(aliceAddress, block)]);

    await dropNotificationsAbove(database().db, block - 1);
    await until(() => aliceSide.received.length === 2, 'the drop');
    expect(aliceSide.received[1]).toEqual({ type: LIVE_MESSAGE.drop, ids: [written?.id] });
    await pause(100);
    expect(bobSide.received).toEqual([]);
  });

  it('sends a general notice to every user online', async () => {
    const [aliceSide, bobSide] = [await subscribed(aliceHeaders), await subscribed(bobHeaders)];
    await app.inject({ method: 'POST', url: '/api/user/heartbeat', headers: aliceHeaders });
    await app.inject({ method: 'POST', url: '/api/user/heartbeat', headers: bobHeaders });
    await insertNotifications(database().db, [
      { ...walletEvent(aliceAddress), userAddress: null, wallet: null, type: 1000, title: 'Hi' },
    ]);
    await until(() => aliceSide.received.length === 1 && bobSide.received.length === 1, 'the notice on both topics');
    expect(bobSide.received[0]).toMatchObject({ type: LIVE_MESSAGE.events, data: [{ type: 1000, title: 'Hi' }] });
  });

  it.skipIf(!kind.bindsClientId)(
    'refuses a credential used with another client id than the one it was issued for',
    async () => {
      const info = await connectionInfo(aliceHeaders);
      expect(await refusedCode(info, { clientId: `${info.clientId}0` })).toBe(5);
    },
  );

  async function check(headers: Record<string, string>, clientId: string): Promise<number> {
    const response = await app.inject({ method: 'GET', url: `/api/live/check?clientid=${clientId}`, headers });
    return response.json().data.flag;
  }

  it('tells a client whether it is connected (checkmqtt), and no one about another user', async () => {
    const info = await connectionInfo(aliceHeaders);
    const client = await connect(info);
    expect(await check(aliceHeaders, info.clientId)).toBe(1);
    if (!kind.knowsConnections) return; // Mosquitto cannot tell: the client trusts its own connection state.
    expect(await check(bobHeaders, info.clientId)).toBe(0);
    await client.endAsync();
    // The broker sees the client go a moment after it left.
    let flag = 1;
    for (let i = 0; i < 50 && flag !== 0; i++) {
      flag = await check(aliceHeaders, info.clientId);
      await pause(20);
    }
    expect(flag).toBe(0);
  });
});

describe('without a broker', () => {
  it('answers 1701 for connection info', async () => {
    const bare = await buildTestServer(database(), { now: clock.now });
    const headers = sessionHeaders(await signIn(bare, alice));
    const response = await bare.inject({ method: 'GET', url: '/api/live/connection', headers });
    expect(response.json().status).toBe(Status.LiveUnavailable);
    await bare.close();
  });
});
