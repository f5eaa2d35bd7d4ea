import { LOOKSRARE_EVENTS } from '@floordesk/contracts';
import type { PoolClient } from 'pg';
import { toEventSelector } from 'viem';
import { MAINNET_CONTRACTS } from '../apps/server/src/chain/chain-contracts';
import { decodeLogs, decodeLogsInTurns } from '../apps/server/src/chain/decode';
import { SEAPORT_EVENTS } from '../apps/server/src/chain/decoders/seaport';
import { TOKEN_EVENTS } from '../apps/server/src/chain/decoders/tokens';
import { storeBlocks } from '../apps/server/src/chain/store';
import type { DatabaseConnection } from '../apps/server/src/db/pool';
import { openBenchServer } from './bench-database';
import { type FixtureBlock, ingestFixture, parseBlocks, readFixtureLines } from './ingest-fixture';
import type { Benchmark } from './run';
import { quantile, round } from './stats';
import { CHAIN_CONSUMERS } from '../apps/server/src/chain-consumers';

const PARAMETERS = { blocks: 2_000, logsPerBlock: 105, collections: 50, seed: 'ingest-1' };
/** The indexer's default batch: one getLogs call and one transaction per 100 blocks. */
const BATCH_BLOCKS = 100;
const RUNS = 3;
const TARGET_LOGS_PER_S = 40_000;

/**
 * Decode + store throughput of the indexer's write path, without the RPC: ~200,000 real ABI-encoded logs over
 * 2,000 blocks in mainnet's mix of marketplaces (`ingest-fixture.ts` says where its shares come from): Blur v2 asks
 * and bids, Seaport fills for ETH and WETH, single and bundled, sweeps; LooksRare v2 buys and nonce cancellations;
 * Blur v1, X2Y2 and sudoswap v2; ERC-721 and ERC-1155 transfers and mints; cancels, counters, approvals), decoded with
 * decodeLogs and written with storeBlocks in one transaction
 * per 100 blocks, the next batch decoded while the database writes the current one, as indexStep does. Each run starts from a freshly migrated database; the headline is the median
 * of three. Target on 2 cores (Node and PostgreSQL together): 40,000 logs/s.
 */
const benchmark: Benchmark = {
  description: `decodeLogs + storeBlocks over ${PARAMETERS.blocks} blocks, ${BATCH_BLOCKS} blocks a transaction, median of ${RUNS} fresh databases`,
  async run() {
    const fixture = await ingestFixture(PARAMETERS);
    console.log(`${fixture.reused ? 'reusing' : 'generated'} ${fixture.file}`);
    const lines = await readFixtureLines(fixture.file);
    const logs = printMix(lines);
    if (logs < 200_000) throw new Error(`the fixture holds ${logs} logs, fewer than the 200,000 asked`);

    const server = await openBenchServer();
    const runs: Run[] = [];
    try {
      for (let i = 0; i < RUNS; i++) {
        const database = await server.freshDatabase('floordesk_bench_ingest');
        try {
          const run = await ingest(database, lines);
          runs.push(run);
          console.log(
            `run ${i + 1}: ${Math.round(logs / (run.wallMs / 1000))} logs/s ` +
              `(decode ${round(run.decodeMs)} ms, store ${round(run.storeMs)} ms; ${run.rows.sales} sales, ${run.rows.transfers} transfers)`,
          );
        } finally {
          await database.drop();
        }
      }
    } finally {
      await server.stop();
    }

    const median = runs.toSorted((a, b) => a.wallMs - b.wallMs)[Math.floor(RUNS / 2)] as Run;
    printStatements(median, logs);
    const logsPerS = logs / (median.wallMs / 1000);
    console.log(
      `logs_per_s ${Math.round(logsPerS)} (target >= ${TARGET_LOGS_PER_S}: ${logsPerS >= TARGET_LOGS_PER_S ? 'met' : 'MISSED'})`,
    );
    return {
      logs_per_s: Math.round(logsPerS),
      target_logs_per_s: TARGET_LOGS_PER_S,
      decode_logs_per_s: Math.round(logs / (median.decodeMs / 1000)),
      store_logs_per_s: Math.round(logs / (median.storeMs / 1000)),
      batch_p50_ms: round(quantile(median.batchMs, 0.5)),
      batch_p95_ms: round(quantile(median.batchMs, 0.95)),
      logs,
      blocks: lines.length,
      sales: median.rows.sales,
      transfers: median.rows.transfers,
      runs_logs_per_s_min: Math.round(Math.min(...runs.map((run) => logs / (run.wallMs / 1000)))),
      runs_logs_per_s_max: Math.round(Math.max(...runs.map((run) => logs / (run.wallMs / 1000)))),
    };
  },
};

const logsOf = (batch: readonly FixtureBlock[]) => batch.flatMap((block) => block.logs);

/** A batch decoded as the indexer decodes it, in turns that let the writes of the batch before it go on. */
async function decode(batch: readonly FixtureBlock[]) {
  const decoded = await decodeLogsInTurns(logsOf(batch), MAINNET_CONTRACTS);
  if (decoded.malformed > 0) throw new Error(`${decoded.malformed} fixture logs failed to decode`);
  return decoded;
}

