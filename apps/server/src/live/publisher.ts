import { LIVE_MESSAGE } from '@floordesk/protocol';
import type { Logger } from 'pino';
import type { AppContext } from '../context';
import type { Listener } from '../db/listen';
import { notificationItems } from '../modules/notifications/service';
import { NOTIFICATIONS_CHANNEL, type NotificationChange } from './notifications';
import { onlineUsers } from '../modules/user/service';
import type { LiveBroker } from './broker';

export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<Listener>;

/**
 * Relays notifications to the broker as they are committed: whoever writes one (the indexer's derivation, the order
 * book, an operator) announces it on NOTIFICATIONS_CHANNEL, in any process; every API process listens, reads the
 * rows, and publishes each user's on their topic: type 66 with the new items, type 67 with the ids a reorg dropped.
 * General notices go to every user online (a heartbeat within ONLINE_WINDOW_MS). Changes are relayed one at a
 * time, in the order they were committed.
 */
export async function startLivePublisher(options: {
  ctx: Pick<AppContext, 'db' | 'chain' | 'now'>;
  broker: LiveBroker;
  listen: Listen;
  log: Pick<Logger, 'warn'>;
}): Promise<Listener> {
  const { ctx, broker, log } = options;
  let queue = Promise.resolve();
  /** Each entry's value under its user, or under every user online for a general notice (no user). */
  const byRecipient = async <T>(entries: readonly { userAddress: string | null; value: T }[]) => {
    const grouped = new Map<string, T[]>();
    let everyone: string[] | undefined;
    for (const { userAddress, value } of entries) {
      const recipients = userAddress === null ? (everyone ??= await onlineUsers(ctx)) : [userAddress];
      for (const user of recipients) {
        const values = grouped.get(user);
        if (values) values.push(value);
        else grouped.set(user, [value]);
      }
    }
    return [...grouped];
  };
  const relay = async (change: NotificationChange) => {
    if ('written' in change) {
      const items = await notificationItems(ctx, change.written);
      const byUser = await byRecipient(items.map(({ userAddress, item }) => ({ userAddress, value: item })));
      await Promise.all(byUser.map(([user, data]) => broker.publish(user, { type: LIVE_MESSAGE.events, data })));
    } else {
      const byUser = await byRecipient(change.dropped.map(({ id, userAddress }) => ({ userAddress, value: id })));
      await Promise.all(byUser.map(([user, ids]) => broker.publish(user, { type: LIVE_MESSAGE.drop, ids })));
    }
  };
  return options.listen(NOTIFICATIONS_CHANNEL, (payload) => {
    let change: NotificationChange;
    try {
      change = JSON.parse(payload) as NotificationChange;
    } catch {
      log.warn({ payload }, 'ignored a malformed notification change');
      return;
    }
    queue = queue.then(() => relay(change)).catch((error: unknown) => log.warn({ err: error }, 'live relay failed'));
  });
}
