import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Status } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { buildTestServer } from '../testing/server';

const database = useTestDatabase();
const INDEX = '<!doctype html><div id="root"></div>';

describe('with a built web app', () => {
  let webDist: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'floordesk-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), INDEX);
    await writeFile(path.join(webDist, 'assets', 'app-3f2a.js'), 'console.log(1)');
    app = await buildTestServer(database(), { config: { webDist } });
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
