import { CLIENT_ERROR_LIMITS, type ClientErrorReport, Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../http/server';
import { capturedLog, WARN_LEVEL } from '../../testing/captured-log';
import { useTestDatabase } from '../../testing/database';
import { testConfig } from '../../testing/server';
import { alice, sessionHeaders, signIn } from '../../testing/wallets';
import { CLIENT_ERROR_REPORTS_PER_MINUTE } from './routes';

const database = useTestDatabase();
const log = capturedLog('info');
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildServer({ config: testConfig(), db: database().db, logger: log.logger });
});
afterAll(() => app.close());

const report: ClientErrorReport = {
  kind: 'wallet',
  code: -32603,
  message: 'Internal JSON-RPC error.',
  route: '/collection/0xabc',
  version: '0.1.0',
};

/** Each client (IP) has its own allowance; a test that is not about the limit posts as a client of its own. */
let clients = 0;
function post(body: unknown, headers: Record<string, string> = {}, remoteAddress = `10.0.0.${++clients}`) {
  return app.inject({ method: 'POST', url: '/api/client/errors', payload: body as object, headers, remoteAddress });
}

type ReportLine = { level: number; msg?: string; report?: ClientErrorReport; address?: string | null; ip?: string };
const reportLines = () => (log.lines as ReportLine[]).filter((line) => line.msg === 'the web app reported an error');

async function reportsCounted(kind: string): Promise<number> {
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  const match = new RegExp(`^client_error_reports_total\\{kind="${kind}"\\} (\\d+)$`, 'm').exec(metrics);
  return Number(match?.[1] ?? 0);
}

describe('POST /api/client/errors', () => {
  it("accepts a visitor's report, logs it at warn with the caller's IP and counts it by kind in /metrics", async () => {
    const before = await reportsCounted('network');
    const response = await post({ ...report, kind: 'network', code: 0, call: 'trending' }, {}, '10.9.9.9');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: Status.Ok, data: null });
    expect(reportLines().at(-1)).toMatchObject({
      level: WARN_LEVEL,
      report: { kind: 'network', code: 0, call: 'trending', route: report.route, version: report.version },
      address: null,
      ip: '10.9.9.9',
    });
    expect(await reportsCounted('network')).toBe(before + 1);
  });

  it('names the signed-in caller from the session, never from an address in the body', async () => {
    const headers = sessionHeaders(await signIn(app, alice));
    const forged = '0x000000000000000000000000000000000000dead';
    await post({ ...report, address: forged, token: forged }, headers);

    const line = reportLines().at(-1);
    expect(line?.address).toBe(alice.address.toLowerCase());
    expect(JSON.stringify(line)).not.toContain(forged);
  });

  it('takes a report with a session that has ended as a visitor’s', async () => {
    await post(report, sessionHeaders({ token: alice.address.toLowerCase(), sign_num: 'f'.repeat(64) }));
    expect(reportLines().at(-1)?.address).toBeNull();
  });

  it('refuses a report over its size limits or of an unknown kind, and neither logs nor counts it', async () => {
    const logged = reportLines().length;
    const counted = await reportsCounted('wallet');
    const refused = [
      { ...report, message: 'x'.repeat(CLIENT_ERROR_LIMITS.message + 1) },
      { ...report, route: `/${'a'.repeat(CLIENT_ERROR_LIMITS.route)}` },
      { ...report, version: 'v'.repeat(CLIENT_ERROR_LIMITS.version + 1) },
      { ...report, code: 2 ** 31 },
      { ...report, kind: 'panic' },
      { ...report, call: 'noSuchCall' },
    ];
    for (const body of refused) {
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().status).toBe(Status.BadRequest);
    }
    expect(reportLines().length).toBe(logged);
    expect(await reportsCounted('wallet')).toBe(counted);
  });

  it(`takes ${CLIENT_ERROR_REPORTS_PER_MINUTE} reports a minute from one client and answers 429 to the next`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= CLIENT_ERROR_REPORTS_PER_MINUTE; i++)
      codes.push((await post(report, {}, '10.7.7.7')).statusCode);
    expect(codes.slice(0, -1).every((code) => code === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await post(report, {}, '10.7.7.8')).statusCode).toBe(200);
  });
});
