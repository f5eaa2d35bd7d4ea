import { cp, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Devnet, startDevnet } from '@floordesk/devnet';
import pino from 'pino';
import type { ChainAccess } from '../apps/server/src/chain/client';
import { type Indexer, INDEXER_LOCK_KEY, startIndexer } from '../apps/server/src/chain/indexer';
import { temporaryDataDir } from '../apps/server/src/db/embedded';
import { type DatabaseConnection, tryAdvisoryLock } from '../apps/server/src/db/pool';

const ORIGIN = 'http://127.0.0.1:1';

/**
 * A devnet for a bench, started from a copy of a deployed snapshot kept under the OS temp dir: the first run
 * deploys (and compiles on a cold artifact cache), later runs only copy. startDevnet on the snapshot itself
 * redeploys it when the contracts or the catalog changed, so the copy is never stale.
 */
export async function startBenchDevnet(blockTimeSeconds: number): Promise<Devnet & { remove(): Promise<void> }> {
  const snapshot = path.join(tmpdir(), 'floordesk-bench', 'devnet-snapshot');
  await mkdir(snapshot, { recursive: true });
  const pristine = await startDevnet({
    dataDir: snapshot,
    origin: ORIGIN,
    blockTimeSeconds: 0,
    onProgress: (message) => console.log(`devnet: ${message}`),
  });
  await pristine.stop();

  const dir = await temporaryDataDir();
  await cp(snapshot, dir.path, { recursive: true });
  const devnet = await startDevnet({ dataDir: dir.path, origin: ORIGIN, blockTimeSeconds });
  return {
    ...devnet,
    async remove() {
      await devnet.stop();
      await dir.remove();
    },
  };
}

/**
 * The indexer as main.ts starts it (the writer lock, silent logs), following the devnet's head from `startBlock` on
 * a bench's database.
 */
export function startBenchIndexer(
  database: DatabaseConnection,
  chain: ChainAccess,
  startBlock: number,
  pollMs?: number,
): Indexer {
  return startIndexer({
    db: database.db,
    writerLock: () => tryAdvisoryLock(database.pool, INDEXER_LOCK_KEY),
    chain,
    now: () => new Date(),
    log: pino({ level: 'silent' }),
    startBlock,
    ...(pollMs !== undefined && { pollMs }),
  });
}
