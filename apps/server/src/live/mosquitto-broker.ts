import { randomUUID } from 'node:crypto';
import { type LiveMessage, userTopic } from '@floordesk/protocol';
import mqtt from 'mqtt';
import type { Logger } from 'pino';
import type { LiveBroker } from './broker';
import { newPassword } from './credentials';

const CONTROL_TOPIC = '$CONTROL/dynamic-security/v1';
const RESPONSE_TOPIC = `${CONTROL_TOPIC}/response`;
/** A dynamic-security command unanswered after this long fails. */
const COMMAND_TIMEOUT_MS = 5000;
/** The role that lets the server's own connection publish on every user's topic. */
const PUBLISHER_ROLE = 'floordesk-publisher';

type Command = Record<string, unknown> & { command: string };
type Response = { command: string; error?: string; correlationData?: string };

/** The role of one user: subscribe to their own topic, nothing else. */
function userRole(address: string): string {
  return `floordesk-user-${address}`;
}

/**
 * An external Mosquitto (2.x with the dynamic-security plugin) as the live broker. The server connects as the
 * administrator given in MQTT_URL and manages the broker's clients and roles over `$CONTROL/dynamic-security/v1`:
 * by default no client may publish or subscribe; each user gets a role allowing a subscription to their own topic
 * only, and a client whose username is their address holding it. A credential is that client's password, replaced
 * by each connection-info call; when it expires unreplaced, the password is set to an unknown random one, so it no
 * longer connects (connections already open stay, as with the embedded broker).
 *
 * Client ids are not bound to users here: a dynsec client takes one fixed client id, and each of a user's tabs
 * connects with its own. The ids are random and known only to their user, so another user cannot guess one to take
 * a session over.
 */
export async function connectMosquitto({
  url,
  publicUrl,
  log,
}: {
  url: URL;
  publicUrl: string;
  log: Pick<Logger, 'warn'>;
}): Promise<LiveBroker> {
  // Granting our own connection a role makes the broker disconnect it (dynsec re-applies roles by kicking), so the
  // setup runs on a connection of its own and the work on a fresh one.
  const setup = await openControl(url, log);
  try {
    await setup.run({
      command: 'setDefaultACLAccess',
      acls: [
        { acltype: 'publishClientSend', allow: false },
        { acltype: 'publishClientReceive', allow: true },
        { acltype: 'subscribe', allow: false },
        { acltype: 'unsubscribe', allow: true },
      ],
    });
    await setup.ensure({
      command: 'createRole',
      rolename: PUBLISHER_ROLE,
      acls: [{ acltype: 'publishClientSend', topic: userTopic('+'), priority: 0, allow: true }],
    });
    const kicked = new Promise<void>((resolve) => setup.client.once('close', () => resolve()));
    const granted = setup.run({
      command: 'addClientRole',
      username: decodeURIComponent(url.username),
      rolename: PUBLISHER_ROLE,
      priority: 0,
    });
    await Promise.race([kicked, granted]);
  } finally {
    await setup.close();
  }
  const { client, run, ensure, close } = await openControl(url, log);

  let writes: Promise<void> = Promise.resolve();
  /** Per user: when their newest credential expires. */
  const expiries = new Map<string, NodeJS.Timeout>();
  const known = new Set<string>();

  return {
    publicUrl,
    issueCredential: async (address, _clientId, expiresAt) => {
      const password = newPassword();
      if (!known.has(address)) {
        await ensure({
          command: 'createRole',
          rolename: userRole(address),
          acls: [{ acltype: 'subscribeLiteral', topic: userTopic(address), priority: 0, allow: true }],
        });
        await ensure({
          command: 'createClient',
          username: address,
          password: newPassword(),
          roles: [{ rolename: userRole(address), priority: 0 }],
        });
        known.add(address);
      }
      await run({ command: 'setClientPassword', username: address, password });
      clearTimeout(expiries.get(address));
      const timer = setTimeout(
        () => {
          expiries.delete(address);
          run({ command: 'setClientPassword', username: address, password: newPassword() }).catch((error: unknown) =>
            log.warn({ err: error, address }, 'could not expire a live credential'),
          );
        },
        Math.max(0, expiresAt.getTime() - Date.now()),
      );
      timer.unref();
      expiries.set(address, timer);
      return password;
    },
    // One write at a time on the one connection: a burst for thousands of users queues here, not as thousands of
    // waits on the socket draining.
    publish: (address, message: LiveMessage) => {
      const sent = writes.then(() => client.publishAsync(userTopic(address), JSON.stringify(message), { qos: 0 }));
      writes = sent.then(
        () => undefined,
        () => undefined,
      );
      return sent.then(() => undefined);
    },
    isConnected: () => undefined,
    connectedClients: () => undefined,
    close: async () => {
      for (const timer of expiries.values()) clearTimeout(timer);
      await close();
    },
  };
}

/** A connection as the administrator, and dynamic-security commands over it, each awaited by its correlation id. */
async function openControl(url: URL, log: Pick<Logger, 'warn'>) {
  const client = await mqtt.connectAsync(url.toString(), {
    protocolVersion: 4,
    clean: true,
    reconnectPeriod: 1000,
    clientId: `floordesk-server-${randomUUID()}`,
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT broker connection'));
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  client.on('message', (topic, payload) => {
    if (topic !== RESPONSE_TOPIC) return;
    let responses: Response[];
    try {
      responses = (JSON.parse(payload.toString()) as { responses?: Response[] }).responses ?? [];
    } catch {
      return;
    }
    for (const response of responses) {
      const waiter = response.correlationData ? pending.get(response.correlationData) : undefined;
      if (!waiter || !response.correlationData) continue;
      pending.delete(response.correlationData);
      if (response.error) waiter.reject(new DynsecError(response.command, response.error));
      else waiter.resolve();
    }
  });
  await client.subscribeAsync(RESPONSE_TOPIC);

  const run = (command: Command): Promise<void> =>
    new Promise((resolve, reject) => {
      const id = randomUUID();
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`the broker did not answer ${command.command} in ${COMMAND_TIMEOUT_MS} ms`));
      }, COMMAND_TIMEOUT_MS);
      pending.set(id, {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      client.publish(CONTROL_TOPIC, JSON.stringify({ commands: [{ ...command, correlationData: id }] }));
    });
  return {
    client,
    run,
    /** Creating what exists already is fine: the broker keeps its state across our restarts. */
    ensure: (command: Command) =>
      run(command).catch((error: unknown) => {
        if (!(error instanceof DynsecError && /already exists/i.test(error.message))) throw error;
      }),
    close: async () => {
      for (const waiter of pending.values()) waiter.reject(new Error('the broker connection closed'));
      pending.clear();
      await client.endAsync(true);
    },
  };
}

class DynsecError extends Error {
  override name = 'DynsecError';
  constructor(command: string, error: string) {
    super(`${command}: ${error}`);
  }
}
