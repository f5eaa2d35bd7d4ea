import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COLLECTIONS } from '@floordesk/devnet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, WARN_LEVEL } from '../testing/captured-log';
import { useTestDatabase } from '../testing/database';
import { testConfig, testDevnetOptions } from '../testing/server';
import { buildServer } from './server';

const database = useTestDatabase();
const log = capturedLog('debug');
const INFO_LEVEL = 30;
const DEBUG_LEVEL = 20;
let webDist: string;
let app: FastifyInstance;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'floordesk-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html>');
  await writeFile(path.join(webDist, 'assets', 'app-3f2a.js'), 'console.log(1)');
  // Big enough that a response is still streaming when the client leaves.
  await writeFile(path.join(webDist, 'assets', 'vendor-9c1e.js'), `//${'x'.repeat(16 * 1024 * 1024)}`);
  const config = testConfig({ webDist });
  app = await buildServer({
    config,
    db: database().db,
    logger: log.logger,
    // The devnet's token metadata and images are served without a node; /rpc is not called here.
    devnet: testDevnetOptions(config, 'http://127.0.0.1:9'),
  });
});
afterAll(async () => {
  await app.close();
  await rm(webDist, { recursive: true, force: true });
});

type Line = { level: number; msg?: string; method?: string; url?: string; status?: number; ms?: number };

describe('request logging', () => {
  it('writes an info line per API call that changes something or is refused, and only debug lines for reads, files, devnet assets, metrics and unknown paths', async () => {
    const slug = COLLECTIONS[0]?.slug;
    const reads = [
      '/api/app/config',
      '/api/market/gas-price',
      '/',
      '/assets/app-3f2a.js',
      `/devnet/metadata/${slug}/1`,
      '/metrics',
      '/healthz',
    ];
    for (const url of reads) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/no/such/call' })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/notice', payload: { address: '0x1' } })).statusCode,
    ).toBe(400);
    const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
    expect((await app.inject({ method: 'POST', url: '/api/auth/notice', payload: { address } })).statusCode).toBe(200);

    const lines = log.lines.splice(0) as Line[];
    const info = lines.filter((line) => line.level >= INFO_LEVEL);
    expect(info.map(({ msg, method, url, status }) => ({ msg, method, url, status }))).toEqual([
      { msg: 'api call', method: 'POST', url: '/api/auth/notice', status: 400 },
      { msg: 'api call', method: 'POST', url: '/api/auth/notice', status: 200 },
    ]);
    expect(info[0]?.ms).toEqual(expect.any(Number));
    const debug = lines.filter((line) => line.level === DEBUG_LEVEL && line.msg === 'request').map((line) => line.url);
    expect(debug).toEqual([...reads, '/api/no/such/call']);
    // Fastify's own "incoming request" and "request completed" lines stay off at every level.
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });

  it('does not warn about a client that leaves before its response ends', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    log.lines.length = 0;
    for (const url of ['/assets/vendor-9c1e.js', '/collection/anything']) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(`GET ${url} HTTP/1.1\r\nHost: x\r\n\r\n`));
        socket.once('data', () => socket.destroy());
        socket.on('error', () => {});
        socket.on('close', () => resolve());
      });
    }
    for (let i = 0; i < 100 && (await connections()) > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = log.lines.splice(0) as Line[];
    expect(lines.filter((line) => line.level >= WARN_LEVEL)).toEqual([]);
    expect(lines.filter((line) => line.level >= INFO_LEVEL)).toEqual([]);
  });
});

function connections(): Promise<number> {
  return new Promise((resolve, reject) =>
    app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}
