import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { LIVE_MESSAGE, type LiveMessage, NOTIFICATION_TYPE, userTopic } from '@floordesk/protocol';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import { privateKeyToAccount } from 'viem/accounts';
import type { LiveBroker } from '../apps/server/src/live/broker';
import { credentialStore } from '../apps/server/src/live/credentials';
import { MQTT_PATH, startEmbeddedBroker } from '../apps/server/src/live/embedded-broker';
import { connectMosquitto } from '../apps/server/src/live/mosquitto-broker';
import { startMosquitto } from '../apps/server/src/testing/mosquitto';
import { openBenchServer } from './bench-database';
import type { Benchmark } from './run';
import { quantile, round } from './stats';

const CLIENTS = 2000;
/** Clients connect this many at a time: 2,000 TLS-less handshakes at once would only measure the accept queue. */
const CONNECT_BATCH = 100;
const ROUNDS = 3;
const TARGET_P99_MS = 500;

type Outcome = { latencies: number[]; crossUser: number; missing: number; connectS: number };

/**
 * 2,000 WebSocket clients, each a user of its own with its own credential and topic, subscribed as the web app
 * subscribes; then, three times, one message for every user, published through the broker's `publish` (the call the
 * live relay makes for each user: the database and the relay are not what is measured here), all at once. Latency
 * = arrival − publish call, per message; a message whose `qb_address` names another user counts as a cross-user
 * delivery. The same clients and messages run once through the embedded broker (aedes on an HTTP server) and once
 * through Debian's Mosquitto with dynamic security, in the same run; clients and broker share this machine's cores.
 * Target: p99 < 500 ms, and no cross-user delivery.
 */
const benchmark: Benchmark = {
  description: `${CLIENTS} MQTT-over-WebSocket clients, one topic each, ${ROUNDS} bursts of a message per user: embedded aedes vs Mosquitto (target p99 < ${TARGET_P99_MS} ms, 0 cross-user)`,
  async run() {
    const users = Array.from({ length: CLIENTS }, (_, i) =>
      privateKeyToAccount(`0x${(i + 1).toString(16).padStart(64, '0')}`).address.toLowerCase(),
    );
    const server = await openBenchServer();
    const database = await server.freshDatabase('floordesk_bench_fanout');
    // Credentials belong to users.
    await database.pool.query(
      `insert into users (address, created_at, last_login_at) select unnest($1::text[]), now(), now()`,
      [users],
    );
    const http = createServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const port = (http.address() as { port: number }).port;
    const mosquitto = await startMosquitto();
    try {
      const embedded = await startEmbeddedBroker({
        server: http,
        publicUrl: `ws://127.0.0.1:${port}${MQTT_PATH}`,
        credentials: credentialStore(database.db, () => new Date()),
      });
      const aedes = await fanout(embedded, users);
      await embedded.close();
      const external = await connectMosquitto({
        url: mosquitto.adminUrl,
        publicUrl: mosquitto.wsUrl,
        log: pino({ level: 'silent' }),
      });
      const mosquittoRun = await fanout(external, users);
      await external.close();

      return {
        figures: {
          p50_ms: round(quantile(aedes.latencies, 0.5), 0),
          p99_ms: round(quantile(aedes.latencies, 0.99), 0),
          mosquitto_p50_ms: round(quantile(mosquittoRun.latencies, 0.5), 0),
          mosquitto_p99_ms: round(quantile(mosquittoRun.latencies, 0.99), 0),
          cross_user_deliveries: aedes.crossUser + mosquittoRun.crossUser,
          missing_deliveries: aedes.missing + mosquittoRun.missing,
          connect_s: round(aedes.connectS, 1),
          mosquitto_connect_s: round(mosquittoRun.connectS, 1),
          clients: CLIENTS,
          messages_per_broker: CLIENTS * ROUNDS,
        },
        details: { target_p99_ms: TARGET_P99_MS },
      };
    } finally {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await mosquitto.stop();
      await database.drop();
      await server.stop();
    }
  },
};

async function fanout(broker: LiveBroker, users: readonly string[]): Promise<Outcome> {
  const clients: MqttClient[] = [];
  /** Per user: when the current round's message was published, and whether it arrived. */
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let crossUser = 0;
  let received = 0;
  const connectStart = Date.now();
  try {
    for (let at = 0; at < users.length; at += CONNECT_BATCH) {
      const batch = users.slice(at, at + CONNECT_BATCH);
      clients.push(
        ...(await Promise.all(
          batch.map(async (user, i) => {
            const clientId = `fd-${user.slice(2)}-${at + i}`;
            const password = await broker.issueCredential(user, clientId, new Date(Date.now() + 600_000));
            const client = await mqtt.connectAsync(broker.publicUrl, {
              username: user,
              password,
              clientId,
              protocolVersion: 4,
              clean: true,
              reconnectPeriod: 0,
              connectTimeout: 30_000,
            });
            await client.subscribeAsync(userTopic(user), { qos: 0 });
            client.on('message', (_topic, payload) => {
              const arrived = Date.now();
              const message = JSON.parse(payload.toString()) as LiveMessage;
              if (message.type !== LIVE_MESSAGE.events) return;
              for (const item of message.data) {
                if (item.qb_address !== user) {
                  crossUser++;
                  continue;
                }
                const sent = sentAt.get(user);
                if (sent !== undefined) latencies.push(arrived - sent);
                received++;
              }
            });
            return client;
          }),
        )),
      );
    }
    const connectS = (Date.now() - connectStart) / 1000;
    for (let roundNumber = 0; roundNumber < ROUNDS; roundNumber++) {
      const expected = received + users.length;
      await Promise.all(
        users.map((user) => {
          sentAt.set(user, Date.now());
          return broker.publish(user, {
            type: LIVE_MESSAGE.events,
            data: [
              {
                id: String(roundNumber),
                type: NOTIFICATION_TYPE.sold,
                title: null,
                des: null,
                qb_address: user,
                ens: null,
                c_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
                c_name: 'Moonlit Foxes',
                img: null,
                token_id: '1',
                price: '70000000000000000',
                profit: '20000000000000000',
                tx_hash: null,
                create_time: Math.floor(Date.now() / 1000),
              },
            ],
          });
        }),
      );
      const deadline = Date.now() + 30_000;
      // `received` grows in the clients' message handlers while this waits.
      const allArrived = () => received >= expected;
      while (!allArrived() && Date.now() < deadline) await sleep(20);
    }
    return { latencies, crossUser, missing: users.length * ROUNDS - received, connectS };
  } finally {
    await Promise.all(clients.map((client) => client.endAsync(true)));
  }
}

export default benchmark;
