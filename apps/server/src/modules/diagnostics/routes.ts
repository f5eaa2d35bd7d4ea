import { Diagnostics, type SimulatorState } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { skippedLogs } from '../../chain/store';
import type { AppContext } from '../../context';
import { readDiagnostics } from './service';

/**
 * `GET /api/diagnostics`: a fixed operational interface that other tools read, so it answers plain JSON like
 * /healthz rather than the API envelope. /metrics gets the indexer's skipped logs by reason, read from the database
 * at each scrape, since the indexer may run in another process.
 */
export function registerDiagnosticsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  simulatorState: () => SimulatorState,
): void {
  const skipped = new Gauge({
    name: 'indexer_skipped_logs',
    help: 'Logs the indexer read but stored nothing from (malformed, from a pool no factory made, unpriced), since the index began',
    labelNames: ['reason'],
    registers: [],
    async collect() {
      for (const [reason, logs] of Object.entries(await skippedLogs(ctx.db))) this.set({ reason }, logs);
    },
  });
  // Read from the database at each scrape of this server's registry.
  app.metrics.registerMetric(skipped);
  app.get(
    '/api/diagnostics',
    {
      schema: {
        summary: 'Chain head, indexer cursor and lag, indexed sales, listings, pending fills, simulator state',
        tags: ['operations'],
        response: { 200: Diagnostics },
      },
    },
    async () => readDiagnostics(ctx, simulatorState()),
  );
}
