/**
 * The indexer alone, in its own process, for the crash test: a SIGKILL must cost nothing but the batch in flight.
 * Env: DATABASE_URL, RPC_URL, MANIFEST (path of the devnet manifest).
 */
import { readFileSync } from 'node:fs';
import type { DevnetManifest } from '@floordesk/devnet';
import pino from 'pino';
import { startIndexer } from '../chain/indexer';
import { devnetChainAccess } from '../chain/open-chain';
import { connectDatabase } from '../db/pool';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const manifest = JSON.parse(readFileSync(env('MANIFEST'), 'utf8')) as DevnetManifest;
const database = connectDatabase(env('DATABASE_URL'), () => {});
startIndexer({
  pool: database.pool,
  chain: devnetChainAccess(env('RPC_URL'), manifest),
  now: () => new Date(),
  log: pino({ level: 'silent' }),
  startBlock: 0,
  batchSize: 5,
  pollMs: 50,
});
