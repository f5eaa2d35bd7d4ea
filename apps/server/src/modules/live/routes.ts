import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import type { LiveBroker } from '../../live/broker';
import { ok } from '../../result';
import { notificationHistory, postAnnouncement } from '../notifications/service';
import { liveCheck, liveConnection } from './service';

export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext, broker: LiveBroker | undefined): void {
  registerEndpoint(app, endpoints.liveConnection, ({ session }) => liveConnection(ctx, broker, session.address));
  registerEndpoint(app, endpoints.liveCheck, async ({ query, session }) =>
    ok(liveCheck(broker, session.address, query.clientid)),
  );
  registerEndpoint(app, endpoints.notifications, async ({ query, session }) =>
    ok(await notificationHistory(ctx, session.address, query)),
  );
  registerEndpoint(app, endpoints.postAnnouncement, async ({ body }) => ok(await postAnnouncement(ctx, body)));
}
