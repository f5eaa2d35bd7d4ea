import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { floorHistories, marketSummary, mintingNow } from './service';

/** The public market pages' figures: /historic, /discover and /home. */
export function registerMarketPulseRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.floorHistories, async ({ query }) =>
    ok(await floorHistories(ctx, query.addresses, query.range)),
  );
  registerEndpoint(app, endpoints.minting, async () => ok(await mintingNow(ctx)));
  registerEndpoint(app, endpoints.marketSummary, async () => ok(await marketSummary(ctx)));
}