type Run = {
  /** Decoding every batch alone, before the ingest. */
  decodeMs: number;
  /** Time waiting for each batch's transaction and, interleaved with it, the next batch's decode. */
  storeMs: number;
  /** Decode and store of all batches, overlapped. */
  wallMs: number;
  batchMs: number[];
  rows: { sales: number; transfers: number };
  /** Milliseconds per SQL statement (by its opening words), summed over the run. */
  statements: Map<string, { ms: number; calls: number }>;
};

async function ingest({ pool, db }: DatabaseConnection, lines: readonly string[]): Promise<Run> {
  const run: Run = {
    decodeMs: 0,
    storeMs: 0,
    wallMs: 0,
    batchMs: [],
    rows: { sales: 0, transfers: 0 },
    statements: new Map(),
  };
  // Parsing stands in for the RPC reads (getBlock, getLogs): done up front, not timed.
  const batches: FixtureBlock[][] = [];
  for (let from = 0; from < lines.length; from += BATCH_BLOCKS) {
    batches.push(parseBlocks(lines.slice(from, from + BATCH_BLOCKS)));
  }
  // Decoding alone, timed first: in the ingest below its turns interleave with the writes.
  const decodeStart = performance.now();
  for (const batch of batches) decodeLogs(logsOf(batch), MAINNET_CONTRACTS);
  run.decodeMs = performance.now() - decodeStart;
  // Statements are timed on the connection, while storeBlocks runs (not the transaction's begin and commit).
  const profile = { recording: false };
  pool.on('acquire', (client) => profileQueries(client, run.statements, profile));

  // As the indexer does (indexStep): the next batch is decoded while the database writes this one.
  const wallStart = performance.now();
  let decoded = await decode(batches[0] ?? []);
  for (let i = 0; i < batches.length; i++) {
    const batch = batches[i] as FixtureBlock[];
    const storeStart = performance.now();
    const stored = db.transaction(async (tx) => {
      profile.recording = true;
      try {
        return await storeBlocks(tx, batch, decoded, new Date(), CHAIN_CONSUMERS);
      } finally {
        profile.recording = false;
      }
    });
    const next = i + 1 < batches.length ? decode(batches[i + 1] as FixtureBlock[]) : undefined;
    const [summary, decodedNext] = await Promise.all([stored, next]);
    const end = performance.now();
    run.storeMs += end - storeStart;
    run.batchMs.push(end - storeStart);
    run.rows.sales += summary.sales;
    run.rows.transfers += summary.transfers;
    if (decodedNext) decoded = decodedNext;
  }
  run.wallMs = performance.now() - wallStart;
  return run;
}

const profiled = new WeakSet<PoolClient>();

/** Times every statement the client runs while `profile.recording` is on (once per client, however often acquired). */
function profileQueries(client: PoolClient, into: Run['statements'], profile: { recording: boolean }): void {
  if (profiled.has(client)) return;
  profiled.add(client);
  const original = client.query;
  const timedQuery = async (...args: unknown[]) => {
    if (!profile.recording) return (original as (...a: unknown[]) => Promise<unknown>).apply(client, args);
    const start = performance.now();
    try {
      return await (original as (...a: unknown[]) => Promise<unknown>).apply(client, args);
    } finally {
      // drizzle passes a query config ({ text, … }); other callers the text itself.
      const [query] = args as [string | { text: string }];
      const text = typeof query === 'string' ? query : query.text;
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 60);
      const entry = into.get(key) ?? { ms: 0, calls: 0 };
      entry.ms += performance.now() - start;
      entry.calls++;
      into.set(key, entry);
    }
  };
  client.query = timedQuery as PoolClient['query'];
}

function printStatements(run: Run, logs: number): void {
  const sqlMs = [...run.statements.values()].reduce((sum, entry) => sum + entry.ms, 0);
  console.log(
    `median run: ${round(run.decodeMs)} ms decode, ${round(run.storeMs)} ms store, of which ${round(sqlMs)} ms in SQL ` +
      `(the rest is building statements and their parameter arrays, begin/commit and pool checkout); ${logs} logs`,
  );
  console.table(
    [...run.statements.entries()]
      .toSorted((a, b) => b[1].ms - a[1].ms)
      .map(([statement, { ms, calls }]) => ({
        statement,
        calls,
        total_ms: round(ms),
        share: `${round((100 * ms) / run.storeMs, 1)}%`,
      })),
  );
}

/** Prints the fixture's mix of events; returns its number of logs. */
function printMix(lines: readonly string[]): number {
  const names = new Map<string, string>(
    [...SEAPORT_EVENTS, ...LOOKSRARE_EVENTS, ...TOKEN_EVENTS].map((event) => [toEventSelector(event), event.name]),
  );
  const counts = new Map<string, number>();
  let logs = 0;
  for (const block of parseBlocks(lines)) {
    for (const log of block.logs) {
      let name = names.get(log.topics[0] ?? '') ?? 'other';
      if (name === 'Transfer') name = log.topics.length === 4 ? 'Transfer (ERC-721)' : 'Transfer (ERC-20 WETH)';
      counts.set(name, (counts.get(name) ?? 0) + 1);
      logs++;
    }
  }
  console.log(
    `${logs} logs in ${lines.length} blocks: ` +
      [...counts.entries()]
        .toSorted((a, b) => b[1] - a[1])
        .map(([name, count]) => `${name} ${round((100 * count) / logs, 1)}%`)
        .join(', '),
  );
  return logs;
}

export default benchmark;
