import { execFile } from 'node:child_process';
import path from 'node:path';
import { ADDRESS_HEADER, AUTH_HEADER, endpoints } from '@floordesk/protocol';
import { promisify } from 'node:util';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../apps/server/src/config';
import { openPostgres, temporaryDataDir } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { connectDatabase } from '../apps/server/src/db/pool';
import { buildServer } from '../apps/server/src/http/server';
import type { Benchmark } from './run';
import { quantile, round, timed } from './stats';

const SIGN_INS = 200;
const CHECK_SECONDS = 10;
const CONNECTIONS = 32;
const autocannon = path.resolve(import.meta.dirname, '../node_modules/.bin/autocannon');

/**
 * Sign-in and the session check that guards every authenticated call, over real HTTP on loopback against a real
 * PostgreSQL (DATABASE_URL, else an embedded one). Sign-ins run one at a time from this process; the session
 * checks are driven by autocannon in a second process, so the load generator does not share the server's event
 * loop. Targets on 2 cores (server, PostgreSQL and load generator together): login p50 under 25 ms; user/check
 * above 1,000 req/s with p99 under 100 ms.
 */
const benchmark: Benchmark = {
  description: `${SIGN_INS} sign-ins (notice + login), then ${CHECK_SECONDS} s of GET /api/user/check over ${CONNECTIONS} connections`,
  async run() {
    const dataDir = await temporaryDataDir();
    const postgres = await openPostgres(process.env.DATABASE_URL, dataDir.path, () => {});
    const database = connectDatabase(postgres.url, (error) => console.error(error));
    try {
      await runMigrations(database.pool);
      // No web app here (webDist has no index.html): the API alone is measured.
      const config = { ...loadConfig({}), authRateLimit: 1_000_000, webDist: dataDir.path };
      const app = await buildServer({ config, db: database.db });
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        return await measure(origin);
      } finally {
        await app.close();
      }
    } finally {
      await database.pool.end();
      await postgres.stop();
      await dataDir.remove();
    }
  },
};

async function post(url: string, body: unknown): Promise<{ status: number; data: Record<string, string> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { status: number; data: Record<string, string> };
}

async function measure(origin: string) {
  const noticeMs: number[] = [];
  const loginMs: number[] = [];
  let session = { token: '', sign_num: '' };
  for (let i = 0; i < SIGN_INS; i++) {
    const account = privateKeyToAccount(generatePrivateKey());
    let notice = '';
    noticeMs.push(
      await timed(async () => {
        notice = (await post(origin + endpoints.authNotice.path, { address: account.address })).data.notice ?? '';
      }),
    );
    const signature = await account.signMessage({ message: notice });
    loginMs.push(
      await timed(async () => {
        const reply = await post(origin + endpoints.authLogin.path, {
          address: account.address,
          message: notice,
          signature,
        });
        if (reply.status !== 1) throw new Error(`login refused with status ${reply.status}`);
        session = { token: reply.data.token ?? '', sign_num: reply.data.sign_num ?? '' };
      }),
    );
  }

  const load = await promisify(execFile)(autocannon, [
    '--json',
    '--connections',
    String(CONNECTIONS),
    '--duration',
    String(CHECK_SECONDS),
    '--headers',
    `${AUTH_HEADER}=Bearer ${session.sign_num}`,
    '--headers',
    `${ADDRESS_HEADER}=${session.token}`,
    origin + endpoints.userCheck.path,
  ]);
  const checks = JSON.parse(load.stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  if (checks.non2xx > 0 || checks.errors > 0)
    throw new Error(`user/check failed ${checks.non2xx + checks.errors} times`);

  return {
    notice_p50_ms: round(quantile(noticeMs, 0.5)),
    notice_p95_ms: round(quantile(noticeMs, 0.95)),
    login_p50_ms: round(quantile(loginMs, 0.5)),
    login_p95_ms: round(quantile(loginMs, 0.95)),
    user_check_req_per_s: Math.round(checks.requests.average),
    user_check_p50_ms: checks.latency.p50,
    user_check_p99_ms: checks.latency.p99,
  };
}

export default benchmark;
