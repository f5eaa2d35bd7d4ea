import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';

export function registerAppRoutes(app: FastifyInstance, { config }: AppContext): void {
  registerEndpoint(app, endpoints.appConfig, async () =>
    ok({ chain_id: config.chainId, chain_name: config.chainName, version: config.version }),
  );
}
