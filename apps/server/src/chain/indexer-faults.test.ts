import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { toEventSelector } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { tryAdvisoryLock } from '../db/pool';
import { devnetChainAccess } from '../devnet';
import { useTestDatabase } from '../testing/database';
import { useTestDevnet } from '../testing/devnet';
import { TOKEN_EVENTS } from './decoders/tokens';
import { INDEXER_LOCK_KEY, startIndexer } from './indexer';
import { CHAIN_CONSUMERS } from '../chain-consumers';

const database = useTestDatabase();
const devnet = useTestDevnet();
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

/** The chain's NFT transfers, counted from its own logs: one per ERC-721 Transfer, one per ERC-1155 id moved. */
async function transfersOnChain(): Promise<number> {
  const { client } = devnet().chain;
  const logs = await client.getLogs({ fromBlock: 0n, toBlock: 'latest' });
  const [transfer, transferSingle, transferBatch] = TOKEN_EVENTS.slice(0, 3).map((event) => toEventSelector(event));
  let count = 0;
  for (const log of logs) {
    if (log.topics[0] === transfer && log.topics.length === 4) count++;
    if (log.topics[0] === transferSingle) count++;
    if (log.topics[0] === transferBatch) count += Number(BigInt(`0x${log.data.slice(130, 194)}`));
  }
  return count;
}

/**
 * What the indexer stored. Every block above the node's finalized one has its cursor row (those may still be
 * replaced); below it, only blocks with an event and each batch's last block do.
 */
async function indexed(): Promise<{ blocks: number; maxBlock: number; transfers: number; distinct: number }> {
  const { rows } = await database().pool.query<{
    blocks: number;
    max_block: number;
    transfers: number;
    distinct: number;
  }>(
    `select (select count(*)::int from chain_blocks) as blocks,
            (select coalesce(max(number), -1)::int from chain_blocks) as max_block,
            (select count(*)::int from transfers) as transfers,
            (select count(distinct (tx_hash, log_index, item_index))::int from transfers) as distinct`,
  );
  const row = rows[0];
  if (!row) throw new Error('no row');
  return { blocks: row.blocks, maxBlock: row.max_block, transfers: row.transfers, distinct: row.distinct };
}

/** The blocks above the node's finalized one, which may still be replaced: each must have its cursor row. */
async function unfinalizedBlocks(): Promise<number[]> {
  const { client } = devnet().chain;
  const [finalized, head] = await Promise.all([
    client.getBlock({ blockTag: 'finalized' }),
    client.getBlockNumber({ cacheTime: 0 }),
  ]);
  return Array.from({ length: Number(head - finalized.number) }, (_, i) => Number(finalized.number) + 1 + i);
}

async function unfinalizedRows(): Promise<number[]> {
  const { client } = devnet().chain;
  const finalized = await client.getBlock({ blockTag: 'finalized' });
  const { rows } = await database().pool.query<{ number: string }>(
    'select number from chain_blocks where number > $1 order by number',
    [Number(finalized.number)],
  );
  return rows.map((row) => Number(row.number));
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function spawnIndexer(manifestPath: string): ChildProcess {
  const script = path.resolve(import.meta.dirname, '../testing/indexer-process.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, DATABASE_URL: databaseUrl(), RPC_URL: devnet().rpcUrl, MANIFEST: manifestPath },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

function databaseUrl(): string {
  const url = database().pool.options.connectionString;
  if (!url) throw new Error('the test database has no connection string');
  return url;
}

describe('the indexer under faults', () => {
  it('resumes after SIGKILL mid-ingest with no duplicate and no gap', async () => {
    const manifestPath = path.join(tmpdir(), `floordesk-manifest-${process.pid}.json`);
    await writeFile(manifestPath, JSON.stringify(devnet().manifest));
    const head = Number(await devnet().chain.client.getBlockNumber({ cacheTime: 0 }));

    const first = spawnIndexer(manifestPath);
    await waitFor(async () => (await indexed()).maxBlock >= 60, 60_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    const atCrash = await indexed();
    expect(atCrash.maxBlock).toBeLessThan(head);

    const second = spawnIndexer(manifestPath);
    await waitFor(async () => (await indexed()).maxBlock >= head, 120_000);
    second.kill('SIGTERM');

    const after = await indexed();
    expect(after.maxBlock).toBe(head);
    expect(await unfinalizedRows()).toEqual(await unfinalizedBlocks());
    expect(after.transfers).toBe(after.distinct);
    expect(after.transfers).toBe(await transfersOnChain());
  }, 240_000);

  it('rides out an RPC that errors and times out, losing nothing', async () => {
    await database().pool.query('truncate chain_blocks, transfers, tokens, collections, sales');
    let requests = 0;
    const proxy: Server = createServer((request, response) => {
      const body: Buffer[] = [];
      request.on('data', (chunk: Buffer) => body.push(chunk));
      request.on('end', () => {
        requests++;
        if (requests % 4 === 0) {
          response.writeHead(503).end('overloaded');
          return;
        }
        // Every 9th request hangs past the client's timeout.
        if (requests % 9 === 0) return void setTimeout(() => response.destroy(), 1500);
        fetch(devnet().rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Buffer.concat(body),
        })
          .then(async (answer) =>
            response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()),
          )
          .catch(() => response.destroy());
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const indexer = startIndexer({
      db: database().db,
      writerLock: () => tryAdvisoryLock(database().pool, INDEXER_LOCK_KEY),
      chain: devnetChainAccess(url, devnet().manifest, 500),
      now: () => new Date(),
      log: pino({ level: 'silent' }),
      startBlock: 0,
      consumers: CHAIN_CONSUMERS,
      batchSize: 20,
      pollMs: 50,
    });
    try {
      const head = Number(await devnet().chain.client.getBlockNumber({ cacheTime: 0 }));
      await waitFor(async () => (await indexed()).maxBlock >= head, 180_000);
      const after = await indexed();
      expect(after.maxBlock).toBe(head);
      expect(await unfinalizedRows()).toEqual(await unfinalizedBlocks());
      expect(after.transfers).toBe(await transfersOnChain());
      expect(requests).toBeGreaterThan(20);
    } finally {
      await indexer.stop();
      proxy.close();
    }
  }, 240_000);
});
