import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { submitListing } from '../../market/order-book';

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.postListing, ({ body }) => submitListing(ctx, body));
}
