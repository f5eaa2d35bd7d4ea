import type { Logger } from 'pino';
import type { Pool } from 'pg';
import { expireListings } from '../market/order-book';
import type { ChainAccess } from './client';
import { fillCollectionInfo, fillTokenMetadata } from './metadata';
import { startRepeating } from './repeat';

/** The indexer role's periodic passes: collection info, token metadata and listing expiry, every second. */
export function startChores(options: { pool: Pool; chain: ChainAccess; now: () => Date; log: Logger }) {
  return startRepeating(async () => {
    try {
      await fillCollectionInfo(options);
      await fillTokenMetadata(options);
      await expireListings(options.pool, options.now());
    } catch (error) {
      options.log.warn({ err: error }, 'a periodic pass failed');
    }
  }, 1000);
}
