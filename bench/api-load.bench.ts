import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { endpoints, Status } from '@floordesk/protocol';
import { loadConfig } from '../apps/server/src/config';
import { temporaryDataDir } from '../apps/server/src/db/embedded';
import { buildServer } from '../apps/server/src/http/server';
import { alice, sessionHeaders, signIn } from '../apps/server/src/testing/wallets';
import { openBenchServer } from './bench-database';
import { generateMarket } from './market-fixture';
import type { Benchmark } from './run';

const SECONDS = 10;
const CONNECTIONS = 50;
const WINDOW = 15;
const TARGET_REQ_PER_S = 5_000;
const autocannon = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');

/**
 * GET /api/trending?window=15 with a valid session, as the trending panel polls it, over real HTTP on loopback:
 * autocannon in a second process, 50 connections for 10 s, against buildServer on a generated market (1M sales
 * over 30 days, 5,000 collections; market-fixture.ts). Every request authenticates its session; the 'all' tab
 * comes from the per-window cache, read afresh every ALL_TAB_TTL_MS. Target on 2 cores (server, PostgreSQL and
 * load generator together): 5,000 req/s.
 */
const benchmark: Benchmark = {
  description: `GET ${endpoints.trending.path}?window=${WINDOW}, ${CONNECTIONS} connections for ${SECONDS} s`,
  async run() {
    const server = await openBenchServer();
    const webDist = await temporaryDataDir();
    try {
      const database = await server.freshDatabase('floordesk_bench_api_load');
      try {
        const end = new Date(Math.floor(Date.now() / 60_000) * 60_000);
        const market = {
          collections: 5_000,
          sales: 1_000_000,
          listingEvents: 500_000,
          spanDays: 30,
          burstShare: 0.1,
          bursts: 100,
          seed: 0.7,
        };
        await generateMarket(database.pool, market, end, (step, ms) =>
          console.log(`generated ${step} in ${Math.round(ms)} ms`),
        );
        // No web app here (webDist has no index.html): the API alone is measured.
        const app = await buildServer({ config: { ...loadConfig({}), webDist: webDist.path }, db: database.db });
        try {
          const headers = sessionHeaders(await signIn(app, alice));
          const origin = await app.listen({ port: 0, host: '127.0.0.1' });
          const url = `${origin}${endpoints.trending.path}?window=${WINDOW}`;
          const probe = await fetch(url, { headers });
          const body = (await probe.json()) as { status: number; data: { list: unknown[] } };
          if (body.status !== Status.Ok || body.data.list.length === 0)
            throw new Error(`trending answered ${JSON.stringify(body)}`);

          const load = await promisify(execFile)(
            autocannon,
            [
              '--json',
              '--connections',
              String(CONNECTIONS),
              '--duration',
              String(SECONDS),
              ...Object.entries(headers).flatMap(([name, value]) => ['--headers', `${name}=${value}`]),
              url,
            ],
            { maxBuffer: 16 * 2 ** 20 },
          );
          const result = JSON.parse(load.stdout) as {
            requests: { average: number; total: number };
            latency: { p50: number; p99: number };
            non2xx: number;
            errors: number;
          };
          if (result.non2xx > 0 || result.errors > 0) {
            throw new Error(`${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
          }
          const reqPerS = Math.round(result.requests.average);
          console.log(
            `req_per_s ${reqPerS} (target >= ${TARGET_REQ_PER_S}: ${reqPerS >= TARGET_REQ_PER_S ? 'met' : 'MISSED'})`,
          );
          return {
            req_per_s: reqPerS,
            target_req_per_s: TARGET_REQ_PER_S,
            p50_ms: result.latency.p50,
            p99_ms: result.latency.p99,
            requests: result.requests.total,
            connections: CONNECTIONS,
            seconds: SECONDS,
          };
        } finally {
          await app.close();
        }
      } finally {
        await database.drop();
      }
    } finally {
      await server.stop();
      await webDist.remove();
    }
  },
};

export default benchmark;
