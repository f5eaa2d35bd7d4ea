import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { buildTestServer } from '../testing/server';

const database = useTestDatabase();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestServer(database());
});
afterAll(() => app.close());

describe('API documentation', () => {
  it('describes each sign-in and user call with its request and response schemas', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = (path: string) => document.paths[path].post ?? document.paths[path].get;

    for (const path of ['/api/auth/notice', '/api/auth/login']) {
      expect(operation(path).requestBody.content['application/json'].schema.properties).toHaveProperty('address');
    }
    for (const path of ['/api/auth/notice', '/api/auth/login', '/api/auth/logout', '/api/user/check']) {
      const ok = operation(path).responses['200'].content['application/json'].schema;
      expect(JSON.stringify(ok)).toContain('"status"');
      expect(operation(path).responses).toHaveProperty('4XX');
    }
    expect(operation('/api/user/check').security).toEqual([{ signNum: [], address: [] }]);
    expect(operation('/api/auth/notice').security).toBeUndefined();
  });

  it('serves a docs page whose assets come from this server', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/src="https?:/);
    expect(page.body).not.toMatch(/href="https?:/);
  });
});
