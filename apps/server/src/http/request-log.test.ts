import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COLLECTIONS } from '@floordesk/devnet';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../testing/captured-log';
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
  it('writes one info line per API call, and only debug lines for files, devnet assets, metrics and unknown paths', async () => {
    const slug = COLLECTIONS[0]?.slug;
    const urls = ['/api/app/config', '/', '/assets/app-3f2a.js', `/devnet/metadata/${slug}/1`, '/metrics', '/healthz'];
    for (const url of urls) expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    urls.push('/api/no/such/call');
    expect((await app.inject({ method: 'GET', url: '/api/no/such/call' })).statusCode).toBe(404);

    const lines = log.lines as Line[];
    const info = lines.filter((line) => line.level >= INFO_LEVEL);
    expect(info).toEqual([
      expect.objectContaining({
        msg: 'api call',
        method: 'GET',
        url: '/api/app/config',
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
    const debug = lines.filter((line) => line.level === DEBUG_LEVEL && line.msg === 'request').map((line) => line.url);
    expect(debug).toEqual(urls.slice(1));
    // Fastify's own "incoming request" and "request completed" lines stay off at every level.
    expect(lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });
});
