import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { upcomingEvents } from './service';

export function registerCalendarRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.calendar, async () => ok(await upcomingEvents(ctx)));
}
