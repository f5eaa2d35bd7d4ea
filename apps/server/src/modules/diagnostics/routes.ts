import { Diagnostics, type SimulatorState } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { readDiagnostics } from './service';

/**
 * `GET /api/diagnostics`: a fixed operational interface that other tools read, so it answers plain JSON like
 * /healthz rather than the API envelope.
 */
export function registerDiagnosticsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  simulatorState: () => SimulatorState,
): void {
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
