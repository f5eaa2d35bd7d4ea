import { LIVE_MESSAGE, type NotificationItem } from '@floordesk/protocol';
import type { Logger } from 'pino';
import type { Listener } from '../db/listen';
import type { LiveBroker } from './broker';
import { NOTIFICATIONS_CHANNEL, type NotificationChange } from './notifications';

export type Listen = (channel: string, onPayload: (payload: string) => void) => Promise<Listener>;

/**
 * What the publisher reads, served by the modules that own it (the composition root passes them in: live/ sits below
 * the modules and imports none of them).
 */
export type LiveReaders = {
  /** The notifications of these ids as the API shows them, each with its user (null: a general notice). */
  notificationItems(ids: readonly string[]): Promise<Array<{ userAddress: string | null; item: NotificationItem }>>;
  /** Users with a heartbeat within ONLINE_WINDOW_MS. */
  onlineUsers(): Promise<string[]>;
};

/**
 * Relays notifications to the broker as they are committed: whoever writes one (the indexer's derivation, the order
 * book, an operator) announces it on NOTIFICATIONS_CHANNEL, in any process; every API process listens, reads the
 * rows, and publishes each user's on their topic: type 66 with the new items, type 67 with the ids a reorg dropped.
 * General notices go to every user online (a heartbeat within ONLINE_WINDOW_MS). Changes are relayed one at a
 * time, in the order they were committed.
 */
export async function startLivePublisher(options: {
  readers: LiveReaders;
  broker: LiveBroker;
  listen: Listen;
  log: Pick<Logger, 'warn'>;
}): Promise<Listener> {
  const { readers, broker, log } = options;
  let queue = Promise.resolve();
  /** Each entry's value under its user, or under every user online for a general notice (no user). */
  const byRecipient = async <T>(entries: readonly { userAddress: string | null; value: T }[]) => {
    const grouped = new Map<string, T[]>();
    let everyone: string[] | undefined;
    for (const { userAddress, value } of entries) {
      const recipients = userAddress === null ? (everyone ??= await readers.onlineUsers()) : [userAddress];
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
      const items = await readers.notificationItems(change.written);
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
