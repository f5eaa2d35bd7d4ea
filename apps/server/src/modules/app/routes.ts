import { endpoints } from '@floordesk/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requestLang } from '../../http/lang';
import { registerEndpoint } from '../../http/routes';
import { ok } from '../../result';
import { whatsNew } from './whats-new';

/** `devnet`: this server runs its own devnet, so the web app may offer the wallet built into the page. */
export function registerAppRoutes(app: FastifyInstance, { config }: AppContext, { devnet }: { devnet: boolean }): void {
  registerEndpoint(app, endpoints.appConfig, async () =>
    ok({ chain_id: config.chainId, chain_name: config.chainName, devnet_wallet: devnet, version: config.version }),
  );
  registerEndpoint(app, endpoints.whatsNew, async ({ request }) => ok(whatsNew(config.version, requestLang(request))));
}
