/**
 * The indexer alone, in its own process, for the crash test: a SIGKILL must cost nothing but the batch in flight.
 * Env: DATABASE_URL, RPC_URL, MANIFEST (path of the devnet manifest).
 */
import { readFileSync } from 'node:fs';
import type { DevnetManifest } from '@floordesk/devnet';
import pino from 'pino';
import { INDEXER_LOCK_KEY, startIndexer } from '../chain/indexer';
import { connectDatabase, tryAdvisoryLock } from '../db/pool';
import { devnetChainAccess } from '../devnet';
import { CHAIN_CONSUMERS } from '../chain-consumers';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const manifest = JSON.parse(readFileSync(env('MANIFEST'), 'utf8')) as DevnetManifest;
const database = connectDatabase(env('DATABASE_URL'), () => {});
startIndexer({
  db: database.db,
  writerLock: () => tryAdvisoryLock(database.pool, INDEXER_LOCK_KEY),
  chain: devnetChainAccess(env('RPC_URL'), manifest),
  now: () => new Date(),
  log: pino({ level: 'silent' }),
  startBlock: 0,
  consumers: CHAIN_CONSUMERS,
  batchSize: 5,
  pollMs: 50,
});
