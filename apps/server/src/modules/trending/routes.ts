import { endpoints, TRENDING_LIMIT } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { asOf, rowsOfCollections, trendingAllTab } from './service';

/**
 * `followed` names the collections a user follows: the watchlist module's, passed in by the composition root, since
 * the watchlist itself shows trending figures (watchlist → trending) and a module graph has no cycles.
 */
export function registerTrendingRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  followed: (user: string) => Promise<string[]>,
): void {
  const allTab = trendingAllTab(ctx);
  registerEndpoint(
    app,
    endpoints.trending,
    async ({ query, session }) => {
      if (query.tab === 'all') return ok(await allTab(query.window));
      const list = await rowsOfCollections(ctx, await followed(session.address), query.window, TRENDING_LIMIT);
      return ok({ window: query.window, list, as_of: asOf(ctx.now()) });
    },
    // The 'all' tab answers one object per window while it is cached.
    { serializeOnce: true },
  );
}
