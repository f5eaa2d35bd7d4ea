import type { ChainConsumer } from '../chain/consumers';
import { dropNotificationsAbove, recordCollectionNews } from './notifications';
import { deriveWalletEvents } from './wallet-events';

/** A reveal older than this when indexed is history, not news. */
const NEWS_MAX_AGE_MS = 10 * 60_000;

/**
 * Live notifications as the indexer's consumer: a collection refreshing many tokens at once is revealing them, news
 * for everyone while it is news (a catch-up over old blocks announces nothing); each step's new blocks become the
 * wallets' events; a rollback drops what its blocks had announced.
 */
export const NOTIFICATIONS_CONSUMER: ChainConsumer = {
  async stored(db, { events, timeOf, now }) {
    for (const update of events.metadataUpdates) {
      const at = timeOf(update.blockNumber);
      if (update.toTokenId > update.fromTokenId && now.getTime() - at.getTime() < NEWS_MAX_AGE_MS) {
        await recordCollectionNews(db, {
          collection: update.collection,
          kind: 'reveal',
          source: `reveal:${update.blockNumber}:${update.logIndex}`,
          blockNumber: update.blockNumber,
          at,
        });
      }
    }
  },
  rolledBack: (db, ancestor) => dropNotificationsAbove(db, ancestor),
  afterStep: deriveWalletEvents,
};
