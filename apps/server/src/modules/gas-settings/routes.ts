import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { gasSettingsOf, saveGasSettings } from './service';

export function registerGasSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerEndpoint(app, endpoints.gasSettings, async ({ session }) => ok(await gasSettingsOf(ctx, session.address)));
  registerEndpoint(app, endpoints.saveGasSettings, async ({ body, session }) =>
    ok(await saveGasSettings(ctx, session.address, body.gas)),
  );
}
