import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, WARN_LEVEL } from '../testing/captured-log';
import { useTestDatabase } from '../testing/database';
import { buildTestServer, testConfig } from '../testing/server';
import { buildServer } from './server';

const database = useTestDatabase();
const INDEX = '<!doctype html><div id="root"></div>';
const ASSET = 'console.log(1)';

describe('with a built web app', () => {
  let webDist: string;
  let app: FastifyInstance;
  const log = capturedLog();
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'floordesk-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), INDEX);
    await writeFile(path.join(webDist, 'assets', 'app-3f2a.js'), ASSET);
    app = await buildServer({ config: testConfig({ webDist }), db: database().db, logger: log.logger });
  });
  afterAll(async () => {
    await app.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/trending', '/some/unknown'])('serves index.html for %s, always revalidated', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-3f2a.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['a range beyond the file', { range: 'bytes=1000-2000' }, 416],
    ['an If-Match no version satisfies', { 'if-match': '"some-other-version"' }, 412],
    [
      'an If-Unmodified-Since before the file was written',
      { 'if-unmodified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
      412,
    ],
  ])("refuses %s with the client's own status, not a server error", async (_, headers, code) => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-3f2a.js', headers });
    expect(response.statusCode).toBe(code);
    expect(response.json()).toMatchObject({ status: code, data: null });
  });

  it('states the size a satisfiable range may ask for', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-3f2a.js', headers: { range: 'bytes=99-' } });
    expect(response.headers['content-range']).toBe(`bytes */${ASSET.length}`);
  });

  it.each([
    ['a path that climbs out of the app', '/assets/..%5c..%5cindex.html', 403],
    ['an encoded NUL byte', '/assets/app%00.js', 403],
    ['a broken percent-encoding', '/assets/%zz.js', 400],
  ])('refuses %s with the envelope of its status', async (_, url, code) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(code);
    expect(response.json()).toMatchObject({ status: code });
  });

  it("logs the static server's refusals below warn: they are the client's doing, not ours", async () => {
    log.lines.length = 0;
    await app.inject({ method: 'GET', url: '/assets/app-3f2a.js', headers: { range: 'bytes=1000-2000' } });
    await app.inject({ method: 'GET', url: '/assets/..%5c..%5cindex.html' });
    expect(log.lines.filter((line) => line.level >= WARN_LEVEL)).toEqual([]);
  });

  it('answers an unknown API call with the 404 envelope, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no/such/call' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: Status.NotFound });
  });
});

describe('without a built web app', () => {
  it('answers unknown paths with the 404 envelope', async () => {
    const app = await buildTestServer(database());
    const responses = await Promise.all(
      ['/trending', '/api/no/such/call'].map((url) => app.inject({ method: 'GET', url })),
    );
    await app.close();

    for (const response of responses) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ status: Status.NotFound, msg: 'Not found.', data: null });
    }
  });
});
