import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { cancelSale, listingsOfSeller, prepareSale } from './service';

export function registerSellingRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.sellPrepare, ({ body, session }) => prepareSale(ctx, session.address, body));
  registerEndpoint(
    app,
    endpoints.myListings,
    ({ query, session }) => listingsOfSeller(ctx, session.address, query.wallet),
    {
      parseResponse: true,
    },
  );
  registerEndpoint(app, endpoints.cancelListings, ({ body, session }) => cancelSale(ctx, session.address, body));
}
