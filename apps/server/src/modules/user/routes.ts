import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { recordHeartbeat } from './service';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.heartbeat, async ({ session }) => {
    await recordHeartbeat(ctx, session.address);
    return ok(null);
  });
}
