import type { Server } from 'node:http';
import type { LiveMessage } from '@floordesk/protocol';

/**
 * The MQTT broker browsers receive live notifications from: the embedded one (aedes on the API's port) or an
 * external Mosquitto. Either way a client connects with a credential the server issued, may subscribe only to its
 * own user's topic, and may not publish; only the server publishes.
 */
export type LiveBroker = {
  /** Where browsers connect (a ws:// or wss:// URL). */
  readonly publicUrl: string;
  /** Lets `address` connect as `clientId` with the returned password until `expiresAt` (a connection outlives it). */
  issueCredential(address: string, clientId: string, expiresAt: Date): Promise<string>;
  /** Publishes on the user's topic at QoS 0. */
  publish(address: string, message: LiveMessage): Promise<void>;
  /** Whether the user's client `clientId` is connected now; undefined when the broker cannot tell. */
  isConnected(address: string, clientId: string): boolean | undefined;
  /** Clients connected now; undefined when the broker cannot tell. */
  connectedClients(): number | undefined;
  close(): Promise<void>;
};

/** Starts (embedded) or connects to (external) the broker, given the API's HTTP server. */
export type StartLiveBroker = (server: Server) => Promise<LiveBroker>;
