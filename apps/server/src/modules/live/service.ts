import { randomBytes } from 'node:crypto';
import { type LiveCheckData, type LiveConnectionData, Status, userTopic } from '@floordesk/protocol';
import type { AppContext } from '../../context';
import { CREDENTIAL_LIFETIME_MS } from '../../live/credentials';
import type { LiveBroker } from '../../live/broker';
import { ok, refuse, type Result } from '../../result';
import { unixSeconds } from '../../time';

/**
 * Connection info for the user's live client (the original app's getwebsokect) with a fresh credential. The client
 * id is new each time and carries the address, so one user's client can never take over another's session.
 * Refusal: 1701 when there is no broker or it could not issue the credential.
 */
export async function liveConnection(
  ctx: AppContext,
  broker: LiveBroker | undefined,
  address: string,
): Promise<Result<LiveConnectionData>> {
  if (!broker) return refuse(Status.LiveUnavailable);
  const clientId = `fd-${address.slice(2)}-${randomBytes(8).toString('hex')}`;
  const expiresAt = new Date(ctx.now().getTime() + CREDENTIAL_LIFETIME_MS);
  const password = await broker.issueCredential(address, clientId, expiresAt).catch(() => undefined);
  if (password === undefined) return refuse(Status.LiveUnavailable);
  return ok({
    instanceId: 'floordesk',
    host: broker.publicUrl,
    groupId: 'users',
    clientId,
    topic: userTopic(address),
    username: address,
    password,
    expires_at: unixSeconds(expiresAt),
  });
}

/**
 * Whether the user's client is still connected (the original app's checkmqtt): 0 tells it to reconnect. A broker
 * that cannot tell (an external one) answers 1, and the client trusts its own connection state.
 */
export function liveCheck(broker: LiveBroker | undefined, address: string, clientId: string): LiveCheckData {
  return { flag: broker?.isConnected(address, clientId) === false ? 0 : 1 };
}
