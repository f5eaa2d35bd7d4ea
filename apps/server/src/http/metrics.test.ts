import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../testing/database';
import { buildTestServer } from '../testing/server';

const database = useTestDatabase();

describe('GET /metrics', () => {
  it('exposes process metrics and request durations by route, method and status code', async () => {
    const app = await buildTestServer(database());
    await app.inject({ method: 'GET', url: '/api/app/config' });
    await app.inject({ method: 'GET', url: '/api/no/such/call' });
    const response = await app.inject({ method: 'GET', url: '/metrics' });
    await app.close();

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('process_cpu_seconds_total');
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{route="\/api\/app\/config",method="GET",status_code="200"\} 1/,
    );
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{route="unmatched",method="GET",status_code="404"\} 1/,
    );
  });
});
