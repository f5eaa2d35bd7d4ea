import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';

/** Reports one client (IP) may send per minute; the web app itself sends at most one per kind every 3 s. */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 30;

/**
 * POST /api/client/errors: the web app's wallet and request errors (which the original app reported too), logged at
 * warn with who sent them and counted by kind in /metrics. Visitors may report; a signed-in caller's address comes
 * from the session.
 */
export function registerClientErrorRoutes(app: FastifyInstance): void {
  const reports = new Counter({
    name: 'client_error_reports_total',
    help: 'Errors the web app reported, by kind',
    labelNames: ['kind'],
    registers: [app.metrics],
  });
  registerEndpoint(
    app,
    endpoints.reportClientError,
    async ({ body, request }) => {
      const session = await app.readSession(request);
      request.log.warn(
        { report: body, address: session?.address ?? null, ip: request.ip },
        'the web app reported an error',
      );
      reports.inc({ kind: body.kind });
      return ok(null);
    },
    { rateLimit: { max: CLIENT_ERROR_REPORTS_PER_MINUTE, timeWindow: '1 minute' } },
  );
}
