import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { portfolioOf } from './service';

export function registerPortfolioRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.portfolio, ({ query, session }) => portfolioOf(ctx, session.address, query.wallet), {
    parseResponse: true,
  });
}
