import { cp } from 'node:fs/promises';
import { type Devnet, rpc, startDevnet } from '@floordesk/devnet';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import type { ChainAccess } from '../chain/client';
import { indexStep, type IndexerOptions } from '../chain/indexer';
import { temporaryDataDir } from '../db/embedded';
import type { DatabaseConnection } from '../db/pool';
import { devnetChainAccess } from '../devnet';
import { CHAIN_CONSUMERS } from '../chain-consumers';

export type TestDevnet = Devnet & { chain: ChainAccess; mine(blocks?: number): Promise<void> };

/**
 * Gives the calling test file its own automining anvil, started from a copy of the snapshot deployed once per run
 * (Seaport, the collections, the bots' premint and approvals). Ready from `beforeAll` on.
 */
export function useTestDevnet(): () => TestDevnet {
  let devnet: TestDevnet | undefined;
  let remove: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const dir = await temporaryDataDir();
    remove = dir.remove;
    await cp(inject('devnetSnapshotDir'), dir.path, { recursive: true });
    const started = await startDevnet({ dataDir: dir.path, origin: 'http://127.0.0.1:1', blockTimeSeconds: 0 });
    devnet = {
      ...started,
      chain: devnetChainAccess(started.rpcUrl, started.manifest),
      mine: (blocks = 1) => rpc(started.rpcUrl, 'anvil_mine', [blocks]),
    };
  });
  afterAll(async () => {
    await devnet?.stop();
    await remove?.();
  });
  return () => {
    if (!devnet) throw new Error('useTestDevnet: the devnet is ready from beforeAll on');
    return devnet;
  };
}

/** Runs the indexer until it has caught up with the head. */
export async function indexToHead(options: IndexerOptions): Promise<void> {
  for (;;) {
    const result = await indexStep(options);
    if (result === null) {
      const head = Number(await options.chain.client.getBlockNumber({ cacheTime: 0 }));
      const { rows } = await options.db.execute<{ number: string }>(
        sql`select max(number) as number from chain_blocks`,
      );
      if (Number(rows[0]?.number ?? -1) >= head) return;
    }
  }
}

export function indexerOptions(database: DatabaseConnection, chain: ChainAccess): IndexerOptions {
  return {
    db: database.db,
    chain,
    now: () => new Date(),
    log: pino({ level: 'silent' }),
    startBlock: 0,
    consumers: CHAIN_CONSUMERS,
  };
}
