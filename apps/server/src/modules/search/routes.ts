import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { search } from './service';

export function registerSearchRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.search, async ({ query }) => ok(await search(ctx, query.q)));
}
