/**
 * `npm run backfill -- --from BLOCK | --days N [--to BLOCK] [--batch BLOCKS] [--concurrency N]`: indexes a past range
 * of the chain at RPC_URL into the database (DATABASE_URL, or the embedded one under DATA_DIR while FloorDesk is
 * stopped), showing blocks, logs, sales and the ETA as it goes. Ctrl-C stops after the batches being written; run it
 * again and an unfinished backfill resumes where it stopped. The range ends 64 blocks below the head unless `--to`
 * says otherwise: older blocks no longer reorganise.
 */
import { DEVNET_CHAIN_ID } from '@floordesk/protocol';
import pino from 'pino';
import { type Config, ConfigError, loadConfig } from '../config';
import type { RoleContext } from '../context';
import { openPostgres } from '../db/embedded';
import { runMigrations } from '../db/migrate';
import { connectDatabase } from '../db/pool';
import { type BackfillProgress, runBackfill, unfinishedBackfill } from './backfill';
import type { ChainClient } from './client';
import { openChain } from './open-chain';

const USAGE =
  'usage: npm run backfill -- --from BLOCK | --days N [--to BLOCK] [--batch BLOCKS] [--concurrency N]\n' +
  '  (reads the node at RPC_URL; with the embedded database, stop FloorDesk first or set DATABASE_URL)';
/** Blocks below the head that a reorganisation no longer reaches, in practice (two epochs). */
const SETTLED = 64;

type Arguments = { from?: number; days?: number; to?: number; batch?: number; concurrency?: number };

/** The arguments, or what is wrong with them. */
function readArguments(args: readonly string[]): Arguments | string {
  const parsed: Arguments = {};
  const names: Record<string, keyof Arguments> = {
    '--from': 'from',
    '--days': 'days',
    '--to': 'to',
    '--batch': 'batch',
    '--concurrency': 'concurrency',
  };
  for (let i = 0; i < args.length; i += 2) {
    const name = names[args[i] ?? ''];
    const text = args[i + 1];
    const value = Number(text);
    if (name === undefined) return `unknown argument ${args[i]}`;
    if (text === undefined) return `${args[i]} takes a whole number`;
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(value)) return `${args[i]} takes a whole number, not ${text}`;
    parsed[name] = value;
  }
  if ((parsed.from === undefined) === (parsed.days === undefined)) return 'give --from BLOCK or --days N (one of them)';
  if (parsed.days === 0 || parsed.batch === 0 || parsed.concurrency === 0) return 'counts start at 1';
  if (parsed.concurrency !== undefined && parsed.concurrency > 16) return '--concurrency is at most 16';
  return parsed;
}

/** The first block at or after `seconds`, by bisecting block times (about 25 reads on mainnet). */
async function blockAtTime(client: ChainClient, seconds: number, head: number): Promise<number> {
  let low = 0;
  let high = head;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    const block = await client.getBlock({ blockNumber: BigInt(middle) });
    if (Number(block.timestamp) < seconds) low = middle + 1;
    else high = middle;
  }
  return low;
}

function formatProgress({ from, to, next, logs, sales, etaSeconds }: BackfillProgress): string {
  const done = next - from;
  const total = to + 1 - from;
  const eta =
    etaSeconds === null ? '' : `, ETA ${Math.floor(etaSeconds / 60)}m${String(etaSeconds % 60).padStart(2, '0')}s`;
  return `backfill: blocks ${done}/${total} (${((100 * done) / Math.max(total, 1)).toFixed(1)} %), ${logs} logs, ${sales} sales${eta}`;
}

async function main(args: readonly string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  const parsed = readArguments(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`backfill: ${parsed}\n${USAGE}\n`);
    return 1;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`backfill: ${error instanceof ConfigError ? error.message : String(error)}\n`);
    return 1;
  }
  // The devnet's contracts stand where its deploy put them, which only FloorDesk's own devnet knows; it indexes
  // that chain from its first block anyway.
  if (config.rpcUrl === undefined || config.chainId === DEVNET_CHAIN_ID) {
    process.stderr.write(
      'backfill: set RPC_URL and CHAIN_ID to the chain to read (the devnet is indexed from its first block)\n',
    );
    return 1;
  }
  const log = pino({ level: config.logLevel }).child({ role: 'backfill' });
  const postgres = await openPostgres(config.databaseUrl, config.dataDir, () => {});
  const database = connectDatabase(postgres.url, (error) => log.error({ err: error }, 'idle database client failed'));
  const stopping = new AbortController();
  const stop = () => {
    process.stderr.write('\nbackfill: stopping after the batches being written; run it again to resume\n');
    stopping.abort();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await runMigrations(database.pool);
    const chain = await openChain(config.rpcUrl, config.chainId, config.subscriptions.contract);
    const ctx: RoleContext = { db: database.db, chain, now: () => new Date(), log };
    const head = Number(await chain.client.getBlockNumber());
    let range = await unfinishedBackfill(ctx);
    if (range) {
      process.stderr.write(`backfill: resuming the unfinished backfill of blocks ${range.from}..${range.to}\n`);
    } else {
      const to = Math.min(parsed.to ?? head - SETTLED, head);
      const from =
        parsed.from ??
        (await blockAtTime(chain.client, Math.floor(Date.now() / 1000) - (parsed.days ?? 0) * 86_400, head));
      if (from > to) {
        process.stderr.write(`backfill: nothing to do: block ${from} is above ${to}\n`);
        return 0;
      }
      range = { from, to };
    }
    let shown = 0;
    const final = await runBackfill(ctx, range, {
      batchSize: parsed.batch,
      concurrency: parsed.concurrency,
      signal: stopping.signal,
      onProgress: (progress) => {
        if (Date.now() - shown < 1000 && progress.next <= progress.to) return;
        shown = Date.now();
        process.stderr.write(`${formatProgress(progress)}\n`);
      },
    });
    process.stderr.write(`${formatProgress(final)}${final.next > final.to ? ': done' : ': stopped'}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`backfill: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await database.pool.end();
    await postgres.stop();
  }
}

process.exitCode = await main(process.argv.slice(2));
