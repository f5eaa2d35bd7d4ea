import type { Logger } from 'pino';
import type { Pool } from 'pg';
import { expireListings } from '../market/order-book';
import { flagTokens, type TokenRef } from '../modules/collection/flags';
import { rankStaleCollections } from '../modules/collection/rarity';
import type { ChainAccess } from './client';
import { fillCollectionInfo, fillTokenMetadata } from './metadata';
import { startRepeating } from './repeat';

/**
 * The indexer role's periodic passes, every second: collection info, token metadata, listing expiry, rarity ranks,
 * and `flagged`, tokens to mark as flagged once indexed (the devnet's reported tokens; on other chains marketplace
 * connectors will flag tokens instead).
 */
export function startChores(options: {
  pool: Pool;
  chain: ChainAccess;
  now: () => Date;
  log: Logger;
  flagged?: readonly TokenRef[];
}) {
  return startRepeating(async () => {
    try {
      await fillCollectionInfo(options);
      await fillTokenMetadata(options);
      await expireListings(options.pool, options.now());
      await rankStaleCollections(options.pool);
      await flagTokens(options.pool, options.flagged ?? []);
    } catch (error) {
      options.log.warn({ err: error }, 'a periodic pass failed');
    }
  }, 1000);
}
