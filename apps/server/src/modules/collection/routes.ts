import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { holding } from './holding';
import { collectionDetail, collectionHolders, collectionListings, collectionTrades, floorHistory } from './service';

export function registerCollectionRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.collection, ({ query }) => collectionDetail(ctx, query.address));
  registerEndpoint(app, endpoints.collectionListings, ({ query }) => collectionListings(ctx, query.address));
  registerEndpoint(app, endpoints.collectionTrades, ({ query }) => collectionTrades(ctx, query.address, query.limit));
  registerEndpoint(app, endpoints.collectionFloorHistory, ({ query }) => floorHistory(ctx, query.address, query.range));
  registerEndpoint(app, endpoints.collectionHolders, ({ query }) => collectionHolders(ctx, query.address));
  registerEndpoint(app, endpoints.holding, ({ query }) => holding(ctx, query.address));
}
