import { endpoints, POST_LISTINGS_MAX } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { submitListing, submitListings } from '../../market/listings/submit';

/**
 * The batch's body: room for every listing of a full batch at 4 KiB each, about twice what a Seaport order with its
 * bulk proof or a LooksRare ask with its merkle tree takes; the server's own limit holds one listing, not a hundred.
 */
const LISTINGS_BATCH_BODY_LIMIT_BYTES = POST_LISTINGS_MAX * 4 * 1024;

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Anyone may post, and each post costs a signature recovery and chain reads: the limit answers before any of it.
  const rateLimit = { max: ctx.config.listingRateLimit, timeWindow: '1 minute' };
  registerEndpoint(app, endpoints.postListing, ({ body }) => submitListing(ctx, body), { rateLimit });
  registerEndpoint(
    app,
    endpoints.postListings,
    async ({ body }) => {
      const submitted = await submitListings(ctx, body.listings);
      return submitted.ok ? { ok: true, value: { listings: submitted.value } } : submitted;
    },
    { rateLimit, bodyLimit: LISTINGS_BATCH_BODY_LIMIT_BYTES },
  );
}
