import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { rarityCollections, rarityRecommendations, rarityTokens } from './service';

/** The rarity pages' reads: public, as the spec lists /rarityHome, /rarity and /rarityMore. */
export function registerRarityRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.rarityCollections, ({ query }) => rarityCollections(ctx, query.q));
  registerEndpoint(app, endpoints.rarityTokens, ({ query }) => rarityTokens(ctx, query));
  registerEndpoint(app, endpoints.rarityRecommendations, ({ query }) => rarityRecommendations(ctx, query.address));
}
