import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { flippers } from './service';

export function registerFlipperRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.flippers, () => flippers(ctx));
}
