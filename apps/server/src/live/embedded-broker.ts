import { type IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { Aedes, type Client } from 'aedes';
import { type LiveMessage, userTopic } from '@floordesk/protocol';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { LiveBroker } from './broker';
import { type CredentialStore, hashPassword } from './credentials';

/** The path browsers open the broker's WebSocket at, on the API's own port. */
export const MQTT_PATH = '/mqtt';
/** Where browsers reach the embedded broker: the public origin's host, over ws:// or wss:// like its http(s). */
export function embeddedBrokerUrl(origin: URL): string {
  const url = new URL(MQTT_PATH, origin);
  url.protocol = origin.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Our messages are a few kB; a client has nothing to send but CONNECT, SUBSCRIBE and pings. */
const MAX_FRAME_BYTES = 64 * 1024;
/** A client that opened the WebSocket but sent no CONNECT by then is closed. */
export const MQTT_CONNECT_TIMEOUT_MS = 10_000;
/** aedes' CONNACK codes (MQTT 3.1.1): 5 "not authorized". */
const NOT_AUTHORIZED = 5;

export type EmbeddedBrokerOptions = {
  server: Server;
  /** The browser-facing URL of MQTT_PATH (the public origin, with ws:// or wss://). */
  publicUrl: string;
  credentials: CredentialStore;
};

/**
 * aedes on the API's HTTP server at /mqtt (MQTT over WebSocket). CONNECT must carry a credential the server issued
 * for that username (the address) and client id, unexpired; a client may subscribe to its own topic only (others get
 * SUBACK 128) and at QoS 0, and may not publish (the connection is closed).
 */
export async function startEmbeddedBroker({
  server,
  publicUrl,
  credentials,
}: EmbeddedBrokerOptions): Promise<LiveBroker> {
  /** The address each authenticated client connected as. */
  const owners = new WeakMap<Client, string>();
  /** Connected clients by id, with their address. */
  const connected = new Map<string, string>();

  const aedes = await Aedes.createBroker({
    connectTimeout: MQTT_CONNECT_TIMEOUT_MS,
    authenticate: (client, username, password, done) => {
      const address = username?.toLowerCase();
      if (!address || !password) return done(refusal(), false);
      credentials
        .check(address, client.id, hashPassword(password.toString('utf8')))
        .then((valid) => {
          if (!valid) return done(refusal(), false);
          owners.set(client, address);
          done(null, true);
        })
        .catch(() => done(refusal(), false));
    },
    authorizeSubscribe: (client, subscription, done) => {
      const address = owners.get(client);
      if (!address || subscription.topic !== userTopic(address)) return done(null, null);
      done(null, { ...subscription, qos: 0 });
    },
    authorizePublish: (_client, _packet, done) => done(new Error('only the server publishes')),
  });
  aedes.on('clientReady', (client) => {
    const address = owners.get(client);
    if (address) connected.set(client.id, address);
  });
  aedes.on('clientDisconnect', (client) => {
    if (connected.get(client.id) === owners.get(client)) connected.delete(client.id);
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== MQTT_PATH) {
      answerAsRequest(server, request, socket);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      // A socket torn down mid-frame must not crash the process: aedes sees the close and cleans up.
      stream.on('error', () => stream.destroy());
      aedes.handle(stream, request);
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    publicUrl,
    issueCredential: (address, clientId, expiresAt) => credentials.issue(address, clientId, expiresAt),
    publish: (address, message) => publishTo(aedes, userTopic(address), message),
    isConnected: (address, clientId) => connected.get(clientId) === address,
    connectedClients: () => connected.size,
    close: async () => {
      server.off('upgrade', onUpgrade);
      for (const ws of sockets.clients) ws.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}

/**
 * Once an 'upgrade' listener exists, Node hands it every request that carries `Upgrade:` (a WebSocket to another
 * path, a GET offering h2c) and leaves the socket to it. We serve no upgrade but MQTT's, so such a request is
 * answered as the ordinary request it also is (RFC 9110 lets a server ignore the offer), and the socket, which no
 * HTTP parser reads any more, is closed after the response.
 */
function answerAsRequest(server: Server, request: IncomingMessage, socket: Duplex): void {
  socket.on('error', () => socket.destroy());
  const response = new ServerResponse(request);
  response.shouldKeepAlive = false;
  response.assignSocket(socket as Socket);
  response.on('finish', () => socket.end(() => socket.destroy()));
  server.emit('request', request, response);
}

function refusal() {
  return Object.assign(new Error('not authorized'), { returnCode: NOT_AUTHORIZED });
}

function publishTo(aedes: Aedes, topic: string, message: LiveMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    aedes.publish(
      { cmd: 'publish', topic, payload: Buffer.from(JSON.stringify(message)), qos: 0, retain: false, dup: false },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}
