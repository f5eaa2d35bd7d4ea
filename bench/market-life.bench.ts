import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ADDRESS_HEADER,
  AUTH_HEADER,
  type CollectionRow,
  type Diagnostics,
  endpoints,
  type ListingsData,
  type LoginData,
  Status,
  type TrendingData,
} from '@floordesk/protocol';
import { temporaryDataDir } from '../apps/server/src/db/embedded';
import { alice } from '../apps/server/src/testing/wallets';
import type { Benchmark, Measurement } from './run';

const MINUTE = 60_000;
const MINUTES = Number(process.env.MARKET_LIFE_MINUTES ?? 30);
/** The minutes whose mean book the end is compared with: the market has opened and traded a little. */
const EARLY = { from: 2, to: 5 } as const;
const STARTUP_TIMEOUT_MS = 10 * MINUTE;
/** What the simulator counts while it opens the book. */
const OPENING: ReadonlySet<string> = new Set(['list', 'refused', 'error']);
const STOP_TIMEOUT_MS = 30_000;
const root = path.resolve(import.meta.dirname, '..');

type Sample = {
  minute: number;
  /** Active listings in the order book (orders, not tokens). */
  listings: number;
  without_floor: string[];
  actions: Record<string, number>;
};

/**
 * Whether the devnet market stays alive: the whole app as `npm start` runs it (the server process on a port and
 * DATA_DIR of its own, its simulator at the default rate), sampled every minute for MARKET_LIFE_MINUTES (30 unless
 * set): the order book's size from /api/diagnostics and each collection's floor and listed count from
 * /api/trending. `listings_ratio_30m` is the book at the end over its mean in minutes 2–5 (target ≥ 0.8);
 * `collections_without_floor` counts collections with nothing listed at the end (target 0), `_max` the most at
 * any sample. The details give each collection's listings and distinct sellers at the end.
 */
const benchmark: Benchmark = {
  description: `the devnet market over ${MINUTES} minutes of npm start`,
  async run(): Promise<Measurement> {
    const dataDir = await temporaryDataDir();
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = startServer(port, dataDir.path);
    try {
      await waitForMarket(origin, server);
      const headers = await signIn(origin);
      const opened = Date.now();
      const samples: Sample[] = [];
      for (let minute = 1; minute <= MINUTES; minute++) {
        await sleep(opened + minute * MINUTE - Date.now());
        const [diagnostics, trending] = await Promise.all([
          readDiagnostics(origin),
          api<TrendingData>(origin, `${endpoints.trending.path}?window=15`, headers),
        ]);
        const sample: Sample = {
          minute,
          listings: diagnostics.listings,
          without_floor: trending.list.filter((row) => row.floor_value === null).map(label),
          actions: diagnostics.simulator.actions,
        };
        samples.push(sample);
        console.log(
          `minute ${minute}: ${sample.listings} listings, ${sample.without_floor.length} collections without a floor`,
        );
      }
      const trending = await api<TrendingData>(origin, `${endpoints.trending.path}?window=15`, headers);
      const collections = await Promise.all(
        trending.list.map(async (row) => {
          const { list } = await api<ListingsData>(
            origin,
            `${endpoints.collectionListings.path}?address=${row.address}`,
            headers,
          );
          return {
            collection: label(row),
            floor_wei: row.floor_value,
            listed: row.listed,
            listings: list.length,
            sellers: new Set(list.map((listing) => listing.from_address)).size,
          };
        }),
      );
      const early = samples.filter((s) => s.minute >= EARLY.from && s.minute <= EARLY.to);
      const earlyMean = early.reduce((sum, s) => sum + s.listings, 0) / Math.max(1, early.length);
      const last = samples.at(-1);
      return {
        figures: {
          minutes: MINUTES,
          listings_ratio_30m: round(earlyMean > 0 ? (last?.listings ?? 0) / earlyMean : 0),
          collections_without_floor: collections.filter((c) => c.floor_wei === null).length,
          collections_without_floor_max: Math.max(0, ...samples.map((s) => s.without_floor.length)),
          fewest_sellers_in_a_collection: Math.min(...collections.map((c) => c.sellers)),
          fewest_listings_in_a_collection: Math.min(...collections.map((c) => c.listings)),
        },
        details: { early_mean_listings: earlyMean, collections, samples },
      };
    } finally {
      await stopServer(server);
      await dataDir.remove();
    }
  },
};

export default benchmark;

function startServer(port: number, dataDir: string): ChildProcess {
  // Without RPC_URL and DATABASE_URL it runs its own devnet, simulator and PostgreSQL, as a newcomer's npm start does.
  const { RPC_URL: _rpc, DATABASE_URL: _database, SIMULATOR_RATE: _rate, ...env } = process.env;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return server;
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(STOP_TIMEOUT_MS).then(() => false)]);
  if (!stopped) {
    server.kill('SIGKILL');
    await exited;
  }
}

/** Waits until the server answers and its simulator has opened the book: it lists only, then trades. */
async function waitForMarket(origin: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} while starting`);
    const answer = await readDiagnostics(origin).catch(() => null);
    const trading = Object.keys(answer?.simulator.actions ?? {}).some((kind) => !OPENING.has(kind));
    if (answer?.simulator.state === 'running' && trading) return;
    await sleep(2_000);
  }
  throw new Error(`the market did not open within ${STARTUP_TIMEOUT_MS / MINUTE} minutes`);
}

async function signIn(origin: string): Promise<Record<string, string>> {
  const { notice } = await api<{ notice: string }>(origin, endpoints.authNotice.path, {}, { address: alice.address });
  const signature = await alice.signMessage({ message: notice });
  const login = await api<LoginData>(
    origin,
    endpoints.authLogin.path,
    {},
    { address: alice.address, message: notice, signature },
  );
  return { [AUTH_HEADER]: `Bearer ${login.sign_num}`, [ADDRESS_HEADER]: login.token };
}

/** Plain JSON, not the API's envelope: an operational interface other tools read. */
async function readDiagnostics(origin: string): Promise<Diagnostics> {
  const response = await fetch(`${origin}/api/diagnostics`);
  return (await response.json()) as Diagnostics;
}

async function api<T>(origin: string, url: string, headers: Record<string, string> = {}, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${url}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: number; msg: string; data: T };
  if (envelope.status !== Status.Ok) throw new Error(`${url} answered ${envelope.status}: ${envelope.msg}`);
  return envelope.data;
}

function label(row: Pick<CollectionRow, 'name' | 'address'>): string {
  return row.name ?? row.address;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
