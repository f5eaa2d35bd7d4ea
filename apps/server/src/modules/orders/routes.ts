import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { submitListing } from '../../market/listings/submit';

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Anyone may post, and each post costs a signature recovery and chain reads: the limit answers before any of it.
  registerEndpoint(app, endpoints.postListing, ({ body }) => submitListing(ctx, body), {
    rateLimit: { max: ctx.config.listingRateLimit, timeWindow: '1 minute' },
  });
}
