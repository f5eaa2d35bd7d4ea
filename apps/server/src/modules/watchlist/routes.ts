import { endpoints, WATCHLIST_MAX } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { follow, unfollow, watchlistRows } from './service';

export function registerWatchlistRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.watchlist, async ({ query, session }) =>
    ok({ window: query.window, list: await watchlistRows(ctx, session.address, query.window, WATCHLIST_MAX) }),
  );
  registerEndpoint(app, endpoints.follow, ({ body, session }) => follow(ctx, session.address, body.address));
  registerEndpoint(app, endpoints.unfollow, ({ body, session }) => unfollow(ctx, session.address, body.address));
}
