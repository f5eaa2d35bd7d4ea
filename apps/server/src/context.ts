import type { Logger } from 'pino';
import type { Config } from './config';
import type { ChainAccess } from './chain/client';
import type { Database } from './db/pool';

/** What every service needs: the configuration, the database and a clock (injected so tests can move time). */
export type AppContext = {
  config: Config;
  db: Database;
  now: () => Date;
  /** Absent when the server runs without a chain (some tests); chain-backed calls then refuse politely. */
  chain?: ChainAccess;
};

/**
 * What each background role (the indexer, the mempool watcher, the worker's jobs) is given: the database, the chain
 * it follows, a clock, and its logger (tagged with the role).
 */
export type RoleContext = {
  db: Database;
  chain: ChainAccess;
  now: () => Date;
  log: Logger;
};
