import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADDRESS_HEADER, AUTH_HEADER, endpoints } from '@floordesk/protocol';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../apps/server/src/config';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { runMigrations } from '../apps/server/src/db/migrate';
import { connectDatabase } from '../apps/server/src/db/pool';
import { buildServer } from '../apps/server/src/http/server';
import type { Benchmark } from './run';
import { quantile, round, timed } from './stats';

const SIGN_INS = 200;
const CHECKS = 4000;
const CONCURRENCY = 32;

/**
 * Sign-in and the session check that guards every authenticated call, over real HTTP on loopback against a real
 * PostgreSQL (DATABASE_URL, else an embedded one). Targets: login p50 under 10 ms; user/check above 2,000 req/s
 * on 2 cores.
 */
const benchmark: Benchmark = {
  description: `${SIGN_INS} sign-ins (notice + login), then ${CHECKS} GET /api/user/check at concurrency ${CONCURRENCY}`,
  async run() {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'floordesk-bench-'));
    await chmod(dataDir, 0o755);
    const postgres = process.env.DATABASE_URL
      ? { url: process.env.DATABASE_URL, stop: async () => {} }
      : await startEmbeddedPostgres(dataDir, () => {});
    const database = connectDatabase(postgres.url, (error) => console.error(error));
    try {
      await runMigrations(database.pool);
      const config = { ...loadConfig({}), authRateLimit: 1_000_000, webDist: dataDir };
      const app = await buildServer({ config, database });
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        return await measure(origin);
      } finally {
        await app.close();
      }
    } finally {
      await database.pool.end();
      await postgres.stop();
      await rm(dataDir, { recursive: true, force: true });
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
        const reply = await post(origin + endpoints.authLogin.path, { address: account.address, message: notice, signature });
        if (reply.status !== 1) throw new Error(`login refused with status ${reply.status}`);
        session = { token: reply.data.token ?? '', sign_num: reply.data.sign_num ?? '' };
      }),
    );
  }

  const headers = { [AUTH_HEADER]: `Bearer ${session.sign_num}`, [ADDRESS_HEADER]: session.token };
  const checkMs: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next++ < CHECKS) {
      checkMs.push(await timed(() => fetch(origin + endpoints.userCheck.path, { headers }).then((r) => r.json())));
    }
  };
  const wallMs = await timed(() => Promise.all(Array.from({ length: CONCURRENCY }, worker)));

  return {
    notice_p50_ms: round(quantile(noticeMs, 0.5)),
    notice_p95_ms: round(quantile(noticeMs, 0.95)),
    login_p50_ms: round(quantile(loginMs, 0.5)),
    login_p95_ms: round(quantile(loginMs, 0.95)),
    user_check_req_per_s: Math.round(CHECKS / (wallMs / 1000)),
    user_check_p50_ms: round(quantile(checkMs, 0.5)),
    user_check_p95_ms: round(quantile(checkMs, 0.95)),
  };
}

export default benchmark;
