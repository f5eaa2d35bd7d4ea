import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { quoteSweep, recordSweep, settleSweep } from './service';

export function registerSweepRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.sweepQuote, ({ body, session }) => quoteSweep(ctx, session.address, body));
  registerEndpoint(app, endpoints.sweepRecord, ({ body, session }) => recordSweep(ctx, session.address, body));
  registerEndpoint(app, endpoints.sweepSettle, ({ body, session }) => settleSweep(ctx, session.address, body.id));
}
