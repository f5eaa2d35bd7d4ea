import { endpoints, TRENDING_LIMIT } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { watchlistRows } from '../watchlist/service';
import { asOf, trendingAllTab } from './service';

export function registerTrendingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const allTab = trendingAllTab(ctx);
  registerEndpoint(
    app,
    endpoints.trending,
    async ({ query, session }) => {
      if (query.tab === 'all') return ok(await allTab(query.window));
      const list = await watchlistRows(ctx, session.address, query.window, TRENDING_LIMIT);
      return ok({ window: query.window, list, as_of: asOf(ctx.now()) });
    },
    // The 'all' tab answers one object per window while it is cached.
    { serializeOnce: true },
  );
}
