import type { Config } from './config';
import type { Database } from './db/pool';

/** What every service needs: the configuration, the database and a clock (injected so tests can move time). */
export type AppContext = {
  config: Config;
  db: Database;
  now: () => Date;
};
