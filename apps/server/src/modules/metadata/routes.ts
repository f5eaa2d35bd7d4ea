import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requestLang } from '../../http/lang';
import { registerEndpoint } from '../../http/routes';
import { refreshMetadata } from './service';

export function registerMetadataRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.refreshMetadata, ({ body, session, request }) =>
    refreshMetadata(ctx, session.address, body, requestLang(request)),
  );
}
