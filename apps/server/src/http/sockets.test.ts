import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listen } from '../db/listen';
import { credentialStore } from '../live/credentials';
import { embeddedBrokerUrl, MQTT_CONNECT_TIMEOUT_MS, MQTT_PATH, startEmbeddedBroker } from '../live/embedded-broker';
import { useTestDatabase } from '../testing/database';
import { buildTestServer } from '../testing/server';
import { CLOSE_GRACE_MS, HEADERS_TIMEOUT_MS } from './server';

const database = useTestDatabase();

/** What a raw client saw: the response's head if one came, and whether the server closed the socket. */
type Exchange = { head: string | undefined; closed: boolean };

let app: FastifyInstance;
let port: number;
const clients: net.Socket[] = [];

beforeEach(async () => {
  app = await buildTestServer(database(), {
    live: {
      broker: (server) =>
        startEmbeddedBroker({
          server,
          publicUrl: embeddedBrokerUrl(new URL('http://127.0.0.1:8080')),
          credentials: credentialStore(database().db, () => new Date()),
        }),
      listen: (channel, onPayload) => listen(database().pool, channel, onPayload, () => {}),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  port = address.port;
});
afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await app.close();
});

/** Opens a raw connection, sends `request`, and reports what happened within `waitMs` (until the server closes it). */
function exchange(request: string, waitMs: number): Promise<Exchange & { socket: net.Socket }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    clients.push(socket);
    let received = '';
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      const end = received.indexOf('\r\n\r\n');
      resolve({ head: end < 0 ? undefined : received.slice(0, end), closed, socket });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => finish(true));
    if (request) socket.write(request);
  });
}

function webSocketUpgrade(path: string): string {
  return [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: Upgrade',
    'Upgrade: websocket',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Protocol: mqtt',
    '',
    '',
  ].join('\r\n');
}

const H2C_UPGRADE = [
  'GET /api/app/config HTTP/1.1',
  'Host: 127.0.0.1',
  'Connection: Upgrade, HTTP2-Settings',
  'Upgrade: h2c',
  'HTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA',
  '',
  '',
].join('\r\n');

async function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

async function untilNoConnections(withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  let count = await openConnections();
  while (count > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    count = await openConnections();
  }
  return count;
}

const statusOf = (head: string | undefined) => head?.split('\r\n')[0];

describe('the server leaves no socket hanging', () => {
  it.each(['/nope', '/mqtt/', '/MQTT', '/rpc', '/api/app/config'])(
    'answers a WebSocket upgrade to %s, which it does not serve, as an ordinary request and closes the socket',
    async (path) => {
      const seen = await exchange(webSocketUpgrade(path), 2000);
      expect(statusOf(seen.head)).toMatch(/^HTTP\/1\.1 [2-5]\d\d /);
      expect(statusOf(seen.head)).not.toMatch(/ 101 /);
      expect(seen.closed).toBe(true);
      expect(await untilNoConnections(1000)).toBe(0);
    },
  );

  it('answers a GET offering an upgrade to h2c over HTTP/1.1, as if the offer were not there', async () => {
    const seen = await exchange(H2C_UPGRADE, 2000);
    expect(statusOf(seen.head)).toBe('HTTP/1.1 200 OK');
    expect(seen.closed).toBe(true);
    expect(await untilNoConnections(1000)).toBe(0);
  });

  it('keeps no socket of a client that asked for many unserved upgrades and left', async () => {
    const requests = Array.from({ length: 50 }, (_, i) => (i % 2 ? webSocketUpgrade('/nope') : H2C_UPGRADE));
    // The client leaves without waiting for the answers.
    const sockets = requests.map((request) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(request));
      socket.on('error', () => {});
      socket.resume();
      clients.push(socket);
      return socket;
    });
    await Promise.all(sockets.map((socket) => new Promise((resolve) => socket.on('close', resolve))));
    expect(await untilNoConnections(2000)).toBe(0);
  });

  it('still upgrades /mqtt, and closes that WebSocket when no MQTT CONNECT follows in time', async () => {
    const started = Date.now();
    const seen = await exchange(webSocketUpgrade(MQTT_PATH), MQTT_CONNECT_TIMEOUT_MS + 2000);
    expect(statusOf(seen.head)).toBe('HTTP/1.1 101 Switching Protocols');
    expect(seen.closed).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(MQTT_CONNECT_TIMEOUT_MS - 100);
  });

  it('closes a connection that sends no request in time', async () => {
    const [silent, halfway] = await Promise.all([
      exchange('', HEADERS_TIMEOUT_MS + 3000),
      exchange('GET /api/app/config HTTP/1.1\r\nHost: 127.0.0.1\r\n', HEADERS_TIMEOUT_MS + 3000),
    ]);
    expect(silent.closed).toBe(true);
    expect(halfway.closed).toBe(true);
  });

  it('closes without waiting for a silent MQTT WebSocket or a half-sent request', async () => {
    const webSocket = await exchange(webSocketUpgrade(MQTT_PATH), 500);
    expect(statusOf(webSocket.head)).toBe('HTTP/1.1 101 Switching Protocols');
    void exchange('GET /api/app/config HTTP/1.1\r\n', 500);
    void exchange(webSocketUpgrade('/nope').slice(0, 40), 500);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(CLOSE_GRACE_MS + 1000);
    expect(await openConnections()).toBe(0);
  });
});
