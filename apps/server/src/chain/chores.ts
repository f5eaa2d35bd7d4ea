import type { Logger } from 'pino';
import type { Pool } from 'pg';
import { expireListings } from '../market/order-book';
import type { ChainAccess } from './client';
import { fillCollectionInfo, fillTokenMetadata } from './metadata';

/** The indexer role's periodic passes: collection info, token metadata and listing expiry, every second. */
export function startChores(options: { pool: Pool; chain: ChainAccess; now: () => Date; log: Logger }) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await fillCollectionInfo(options);
      await fillTokenMetadata(options);
      await expireListings(options.pool, options.now());
    } catch (error) {
      options.log.warn({ err: error }, 'a periodic pass failed');
    }
    if (!stopped) timer = setTimeout(tick, 1000);
  };
  timer = setTimeout(tick, 0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
